/* The time-stepping loop shared by all backends, and a whole run from
 * options to output files and the summary line. */
#ifndef SWE_SIMULATION_H
#define SWE_SIMULATION_H

#include "grid/backend.h"
#include "grid/block_checksum.h"
#include "io/checkpoint.h"
#include "run/options.h"

#include <stdio.h>

/* The one time-step rule: cfl * min(dx, dy) / wave_speed, never past
 * t_target. An all-dry domain (speed 0) jumps straight to t_target. */
double swe_time_step(const swe_clock *clock, real dx, real dy, double t_target);

/* Steps a block from clock->t to t_target, through the backend's advance
 * when it has one, else one step at a time. Stops with SWE_ERROR_RUNTIME
 * when the state stops being finite, naming the step, time and first bad
 * cell. */
int swe_advance(swe_block *block, swe_clock *clock, double t_target, swe_error *err);

/* Called after every time step (after each call of a backend's advance):
 * progress, checkpoints. It must not change the state or the clock; a
 * status other than SWE_OK stops the run. */
typedef struct swe_step_observer {
    int (*after_step)(void *context, swe_block *block, const swe_clock *clock, swe_error *err);
    void *context;
} swe_step_observer;

/* swe_advance with an observer (NULL: none). */
int swe_advance_observed(swe_block *block, swe_clock *clock, double t_target,
                         const swe_step_observer *observer, swe_error *err);

/* The same, always one backend step at a time: swe_advance without the
 * backend's own advance, for backends whose advance serves only some of
 * their levels. */
int swe_advance_by_steps(swe_block *block, swe_clock *clock, double t_target, swe_error *err);

typedef struct swe_run_result {
    const swe_backend *backend;
    long cells;
    long steps;     /* of the whole run, restarts included */
    double seconds; /* wall time spent stepping, without set-up and output */
    /* Of the final state, for make bench to check the run against serial's;
     * has_checksum is 0 where a driver did not compute one. */
    swe_block_checksum checksum;
    int has_checksum;
} swe_run_result;

/* Runs the simulation the options describe, writing the files of
 * options->formats and checkpoints unless benchmarking; with
 * options->restart_path continues a checkpointed run. A run stopped by an
 * unstable state keeps the snapshots written before it and fails with
 * SWE_ERROR_RUNTIME. */
int swe_run(const swe_options *options, swe_run_result *result, swe_error *err);

/* The run the options describe, as its checkpoints record it. */
swe_checkpoint_run swe_checkpoint_run_of(const swe_options *options);

/* When the next checkpoint is due after simulated time t: the first
 * multiple of every after t. A checkpoint goes at the first step boundary
 * at or past it, so the steps themselves never change for checkpoints. */
double swe_checkpoint_time_after(double every, double t);

/* The summary line every run ends with, for scripts and the benchmark. */
void swe_print_summary(FILE *stream, const swe_options *options, const swe_run_result *result);

#endif
