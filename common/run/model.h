/* What the run driver drives: a model, one application's state with its
 * time stepping, its check and its files, behind a table of verbs. The
 * driver (run/driver.h) owns the clock, the loop over snapshots, progress,
 * checkpoints, the guard against an invalid state, restarts and timing;
 * it knows nothing of blocks, meshes or backends. The Cartesian blocks
 * are one model (common/cartesian/); docs/ARCHITECTURE.md says how an
 * application adds its own.
 *
 * Every verb is required, gets the model's `self` first and returns a
 * status (SWE_OK, or a failure with a one-line message in err). Over
 * several processes (MPI) every process calls every verb in the same
 * order; a verb whose parts are collective keeps its processes in step
 * itself (so that none waits forever), and the driver agrees on each
 * verb's status afterwards (swe_run_team.agree), except advance's, which
 * must come out the same everywhere (a process that fails alone ends the
 * job, as the MPI layer does). */
#ifndef SWE_MODEL_H
#define SWE_MODEL_H

#include "core/clock.h"

#include <stddef.h>

typedef struct swe_model_verbs {
    /* A fresh run: clock->wave_speed of the initial state (the model's
     * state was set up when the model was made). */
    int (*start)(void *self, swe_clock *clock, swe_error *err);
    /* Takes at least one step from clock->t < t_target toward t_target and
     * returns at a step boundary: at the latest when clock->t reaches
     * t_target or reaches or passes t_pause (INFINITY: no pause), sooner if
     * it likes (a batch of steps, for progress). A pause never changes a
     * step's dt; only t_target clips the last one. Advances the clock (t,
     * steps, last_dt, wave_speed); a wave speed that is not finite tells
     * the driver that the state went wrong. */
    int (*advance)(void *self, swe_clock *clock, double t_target, double t_pause, swe_error *err);
    /* The guard: reads the state back and fails with
     * swe_fail_invalid_state(err, clock, where) when any value is not
     * physical (where: the first such place), else SWE_OK. */
    int (*check_state)(void *self, const swe_clock *clock, swe_error *err);
    /* Continues the run checkpointed at path: the state into the model,
     * the clock and next snapshot into *position. SWE_ERROR_USAGE for a
     * checkpoint of another run. */
    int (*restore)(void *self, const char *path, swe_checkpoint_position *position, swe_error *err);
    /* Output files for snapshots first_snapshot on (0: a fresh run;
     * later for a restart, which appends). */
    int (*open_outputs)(void *self, int first_snapshot, swe_error *err);
    int (*write_snapshot)(void *self, int snapshot, double time, swe_error *err);
    /* Writes the state and position to path (atomically: path.tmp, then
     * rename). */
    int (*write_checkpoint)(void *self, const char *path, const swe_checkpoint_position *position,
                            swe_error *err);
    /* Closes the outputs (safe when none are open): keep nonzero puts them
     * in place, zero removes the files that a failed run left half done. */
    int (*close_outputs)(void *self, int keep, swe_error *err);
} swe_model_verbs;

typedef struct swe_model {
    const swe_model_verbs *verbs;
    void *self;
} swe_model;

/* How the processes of one run act as one (MPI ranks); a run of one
 * process passes NULL. */
typedef struct swe_run_team {
    /* Every process returns the first failure of any process (the lowest
     * rank's), with its message in err; SWE_OK when all succeeded.
     * Collective. */
    int (*agree)(void *context, int status, swe_error *err);
    void *context;
    int reports; /* nonzero on the one process that prints progress */
} swe_run_team;

#endif
