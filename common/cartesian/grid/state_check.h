/* The guard against a state that is no longer physical: NaN or infinite
 * values, or a negative depth. Output never shows such a state. */
#ifndef SWE_STATE_CHECK_H
#define SWE_STATE_CHECK_H

#include "cartesian/grid/block.h"
#include "shallow_water/state_limits.h"
#include "shallow_water/volume_round_off.h"

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

/* "the water of the closed basin changed from A m3 to B m3 (+28.9 %,
 * round-off allows 2e-12 % after N steps of C cells)" into text; 0 when
 * the change is within the tolerance (text untouched). */
int swe_state_describe_volume_change(double initial, double now, long steps, long cells, char *text,
                                     size_t size);

/* One line describing what is wrong with cell (i, j), for messages; the
 * cell is numbered as in the whole domain (first_i + i, first_j + j). */
void swe_state_describe_cell(const swe_block *block, int i, int j, char *text, size_t size);

#endif
