/* Exercises 08 (exercises/08-mpi-ghost-layers: the halo exchange and the
 * wave-speed reduction of mpi/cartesian/mpi_exchange.c) and 09
 * (exercises/09-hybrid-mpi-openmp: the overlapped step of
 * mpi/cartesian/mpi_overlap.c). A case needs several ranks, so tools/teaching/grade.py runs
 * each as its own job in the sandbox,
 *
 *   mpirun --oversubscribe -np RANKS shallows-mpi-grade --output PIPE --case K ARGUMENTS
 *
 * (tests/grade/mpi/grade_mpi_cases.c), whose rank 0 gathers what every
 * rank computed and writes it as the actual outputs. This file is the
 * grader's side: it draws each case, names its job, and computes the
 * expected outputs without MPI: the coded halo pattern and the verbs from
 * the split of the domain, the reduction from every rank's known speed,
 * a run from the serial backend on the whole domain. */
#include "cartesian/grid/block_grid.h"
#include "cartesian/program/options.h"
#include "tests/grade/grade_mpi_cases.h"
#include "tests/grade/grade_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const swe_cartesian_backend swe_cartesian_serial_backend;

/* Ranks of case k of a test: 2 and 3, as mpirun --oversubscribe starts
 * them on any laptop, and 4 in every third case, on a 2 x 2 split (see
 * second_side): cuts along x and along y, neighbours across both. */
static int ranks_of(int case_number)
{
    return case_number % 3 == 0 ? 4 : 2 + (case_number + 1) % 2;
}

/* The other side of a domain with side cells along one axis, in
 * low..high (which holds side). With 4 ranks it stays between half and
 * twice side: then 2 x 2 blocks have the shortest cuts, which
 * swe_block_grid_choose takes, rather than 4 x 1. */
static int second_side(grade_rng *rng, int ranks, int side, int low, int high)
{
    if (ranks == 4) {
        low = low > side / 2 + 1 ? low : side / 2 + 1;
        high = high < 2 * side - 1 ? high : 2 * side - 1;
    }
    return grade_integer(rng, low, high);
}

static swe_block_grid split(int nx, int ny, int ranks)
{
    swe_block_grid grid;
    swe_error err;
    if (swe_block_grid_choose(nx, ny, ranks, &grid, &err) != SWE_OK) {
        grade_harness_failure(err.message);
    }
    return grid;
}

/* ---- halo: every ghost cell of an edge with a neighbour holds the
 * neighbour's cell after the exchange; interior cells keep their own
 * value, corners and the domain's boundary stay unwritten */

static void expected_halo(const swe_block_grid *grid, int rank, int exchange, real *values)
{
    swe_block_extent e = swe_block_grid_extent(grid, rank);
    int neighbour[SWE_EDGE_COUNT];
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        neighbour[edge] = swe_block_grid_neighbour(grid, rank, (enum swe_edge)edge);
    }
    size_t at = 0;
    for (int f = 0; f < GRADE_HALO_FIELDS; ++f) {
        for (int j = 0; j <= e.ny + 1; ++j) {
            for (int i = 0; i <= e.nx + 1; ++i) {
                int inside_x = i >= 1 && i <= e.nx, inside_y = j >= 1 && j <= e.ny;
                int from_x = (i == 0 && neighbour[SWE_EDGE_LEFT] >= 0) ||
                             (i == e.nx + 1 && neighbour[SWE_EDGE_RIGHT] >= 0);
                int from_y = (j == 0 && neighbour[SWE_EDGE_BOTTOM] >= 0) ||
                             (j == e.ny + 1 && neighbour[SWE_EDGE_TOP] >= 0);
                int owned = (inside_x && inside_y) || (inside_y && from_x) || (inside_x && from_y);
                values[at++] =
                    owned ? grade_halo_code(f, e.first_i + i - 1, e.first_j + j - 1, exchange)
                          : GRADE_HALO_NEVER_WRITTEN;
            }
        }
    }
}

static void emit_halo(int case_number, int cases, int ranks, int nx, int ny)
{
    swe_block_grid grid = split(nx, ny, ranks);
    grade_outputs expected = {0};
    for (int r = 0; r < ranks; ++r) {
        swe_block_extent e = swe_block_grid_extent(&grid, r);
        for (int exchange = 0; exchange < GRADE_HALO_EXCHANGES; ++exchange) {
            const int numbers[GRADE_LAYOUT_NUMBERS] = {r,         e.nx,      e.ny,
                                                       e.first_i, e.first_j, exchange};
            size_t count = GRADE_HALO_FIELDS * (size_t)(e.nx + 2) * (size_t)(e.ny + 2);
            expected_halo(&grid, r, exchange,
                          grade_add_field(&expected, "halo", count, GRADE_HALO, numbers));
            grade_hint(&expected, exchange == 0 ? "TODO 1-3: post the receives and sends of "
                                                  "every neighbour's copy layer, wait, unpack "
                                                  "(as SWE_MPI_REAL values: the grader marks "
                                                  "what each MPI_Isend carries)"
                                                : "the second exchange must pack the new values "
                                                  "and start with no request pending");
        }
    }
    char description[96], arguments[64];
    snprintf(description, sizeof description, "%d x %d cells, %d ranks on %d x %d blocks", nx, ny,
             ranks, grid.blocks_x, grid.blocks_y);
    snprintf(arguments, sizeof arguments, "halo %d %d", nx, ny);
    const grade_case a_case = {case_number, cases, description, 0};
    grade_emit_launched_case(&a_case, ranks, arguments, &expected);
    grade_free_outputs(&expected);
}

/* ---- max: the wave-speed reduction gives every rank the max */

static void emit_max(int case_number, int cases, int ranks, uint64_t seed, const char *kind)
{
    swe_speed_bits want = 0;
    for (int r = 0; r < ranks; ++r) {
        swe_speed_bits bits = swe_speed_to_bits(grade_mpi_speed_of_rank(seed, kind, r, ranks));
        want = want > bits ? want : bits;
    }
    grade_outputs expected = {0};
    real *maxima = grade_add_field(&expected, "max_speed", (size_t)ranks, GRADE_RANKS, NULL);
    grade_hint(&expected,
               strcmp(kind, "ulp") == 0 ? "TODO 4: the speeds differ in their last bit only: "
                                          "is the reduction exact (MPI_MAX of the speed bits)?"
               : strcmp(kind, "nan") == 0
                   ? "TODO 4: one rank's NaN must reach every rank (reduce the speed bits)"
                   : "TODO 4: every rank must get the max of all ranks' speeds (MPI_Allreduce)");
    for (int r = 0; r < ranks; ++r) {
        maxima[r] = swe_speed_from_bits(want);
    }
    char description[96], arguments[96];
    snprintf(description, sizeof description, "%s speeds, %d ranks", kind, ranks);
    snprintf(arguments, sizeof arguments, "max %llu %s", (unsigned long long)seed, kind);
    const grade_case a_case = {case_number, cases, description, 0};
    grade_emit_launched_case(&a_case, ranks, arguments, &expected);
    grade_free_outputs(&expected);
}

/* ---- run: bit for bit the serial run of the whole domain */

static void expected_run(const char *scenario_name, enum swe_solver solver, int nx, int ny,
                         int steps, grade_outputs *expected)
{
    const swe_scenario *scenario = swe_scenario_find(scenario_name);
    double *dts = grade_add_doubles(expected, "dt", (size_t)steps, GRADE_STEPS, NULL);
    grade_hint(expected, "either the state differs already (ghost layers?) or the ranks do not "
                         "share the max wave speed");
    real *h = grade_add_cells(expected, "h", nx, ny);
    grade_hint(expected, "bit for bit the serial run; in a student release the ranks run your "
                         "own serial kernels of exercise 01");
    real *hu = grade_add_cells(expected, "hu", nx, ny);
    real *hv = grade_add_cells(expected, "hv", nx, ny);
    real *speed = grade_add_value(expected, "wave_speed");
    swe_block whole;
    swe_error err;
    swe_cartesian_backend_config config = {.solver = solver};
    if (scenario == NULL || swe_scenario_create_block(scenario, nx, ny, &whole, &err) != SWE_OK) {
        grade_harness_failure("cannot create the whole domain of an MPI case");
    }
    whole.backend = &swe_cartesian_serial_backend;
    if (swe_cartesian_serial_backend.init(&whole, &config, &err) != SWE_OK ||
        grade_mpi_take_steps(&whole, scenario, steps, dts, speed, &err) != SWE_OK) {
        grade_harness_failure(err.message);
    }
    grade_copy_interior(&whole, h, hu, hv);
    swe_cartesian_serial_backend.finalize(&whole);
    swe_block_destroy(&whole);
}

static const char *const solvers[] = {"fwave", "hlle", "rusanov", "augrie"};

typedef struct run_scenario {
    const char *name;
    int min_cells, max_cells; /* per side */
} run_scenario;

/* Scenarios whose waves cross the cuts between the blocks within the
 * steps a case takes; bathymetry and dry cells travel in the halo too. */
static const run_scenario scenarios[] = {
    {"radial-dam-break", 16, 48},
    {"bump-dam-break", 16, 40},
    {"dam-break-1d-dry", 16, 48},
    {"partial-dam-break", 20, 48},
};

static void whole_runs(const char *test_id, int cases, int overlap)
{
    for (int c = 1; c <= cases; ++c) {
        grade_rng rng = grade_case_rng(test_id, c);
        const run_scenario *scenario =
            &scenarios[grade_integer(&rng, 0, (int)(sizeof scenarios / sizeof scenarios[0]) - 1)];
        int solver = grade_integer(&rng, 0, 3);
        int ranks = ranks_of(c);
        int nx = grade_integer(&rng, scenario->min_cells, scenario->max_cells);
        int ny = second_side(&rng, ranks, nx, scenario->min_cells, scenario->max_cells);
        int steps = grade_integer(&rng, 15, 40);
        char description[160], arguments[160];
        snprintf(description, sizeof description, "%s, %s, %d x %d cells, %d steps, %d ranks%s",
                 scenario->name, solvers[solver], nx, ny, steps, ranks,
                 overlap ? ", --overlap" : "");
        snprintf(arguments, sizeof arguments, "run %s %s %d %d %d %d", scenario->name,
                 solvers[solver], nx, ny, steps, overlap);
        grade_outputs expected = {0};
        expected_run(scenario->name, (enum swe_solver)solver, nx, ny, steps, &expected);
        const grade_case a_case = {c, cases, description, 0};
        grade_emit_launched_case(&a_case, ranks, arguments, &expected);
        grade_free_outputs(&expected);
    }
}

/* ---- order: the verbs of an overlapped step on every rank */

static void emit_order(int case_number, int cases, int ranks, int nx, int ny, int steps)
{
    swe_block_grid grid = split(nx, ny, ranks);
    grade_outputs expected = {0};
    const int capacity = grade_mpi_verb_capacity(steps);
    for (int r = 0; r < ranks; ++r) {
        int neighbours = 0;
        for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
            neighbours += swe_block_grid_neighbour(&grid, r, (enum swe_edge)edge) >= 0;
        }
        const int per_step = 2 * neighbours + 2;
        const int numbers[GRADE_LAYOUT_NUMBERS] = {r, steps, per_step};
        real *verbs = grade_add_field(&expected, "verbs", (size_t)capacity, GRADE_VERBS, numbers);
        grade_hint(&expected, "TODO 1: pack the copy layers (start the exchange), step_interior "
                              "while the halo travels, unpack (finish the exchange), step_ring");
        for (int v = 0; v < capacity; ++v) {
            int in_step = v % per_step;
            char verb = in_step < neighbours     ? 'p'
                        : in_step == neighbours  ? 'i'
                        : in_step < per_step - 1 ? 'u'
                                                 : 'r';
            verbs[v] = v < steps * per_step ? (real)verb : 0;
        }
    }
    char description[96], arguments[64];
    snprintf(description, sizeof description, "%d x %d cells, %d steps, %d ranks", nx, ny, steps,
             ranks);
    snprintf(arguments, sizeof arguments, "order %d %d %d", nx, ny, steps);
    const grade_case a_case = {case_number, cases, description, 0};
    grade_emit_launched_case(&a_case, ranks, arguments, &expected);
    grade_free_outputs(&expected);
}

/* ---- the tests */

enum { HALO_CASES = 6, MAX_CASES = 6, RUN_CASES = 6, OVERLAP_RUN_CASES = 6, ORDER_CASES = 4 };

static void test_halo(void)
{
    for (int c = 1; c <= HALO_CASES; ++c) {
        grade_rng rng = grade_case_rng("halo", c);
        int ranks = ranks_of(c);
        /* Thin domains (one cell across) in some cases: layers of one cell. */
        int nx = c == 2 ? ranks : grade_integer(&rng, 2 * ranks, 40);
        int ny = c == 4 ? 1 : second_side(&rng, ranks, nx, 2 * ranks, 40);
        emit_halo(c, HALO_CASES, ranks, nx, ny);
    }
}

static void test_max_speed(void)
{
    static const char *const kinds[] = {"plain", "nan", "ulp"};
    for (int c = 1; c <= MAX_CASES; ++c) {
        grade_rng rng = grade_case_rng("max-speed", c);
        uint64_t seed = (uint64_t)grade_integer(&rng, 0, 1 << 30);
        emit_max(c, MAX_CASES, ranks_of(c), seed, kinds[(c - 1) % 3]);
    }
}

static void test_runs(void)
{
    whole_runs("runs", RUN_CASES, 0);
}

static void test_overlapped_runs(void)
{
    whole_runs("overlap-runs", OVERLAP_RUN_CASES, 1);
}

static void test_order(void)
{
    for (int c = 1; c <= ORDER_CASES; ++c) {
        grade_rng rng = grade_case_rng("overlap-order", c);
        int ranks = ranks_of(c);
        int nx = grade_integer(&rng, 3 * ranks, 40);
        int ny = second_side(&rng, ranks, nx, 3 * ranks, 40);
        emit_order(c, ORDER_CASES, ranks, nx, ny, grade_integer(&rng, 2, 6));
    }
}

static const grade_test exchange_tests[] = {
    {"halo", "TODO 1-3: the halo exchange fills every ghost cell of a coded pattern", 4, HALO_CASES,
     test_halo, 1},
    {"max-speed", "TODO 4: the wave-speed reduction, exact and keeping NaN", 2, MAX_CASES,
     test_max_speed, 1},
    {"runs", "whole runs: bit for bit the serial run, 2-4 ranks", 4, RUN_CASES, test_runs, 1},
};

const grade_exercise grade_mpi_exchange_exercise = {
    "08-mpi-ghost-layers", exchange_tests, (int)(sizeof exchange_tests / sizeof exchange_tests[0])};

static const grade_test overlap_tests[] = {
    {"overlap-runs", "TODO 1: overlapped runs bit for bit the serial run, 2-4 ranks", 4,
     OVERLAP_RUN_CASES, test_overlapped_runs, 1},
    {"overlap-order", "TODO 1: the interior is computed while the halo travels", 2, ORDER_CASES,
     test_order, 1},
};

const grade_exercise grade_mpi_overlap_exercise = {
    "09-hybrid-mpi-openmp", overlap_tests, (int)(sizeof overlap_tests / sizeof overlap_tests[0])};
