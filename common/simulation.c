#include "simulation.h"

#include "netcdf_output.h"
#include "progress.h"
#include "timer.h"

#include <math.h>

double swe_time_step(const swe_clock *clock, real dx, real dy, double t_target)
{
    double remaining = t_target - clock->t;
    if (!(clock->wave_speed > 0)) {
        return remaining;
    }
    double dt = clock->cfl * (double)(dx < dy ? dx : dy) / (double)clock->wave_speed;
    return dt < remaining ? dt : remaining;
}

static int check_wave_speed(const swe_clock *clock, swe_error *err)
{
    if (isfinite(clock->wave_speed)) {
        return SWE_OK;
    }
    return swe_fail(err, SWE_ERROR_RUNTIME,
                    "the solution is no longer finite after step %ld at t = %.6g s "
                    "(try a smaller --cfl)",
                    clock->steps, clock->t);
}

int swe_advance_by_steps(swe_block *block, swe_clock *clock, double t_target, swe_error *err)
{
    if (block == NULL || block->backend == NULL || clock == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: advance needs a block and clock");
    }
    while (clock->t < t_target) {
        double dt = swe_time_step(clock, block->dx, block->dy, t_target);
        real next_speed = 0;
        int status = block->backend->step(block, (real)dt, &next_speed, err);
        if (status != SWE_OK) {
            return status;
        }
        clock->t = dt < t_target - clock->t ? clock->t + dt : t_target;
        clock->last_dt = dt;
        clock->wave_speed = next_speed;
        clock->steps += 1;
        status = check_wave_speed(clock, err);
        if (status != SWE_OK) {
            return status;
        }
    }
    return SWE_OK;
}

int swe_advance(swe_block *block, swe_clock *clock, double t_target, swe_error *err)
{
    if (block == NULL || block->backend == NULL || clock == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: advance needs a block and clock");
    }
    if (block->backend->advance != NULL) {
        int status = block->backend->advance(block, clock, t_target, err);
        return status != SWE_OK ? status : check_wave_speed(clock, err);
    }
    return swe_advance_by_steps(block, clock, t_target, err);
}

static void fill_output_info(const swe_options *options, const swe_backend *backend,
                             swe_output_info *info)
{
    info->scenario = options->scenario;
    info->solver = swe_solver_name(options->solver);
    info->backend = backend->name;
    info->cfl = options->cfl;
}

/* Writes one snapshot, bringing the host arrays up to date first. */
static int write_snapshot(swe_block *block, swe_netcdf_output *output, double t, swe_error *err)
{
    if (output == NULL) {
        return SWE_OK;
    }
    int status = block->backend->sync_before_read(block, err);
    return status != SWE_OK ? status : swe_netcdf_write(output, block, t, err);
}

/* The loop over snapshots; the caller owns block, backend and output. */
static int run_snapshots(const swe_options *options, swe_block *block, swe_netcdf_output *output,
                         swe_run_result *result, swe_error *err)
{
    swe_clock clock = {.t = 0.0, .steps = 0, .last_dt = 0.0, .cfl = options->cfl};
    int status = block->backend->max_wave_speed(block, &clock.wave_speed, err);
    if (status == SWE_OK) {
        status = write_snapshot(block, output, clock.t, err);
    }
    swe_progress progress;
    swe_progress_start(&progress, options->quiet || options->benchmark, options->t_end,
                       (double)result->cells);
    for (int snapshot = 1; status == SWE_OK && snapshot <= options->outputs; ++snapshot) {
        double t_target = options->t_end * snapshot / options->outputs;
        double started = swe_wall_seconds();
        status = swe_advance(block, &clock, t_target, err);
        result->seconds += swe_wall_seconds() - started;
        result->steps = clock.steps;
        if (status == SWE_OK) {
            status = write_snapshot(block, output, clock.t, err);
        }
        swe_progress_snapshot(&progress, clock.t, clock.steps, result->seconds);
    }
    swe_progress_finish(&progress);
    return status;
}

int swe_run(const swe_options *options, swe_run_result *result, swe_error *err)
{
    if (options == NULL || result == NULL || options->scenario == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: run needs options and a result");
    }
    *result = (swe_run_result){0};
    const swe_backend *backend = swe_backend_find(options->backend_name);
    if (backend == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "backend '%s' is not built into this binary (see --list-backends)",
                        options->backend_name);
    }
    result->backend = backend;
    swe_block block;
    int status =
        swe_scenario_create_block(options->scenario, options->nx, options->ny, &block, err);
    if (status != SWE_OK) {
        return status;
    }
    result->cells = (long)options->nx * options->ny;
    block.backend = backend;
    swe_backend_config config = {
        .solver = options->solver, .level = options->level, .cl_device = options->cl_device};
    status = backend->init(&block, &config, err);
    if (status == SWE_OK) {
        status = backend->sync_after_write(&block, err);
        swe_netcdf_output *output = NULL;
        if (status == SWE_OK && !options->benchmark) {
            swe_output_info info;
            fill_output_info(options, backend, &info);
            status = swe_netcdf_create(&output, options->output_path, &block, &info, err);
        }
        if (status == SWE_OK) {
            status = run_snapshots(options, &block, output, result, err);
        }
        swe_error close_err;
        int close_status = swe_netcdf_close(output, status == SWE_OK, &close_err);
        if (status == SWE_OK && close_status != SWE_OK) {
            status = close_status;
            *err = close_err;
        }
        backend->finalize(&block);
    }
    swe_block_destroy(&block);
    return status;
}

void swe_print_summary(FILE *stream, const swe_options *options, const swe_run_result *result)
{
    double rate = result->seconds > 0.0
                      ? (double)result->cells * (double)result->steps / result->seconds
                      : 0.0;
    fprintf(stream,
            "summary: backend=%s solver=%s precision=%s cells=%ld steps=%ld seconds=%.3f "
            "cell_updates_per_s=%.3e\n",
            result->backend != NULL ? result->backend->name : options->backend_name,
            swe_solver_name(options->solver), SWE_PRECISION_NAME, result->cells, result->steps,
            result->seconds, rate);
}
