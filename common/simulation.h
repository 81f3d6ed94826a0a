/* The time-stepping loop shared by all backends, and a whole run from
 * options to output files and the summary line. */
#ifndef SWE_SIMULATION_H
#define SWE_SIMULATION_H

#include "backend.h"
#include "options.h"

#include <stdio.h>

/* The one time-step rule: cfl * min(dx, dy) / wave_speed, never past
 * t_target. An all-dry domain (speed 0) jumps straight to t_target. */
double swe_time_step(const swe_clock *clock, real dx, real dy, double t_target);

/* Steps a block from clock->t to t_target, through the backend's advance
 * when it has one, else one step at a time. Stops with SWE_ERROR_RUNTIME
 * when the state stops being finite. */
int swe_advance(swe_block *block, swe_clock *clock, double t_target, swe_error *err);

/* The same, one backend->step at a time with the dt chosen on the host:
 * for a backend's advance at levels that have no device-side dt. */
int swe_advance_by_steps(swe_block *block, swe_clock *clock, double t_target, swe_error *err);

typedef struct swe_run_result {
    const swe_backend *backend;
    long cells;
    long steps;
    double seconds; /* wall time spent stepping, without set-up and output */
} swe_run_result;

/* Runs the simulation the options describe, writing PATH.nc unless
 * benchmarking. */
int swe_run(const swe_options *options, swe_run_result *result, swe_error *err);

/* The summary line every run ends with, for scripts and the benchmark. */
void swe_print_summary(FILE *stream, const swe_options *options, const swe_run_result *result);

#endif
