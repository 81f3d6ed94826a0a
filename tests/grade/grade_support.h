/* Shared machinery of the graded suites behind `make grade`. One program,
 * tests/grade/, built twice: from the reference kernels by the grader
 * itself, which writes the expected outputs of every case (--expected),
 * and from the student's kernels inside the sandbox, which writes what
 * they compute on the same inputs (--actual). Inputs come from a seed, so
 * both builds draw the same ones; tools/teaching/grade.py compares the two streams
 * (grade_stream.h) in its own process. A test worth P points over N cases
 * earns P * (cases that match) / N. */
#ifndef SWE_GRADE_SUPPORT_H
#define SWE_GRADE_SUPPORT_H

#include "cartesian/grid/backend.h"
#include "tests/grade/grade_interior.h"
#include "tests/grade/grade_stream.h"

#include <stddef.h>
#include <stdint.h>

typedef struct grade_test {
    const char *id;   /* short name for the command line */
    const char *name; /* what the points table shows */
    double points;
    int cases;
    void (*run)(void); /* emits every case of the test */
    /* 1: each case runs as its own MPI job, whose arguments the expected
     * stream gives (grade_emit_launched_case). */
    int launched;
} grade_test;

typedef struct grade_exercise {
    const char *name; /* the folder under exercises/, e.g. 01-serial-net-updates */
    const grade_test *tests;
    int test_count;
} grade_exercise;

/* Whose outputs this process writes. */
enum grade_role {
    GRADE_EXPECTED, /* the reference's: the grader's own build */
    GRADE_ACTUAL    /* the kernels under test: the student's build, in the sandbox */
};

/* Set once by main() before any test runs: the role, the seed of the
 * inputs, and where the stream goes. */
void grade_configure(enum grade_role role, uint64_t seed, FILE *output);
enum grade_role grade_role(void);

/* Ends the program when the test itself cannot go on (out of memory for
 * its inputs): a harness failure, not a wrong answer. */
_Noreturn void grade_harness_failure(const char *what);

/* A small deterministic generator (splitmix64): the same seed gives the
 * same inputs in both builds and on every machine. */
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

/* grade_random_state, then two neighbouring interior cells wet at different
 * depths: a block whose cells are all dry (a likely draw for two or three
 * cells) does not change in a step, and a kernel that does nothing would
 * match it. The block must have two interior cells at least. */
void grade_random_moving_state(grade_rng *rng, swe_block *block);

/* The named output arrays of one case. */
enum { GRADE_MAX_FIELDS = 24 };
typedef struct grade_outputs {
    int count;
    grade_field fields[GRADE_MAX_FIELDS];
} grade_outputs;

/* Adds a field of count values, all NaN, so that a value the kernel under
 * test never writes cannot match; layout and numbers as in grade_stream.h.
 * Returns its values. */
real *grade_add_field(grade_outputs *outputs, const char *name, size_t count,
                      enum grade_layout layout, const int numbers[GRADE_LAYOUT_NUMBERS]);
/* The same for double values (time steps). */
double *grade_add_doubles(grade_outputs *outputs, const char *name, size_t count,
                          enum grade_layout layout, const int numbers[GRADE_LAYOUT_NUMBERS]);
/* Shorthands: one value, the interior cells, the cells with ghosts. */
real *grade_add_value(grade_outputs *outputs, const char *name);
real *grade_add_cells(grade_outputs *outputs, const char *name, int nx, int ny);
real *grade_add_block(grade_outputs *outputs, const char *name, int nx, int ny);
/* Says what to look at when the last field added differs (static text). */
void grade_hint(grade_outputs *outputs, const char *hint);

/* The last field added is judged at `scale` (>= 1) times the case's
 * tolerance: its value is ill-conditioned in the state the case computes. */
void grade_scale_tolerance(grade_outputs *outputs, double scale);

/* Frees the values of every field. */
void grade_free_outputs(grade_outputs *outputs);

/* Computes the outputs of one case with a set of kernels. */
typedef void (*grade_compute)(const void *kernels, const void *input, grade_outputs *outputs);

/* One way of computing a case's outputs. */
typedef struct grade_side {
    grade_compute compute;
    const void *kernels;
} grade_side;

typedef struct grade_case {
    int number, cases;
    const char *description;
    double tolerance_ulps; /* |got - want| <= ulps * epsilon * (1 + |want|); 0: the same bits */
} grade_case;

/* Writes one case: the outputs of `actual` in the student's build, of
 * `expected` in the grader's. In the grader's build both sides link the
 * reference kernels, so for most tests they are the same side. */
void grade_emit_case(const grade_case *a_case, grade_side actual, grade_side expected,
                     const void *input);

/* Writes the expected outputs of a case that tools/teaching/grade.py runs as an
 * MPI job of `ranks` ranks, with these arguments for the case program. */
void grade_emit_launched_case(const grade_case *a_case, int ranks, const char *arguments,
                              grade_outputs *expected);

/* Runs steps time steps of a scenario with a backend (the time-step rule
 * of every backend) and lays out the final h, hu, hv of the interior and
 * the wave speed as outputs. A backend that fails (or NULL) leaves them
 * NaN and says why on stderr. */
typedef struct grade_run {
    const char *scenario;
    int nx, ny, steps;
    enum swe_solver solver;
    int level; /* the backend's optimisation level; 0: its best */
    /* The value of the model's first option (C threads: --threads); NULL: not given. */
    const char *model_option;
} grade_run;
void grade_run_outputs(const swe_cartesian_backend *backend, const grade_run *run,
                       grade_outputs *outputs);

/* The graded exercises of this build. */
const grade_exercise *grade_exercise_at(int index);
int grade_exercise_count(void);

#endif
