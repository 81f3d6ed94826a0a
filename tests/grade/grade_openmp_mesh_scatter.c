/* Exercise 16 (exercises/16-mesh-scatter-race): the atomic and the
 * coloured scatter of skeletons/openmp/mesh/mesh_openmp_scatter.c against
 * the gather. Random fluxes on random meshes of 800 to 5000 triangles,
 * numbered at random so that the edges of every thread touch the cells of
 * every other one; each scatter runs CALLS times and every call must give
 * what the gather gives, to the rounding of another order of additions.
 * The expected side is the gather of common/mesh/numerics (the grader's
 * build never runs a scatter); the colouring is common/mesh/geometry's. */
#include "backends/openmp/mesh/mesh_openmp_scatter.h"
#include "tests/grade/grade_mesh_scatter.h"

#include <stdlib.h>

enum { CASES = 6, CALLS = 256 };

typedef struct scatter_input {
    const char *test_id;
    int case_number;
    int coloured; /* 0: the atomic scatter */
} scatter_input;

static int threads_of(int case_number)
{
    return 2 + (case_number - 1) % 3;
}

static void make_case(const scatter_input *in, grade_mesh_case *c)
{
    static const int cells_a_side[2] = {20, 50};
    grade_scatter_make_case(in->test_id, in->case_number, cells_a_side, c);
}

/* One scatter of the kernel under test into sums, on threads threads. */
static void scatter(const scatter_input *in, const swe_mesh_arrays *a,
                    const swe_mesh_colouring *colouring, swe_mesh_cell_sums sums, int threads)
{
    swe_mesh_openmp_sums_zero(a, sums, threads);
    if (in->coloured) {
        swe_mesh_openmp_scatter_coloured(a, colouring, sums, threads);
    } else {
        swe_mesh_openmp_scatter_atomic(a, sums, threads);
    }
}

/* Expected (kernels NULL): the gather, no call off, no change between
 * thread counts. Actual: the last call's sums, the (call, cell) pairs off
 * over CALLS calls, and for the coloured scatter the cells that change
 * between one thread and the case's count. */
static void scatter_outputs(const void *kernels, const void *input, grade_outputs *outputs)
{
    const scatter_input *in = input;
    grade_mesh_case c;
    make_case(in, &c);
    const swe_mesh_arrays *a = &c.run.host;
    int cells = a->cell_count, threads = threads_of(in->case_number), off = 0, changed = 0;
    real *storage = malloc((size_t)6 * cells * sizeof *storage);
    swe_mesh_colouring colouring;
    swe_error err;
    if (storage == NULL || swe_mesh_colour_edges(cells, a->edge_count, a->edge_left, a->edge_right,
                                                 &colouring, &err) != SWE_OK) {
        grade_harness_failure("cannot set up a scatter case");
    }
    swe_mesh_cell_sums last = grade_scatter_sums_in(storage, cells, 0);
    swe_mesh_cell_sums single = grade_scatter_sums_in(storage, cells, 1);
    for (int call = 0; call < CALLS; ++call) {
        if (kernels != NULL) {
            scatter(in, a, &colouring, last, threads);
            off += grade_scatter_cells_off(a, last);
        } else {
            grade_scatter_gather(a, last);
        }
    }
    if (kernels != NULL && in->coloured) {
        scatter(in, a, &colouring, single, 1);
        changed = grade_scatter_cells_changed(cells, last, single);
    }
    const char *hint = in->coloured
                           ? "TODO 2: each colour's edges in an omp for, plain additions, the "
                             "colours one after the other"
                           : "TODO 1: every edge, each of its six additions under omp atomic "
                             "(without it two threads that add to one cell race: a data race "
                             "loses additions)";
    grade_scatter_add_sums(outputs, &c, last, hint);
    grade_scatter_add_count(outputs, "calls_and_cells_off_the_gather", off,
                            "a cell lost an addition in some call: a data race (an addition "
                            "without atomic, or two edges of one cell in one colour)");
    if (in->coloured) {
        grade_scatter_add_count(outputs, "cells_that_change_with_the_thread_count", changed,
                                "a coloured scatter adds in a fixed order: the same bits on any "
                                "number of threads");
    }
    swe_mesh_colouring_free(&colouring);
    free(storage);
    grade_mesh_free_case(&c);
}

static void emit(const char *test_id, int coloured)
{
    static const int marker = 1;
    for (int k = 1; k <= CASES; ++k) {
        scatter_input input = {test_id, k, coloured};
        grade_mesh_case c;
        make_case(&input, &c);
        char description[224];
        snprintf(description, sizeof description, "%s, %d threads, %d calls", c.description,
                 threads_of(k), CALLS);
        grade_case a_case = {k, CASES, description, GRADE_SCATTER_ULPS};
        grade_emit_case(&a_case, (grade_side){scatter_outputs, &marker},
                        (grade_side){scatter_outputs, NULL}, &input);
        grade_mesh_free_case(&c);
    }
}

static void test_atomic(void)
{
    emit("mesh-scatter-atomic", 0);
}

static void test_coloured(void)
{
    emit("mesh-scatter-coloured", 1);
}

static const grade_test scatter_tests[] = {
    {"atomic", "TODO 1: the scatter with atomics, against the gather", 5, CASES, test_atomic, 0},
    {"coloured",
     "TODO 2: the coloured scatter, against the gather, the same bits on any thread "
     "count",
     5, CASES, test_coloured, 0},
};

const grade_exercise grade_mesh_scatter_exercise = {
    "16-mesh-scatter-race", scatter_tests, (int)(sizeof scatter_tests / sizeof scatter_tests[0])};
