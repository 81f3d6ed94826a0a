/* Graded checks of a whole backend at one optimisation level against the
 * serial backend, for the exercises whose kernels only run behind a
 * backend's plumbing (CUDA, OpenCL): the max wave speed of random states
 * with dry cells and one step from them, and whole runs. The student's
 * build runs the backend under test, the grader's the serial backend of
 * the reference kernels. */
#ifndef SWE_GRADE_BACKEND_STEPS_H
#define SWE_GRADE_BACKEND_STEPS_H

#include "tests/grade/grade_support.h"

/* How one exercise checks its backend. */
typedef struct grade_backend_checks {
    const char *backend; /* its name in the registry; not built here: NaN outputs */
    int level;
    int solvers;        /* solvers 0 .. solvers-1 of enum swe_solver, in turn */
    double step_ulps;   /* tolerance of one step */
    double run_ulps;    /* tolerance of whole runs */
    int max_nx, max_ny; /* random blocks of up to this size */
} grade_backend_checks;

/* `cases` random states (test_id draws them): max wave speed, one step,
 * the next wave speed. */
void grade_check_backend_steps(const grade_backend_checks *checks, const char *test_id, int cases);

/* `cases` runs of 20 steps of radial and bump dam breaks. */
void grade_check_backend_runs(const grade_backend_checks *checks, const char *test_id, int cases);

#endif
