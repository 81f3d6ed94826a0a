/* Exercise 02 (exercises/02-openmp-loops-and-reduction): the TODOs of
 * skeletons/openmp/cartesian/openmp_kernels.c on random blocks: the sweep and the
 * band border edges of every thread, every row in exactly one band for 1
 * to 16 threads and for a team smaller than asked, the parallel max wave
 * speed, the races of grade_openmp_races.c, and whole runs of the OpenMP
 * backend. Built only with OpenMP (tools/teaching/teaching.mk). */
#include "tests/grade/grade_openmp.h"
#include "cartesian/grid/boundary.h"
#include "cartesian/program/options.h"

#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

extern const swe_cartesian_backend swe_cartesian_openmp_backend;

const openmp_kernels grade_openmp_linked = {swe_openmp_sweep, swe_openmp_max_wave_speed,
                                            &swe_cartesian_openmp_backend};

/* Row kernels that add in another order than the reference's (a student
 * release runs the student's own from exercise 01) differ in the last
 * places; whole runs carry that through 20 steps. */
static const double KERNEL_ULPS = 64;
static const double RUN_ULPS = 1.0e4;

enum { MAX_THREADS = 16 };

/* A random block (ghost layers set by its boundary conditions, as in a
 * step) and what one sweep of it needs. */
typedef struct sweep_case {
    swe_block block;
    enum swe_solver solver;
    real dt;
    real manning; /* zero in half the cases, so both paths are graded */
    int threads;
    int team_of_one; /* called inside another parallel region: the runtime gives one thread */
    /* Uneven bands at random cuts (some empty), as the plumbing's plan
     * sizes them to the threads' speeds: the band tops show whether the
     * sweep took its rows from the plan. */
    swe_openmp_plan plan;
    int first_row[MAX_THREADS + 1];
    double seconds[MAX_THREADS], rows_per_second[MAX_THREADS];
} sweep_case;

static int compare_ints(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* A plan for the case's threads: cuts drawn from the rows, sorted. */
static void make_plan(grade_rng *rng, sweep_case *sweep)
{
    const int bands = sweep->threads, ny = sweep->block.ny;
    sweep->first_row[0] = 1;
    for (int t = 1; t < bands; ++t) {
        sweep->first_row[t] = grade_integer(rng, 1, ny + 1);
    }
    qsort(sweep->first_row + 1, (size_t)(bands - 1), sizeof sweep->first_row[0], compare_ints);
    sweep->first_row[bands] = ny + 1;
    sweep->plan.bands = bands;
    sweep->plan.first_row = sweep->first_row;
    sweep->plan.seconds = sweep->seconds;
    sweep->plan.rows_per_second = sweep->rows_per_second;
}

static void make_sweep_case(const char *test_id, int case_number, int max_ny, sweep_case *sweep)
{
    grade_rng rng = grade_case_rng(test_id, case_number);
    int nx = grade_integer(&rng, 1, 40), ny = grade_integer(&rng, 1, max_ny);
    nx = nx * ny < 2 ? 2 : nx;
    double width = nx * grade_uniform(&rng, 0.5, 2), height = ny * grade_uniform(&rng, 0.5, 2);
    swe_error err;
    memset(sweep, 0, sizeof *sweep);
    if (swe_block_create(&sweep->block, nx, ny, 0, 0, width, height, &err) != SWE_OK) {
        grade_harness_failure(err.message);
    }
    grade_random_moving_state(&rng, &sweep->block);
    swe_set_boundary_layers(&sweep->block);
    sweep->solver = (enum swe_solver)((case_number - 1) % SWE_SOLVER_COUNT);
    sweep->dt = (real)grade_uniform(&rng, 0.002, 0.05);
    sweep->manning = case_number % 2 == 0 ? (real)grade_uniform(&rng, 0.01, 0.05) : (real)0;
    sweep->threads = grade_integer(&rng, 2, 8);
    make_plan(&rng, sweep);
}

static void describe(const sweep_case *sweep, char *text, size_t size)
{
    snprintf(text, size, "%s, nx=%d, ny=%d, %d threads%s", swe_solver_name(sweep->solver),
             sweep->block.nx, sweep->block.ny, sweep->threads,
             sweep->team_of_one ? " asked, called inside another parallel region: a team of 1"
                                : "");
}

/* A copy of the input's state whose h, hu, hv are the given outputs (the
 * bed is shared: no kernel writes it). */
static swe_block state_outputs(const swe_block *input, grade_outputs *outputs)
{
    size_t size = swe_block_size(input);
    swe_block copy = *input;
    copy.h = grade_add_block(outputs, "h", input->nx, input->ny);
    copy.hu = grade_add_block(outputs, "hu", input->nx, input->ny);
    copy.hv = grade_add_block(outputs, "hv", input->nx, input->ny);
    memcpy(copy.h, input->h, size * sizeof(real));
    memcpy(copy.hu, input->hu, size * sizeof(real));
    memcpy(copy.hv, input->hv, size * sizeof(real));
    copy.ext = NULL;
    return copy;
}

swe_openmp_edges *grade_openmp_nan_edges(int threads, int nx, real **storage)
{
    size_t per_thread = swe_openmp_edges_values(nx);
    swe_openmp_edges *edges = calloc((size_t)threads, sizeof *edges);
    *storage = malloc((size_t)threads * per_thread * sizeof(real));
    if (edges == NULL || *storage == NULL) {
        grade_harness_failure("out of memory for the edge rows of a case");
    }
    for (size_t v = 0; v < (size_t)threads * per_thread; ++v) {
        (*storage)[v] = (real)NAN;
    }
    for (int t = 0; t < threads; ++t) {
        edges[t] = swe_openmp_edges_in(*storage + (size_t)t * per_thread, nx);
    }
    return edges;
}

/* The edges along the top of every band with rows, solved from the old
 * state before the barrier: one field per band. */
static void add_band_tops(const sweep_case *sweep, const swe_openmp_edges *edges,
                          grade_outputs *outputs)
{
    const int nx = sweep->block.nx;
    for (int t = 0; t < sweep->threads; ++t) {
        int first, last;
        swe_openmp_planned_band(&sweep->plan, sweep->block.ny, t, sweep->threads, &first, &last);
        if (first > last) {
            continue;
        }
        const int numbers[GRADE_LAYOUT_NUMBERS] = {nx, last, t};
        real *out = grade_add_field(outputs, "band_top", 6 * (size_t)nx, GRADE_EDGE_ROWS, numbers);
        grade_hint(outputs,
                   "TODO 2 and 3: the band from the plan (swe_openmp_planned_band), its border "
                   "edges solved before the barrier");
        const swe_edge_row *top = &edges[t].band_top;
        const real *arrays[] = {top->h_left,   top->h_right, top->hn_left,
                                top->hn_right, top->ht_left, top->ht_right};
        for (int a = 0; a < 6; ++a) {
            memcpy(out + (size_t)a * (size_t)nx, arrays[a], (size_t)nx * sizeof(real));
        }
    }
}

/* One sweep: the new state, its max wave speed and, with band_tops, the
 * edges along the top of every band. */
static void sweep_outputs(const openmp_kernels *kernels, const sweep_case *sweep, int band_tops,
                          grade_outputs *outputs)
{
    swe_block copy = state_outputs(&sweep->block, outputs);
    real *speed = grade_add_value(outputs, "wave_speed");
    real *storage;
    swe_openmp_edges *edges = grade_openmp_nan_edges(sweep->threads, sweep->block.nx, &storage);
    swe_openmp_plan plan = sweep->plan; /* the sweep writes its times into it */
    *speed = kernels->sweep(&copy, sweep->solver, sweep->dt, sweep->manning, edges, &plan,
                            sweep->threads);
    if (band_tops) {
        add_band_tops(sweep, edges, outputs);
    }
    free(edges);
    free(storage);
}

static void compute_sweep(const void *kernels, const void *input, grade_outputs *outputs)
{
    sweep_outputs(kernels, input, 1, outputs);
}

/* The state and speed of one sweep; for a team-of-one case called from
 * one thread of another parallel region, where nesting is off, so that
 * the sweep's own region gets a single thread whatever it asks for. */
static void compute_sweep_state(const void *kernels, const void *input, grade_outputs *outputs)
{
    const sweep_case *sweep = input;
    if (!sweep->team_of_one) {
        sweep_outputs(kernels, sweep, 0, outputs);
        return;
    }
    int levels_before = omp_get_max_active_levels();
    omp_set_max_active_levels(1);
#pragma omp parallel num_threads(2)
    {
#pragma omp single
        sweep_outputs(kernels, sweep, 0, outputs);
    }
    omp_set_max_active_levels(levels_before);
}

static void compute_max_wave_speed(const void *kernels, const void *input, grade_outputs *outputs)
{
    const sweep_case *sweep = input;
    real *speed = grade_add_value(outputs, "wave_speed");
    *speed = ((const openmp_kernels *)kernels)->max_wave_speed(&sweep->block, sweep->threads);
}

enum { SWEEP_CASES = 12, BAND_CASES = 8, SPEED_CASES = 8, RUN_CASES = 6 };

static void emit_sweeps(const char *test_id, int cases, int max_ny, grade_compute compute,
                        void (*adjust)(int case_number, sweep_case *sweep))
{
    const grade_side linked = {compute, &grade_openmp_linked};
    for (int k = 1; k <= cases; ++k) {
        sweep_case sweep;
        make_sweep_case(test_id, k, max_ny, &sweep);
        if (adjust != NULL) {
            adjust(k, &sweep);
        }
        char description[192];
        describe(&sweep, description, sizeof description);
        const grade_case a_case = {k, cases, description,
                                   compute == compute_max_wave_speed ? 0 : KERNEL_ULPS};
        grade_emit_case(&a_case, linked, linked, &sweep);
        swe_block_destroy(&sweep.block);
    }
}

static void test_sweep(void)
{
    emit_sweeps("sweep", SWEEP_CASES, 24, compute_sweep, NULL);
}

/* 1 to 16 threads, often more than rows (empty bands), and in the last
 * case a team smaller than asked: bands come from omp_get_num_threads(). */
static void band_threads(int case_number, sweep_case *sweep)
{
    static const int threads[BAND_CASES] = {1, 3, 16, 5, 11, 16, 7, 8};
    grade_rng rng = grade_case_rng("band-plans", case_number);
    sweep->threads = threads[case_number - 1];
    sweep->team_of_one = case_number == BAND_CASES;
    make_plan(&rng, sweep);
}

static void test_bands(void)
{
    emit_sweeps("bands", BAND_CASES, 12, compute_sweep_state, band_threads);
}

static void test_max_wave_speed(void)
{
    emit_sweeps("speed", SPEED_CASES, 24, compute_max_wave_speed, NULL);
}

typedef struct threaded_run {
    grade_run run;
    int threads;
} threaded_run;

static void compute_run(const void *kernels, const void *input, grade_outputs *outputs)
{
    const threaded_run *threaded = input;
    int threads_before = omp_get_max_threads();
    omp_set_num_threads(threaded->threads); /* the backend takes OpenMP's thread count */
    grade_run_outputs(((const openmp_kernels *)kernels)->backend, &threaded->run, outputs);
    omp_set_num_threads(threads_before);
}

static void test_whole_runs(void)
{
    const grade_side linked = {compute_run, &grade_openmp_linked};
    for (int k = 1; k <= RUN_CASES; ++k) {
        grade_rng rng = grade_case_rng("runs", k);
        threaded_run threaded = {
            .run = {.scenario = k <= RUN_CASES / 2 ? "radial-dam-break" : "bump-dam-break",
                    .nx = grade_integer(&rng, 6, 30),
                    .ny = grade_integer(&rng, 6, 30),
                    .steps = 20,
                    .solver = (enum swe_solver)((k - 1) % SWE_SOLVER_COUNT)},
            .threads = grade_integer(&rng, 2, 5)};
        const grade_run *run = &threaded.run;
        char description[128];
        snprintf(description, sizeof description, "%s, %s, %d x %d cells, %d steps, %d threads",
                 run->scenario, swe_solver_name(run->solver), run->nx, run->ny, run->steps,
                 threaded.threads);
        const grade_case a_case = {k, RUN_CASES, description, RUN_ULPS};
        grade_emit_case(&a_case, linked, linked, &threaded);
    }
}

static const grade_test openmp_tests[] = {
    {"sweep", "TODO 1-3: the parallel sweep and the band border edges of every thread", 3,
     SWEEP_CASES, test_sweep, 0},
    {"bands", "TODO 2: every row in one band, for 1 to 16 threads and a team smaller than asked", 2,
     BAND_CASES, test_bands, 0},
    {"speed", "TODO 4: the max wave speed as a parallel max reduction", 1, SPEED_CASES,
     test_max_wave_speed, 0},
    {"races",
     "TODO 1 and 4: no race on the maximum: many calls on one input, the max where threads meet", 2,
     GRADE_OPENMP_RACE_CASES, grade_openmp_test_races, 0},
    {"runs", "whole runs: 20 steps of two dam breaks, every solver, 2-5 threads", 2, RUN_CASES,
     test_whole_runs, 0},
};

const grade_exercise grade_openmp_exercise = {"02-openmp-loops-and-reduction", openmp_tests,
                                              (int)(sizeof openmp_tests / sizeof openmp_tests[0])};
