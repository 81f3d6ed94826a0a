#include "run/simulation.h"

#include "core/timer.h"
#include "grid/state_check.h"
#include "io/atomic_file.h"
#include "io/checkpoint.h"
#include "io/netcdf_input.h"
#include "io/output_set.h"
#include "numerics/time_step.h"
#include "run/progress.h"

#include <math.h>
#include <stdlib.h>

double swe_time_step(const swe_clock *clock, real dx, real dy, double t_target)
{
    return swe_time_step_rule(clock->t, t_target, clock->wave_speed, clock->cfl, dx, dy);
}

/* The message for a state that is no longer physical: the step, the time
 * and the first bad cell (read back from the backend). */
static int invalid_state_failure(swe_block *block, const swe_clock *clock, swe_error *err)
{
    char cell[256] = "no single cell shows it";
    int i, j;
    swe_error sync_err;
    if (block->backend->sync_before_read(block, &sync_err) == SWE_OK &&
        swe_state_find_invalid(block, &i, &j)) {
        swe_state_describe_cell(block, i, j, cell, sizeof cell);
    }
    return swe_fail(err, SWE_ERROR_RUNTIME,
                    "step %ld at t = %.6g s made the state invalid (NaN, infinite or negative "
                    "depth): %s (try a smaller --cfl)",
                    clock->steps, clock->t, cell);
}

static int check_wave_speed(swe_block *block, const swe_clock *clock, swe_error *err)
{
    return isfinite(clock->wave_speed) ? SWE_OK : invalid_state_failure(block, clock, err);
}

static int notify(const swe_step_observer *observer, swe_block *block, const swe_clock *clock,
                  swe_error *err)
{
    return observer != NULL && observer->after_step != NULL
               ? observer->after_step(observer->context, block, clock, err)
               : SWE_OK;
}

/* The driver's own loop: one backend step at a time, the observer told
 * after each. */
static int advance_step_by_step(swe_block *block, swe_clock *clock, double t_target,
                                const swe_step_observer *observer, swe_error *err)
{
    while (clock->t < t_target) {
        double dt = swe_time_step(clock, block->dx, block->dy, t_target);
        real next_speed = 0;
        int status = block->backend->step(block, (real)dt, &next_speed, err);
        if (status != SWE_OK) {
            return status;
        }
        clock->t = swe_time_after_step(clock->t, dt, t_target);
        clock->last_dt = dt;
        clock->wave_speed = next_speed;
        clock->steps += 1;
        status = check_wave_speed(block, clock, err);
        if (status == SWE_OK) {
            status = notify(observer, block, clock, err);
        }
        if (status != SWE_OK) {
            return status;
        }
    }
    return SWE_OK;
}

int swe_advance_observed(swe_block *block, swe_clock *clock, double t_target,
                         const swe_step_observer *observer, swe_error *err)
{
    if (block == NULL || block->backend == NULL || clock == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: advance needs a block and clock");
    }
    if (block->backend->advance != NULL) {
        int status = block->backend->advance(block, clock, t_target, err);
        status = status != SWE_OK ? status : check_wave_speed(block, clock, err);
        return status != SWE_OK ? status : notify(observer, block, clock, err);
    }
    return advance_step_by_step(block, clock, t_target, observer, err);
}

int swe_advance_by_steps(swe_block *block, swe_clock *clock, double t_target, swe_error *err)
{
    if (block == NULL || block->backend == NULL || clock == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: advance needs a block and clock");
    }
    return advance_step_by_step(block, clock, t_target, NULL, err);
}

int swe_advance(swe_block *block, swe_clock *clock, double t_target, swe_error *err)
{
    return swe_advance_observed(block, clock, t_target, NULL, err);
}

static void fill_output_info(const swe_options *options, const swe_backend *backend,
                             swe_output_info *info)
{
    info->scenario = options->scenario;
    info->solver = swe_solver_name(options->solver);
    info->backend = backend->name;
    info->cfl = options->cfl;
}

/* What the loop over snapshots works with; swe_run owns the block, the
 * backend and the outputs. */
typedef struct run_context {
    const swe_options *options;
    swe_block *block;
    swe_output_set *outputs; /* NULL when benchmarking */
    swe_run_result *result;
    swe_progress progress;
    swe_clock clock;
    int next_snapshot;
    char *checkpoint_path;   /* NULL: no checkpoints */
    double next_checkpoint;  /* simulated time of the next checkpoint */
    double advance_started;  /* wall clock when the current advance began */
    double observer_seconds; /* spent on checkpoints during it, not stepping */
    int state_invalid;       /* the guard stopped the run: what was written stays */
} run_context;

swe_checkpoint_run swe_checkpoint_run_of(const swe_options *options)
{
    return (swe_checkpoint_run){.scenario = options->scenario->name,
                                .solver = swe_solver_name(options->solver),
                                .cfl = options->cfl,
                                .t_end = options->t_end,
                                .outputs = options->outputs};
}

double swe_checkpoint_time_after(double every, double t)
{
    return (floor(t / every) + 1.0) * every;
}

/* Brings the host arrays up to date and refuses a state that is not
 * physical, so that no file ever holds one. */
static int read_valid_state(run_context *run, swe_error *err)
{
    int status = run->block->backend->sync_before_read(run->block, err);
    int i, j;
    if (status == SWE_OK && swe_state_find_invalid(run->block, &i, &j)) {
        run->state_invalid = 1;
        return invalid_state_failure(run->block, &run->clock, err);
    }
    return status;
}

/* Checkpoints go at the first step boundary past each multiple of
 * --checkpoint-every: the steps themselves never change for them. */
static int write_checkpoint_if_due(run_context *run, const swe_clock *clock, swe_error *err)
{
    if (run->checkpoint_path == NULL || clock->t < run->next_checkpoint ||
        clock->t >= run->options->t_end) {
        return SWE_OK;
    }
    int status = read_valid_state(run, err);
    if (status == SWE_OK) {
        swe_checkpoint_run identity = swe_checkpoint_run_of(run->options);
        swe_checkpoint_position position = {.clock = *clock, .next_snapshot = run->next_snapshot};
        status = swe_checkpoint_write(run->checkpoint_path, run->block, &identity, &position, err);
    }
    run->next_checkpoint = swe_checkpoint_time_after(run->options->checkpoint_every, clock->t);
    return status;
}

static int after_step(void *context, swe_block *block, const swe_clock *clock, swe_error *err)
{
    (void)block;
    run_context *run = context;
    double started = swe_wall_seconds();
    double stepping =
        run->result->seconds + (started - run->advance_started - run->observer_seconds);
    swe_progress_step(&run->progress, clock->t, clock->steps, stepping);
    int status = write_checkpoint_if_due(run, clock, err);
    run->observer_seconds += swe_wall_seconds() - started;
    return status;
}

static int write_snapshot(run_context *run, int snapshot, swe_error *err)
{
    if (run->outputs == NULL) {
        return SWE_OK;
    }
    int status = read_valid_state(run, err);
    return status != SWE_OK
               ? status
               : swe_output_set_write(run->outputs, run->block, snapshot, run->clock.t, err);
}

/* The loop over snapshots, from run->next_snapshot on. */
static int run_snapshots(run_context *run, swe_error *err)
{
    const swe_options *options = run->options;
    int status = SWE_OK;
    if (run->next_snapshot == 0) {
        status = write_snapshot(run, 0, err);
        run->next_snapshot = 1;
    }
    swe_progress_start(&run->progress, options->quiet || options->benchmark, run->clock.t,
                       run->clock.steps, options->t_end, (double)run->result->cells);
    swe_step_observer observer = {.after_step = after_step, .context = run};
    for (; status == SWE_OK && run->next_snapshot <= options->outputs; ++run->next_snapshot) {
        double t_target = options->t_end * run->next_snapshot / options->outputs;
        run->advance_started = swe_wall_seconds();
        run->observer_seconds = 0.0;
        status = swe_advance_observed(run->block, &run->clock, t_target, &observer, err);
        run->result->seconds += swe_wall_seconds() - run->advance_started - run->observer_seconds;
        run->result->steps = run->clock.steps;
        if (status == SWE_ERROR_RUNTIME && !isfinite(run->clock.wave_speed)) {
            run->state_invalid = 1;
        }
        if (status == SWE_OK) {
            status = write_snapshot(run, run->next_snapshot, err);
        }
        swe_progress_snapshot(&run->progress, run->clock.t, run->clock.steps, run->result->seconds);
    }
    swe_progress_finish(&run->progress);
    return status;
}

/* The initial state: from the scenario, or from its input files. */
static int create_initial_block(const swe_options *options, swe_block *block, swe_error *err)
{
    if (options->scenario->needs_input_files) {
        return swe_netcdf_input_create_block(options->scenario, options->nx, options->ny,
                                             options->bathymetry_path, options->displacement_path,
                                             block, err);
    }
    return swe_scenario_create_block(options->scenario, options->nx, options->ny, block, err);
}

/* Restores a checkpoint into the block and the run's position. */
static int restore(run_context *run, swe_error *err)
{
    swe_checkpoint_run identity = swe_checkpoint_run_of(run->options);
    swe_checkpoint_position position;
    int status =
        swe_checkpoint_read(run->options->restart_path, run->block, &identity, &position, err);
    if (status == SWE_OK) {
        run->clock = position.clock;
        run->next_snapshot = position.next_snapshot;
        run->result->steps = position.clock.steps;
    }
    return status;
}

/* Restores the checkpoint of a restart, opens the output files and names
 * the checkpoint file; none of it when benchmarking. */
static int prepare_files(run_context *run, const swe_backend *backend, swe_error *err)
{
    const swe_options *options = run->options;
    if (options->benchmark) {
        return SWE_OK;
    }
    int restarting = options->restart_path != NULL;
    int status = restarting ? restore(run, err) : SWE_OK;
    /* The pictures take their colours from the initial state, so a restart
     * sets the outputs up from a fresh initial block. */
    swe_block initial = {0};
    if (status == SWE_OK && restarting) {
        status = create_initial_block(options, &initial, err);
    }
    if (status == SWE_OK) {
        swe_output_info info;
        fill_output_info(options, backend, &info);
        status = swe_output_set_create(&run->outputs, options, restarting ? &initial : run->block,
                                       &info, run->next_snapshot, err);
    }
    swe_block_destroy(&initial);
    if (status == SWE_OK && options->checkpoint_every > 0) {
        run->checkpoint_path = swe_path_join(options->output_path, ".checkpoint.nc");
        run->next_checkpoint = swe_checkpoint_time_after(options->checkpoint_every, run->clock.t);
        if (run->checkpoint_path == NULL) {
            status = swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a file name");
        }
    }
    return status;
}

/* Sets the backend up on the block's state and runs the snapshots. */
static int run_on_backend(run_context *run, const swe_backend *backend, swe_error *err)
{
    swe_backend_config config = {.solver = run->options->solver,
                                 .level = run->options->level,
                                 .manning = (real)run->options->manning,
                                 .cl_device = run->options->cl_device};
    int status = backend->init(run->block, &config, err);
    if (status != SWE_OK) {
        return status;
    }
    status = backend->sync_after_write(run->block, err);
    /* A restart brings the wave speed of its state from the checkpoint. */
    if (status == SWE_OK && run->options->restart_path == NULL) {
        status = backend->max_wave_speed(run->block, &run->clock.wave_speed, err);
    }
    if (status == SWE_OK) {
        status = run_snapshots(run, err);
    }
    /* The final state's checksum, outside the timed steps. */
    if (status == SWE_OK) {
        status = backend->sync_before_read(run->block, err);
    }
    if (status == SWE_OK) {
        status = swe_block_checksum_of(run->block, &run->result->checksum, err);
        run->result->has_checksum = status == SWE_OK;
    }
    backend->finalize(run->block);
    return status;
}

/* Everything between a created block and its destruction. */
static int run_block(const swe_options *options, const swe_backend *backend, swe_block *block,
                     swe_run_result *result, swe_error *err)
{
    run_context run = {.options = options,
                       .block = block,
                       .result = result,
                       .clock = {.t = 0.0, .steps = 0, .last_dt = 0.0, .cfl = options->cfl}};
    int status = prepare_files(&run, backend, err);
    if (status == SWE_OK) {
        status = run_on_backend(&run, backend, err);
    }
    swe_error close_err;
    int close_status =
        swe_output_set_close(run.outputs, status == SWE_OK || run.state_invalid, &close_err);
    if (status == SWE_OK && close_status != SWE_OK) {
        status = close_status;
        *err = close_err;
    }
    free(run.checkpoint_path);
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
    int status = create_initial_block(options, &block, err);
    if (status != SWE_OK) {
        return status;
    }
    result->cells = (long)options->nx * options->ny;
    block.backend = backend;
    status = run_block(options, backend, &block, result, err);
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
            "cell_updates_per_s=%.3e",
            result->backend != NULL ? result->backend->name : options->backend_name,
            swe_solver_name(options->solver), SWE_PRECISION_NAME, result->cells, result->steps,
            result->seconds, rate);
    if (result->has_checksum) {
        swe_block_checksum_print(stream, &result->checksum);
    }
    fputc('\n', stream);
}
