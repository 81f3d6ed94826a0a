/* Exercise 01 (exercises/01-serial-net-updates): the three TODOs of
 * skeletons/serial/serial_kernels.c, each against the reference kernels on
 * random rows with dry cells, then whole runs through the serial backend. */
#include "grade_support.h"
#include "run/options.h"
#include "serial_kernels.h"

#include <stdlib.h>
#include <string.h>

#ifdef SWE_GRADE_WITH_REFERENCE
#include "serial_reference.h"
#endif

extern const swe_backend swe_serial_backend;

typedef struct serial_kernels {
    void (*vertical_edges)(const swe_block *, int, enum swe_solver, swe_edge_row *);
    void (*horizontal_edges)(const swe_block *, int, enum swe_solver, swe_edge_row *);
    real (*update_row)(swe_block *, int, real, real, const swe_edge_row *, const swe_edge_row *,
                       const swe_edge_row *);
    const swe_backend *backend;
} serial_kernels;

static const serial_kernels student = {swe_serial_vertical_edges, swe_serial_horizontal_edges,
                                       swe_serial_update_row, &swe_serial_backend};

static const serial_kernels *reference(void)
{
#ifdef SWE_GRADE_WITH_REFERENCE
    static const serial_kernels kernels = {reference_serial_vertical_edges,
                                           reference_serial_horizontal_edges,
                                           reference_serial_update_row, &reference_serial_backend};
    return &kernels;
#else
    return NULL;
#endif
}

/* Kernels are exact up to the order of a few additions; whole runs carry
 * such differences through 20 steps. */
static const double KERNEL_ULPS = 64;
static const double RUN_ULPS = 1.0e4;

/* One row of a random block. */
typedef struct row_case {
    swe_block block;
    int j;
    enum swe_solver solver;
    real dt;
    real manning;                        /* zero in half the cases, so both paths are graded */
    swe_edge_row vertical, below, above; /* inputs of the row update */
    real *edge_storage;
} row_case;

static int make_row_case(const char *test_id, int case_number, int first_row, row_case *row)
{
    grade_rng rng = grade_case_rng(test_id, case_number);
    int nx = grade_integer(&rng, 1, 40), ny = grade_integer(&rng, 1, 4);
    double width = nx * grade_uniform(&rng, 0.5, 2), height = ny * grade_uniform(&rng, 0.5, 2);
    swe_error err;
    memset(row, 0, sizeof *row);
    if (swe_block_create(&row->block, nx, ny, 0, 0, width, height, &err) != SWE_OK) {
        CU_FAIL_FATAL("cannot create a block for the test");
        return 0;
    }
    grade_random_state(&rng, &row->block);
    row->j = grade_integer(&rng, first_row, ny);
    row->solver = (enum swe_solver)((case_number - 1) % SWE_SOLVER_COUNT);
    row->dt = (real)grade_uniform(&rng, 0.002, 0.05);
    row->manning = case_number % 2 == 0 ? (real)grade_uniform(&rng, 0.01, 0.05) : (real)0;
    size_t length = (size_t)nx + 1;
    row->edge_storage = malloc(18 * length * sizeof(real));
    CU_ASSERT_PTR_NOT_NULL_FATAL(row->edge_storage);
    swe_edge_row *rows[] = {&row->vertical, &row->below, &row->above};
    for (int r = 0; r < 3; ++r) {
        real **arrays[] = {&rows[r]->h_left,   &rows[r]->h_right, &rows[r]->hn_left,
                           &rows[r]->hn_right, &rows[r]->ht_left, &rows[r]->ht_right};
        for (int a = 0; a < 6; ++a) {
            *arrays[a] = row->edge_storage + (size_t)(6 * r + a) * length;
            for (size_t e = 0; e < length; ++e) {
                (*arrays[a])[e] = (real)grade_uniform(&rng, -5, 5);
            }
        }
    }
    return 1;
}

static void free_row_case(row_case *row)
{
    free(row->edge_storage);
    swe_block_destroy(&row->block);
}

static void describe(const row_case *row, char *text, size_t size)
{
    snprintf(text, size, "%s, nx=%d, ny=%d, row j=%d", swe_solver_name(row->solver), row->block.nx,
             row->block.ny, row->j);
}

static swe_edge_row edge_row_outputs(grade_outputs *outputs, size_t length)
{
    swe_edge_row edges;
    edges.h_left = grade_add_field(outputs, "h_left", length);
    edges.h_right = grade_add_field(outputs, "h_right", length);
    edges.hn_left = grade_add_field(outputs, "hn_left", length);
    edges.hn_right = grade_add_field(outputs, "hn_right", length);
    edges.ht_left = grade_add_field(outputs, "ht_left", length);
    edges.ht_right = grade_add_field(outputs, "ht_right", length);
    return edges;
}

static void compute_vertical(const void *kernels, const void *input, grade_outputs *outputs)
{
    const row_case *row = input;
    swe_edge_row edges = edge_row_outputs(outputs, (size_t)row->block.nx + 1);
    ((const serial_kernels *)kernels)->vertical_edges(&row->block, row->j, row->solver, &edges);
}

static void compute_horizontal(const void *kernels, const void *input, grade_outputs *outputs)
{
    const row_case *row = input;
    size_t nx = (size_t)row->block.nx;
    /* nx edges, in rows of nx + 1 like the backend's buffers */
    swe_edge_row edges = edge_row_outputs(outputs, nx + 1);
    ((const serial_kernels *)kernels)->horizontal_edges(&row->block, row->j, row->solver, &edges);
    for (int f = 0; f < outputs->count; ++f) {
        outputs->fields[f].count = nx; /* the unused last slot is not compared */
    }
}

static void compute_update(const void *kernels, const void *input, grade_outputs *outputs)
{
    const row_case *row = input;
    size_t size = swe_block_size(&row->block);
    /* The update works in place: on a copy, so that both runs see the same input. */
    swe_block copy = row->block;
    copy.h = grade_add_field(outputs, "h", size);
    copy.hu = grade_add_field(outputs, "hu", size);
    copy.hv = grade_add_field(outputs, "hv", size);
    real *speed = grade_add_field(outputs, "wave_speed", 1);
    memcpy(copy.h, row->block.h, size * sizeof(real));
    memcpy(copy.hu, row->block.hu, size * sizeof(real));
    memcpy(copy.hv, row->block.hv, size * sizeof(real));
    *speed = ((const serial_kernels *)kernels)
                 ->update_row(&copy, row->j, row->dt, row->manning, &row->vertical, &row->below,
                              &row->above);
}

static void check_rows(const char *test_id, int cases, int first_row, grade_compute compute)
{
    for (int k = 1; k <= cases; ++k) {
        row_case row;
        if (!make_row_case(test_id, k, first_row, &row)) {
            return;
        }
        char description[128];
        describe(&row, description, sizeof description);
        grade_check_case(test_id, k, cases, description, compute, &student, reference(), &row,
                         KERNEL_ULPS, __FILE__, __LINE__);
        free_row_case(&row);
    }
}

enum { VERTICAL_CASES = 12, HORIZONTAL_CASES = 12, UPDATE_CASES = 9, RUN_CASES = 6 };

static void test_vertical_edges(void)
{
    check_rows("vertical", VERTICAL_CASES, 1, compute_vertical);
}

static void test_horizontal_edges(void)
{
    check_rows("horizontal", HORIZONTAL_CASES, 0, compute_horizontal);
}

static void test_update_row(void)
{
    check_rows("update", UPDATE_CASES, 1, compute_update);
}

static void compute_run(const void *kernels, const void *input, grade_outputs *outputs)
{
    grade_run_outputs(((const serial_kernels *)kernels)->backend, input, outputs);
}

static void test_whole_runs(void)
{
    for (int k = 1; k <= RUN_CASES; ++k) {
        grade_rng rng = grade_case_rng("runs", k);
        grade_run run = {.scenario = k <= RUN_CASES / 2 ? "radial-dam-break" : "bump-dam-break",
                         .nx = grade_integer(&rng, 6, 30),
                         .ny = grade_integer(&rng, 6, 30),
                         .steps = 20,
                         .solver = (enum swe_solver)((k - 1) % SWE_SOLVER_COUNT)};
        char description[128];
        snprintf(description, sizeof description, "%s, %s, %d x %d cells, %d steps", run.scenario,
                 swe_solver_name(run.solver), run.nx, run.ny, run.steps);
        grade_check_case("runs", k, RUN_CASES, description, compute_run, &student, reference(),
                         &run, RUN_ULPS, __FILE__, __LINE__);
    }
}

static const grade_test serial_tests[] = {
    {"vertical", "TODO 1: net updates on the vertical edges of a row", 3, VERTICAL_CASES,
     test_vertical_edges},
    {"horizontal", "TODO 2: net updates on the horizontal edges above a row", 3, HORIZONTAL_CASES,
     test_horizontal_edges},
    {"update", "TODO 3: Euler update of a row and its max wave speed", 2, UPDATE_CASES,
     test_update_row},
    {"runs", "whole runs: 20 steps of two dam breaks, every solver", 2, RUN_CASES, test_whole_runs},
};

const grade_exercise grade_serial_exercise = {"01-serial-net-updates", serial_tests,
                                              (int)(sizeof serial_tests / sizeof serial_tests[0]),
                                              NULL};
