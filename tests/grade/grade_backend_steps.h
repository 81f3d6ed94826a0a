/* Graded checks of a whole backend at one optimisation level against the
 * reference serial backend, for the exercises whose kernels only run
 * behind a backend's plumbing (CUDA, OpenCL): the max wave speed of random
 * states with dry cells and one step from them, and whole runs. */
#ifndef SWE_GRADE_BACKEND_STEPS_H
#define SWE_GRADE_BACKEND_STEPS_H

#include "grade_support.h"

typedef struct grade_backend_level {
    const swe_backend *backend;
    int level;
    /* Whether the backend's device is usable here (NULL: always). Without
     * it the checks leave the student's outputs NaN, so that reference
     * data can still be recorded. */
    int (*device_available)(void);
} grade_backend_level;

/* How one exercise checks its backend. */
typedef struct grade_backend_checks {
    grade_backend_level student;
    int solvers;        /* solvers 0 .. solvers-1 of enum swe_solver, in turn */
    double step_ulps;   /* tolerance of one step */
    double run_ulps;    /* tolerance of whole runs */
    int max_nx, max_ny; /* random blocks of up to this size */
} grade_backend_checks;

/* `cases` random states (test_id draws them): max wave speed, one step,
 * the next wave speed, against the reference. */
void grade_check_backend_steps(const grade_backend_checks *checks, const char *test_id, int cases);

/* `cases` runs of 20 steps of radial and bump dam breaks. */
void grade_check_backend_runs(const grade_backend_checks *checks, const char *test_id, int cases);

#endif
