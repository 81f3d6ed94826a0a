/* Exercise 16 (exercises/16-mesh-scatter-race): the atomic and the
 * coloured scatter of skeletons/openmp/mesh/mesh_openmp_scatter.c. Random
 * fluxes on random meshes of 800 to 5000 triangles, numbered at random so
 * that the edges of every thread touch the cells of every other one. Each
 * scatter runs CALLS times and every call must give what the gather gives
 * to the rounding of another order of additions (the atomic scatter), or
 * the bits of the colours added in turn on the host (the coloured one).
 * What would pass without the exercise's work fails too: the scatter is
 * handed the mesh without its cells' own edge lists (a gather in its place
 * adds the wrong edges: grade_mesh_scatter.h), and in one more call per
 * thread its team is watched (grade_openmp_team.h): the call must open a
 * team of the case's thread count, and no thread held back may find that
 * the others did its edges. On two threads the atomic scatter also runs
 * contended calls, whose edges all join the same two cells: every thread
 * adds to those two cells all the time, so that an addition without its
 * atomic is lost in most calls where the two threads run at once.
 * The expected side is the gather and the colouring of common/mesh (the
 * grader's build never runs a scatter). */
#include "backends/openmp/mesh/mesh_openmp_scatter.h"
#include "tests/grade/grade_mesh_scatter.h"
#include "tests/grade/grade_openmp_team.h"

#include <stdlib.h>

enum { CASES = 6, CALLS = 256, CONTENDED_EDGES = 1 << 18, CONTENDED_CALLS = 8 };

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

/* A watched call's view of the sums while the team works. */
typedef struct progress_view {
    const swe_mesh_arrays *a; /* with its cells' edges, for the gather */
    swe_mesh_cell_sums sums;
} progress_view;

static long cells_written(const void *context)
{
    const progress_view *view = context;
    long written = 0;
    for (int c = 0; c < view->a->cell_count; ++c) {
        written += ((volatile real *)view->sums.h)[c] != (real)0;
    }
    return written;
}

static int all_cells_done(const void *context)
{
    const progress_view *view = context;
    return grade_scatter_cells_off(view->a, view->sums) == 0;
}

typedef struct team_counts {
    int without_team; /* watched calls that opened no team of the case's size */
    int left_out;     /* held threads that found their edges done by others */
} team_counts;

/* One call per thread of the team, that thread held back (the sums are
 * zeroed outside the watch: only the scatter's own region counts). */
static void watched_calls(const scatter_input *in, const swe_mesh_arrays *clean,
                          const swe_mesh_arrays *handed, const swe_mesh_colouring *colouring,
                          swe_mesh_cell_sums sums, int threads, team_counts *counts, int *off)
{
    progress_view view = {clean, sums};
    for (int held = 0; held < threads; ++held) {
        swe_mesh_openmp_sums_zero(handed, sums, threads);
        grade_openmp_watch watch = {threads, held, cells_written, all_cells_done, &view};
        grade_openmp_watch_start(&watch);
        if (in->coloured) {
            swe_mesh_openmp_scatter_coloured(handed, colouring, sums, threads);
        } else {
            swe_mesh_openmp_scatter_atomic(handed, sums, threads);
        }
        grade_openmp_seen seen = grade_openmp_watch_stop();
        counts->without_team += seen.teams == 0;
        counts->left_out += seen.others_did_it_all;
        *off += grade_scatter_cells_off(clean, sums);
    }
}

/* Contended calls of the atomic scatter whose sums are off: every edge
 * takes 1 out of cell 0 and adds 1 to cell 1, so that the exact sums are
 * -CONTENDED_EDGES and +CONTENDED_EDGES (integers that every precision
 * holds exactly, in any order of the additions) and 0 elsewhere. */
static int contended_calls_off(const swe_mesh_arrays *handed, swe_mesh_cell_sums sums, int threads)
{
    int *ends = malloc((size_t)2 * CONTENDED_EDGES * sizeof *ends);
    real *ones = malloc((size_t)CONTENDED_EDGES * sizeof *ones);
    if (ends == NULL || ones == NULL) {
        grade_harness_failure("cannot set up the contended scatter calls");
    }
    for (int e = 0; e < CONTENDED_EDGES; ++e) {
        ends[e] = 0;
        ends[CONTENDED_EDGES + e] = 1;
        ones[e] = (real)1;
    }
    swe_mesh_arrays contended = *handed;
    contended.edge_left = ends;
    contended.edge_right = ends + CONTENDED_EDGES;
#define SWE_GRADE_ONES(name) contended.name = ones;
    SWE_MESH_FLUX_ARRAYS(SWE_GRADE_ONES)
#undef SWE_GRADE_ONES
    contended.edge_count = contended.interior_edge_count = CONTENDED_EDGES;
    int off = 0;
    for (int call = 0; call < CONTENDED_CALLS; ++call) {
        swe_mesh_openmp_sums_zero(&contended, sums, threads);
        swe_mesh_openmp_scatter_atomic(&contended, sums, threads);
        int wrong = 0;
        for (int c = 0; c < contended.cell_count; ++c) {
            real expected = c == 0 ? -(real)CONTENDED_EDGES : c == 1 ? (real)CONTENDED_EDGES : 0;
            wrong |= sums.h[c] != expected || sums.hu[c] != expected || sums.hv[c] != expected;
        }
        off += wrong;
    }
    free(ones);
    free(ends);
    return off;
}

static const char *sums_hint(int coloured)
{
    return coloured ? "TODO 2: each colour's edges in an omp for, plain additions, the colours "
                      "one after the other (the sums must have the bits of the colours added "
                      "in turn; the scatter goes through the edges: these cases hide each "
                      "cell's own edge list, which only a gather reads)"
                    : "TODO 1: every edge, each of its six additions under omp atomic (without "
                      "it two threads that add to one cell race: a data race loses additions; "
                      "the scatter goes through the edges: these cases hide each cell's own "
                      "edge list, which only a gather reads)";
}

static void add_team_counts(grade_outputs *outputs, const team_counts *counts)
{
    grade_scatter_add_count(outputs, "watched_calls_without_a_team", counts->without_team,
                            "the scatter opened no parallel region of `threads` threads: it "
                            "ran on one thread (num_threads(threads) on the parallel region)");
    grade_scatter_add_count(outputs, "held_threads_whose_edges_others_did", counts->left_out,
                            "while one thread of the team was held back, the others did every "
                            "edge: a thread had no share of the loop (an omp for with "
                            "schedule(static) gives each thread its part)");
}

/* Expected (kernels NULL): the gather (atomic) or the colours in turn
 * (coloured), no call off, no change between thread counts, a team in
 * every watched call. Actual: the last call's sums, the (call, cell) pairs
 * off over every call, for the coloured scatter the cells that change
 * between one thread and the case's count, and what the watch saw. */
static void scatter_outputs(const void *kernels, const void *input, grade_outputs *outputs)
{
    const scatter_input *in = input;
    grade_mesh_case c;
    make_case(in, &c);
    const swe_mesh_arrays *a = &c.run.host;
    int cells = a->cell_count, threads = threads_of(in->case_number), off = 0, changed = 0;
    real *storage = malloc((size_t)6 * cells * sizeof *storage);
    int *hidden_edges = malloc((size_t)cells * sizeof *hidden_edges);
    swe_mesh_colouring colouring;
    swe_error err;
    if (storage == NULL || hidden_edges == NULL ||
        swe_mesh_colour_edges(cells, a->edge_count, a->edge_left, a->edge_right, &colouring,
                              &err) != SWE_OK) {
        grade_harness_failure("cannot set up a scatter case");
    }
    swe_mesh_arrays handed = grade_scatter_hide_cell_edges(a, hidden_edges);
    swe_mesh_cell_sums last = grade_scatter_sums_in(storage, cells, 0);
    swe_mesh_cell_sums single = grade_scatter_sums_in(storage, cells, 1);
    team_counts counts = {0, 0};
    int contended_off = 0;
    if (kernels != NULL) {
        if (!in->coloured && threads == 2) {
            contended_off = contended_calls_off(&handed, last, threads);
        }
        watched_calls(in, a, &handed, &colouring, last, threads, &counts, &off);
        for (int call = 0; call < CALLS; ++call) {
            scatter(in, &handed, &colouring, last, threads);
            off += grade_scatter_cells_off(a, last);
        }
        if (in->coloured) {
            scatter(in, &handed, &colouring, single, 1);
            changed = grade_scatter_cells_changed(cells, last, single);
        }
    } else if (in->coloured) {
        grade_scatter_colour_order(a, &colouring, last);
    } else {
        grade_scatter_gather(a, last);
    }
    grade_scatter_add_sums(outputs, &c, last, sums_hint(in->coloured));
    grade_scatter_add_count(outputs, "calls_and_cells_off_the_gather", off,
                            "a cell lost an addition in some call: a data race (an addition "
                            "without atomic, or two edges of one cell in one colour)");
    if (!in->coloured && threads == 2) {
        grade_scatter_add_count(outputs, "contended_calls_that_lost_an_addition", contended_off,
                                "every edge between the same two cells, two threads adding to "
                                "them at once: an addition without omp atomic is lost");
    }
    if (in->coloured) {
        grade_scatter_add_count(outputs, "cells_that_change_with_the_thread_count", changed,
                                "a coloured scatter adds in a fixed order: the same bits on any "
                                "number of threads");
    }
    add_team_counts(outputs, &counts);
    swe_mesh_colouring_free(&colouring);
    free(hidden_edges);
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
        grade_case a_case = {k, CASES, description, coloured ? 0 : GRADE_SCATTER_ULPS};
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
    {"atomic", "TODO 1: the scatter with atomics, against the gather, on every thread", 5, CASES,
     test_atomic, 0},
    {"coloured",
     "TODO 2: the coloured scatter, the bits of the colours added in turn on any thread count", 5,
     CASES, test_coloured, 0},
};

const grade_exercise grade_mesh_scatter_exercise = {
    "16-mesh-scatter-race", scatter_tests, (int)(sizeof scatter_tests / sizeof scatter_tests[0])};
