#include "run/driver.h"

#include "io/output_guard.h"

#include "core/interrupt.h"
#include "core/timer.h"
#include "run/progress.h"

#include <math.h>
#include <stdio.h>

/* One run in progress; swe_drive owns it. */
typedef struct drive {
    const swe_drive_settings *settings;
    const swe_model *model;
    const swe_run_team *team; /* NULL: one process */
    swe_run_result *result;
    swe_progress progress;
    swe_clock clock;
    int next_snapshot;
    double next_checkpoint;    /* simulated time; INFINITY: none due */
    int state_invalid;         /* the guard stopped the run: what was written stays */
    const char *continue_from; /* the checkpoint a stopped run continues from */
    long advances;             /* calls of advance, for the team's interrupt checks */
    int snapshots_kept;        /* snapshots 0 .. snapshots_kept - 1 are in the files */
    int interrupted;           /* Ctrl-C or SIGTERM stopped the run: what was written stays */
} drive;

/* A team agrees on an interrupt every so many calls of advance (a
 * collective each), a single process looks after every call. */
enum { TEAM_INTERRUPT_EVERY = 16 };

double swe_checkpoint_time_after(double every, double t)
{
    return (floor(t / every) + 1.0) * every;
}

/* The first failure of any process, on every process. */
static int agree(const drive *run, int status, swe_error *err)
{
    const swe_run_team *team = run->team;
    return team != NULL && team->agree != NULL ? team->agree(team->context, status, err) : status;
}

/* The guard, before every file and after a wave speed that is no longer
 * finite: the state read back and checked on every process. */
static int guard_state(drive *run, swe_error *err)
{
    int status = run->model->verbs->check_state(run->model->self, &run->clock, err);
    status = agree(run, status, err);
    run->state_invalid = run->state_invalid || status != SWE_OK;
    return status;
}

/* A wave speed that is not finite: where the state went wrong, when some
 * process sees it in a value. */
static int invalid_wave_speed(drive *run, swe_error *err)
{
    int status = guard_state(run, err);
    run->state_invalid = 1;
    return status != SWE_OK ? status
                            : swe_fail_invalid_state(err, &run->clock, "no single cell shows it");
}

/* Ctrl-C or SIGTERM: the write in progress has finished; the run stops
 * here, every process alike, with the exit code of the signal. */
static int check_interrupt(drive *run, swe_error *err)
{
    int signal = swe_interrupt_signal();
    int status = signal != 0 ? SWE_INTERRUPTED_BY(signal) : SWE_OK;
    if (run->team != NULL) {
        status = agree(run, status, err);
        signal = status != SWE_OK ? status - SWE_INTERRUPTED_BY(0) : 0;
    }
    if (status == SWE_OK) {
        return SWE_OK;
    }
    run->interrupted = 1;
    char where[160], next[600];
    int length =
        snprintf(where, sizeof where, "at t = %.6g s (step %ld)", run->clock.t, run->clock.steps);
    if (run->settings->writes_files && length > 0 && (size_t)length < sizeof where) {
        snprintf(where + length, sizeof where - (size_t)length, ", %d snapshot%s kept",
                 run->snapshots_kept, run->snapshots_kept == 1 ? "" : "s");
    }
    if (run->continue_from != NULL) {
        snprintf(next, sizeof next, "continue it with --restart %s", run->continue_from);
    } else {
        snprintf(next, sizeof next,
                 "no checkpoint to continue from: --checkpoint-every makes them");
    }
    return swe_fail_interrupted(err, signal, where, next);
}

/* Checkpoints go at the first step boundary past each multiple of
 * --checkpoint-every; none at the end, which the outputs hold. */
static int write_checkpoint_if_due(drive *run, swe_error *err)
{
    const swe_drive_settings *settings = run->settings;
    if (run->clock.t < run->next_checkpoint || run->clock.t >= settings->t_end) {
        return SWE_OK;
    }
    int status = guard_state(run, err);
    if (status == SWE_OK) {
        const swe_checkpoint_position position = {.clock = run->clock,
                                                  .next_snapshot = run->next_snapshot};
        status = run->model->verbs->write_checkpoint(run->model->self, settings->checkpoint_path,
                                                     &position, err);
        status = agree(run, status, err);
        run->continue_from = status == SWE_OK ? settings->checkpoint_path : run->continue_from;
    }
    run->next_checkpoint = swe_checkpoint_time_after(settings->checkpoint_every, run->clock.t);
    return status;
}

/* One call of the model's advance, timed, and what follows it: the guard
 * on the wave speed, progress, a checkpoint when due. */
static int advance_once(drive *run, double t_target, double t_pause, swe_error *err)
{
    const swe_clock before = run->clock;
    double started = swe_wall_seconds();
    int status = run->model->verbs->advance(run->model->self, &run->clock, t_target, t_pause, err);
    run->result->seconds += swe_wall_seconds() - started;
    run->result->steps = run->clock.steps;
    if (status != SWE_OK) {
        return status;
    }
    if (!isfinite(run->clock.wave_speed)) {
        return invalid_wave_speed(run, err);
    }
    if (run->clock.steps == before.steps && !(run->clock.t > before.t)) {
        return swe_fail(err, SWE_ERROR_RUNTIME,
                        "internal error: the model's advance took no step at t = %.17g s",
                        before.t);
    }
    swe_progress_step(&run->progress, run->clock.t, run->clock.steps, run->result->seconds);
    status = write_checkpoint_if_due(run, err);
    run->advances++;
    if (status == SWE_OK && (run->team == NULL || run->advances % TEAM_INTERRUPT_EVERY == 0)) {
        status = check_interrupt(run, err);
    }
    return status;
}

static int write_snapshot(drive *run, int snapshot, swe_error *err)
{
    if (!run->settings->writes_files) {
        return SWE_OK;
    }
    int status = guard_state(run, err);
    if (status == SWE_OK) {
        status = run->model->verbs->write_snapshot(run->model->self, snapshot, run->clock.t, err);
        status = agree(run, status, err);
    }
    run->snapshots_kept = status == SWE_OK ? snapshot + 1 : run->snapshots_kept;
    return status;
}

/* The loop over snapshots, from run->next_snapshot on. */
static int run_snapshots(drive *run, swe_error *err)
{
    const swe_drive_settings *settings = run->settings;
    int status = SWE_OK;
    if (run->next_snapshot == 0) {
        status = write_snapshot(run, 0, err);
        run->next_snapshot = 1;
    }
    int reports = (run->team == NULL || run->team->reports) && !settings->quiet;
    swe_progress_start(&run->progress, !reports, run->clock.t, run->clock.steps, settings->t_end,
                       (double)run->result->cells);
    for (; status == SWE_OK && run->next_snapshot <= settings->outputs; ++run->next_snapshot) {
        double t_target = settings->t_end * run->next_snapshot / settings->outputs;
        while (status == SWE_OK && run->clock.t < t_target) {
            status = advance_once(run, t_target, run->next_checkpoint, err);
        }
        if (status == SWE_OK) {
            status = write_snapshot(run, run->next_snapshot, err);
        }
        if (status == SWE_OK && run->next_snapshot < settings->outputs) {
            status = check_interrupt(run, err);
        }
        swe_progress_snapshot(&run->progress, run->clock.t, run->clock.steps, run->result->seconds);
    }
    swe_progress_finish(&run->progress);
    return status;
}

/* --steps N: exactly N steps toward no end time, without files or
 * progress (a timing run). A pause at the clock's own time makes every
 * advance stop after its first step (run/model.h: at the first step
 * boundary at or past the pause), so the count is exact whatever a model
 * batches. */
static int run_steps(drive *run, swe_error *err)
{
    const long last = run->clock.steps + run->settings->steps;
    int status = SWE_OK;
    while (status == SWE_OK && run->clock.steps < last) {
        status = advance_once(run, INFINITY, run->clock.t, err);
    }
    return status;
}

/* A fresh start or a restart, then the files; every process agrees. */
static int begin(drive *run, swe_error *err)
{
    const swe_drive_settings *settings = run->settings;
    const swe_model_verbs *verbs = run->model->verbs;
    void *self = run->model->self;
    int status;
    run->continue_from = settings->restart_path;
    if (settings->restart_path != NULL) {
        swe_checkpoint_position position;
        status = verbs->restore(self, settings->restart_path, &position, err);
        if (status == SWE_OK) {
            run->clock = position.clock;
            run->next_snapshot = position.next_snapshot;
            run->snapshots_kept = position.next_snapshot; /* the outputs take them over */
            run->result->steps = position.clock.steps;
            run->result->first_step = position.clock.steps;
        }
    } else {
        status = verbs->start(self, &run->clock, err);
    }
    status = agree(run, status, err);
    if (status == SWE_OK && settings->writes_files) {
        status = agree(run, verbs->open_outputs(self, run->next_snapshot, err), err);
        if (settings->checkpoint_every > 0) {
            run->next_checkpoint =
                swe_checkpoint_time_after(settings->checkpoint_every, run->clock.t);
        }
    }
    return status;
}

static int check_arguments(const swe_drive_settings *settings, const swe_model *model,
                           const swe_run_result *result, swe_error *err)
{
    if (settings == NULL || model == NULL || model->verbs == NULL || result == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: the driver needs a model");
    }
    const swe_model_verbs *v = model->verbs;
    if (v->start == NULL || v->advance == NULL || v->check_state == NULL || v->restore == NULL ||
        v->open_outputs == NULL || v->write_snapshot == NULL || v->write_checkpoint == NULL ||
        v->close_outputs == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a model lacks a verb (run/model.h)");
    }
    if (!(settings->t_end > 0) || settings->outputs < 1 || settings->steps < 0 ||
        (settings->steps > 0 && settings->writes_files) ||
        (settings->writes_files && settings->checkpoint_every > 0 &&
         settings->checkpoint_path == NULL)) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: the driver's settings are wrong");
    }
    return SWE_OK;
}

swe_drive_settings swe_drive_settings_of(const swe_run_options *run)
{
    return (swe_drive_settings){.t_end = run->t_end,
                                .steps = run->steps,
                                .outputs = run->outputs,
                                .cfl = run->cfl,
                                .writes_files = !run->benchmark,
                                .quiet = run->quiet || run->benchmark,
                                .checkpoint_every = run->checkpoint_every,
                                .restart_path = run->restart_path,
                                .output_stem = run->output_stem};
}

int swe_drive(const swe_drive_settings *settings, const swe_model *model, const swe_run_team *team,
              swe_run_result *result, swe_error *err)
{
    int status = check_arguments(settings, model, result, err);
    if (status != SWE_OK) {
        return status;
    }
    drive run = {.settings = settings,
                 .model = model,
                 .team = team,
                 .result = result,
                 .clock = {.t = 0.0, .steps = 0, .last_dt = 0.0, .cfl = settings->cfl},
                 .next_checkpoint = INFINITY};
    result->steps = 0;
    result->first_step = 0;
    result->seconds = 0.0;
    /* The place of the files checked and locked before anything is
     * written, by the process that writes the whole run's files. */
    swe_output_guard guard = {.lock_fd = -1};
    if (settings->writes_files && settings->output_stem != NULL &&
        (team == NULL || team->reports)) {
        status = swe_output_guard_acquire(&guard, settings->output_stem, err);
    }
    status = agree(&run, status, err);
    if (status != SWE_OK) {
        swe_output_guard_release(&guard);
        return status;
    }
    status = begin(&run, err);
    if (status == SWE_OK) {
        status = settings->steps > 0 ? run_steps(&run, err) : run_snapshots(&run, err);
    }
    swe_error close_err = {{0}};
    /* A stopped run keeps what it wrote, as a finished one does. */
    int keep = status == SWE_OK || run.state_invalid || run.interrupted;
    int close_status = model->verbs->close_outputs(model->self, keep, &close_err);
    close_status = agree(&run, close_status, &close_err);
    if (status == SWE_OK && close_status != SWE_OK) {
        status = close_status;
        *err = close_err;
    }
    swe_output_guard_release(&guard);
    return status;
}
