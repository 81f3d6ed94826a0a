/* Time stepping of one block through its backend, by the one time-step
 * rule: a step at a time, or through the backend's own advance where it
 * serves the block. The Cartesian model's advance for the driver, and
 * the way tests and validation runs bring a block to a time. */
#ifndef SWE_STEPPING_H
#define SWE_STEPPING_H

#include "cartesian/grid/backend.h"

/* The one time-step rule: cfl * min(dx, dy) / wave_speed, never past
 * t_target. An all-dry domain (speed 0) jumps straight to t_target. */
double swe_time_step(const swe_clock *clock, real dx, real dy, double t_target);

/* Whether the backend's advance serves this block (its level keeps dt on
 * the device); else the caller takes one step at a time. */
int swe_block_has_advance(const swe_block *block);

/* One call of the driver's loop: the backend's advance where it serves
 * the block (several steps, up to the first step boundary at or past
 * t_pause), else one step by the host's rule. clock->t < t_target. */
int swe_block_advance(swe_block *block, swe_clock *clock, double t_target, double t_pause,
                      swe_error *err);

/* Where the state of block went wrong, for swe_fail_invalid_state: its
 * first invalid cell, read back from the backend, in the numbering of the
 * whole domain; "no single cell shows it" when none does. Fails only when
 * reading back fails. */
int swe_block_describe_invalid(swe_block *block, int *found, char *where, size_t size,
                               swe_error *err);

/* Steps block from clock->t to t_target (swe_block_advance until there).
 * Stops with SWE_ERROR_RUNTIME when the state stops being finite, naming
 * the step, time and first bad cell. */
int swe_advance(swe_block *block, swe_clock *clock, double t_target, swe_error *err);

/* The same, always one backend step at a time, whatever the backend's own
 * advance would do: for comparing dt taken on the host with the device's. */
int swe_advance_by_steps(swe_block *block, swe_clock *clock, double t_target, swe_error *err);

#endif
