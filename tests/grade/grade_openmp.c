/* Exercise 02 (exercises/02-openmp-loops-and-reduction): the TODOs of
 * skeletons/openmp/openmp_kernels.c on random blocks with several thread
 * counts, including more threads than rows: the sweep and the band border
 * edges of every thread against the reference kernels, the sweep against
 * the serial sweep of the same row kernels (the same values for any
 * thread count), the parallel max wave speed, and whole runs of the
 * OpenMP backend. Built only with OpenMP (tools/teaching.mk). */
#include "grade_support.h"
#include "grid/boundary.h"
#include "openmp_kernels.h"
#include "run/options.h"

#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#ifdef SWE_GRADE_WITH_REFERENCE
#include "openmp_reference.h"
#endif

extern const swe_backend swe_serial_backend;
extern const swe_backend swe_openmp_backend;

typedef struct openmp_kernels {
    real (*sweep)(swe_block *, enum swe_solver, real, real, swe_openmp_edges *, int);
    real (*max_wave_speed)(const swe_block *, int);
    const swe_backend *backend;
} openmp_kernels;

static const openmp_kernels student = {swe_openmp_sweep, swe_openmp_max_wave_speed,
                                       &swe_openmp_backend};

static const openmp_kernels *reference(void)
{
#ifdef SWE_GRADE_WITH_REFERENCE
    static const openmp_kernels kernels = {reference_openmp_sweep, reference_openmp_max_wave_speed,
                                           &reference_openmp_backend};
    return &kernels;
#else
    return NULL;
#endif
}

/* Against the reference: in a student release the row kernels are the
 * student's own from exercise 01, which may add in another order (see
 * grade_serial.c). Against the serial sweep of the same row kernels: the
 * same values. Whole runs carry small differences through 20 steps. */
static const double KERNEL_ULPS = 64;
static const double SAME_VALUES = 0;
static const double RUN_ULPS = 1.0e4;

/* A random block (ghost layers set by its boundary conditions, as in a
 * step) and what one sweep of it needs. */
typedef struct sweep_case {
    swe_block block;
    enum swe_solver solver;
    real dt;
    real manning; /* zero in half the cases, so both paths are graded */
    int threads;
} sweep_case;

static int make_sweep_case(const char *test_id, int case_number, sweep_case *sweep)
{
    grade_rng rng = grade_case_rng(test_id, case_number);
    int nx = grade_integer(&rng, 1, 40), ny = grade_integer(&rng, 1, 24);
    double width = nx * grade_uniform(&rng, 0.5, 2), height = ny * grade_uniform(&rng, 0.5, 2);
    swe_error err;
    memset(sweep, 0, sizeof *sweep);
    if (swe_block_create(&sweep->block, nx, ny, 0, 0, width, height, &err) != SWE_OK) {
        CU_FAIL_FATAL("cannot create a block for the test");
        return 0;
    }
    grade_random_state(&rng, &sweep->block);
    swe_set_boundary_layers(&sweep->block);
    sweep->solver = (enum swe_solver)((case_number - 1) % SWE_SOLVER_COUNT);
    sweep->dt = (real)grade_uniform(&rng, 0.002, 0.05);
    sweep->manning = case_number % 2 == 0 ? (real)grade_uniform(&rng, 0.01, 0.05) : (real)0;
    sweep->threads = grade_integer(&rng, 2, 8);
    return 1;
}

static void describe(const sweep_case *sweep, char *text, size_t size)
{
    snprintf(text, size, "%s, nx=%d, ny=%d, %d threads", swe_solver_name(sweep->solver),
             sweep->block.nx, sweep->block.ny, sweep->threads);
}

/* A copy of the input's state whose h, hu, hv are the given outputs (the
 * bed is shared: no kernel writes it). */
static swe_block state_outputs(const swe_block *input, grade_outputs *outputs)
{
    size_t size = swe_block_size(input);
    swe_block copy = *input;
    copy.h = grade_add_field(outputs, "h", size);
    copy.hu = grade_add_field(outputs, "hu", size);
    copy.hv = grade_add_field(outputs, "hv", size);
    memcpy(copy.h, input->h, size * sizeof(real));
    memcpy(copy.hu, input->hu, size * sizeof(real));
    memcpy(copy.hv, input->hv, size * sizeof(real));
    copy.ext = NULL;
    return copy;
}

/* Edge rows for `threads` threads, all NaN, so that a row a kernel reads
 * before writing spoils the result instead of passing by chance. */
static swe_openmp_edges *nan_edges(int threads, size_t length, real **storage)
{
    size_t row = SWE_EDGE_ROW_ARRAYS * length, per_thread = 4 * row;
    swe_openmp_edges *edges = calloc((size_t)threads, sizeof *edges);
    *storage = malloc((size_t)threads * per_thread * sizeof(real));
    if (edges == NULL || *storage == NULL) {
        free(edges);
        free(*storage);
        return NULL;
    }
    for (size_t v = 0; v < (size_t)threads * per_thread; ++v) {
        (*storage)[v] = (real)NAN;
    }
    for (int t = 0; t < threads; ++t) {
        real *own = *storage + (size_t)t * per_thread;
        edges[t].vertical = swe_edge_row_in(own, length);
        edges[t].below = swe_edge_row_in(own + row, length);
        edges[t].above = swe_edge_row_in(own + 2 * row, length);
        edges[t].band_top = swe_edge_row_in(own + 3 * row, length);
    }
    return edges;
}

/* One sweep: the new state, its max wave speed and, for every thread with
 * rows, the edges along the top of its band (from the old state). */
static void compute_sweep(const void *kernels, const void *input, grade_outputs *outputs)
{
    const sweep_case *sweep = input;
    const int nx = sweep->block.nx, threads = sweep->threads;
    swe_block copy = state_outputs(&sweep->block, outputs);
    real *speed = grade_add_field(outputs, "wave_speed", 1);
    int bands_with_rows = 0;
    for (int t = 0; t < threads; ++t) {
        int first, last;
        swe_openmp_band(sweep->block.ny, t, threads, &first, &last);
        bands_with_rows += first <= last;
    }
    real *band_tops = grade_add_field(outputs, "band_top", (size_t)bands_with_rows * 6 * nx);
    real *storage;
    swe_openmp_edges *edges = nan_edges(threads, (size_t)nx + 1, &storage);
    if (edges == NULL) {
        CU_FAIL_FATAL("out of memory for the edge rows of the test");
        return;
    }
    *speed = ((const openmp_kernels *)kernels)
                 ->sweep(&copy, sweep->solver, sweep->dt, sweep->manning, edges, threads);
    for (int t = 0; t < threads; ++t) {
        int first, last;
        swe_openmp_band(sweep->block.ny, t, threads, &first, &last);
        if (first > last) {
            continue;
        }
        const swe_edge_row *top = &edges[t].band_top;
        const real *arrays[] = {top->h_left,   top->h_right, top->hn_left,
                                top->hn_right, top->ht_left, top->ht_right};
        for (int a = 0; a < 6; ++a) {
            memcpy(band_tops, arrays[a], (size_t)nx * sizeof(real));
            band_tops += nx;
        }
    }
    free(edges);
    free(storage);
}

/* The serial backend's step on the same state: the same row kernels, one
 * thread. */
static void compute_serial_step(const sweep_case *sweep, grade_outputs *outputs)
{
    swe_block copy = state_outputs(&sweep->block, outputs);
    real *speed = grade_add_field(outputs, "wave_speed", 1);
    swe_backend_config config = {.solver = sweep->solver, .manning = sweep->manning};
    swe_error err;
    if (swe_serial_backend.init(&copy, &config, &err) != SWE_OK ||
        swe_serial_backend.step(&copy, sweep->dt, speed, &err) != SWE_OK) {
        CU_FAIL_FATAL("the serial backend failed in the test");
    }
    swe_serial_backend.finalize(&copy);
}

static void compute_sweep_state(const openmp_kernels *kernels, const sweep_case *sweep,
                                grade_outputs *outputs)
{
    grade_outputs all = {0};
    compute_sweep(kernels, sweep, &all);
    /* keep h, hu, hv and the wave speed; the band tops are not the serial sweep's business */
    for (int f = 0; f < all.count; ++f) {
        if (strcmp(all.fields[f].name, "band_top") == 0) {
            free(all.fields[f].values);
        } else {
            outputs->fields[outputs->count++] = all.fields[f];
        }
    }
}

static void compute_max_wave_speed(const void *kernels, const void *input, grade_outputs *outputs)
{
    const sweep_case *sweep = input;
    real *speed = grade_add_field(outputs, "wave_speed", 1);
    *speed = ((const openmp_kernels *)kernels)->max_wave_speed(&sweep->block, sweep->threads);
}

enum { SWEEP_CASES = 12, SERIAL_CASES = 8, SPEED_CASES = 8, RUN_CASES = 6 };

static void test_sweep(void)
{
    for (int k = 1; k <= SWEEP_CASES; ++k) {
        sweep_case sweep;
        if (!make_sweep_case("sweep", k, &sweep)) {
            return;
        }
        char description[128];
        describe(&sweep, description, sizeof description);
        grade_check_case("sweep", k, SWEEP_CASES, description, compute_sweep, &student, reference(),
                         &sweep, KERNEL_ULPS, __FILE__, __LINE__);
        swe_block_destroy(&sweep.block);
    }
}

static void test_same_as_serial(void)
{
    for (int k = 1; k <= SERIAL_CASES; ++k) {
        sweep_case sweep;
        if (!make_sweep_case("serial", k, &sweep)) {
            return;
        }
        char description[128];
        describe(&sweep, description, sizeof description);
        grade_outputs actual = {0}, expected = {0};
        compute_sweep_state(&student, &sweep, &actual);
        compute_serial_step(&sweep, &expected);
        if (memcmp(expected.fields[0].values, sweep.block.h,
                   swe_block_size(&sweep.block) * sizeof(real)) == 0) {
            /* nothing to compare with: the row kernels of this build are still skeletons */
            grade_record_case(0, k, SERIAL_CASES, description,
                              "the serial sweep of this build leaves the state unchanged: "
                              "finish the serial kernels of exercise 01 first",
                              __FILE__, __LINE__);
            grade_free_outputs(&actual);
            grade_free_outputs(&expected);
        } else {
            grade_check_outputs(k, SERIAL_CASES, description, &actual, &expected,
                                "the serial sweep", SAME_VALUES, __FILE__, __LINE__);
        }
        swe_block_destroy(&sweep.block);
    }
}

static void test_max_wave_speed(void)
{
    for (int k = 1; k <= SPEED_CASES; ++k) {
        sweep_case sweep;
        if (!make_sweep_case("speed", k, &sweep)) {
            return;
        }
        char description[128];
        describe(&sweep, description, sizeof description);
        grade_check_case("speed", k, SPEED_CASES, description, compute_max_wave_speed, &student,
                         reference(), &sweep, SAME_VALUES, __FILE__, __LINE__);
        swe_block_destroy(&sweep.block);
    }
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
        grade_check_case("runs", k, RUN_CASES, description, compute_run, &student, reference(),
                         &threaded, RUN_ULPS, __FILE__, __LINE__);
    }
}

static const grade_test openmp_tests[] = {
    {"sweep", "TODO 1-3: the parallel sweep and the band border edges of every thread", 4,
     SWEEP_CASES, test_sweep},
    {"serial", "TODO 1-3: the same values as the serial sweep, for any thread count", 2,
     SERIAL_CASES, test_same_as_serial},
    {"speed", "TODO 4: the max wave speed as a parallel max reduction", 2, SPEED_CASES,
     test_max_wave_speed},
    {"runs", "whole runs: 20 steps of two dam breaks, every solver, 2-5 threads", 2, RUN_CASES,
     test_whole_runs},
};

const grade_exercise grade_openmp_exercise = {"02-openmp-loops-and-reduction", openmp_tests,
                                              (int)(sizeof openmp_tests / sizeof openmp_tests[0]),
                                              NULL};
