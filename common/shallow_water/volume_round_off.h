/* What round-off allows the water of a closed basin, for the guards of
 * both grids and the triangle runs' restarts. */
#ifndef SWE_VOLUME_ROUND_OFF_H
#define SWE_VOLUME_ROUND_OFF_H

/* The change of water volume that round-off allows a closed basin (walls
 * on every side; Cartesian cells or triangles) of `cells` cells after `steps` steps, relative to
 * its volume: eps (steps + 1) (8 + sqrt(cells)), eps that of the precision. Each step rounds every
 * cell's update a few times, each rounding off by at most eps of the water the update moves; at a
 * front the net updates move more water than a film holds, so a cell's error is not bounded by its
 * own depth, only by the water it moves, at most the basin's. The cells round independently, so
 * their errors add as sqrt(cells) times one cell's (8 eps a step in a basin of few cells); the
 * steps' errors add up. A Thacker bowl of 200 x 200 cells at a dry tolerance of 1e-5 m drifts
 * by 1.3e-11 in 716 steps with HLLE (allowed: 3.2e-11), where water clipped out of negative depths
 * in a step that was too long makes 1e-3 and more (bump-dam-break at --cfl 1: +0.26 % to +28.9 %).
 */
double swe_state_volume_tolerance(long steps, long cells);

#endif
