/* Shared machinery of the graded suites behind `make grade`: random inputs
 * made from a seed, expected outputs from the reference kernels (full
 * repository) or from shipped reference data (student release), and
 * comparisons that fail one case at a time, so that a test worth P points
 * over N cases earns P * (cases passed) / N. */
#ifndef SWE_GRADE_SUPPORT_H
#define SWE_GRADE_SUPPORT_H

#include "grid/backend.h"

#include <CUnit/CUnit.h>
#include <stddef.h>
#include <stdint.h>

typedef struct grade_test {
    const char *id;   /* short name for the command line and data keys */
    const char *name; /* what the points table shows */
    double points;
    int cases; /* checked cases; each failing one is a "case k/N" failure */
    CU_TestFunc function;
} grade_test;

typedef struct grade_exercise {
    const char *name; /* the folder under exercises/, e.g. 01-serial-net-updates */
    const grade_test *tests;
    int test_count;
    /* For exercises on a device: whether one is usable here. Without it
     * the student's kernels cannot run, but reference data can still be
     * recorded. NULL for CPU exercises. */
    int (*device_available)(void);
} grade_exercise;

/* Where expected outputs come from in this run. */
enum grade_mode {
    GRADE_AGAINST_REFERENCE, /* the reference kernels, linked in */
    GRADE_AGAINST_DATA,      /* reference data read from a file */
    GRADE_WRITING_DATA       /* the reference kernels, and record them */
};

/* Set once by main() before any test runs. */
int grade_configure(enum grade_mode mode, uint64_t seed, const char *data_path, swe_error *err);
/* Writes the recorded reference data (GRADE_WRITING_DATA). */
int grade_write_data(const char *path, swe_error *err);
/* Releases the reference data. */
void grade_cleanup(void);

/* A small deterministic generator (splitmix64): the same seed gives the
 * same inputs on every machine, so shipped data matches regenerated
 * inputs. */
typedef struct grade_rng {
    uint64_t state;
} grade_rng;

/* The generator of one case of one test, from the run's seed. */
grade_rng grade_case_rng(const char *test_id, int case_number);
double grade_uniform(grade_rng *rng, double low, double high);
int grade_integer(grade_rng *rng, int low, int high); /* low..high inclusive */

/* Fills every cell of the block, ghosts included, with a random state:
 * dry cells (h = 0 and just around the dry tolerance), wet cells of depth
 * up to 10 m moving at up to 3 m/s, and a rough bed. */
void grade_random_state(grade_rng *rng, swe_block *block);

/* Copies the interior h, hu, hv of a block into arrays of nx*ny values,
 * row by row, for comparing outputs. */
void grade_copy_interior(const swe_block *block, real *h, real *hu, real *hv);

/* Named output arrays of a kernel run. */
enum { GRADE_MAX_FIELDS = 8 };
typedef struct grade_field {
    const char *name;
    real *values;
    size_t count;
} grade_field;
typedef struct grade_outputs {
    int count;
    grade_field fields[GRADE_MAX_FIELDS];
} grade_outputs;

/* Adds a field of count values, all NaN, so that a value the kernel under
 * test never writes cannot match. Returns its values. */
real *grade_add_field(grade_outputs *outputs, const char *name, size_t count);

/* Frees the values of every field. */
void grade_free_outputs(grade_outputs *outputs);

/* Computes the outputs of one case with a set of kernels (the student's or
 * the reference's, of the same type). */
typedef void (*grade_compute)(const void *kernels, const void *input, grade_outputs *outputs);

/* Checks one case: computes its outputs with the student's kernels, gets
 * the expected ones (the reference kernels, NULL without them, or the
 * shipped data) and records one CUnit assertion, which on failure reads
 * "case k/N (description): <first value that differs>". Values match
 * within tolerance_ulps * epsilon * (1 + |expected|). */
void grade_check_case(const char *test_id, int case_number, int cases, const char *description,
                      grade_compute compute, const void *student_kernels,
                      const void *reference_kernels, const void *input, double tolerance_ulps,
                      const char *file, int line);

/* Checks one case of a property that needs no reference: actual against
 * expected, both computed in this build (e.g. the OpenMP sweep against the
 * serial sweep of the same row kernels), within tolerance_ulps (0: equal
 * values). Records one CUnit assertion, "case k/N (description): ..."
 * naming `source` as where the expected values come from, and frees both
 * outputs. */
void grade_check_outputs(int case_number, int cases, const char *description, grade_outputs *actual,
                         grade_outputs *expected, const char *source, double tolerance_ulps,
                         const char *file, int line);

/* Records the outcome of one case as one CUnit assertion, "case k/N
 * (description): outcome". */
void grade_record_case(int passed, int case_number, int cases, const char *description,
                       const char *outcome, const char *file, int line);

/* Runs steps time steps of a scenario with a backend (the time-step rule
 * of every backend) and lays out the final h, hu, hv of the interior and
 * the wave speed as outputs. A backend that fails (or NULL) leaves them
 * NaN. */
typedef struct grade_run {
    const char *scenario;
    int nx, ny, steps;
    enum swe_solver solver;
    int level; /* the backend's optimisation level; 0: its best */
} grade_run;
void grade_run_outputs(const swe_backend *backend, const grade_run *run, grade_outputs *outputs);

/* The graded exercises of this build. */
const grade_exercise *grade_exercise_at(int index);
int grade_exercise_count(void);

#endif
