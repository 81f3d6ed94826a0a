/* The guard against a state that is no longer physical: NaN or infinite
 * values, or a negative depth. Output never shows such a state. */
#ifndef SWE_STATE_CHECK_H
#define SWE_STATE_CHECK_H

#include "cartesian/grid/block.h"
#include "shallow_water/state_limits.h"

/* Finds the first interior cell (row by row from (1, 1)) whose h, hu, hv
 * or b is not finite or whose depth is negative. Returns 1 and its indices
 * in *i, *j when there is one, else 0 (also for a missing block). */
int swe_state_find_invalid(const swe_block *block, int *i, int *j);

/* The same, and also a cell deeper than SWE_STATE_MAX_DEPTH or with a wave
 * speed (the time-step rule's) beyond SWE_STATE_MAX_SPEED. */
int swe_state_find_implausible(const swe_block *block, int *i, int *j);

/* The largest wave speed of the interior by the time-step rule, as every
 * backend computes it (shallow_water/cell_update.h): what the next dt is taken
 * from. */
real swe_state_max_wave_speed(const swe_block *block);

/* The change of water volume that round-off allows a closed basin (walls
 * on every side) of `cells` cells after `steps` steps, relative to its
 * volume: eps (steps + 1) (8 + sqrt(cells)), eps that of the precision.
 * Each step rounds every cell's update a few times, each rounding off by
 * at most eps of the water the update moves; at a front the net updates
 * move more water than a film holds, so a cell's error is not bounded by
 * its own depth, only by the water it moves, at most the basin's. The
 * cells round independently, so their errors add as sqrt(cells) times
 * one cell's (8 eps a step in a basin of few cells); the steps' errors
 * add up. A Thacker bowl of 200 x 200 cells at a dry tolerance of 1e-5 m
 * drifts by 1.3e-11 in 716 steps with HLLE (allowed: 3.2e-11), where
 * water clipped out of negative depths in a step that was too long makes
 * 1e-3 and more (bump-dam-break at --cfl 1: +0.26 % to +28.9 %). */
double swe_state_volume_tolerance(long steps, long cells);

/* "the water of the closed basin changed from A m3 to B m3 (+28.9 %,
 * round-off allows 2e-12 % after N steps of C cells)" into text; 0 when
 * the change is within the tolerance (text untouched). */
int swe_state_describe_volume_change(double initial, double now, long steps, long cells, char *text,
                                     size_t size);

/* One line describing what is wrong with cell (i, j), for messages; the
 * cell is numbered as in the whole domain (first_i + i, first_j + j). */
void swe_state_describe_cell(const swe_block *block, int i, int j, char *text, size_t size);

#endif
