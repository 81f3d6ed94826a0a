/* Exercise 01 (exercises/01-serial-net-updates): the three TODOs of
 * skeletons/serial/cartesian/serial_kernels.c, each on random rows with dry cells,
 * then whole runs through the serial backend. The grader's build links
 * the reference kernels under the same names, so one side computes both
 * the expected and the actual outputs (grade_support.h). */
#include "backends/serial/cartesian/serial_kernels.h"
#include "cartesian/numerics/solver_sides.h"
#include "cartesian/program/options.h"
#include "tests/grade/grade_support.h"

#include <stdlib.h>
#include <string.h>

extern const swe_cartesian_backend swe_cartesian_serial_backend;

typedef struct serial_kernels {
    void (*vertical_edges)(const swe_side_row *, int, enum swe_solver, swe_edge_row *);
    void (*horizontal_edges)(const swe_side_row *, const swe_side_row *, int, enum swe_solver,
                             swe_edge_row *);
    real (*update_row)(swe_block *, int, real, real, const swe_edge_row *, const swe_edge_row *,
                       const swe_edge_row *);
    const swe_cartesian_backend *backend;
} serial_kernels;

/* The kernels linked into this build: the reference's in the grader's,
 * the student's in the sandbox. */
static const serial_kernels linked_kernels = {swe_serial_vertical_edges,
                                              swe_serial_horizontal_edges, swe_serial_update_row,
                                              &swe_cartesian_serial_backend};

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
    swe_side_row lower, upper;           /* rows j and j+1 as sides: inputs of the edges */
    real *edge_storage, *side_storage;
    real *fallback; /* the flags an edge kernel keeps for itself: scratch, not graded */
} row_case;

/* Row j of the block as sides, built here from the shared numerics, so
 * that the edge loops are graded on their own. */
static void fill_sides(const swe_block *block, int j, enum swe_solver solver, swe_side_row *row)
{
    row->h = block->h + SWE_INDEX(block, 0, j);
    row->hn = block->hu + SWE_INDEX(block, 0, j);
    row->ht = block->hv + SWE_INDEX(block, 0, j);
    row->b = block->b + SWE_INDEX(block, 0, j);
    for (int i = 0; i <= block->nx + 1; ++i) {
        swe_fwave_side side = swe_side_for(solver, row->h[i], row->hn[i], row->ht[i], row->b[i]);
        row->u[i] = side.u;
        row->v[i] = side.v;
        row->c[i] = side.c;
        row->root[i] = side.root;
    }
}

static void make_row_case(const char *test_id, int case_number, int first_row, row_case *row)
{
    grade_rng rng = grade_case_rng(test_id, case_number);
    int nx = grade_integer(&rng, 1, 40), ny = grade_integer(&rng, 1, 4);
    double width = nx * grade_uniform(&rng, 0.5, 2), height = ny * grade_uniform(&rng, 0.5, 2);
    swe_error err;
    memset(row, 0, sizeof *row);
    if (swe_block_create(&row->block, nx, ny, 0, 0, width, height, &err) != SWE_OK) {
        grade_harness_failure(err.message);
    }
    grade_random_state(&rng, &row->block);
    row->j = grade_integer(&rng, first_row, ny);
    /* At least one wet cell in the row: a row of dry cells stays as it is,
     * which a kernel that does nothing would match. */
    size_t wet = SWE_INDEX(&row->block, grade_integer(&rng, 1, nx), row->j);
    if (row->block.h[wet] < (real)0.05) {
        row->block.h[wet] = (real)grade_uniform(&rng, 0.5, 5);
    }
    row->solver = (enum swe_solver)((case_number - 1) % SWE_SOLVER_COUNT);
    row->dt = (real)grade_uniform(&rng, 0.002, 0.05);
    row->manning = case_number % 2 == 0 ? (real)grade_uniform(&rng, 0.01, 0.05) : (real)0;
    size_t length = (size_t)nx + 1;
    row->edge_storage = malloc(3 * SWE_EDGE_ROW_ARRAYS * length * sizeof(real));
    row->side_storage = malloc(2 * SWE_SIDE_ROW_ARRAYS * (length + 1) * sizeof(real));
    row->fallback = calloc(length, sizeof(real));
    if (row->edge_storage == NULL || row->side_storage == NULL || row->fallback == NULL) {
        grade_harness_failure("out of memory for the edge rows of a case");
    }
    row->lower = swe_side_row_in(row->side_storage, length + 1);
    row->upper =
        swe_side_row_in(row->side_storage + SWE_SIDE_ROW_ARRAYS * (length + 1), length + 1);
    fill_sides(&row->block, row->j, row->solver, &row->lower);
    fill_sides(&row->block, row->j + 1, row->solver, &row->upper);
    swe_edge_row *rows[] = {&row->vertical, &row->below, &row->above};
    for (int r = 0; r < 3; ++r) {
        *rows[r] =
            swe_edge_row_in(row->edge_storage + (size_t)SWE_EDGE_ROW_ARRAYS * r * length, length);
        real *values[] = {rows[r]->h_left,   rows[r]->h_right, rows[r]->hn_left,
                          rows[r]->hn_right, rows[r]->ht_left, rows[r]->ht_right};
        for (int a = 0; a < 6; ++a) {
            for (size_t e = 0; e < length; ++e) {
                values[a][e] = (real)grade_uniform(&rng, -5, 5);
            }
        }
    }
}

static void free_row_case(row_case *row)
{
    free(row->edge_storage);
    free(row->side_storage);
    free(row->fallback);
    swe_block_destroy(&row->block);
}

/* Friction only enters the row update: its cases say which coefficient. */
static void describe(const row_case *row, int with_friction, char *text, size_t size)
{
    int length = snprintf(text, size, "%s, nx=%d, ny=%d, row j=%d", swe_solver_name(row->solver),
                          row->block.nx, row->block.ny, row->j);
    if (with_friction && length > 0 && (size_t)length < size) {
        snprintf(text + length, size - (size_t)length,
                 row->manning > 0 ? ", Manning friction, manning n = %.4f"
                                  : ", no friction (manning n = %g)",
                 (double)row->manning);
    }
}

/* The six arrays of an edge row as outputs, laid out as the edges of row
 * j: nx+1 vertical edges, or nx horizontal ones (in rows of nx + 1 like
 * the backend's buffers; the unused last slot is not compared). */
static swe_edge_row edge_row_outputs(grade_outputs *outputs, const row_case *row,
                                     enum grade_layout layout)
{
    const int nx = row->block.nx, numbers[GRADE_LAYOUT_NUMBERS] = {nx, row->j};
    const size_t length = (size_t)nx + 1;
    static const char *const names[] = {"h_left",   "h_right", "hn_left",
                                        "hn_right", "ht_left", "ht_right"};
    real *arrays[6];
    for (int a = 0; a < 6; ++a) {
        arrays[a] = grade_add_field(outputs, names[a], length, layout, numbers);
        if (layout == GRADE_HORIZONTAL_EDGES) {
            outputs->fields[outputs->count - 1].count = (size_t)nx;
        }
    }
    swe_edge_row edges = {arrays[0], arrays[1], arrays[2],    arrays[3],
                          arrays[4], arrays[5], row->fallback};
    return edges;
}

static void compute_vertical(const void *kernels, const void *input, grade_outputs *outputs)
{
    const row_case *row = input;
    swe_edge_row edges = edge_row_outputs(outputs, row, GRADE_VERTICAL_EDGES);
    ((const serial_kernels *)kernels)
        ->vertical_edges(&row->lower, row->block.nx, row->solver, &edges);
}

static void compute_horizontal(const void *kernels, const void *input, grade_outputs *outputs)
{
    const row_case *row = input;
    swe_edge_row edges = edge_row_outputs(outputs, row, GRADE_HORIZONTAL_EDGES);
    ((const serial_kernels *)kernels)
        ->horizontal_edges(&row->lower, &row->upper, row->block.nx, row->solver, &edges);
}

static void compute_update(const void *kernels, const void *input, grade_outputs *outputs)
{
    const row_case *row = input;
    const int nx = row->block.nx, ny = row->block.ny;
    size_t size = swe_block_size(&row->block);
    /* The update works in place: on a copy of the input. */
    swe_block copy = row->block;
    copy.h = grade_add_block(outputs, "h", nx, ny);
    copy.hu = grade_add_block(outputs, "hu", nx, ny);
    copy.hv = grade_add_block(outputs, "hv", nx, ny);
    real *speed = grade_add_value(outputs, "wave_speed");
    memcpy(copy.h, row->block.h, size * sizeof(real));
    memcpy(copy.hu, row->block.hu, size * sizeof(real));
    memcpy(copy.hv, row->block.hv, size * sizeof(real));
    *speed = ((const serial_kernels *)kernels)
                 ->update_row(&copy, row->j, row->dt, row->manning, &row->vertical, &row->below,
                              &row->above);
}

static void check_rows(const char *test_id, int cases, int first_row, grade_compute compute)
{
    const grade_side linked = {compute, &linked_kernels};
    for (int k = 1; k <= cases; ++k) {
        row_case row;
        make_row_case(test_id, k, first_row, &row);
        char description[192];
        describe(&row, compute == compute_update, description, sizeof description);
        const grade_case a_case = {k, cases, description, KERNEL_ULPS};
        grade_emit_case(&a_case, linked, linked, &row);
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
        const grade_case a_case = {k, RUN_CASES, description, RUN_ULPS};
        const grade_side linked = {compute_run, &linked_kernels};
        grade_emit_case(&a_case, linked, linked, &run);
    }
}

static const grade_test serial_tests[] = {
    {"vertical", "TODO 1: net updates on the vertical edges of a row", 3, VERTICAL_CASES,
     test_vertical_edges, 0},
    {"horizontal", "TODO 2: net updates on the horizontal edges above a row", 3, HORIZONTAL_CASES,
     test_horizontal_edges, 0},
    {"update", "TODO 3: Euler update of a row (and the max wave speed after it)", 2, UPDATE_CASES,
     test_update_row, 0},
    {"runs", "whole runs: 20 steps of two dam breaks, every solver", 2, RUN_CASES, test_whole_runs,
     0},
};

const grade_exercise grade_serial_exercise = {"01-serial-net-updates", serial_tests,
                                              (int)(sizeof serial_tests / sizeof serial_tests[0])};
