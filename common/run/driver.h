/* The run driver of every program and every application: the loop over
 * snapshots, progress, checkpoints at the first step boundary past each
 * multiple of --checkpoint-every, the guard against an invalid state,
 * restarts and timing, over any model (run/model.h) on one process or
 * several (a team). */
#ifndef SWE_DRIVER_H
#define SWE_DRIVER_H

#include "run/command_line.h"
#include "run/model.h"
#include "run/summary.h"

/* What one run asks of the driver (from the command line). */
typedef struct swe_drive_settings {
    double t_end;                /* simulated seconds */
    long steps;                  /* > 0: exactly this many steps and no files (a timing run) */
    int outputs;                 /* snapshots after the initial one */
    double cfl;                  /* of a fresh run's clock */
    int writes_files;            /* 0 (--benchmark): no outputs, no checkpoints */
    int quiet;                   /* no progress lines */
    double checkpoint_every;     /* simulated seconds; 0: no checkpoints */
    const char *checkpoint_path; /* where they go, with checkpoint_every */
    const char *restart_path;    /* checkpoint to continue from; NULL: a fresh run */
    const char *output_stem;     /* --output PATH, checked and locked for the run by the
                                    process that reports (io/output_guard.h); NULL: none */
} swe_drive_settings;

/* What the shared options of a command line ask of the driver (the
 * checkpoints' path is the application's to name). */
swe_drive_settings swe_drive_settings_of(const swe_run_options *run);

/* Runs model from its start (or from settings->restart_path) to t_end
 * (or settings->steps steps),
 * holding the output guard of settings->output_stem while it writes:
 * snapshot 0 and one per t_end / outputs, checkpoints when due, progress
 * on the team's reporting process (team NULL: one process). Fills
 * result->steps (restarts included) and result->seconds (wall time in
 * model->advance only). Every process returns the same status; a run
 * stopped by an invalid state keeps the snapshots written before it and
 * fails with SWE_ERROR_RUNTIME and "try a smaller --cfl"; one stopped by
 * Ctrl-C or SIGTERM keeps them too (its line says how many) and fails
 * with SWE_INTERRUPTED_BY(signal). */
int swe_drive(const swe_drive_settings *settings, const swe_model *model, const swe_run_team *team,
              swe_run_result *result, swe_error *err);

/* When the next checkpoint is due after simulated time t: the first
 * multiple of every after t. A checkpoint goes at the first step boundary
 * at or past it, so the steps themselves never change for checkpoints. */
double swe_checkpoint_time_after(double every, double t);

#endif
