/* The OpenMP backend against the serial one: after the same steps every
 * value and the max wave speed must be bit for bit the same, for every
 * scenario and solver, any thread count, and grids whose rows do not
 * split evenly (or at all) between the threads. */
#include "grid/backend.h"
#include "grid/stepping.h"
#include "run/options.h"
#include "test_suites.h"

#include <CUnit/CUnit.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

extern const swe_backend swe_serial_backend;
extern const swe_backend swe_openmp_backend;

/* The state after `steps` steps of a backend, with its own time-step rule;
 * the caller destroys the block. */
typedef struct run_state {
    swe_block block;
    real wave_speed;
} run_state;

static void run_steps(const swe_backend *backend, const swe_scenario *scenario, int nx, int ny,
                      enum swe_solver solver, int steps, run_state *state)
{
    swe_error err;
    swe_block *block = &state->block;
    CU_ASSERT_EQUAL_FATAL(swe_scenario_create_block(scenario, nx, ny, block, &err), SWE_OK);
    block->backend = backend;
    swe_backend_config config = {.solver = solver, .level = 0};
    CU_ASSERT_EQUAL_FATAL(backend->init(block, &config, &err), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(backend->sync_after_write(block, &err), SWE_OK);
    swe_clock clock = {.cfl = scenario->default_cfl};
    CU_ASSERT_EQUAL_FATAL(backend->max_wave_speed(block, &clock.wave_speed, &err), SWE_OK);
    for (int s = 0; s < steps; ++s) {
        double dt = swe_time_step(&clock, block->dx, block->dy, 1.0e30);
        CU_ASSERT_EQUAL_FATAL(backend->step(block, (real)dt, &clock.wave_speed, &err), SWE_OK);
    }
    CU_ASSERT_EQUAL_FATAL(backend->sync_before_read(block, &err), SWE_OK);
    state->wave_speed = clock.wave_speed;
    backend->finalize(block);
}

/* Cells (ghosts included) where any of h, hu, hv differs in its bits. */
static size_t differing_cells(const swe_block *a, const swe_block *b)
{
    size_t differing = 0;
    for (size_t c = 0; c < swe_block_size(a); ++c) {
        differing += memcmp(&a->h[c], &b->h[c], sizeof(real)) != 0 ||
                     memcmp(&a->hu[c], &b->hu[c], sizeof(real)) != 0 ||
                     memcmp(&a->hv[c], &b->hv[c], sizeof(real)) != 0;
    }
    return differing;
}

/* Runs serial once and OpenMP with 1..max_threads threads, and compares. */
static void compare_with_serial(const char *scenario_name, int nx, int ny, enum swe_solver solver,
                                int steps, int max_threads)
{
    const swe_scenario *scenario = swe_scenario_find(scenario_name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(scenario);
    run_state serial;
    run_steps(&swe_serial_backend, scenario, nx, ny, solver, steps, &serial);
    CU_ASSERT(serial.wave_speed > 0); /* there is water to compare */
    int threads_before = omp_get_max_threads();
    for (int threads = 1; threads <= max_threads; ++threads) {
        omp_set_num_threads(threads);
        run_state openmp;
        run_steps(&swe_openmp_backend, scenario, nx, ny, solver, steps, &openmp);
        size_t differing = differing_cells(&serial.block, &openmp.block);
        if (differing != 0) {
            printf("\n  %s %s %dx%d, %d threads: %zu cells differ from serial\n", scenario_name,
                   swe_solver_name(solver), nx, ny, threads, differing);
        }
        CU_ASSERT_EQUAL(differing, 0);
        CU_ASSERT_EQUAL(memcmp(&serial.wave_speed, &openmp.wave_speed, sizeof(real)), 0);
        swe_block_destroy(&openmp.block);
    }
    omp_set_num_threads(threads_before);
    swe_block_destroy(&serial.block);
}

static void test_every_scenario_and_solver(void)
{
    for (int s = 0; s < swe_scenario_count(); ++s) {
        if (swe_scenario_at(s)->needs_input_files) {
            continue; /* the netcdf scenario: its inputs are tested on their own */
        }
        for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
            compare_with_serial(swe_scenario_at(s)->name, 133, 97, solver, 12, 4);
        }
    }
}

static void test_odd_grid_333_by_517(void)
{
    for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
        compare_with_serial("radial-dam-break", 333, 517, solver, 6, 3);
    }
    compare_with_serial("bump-dam-break", 333, 517, SWE_SOLVER_FWAVE, 6, 3);
}

/* Some threads get no rows at all. */
static void test_fewer_rows_than_threads(void)
{
    compare_with_serial("dam-break-1d-dry", 50, 1, SWE_SOLVER_FWAVE, 30, 4);
    compare_with_serial("radial-dam-break", 21, 3, SWE_SOLVER_HLLE, 30, 4);
}

/* The sweep also starts from the max wave speed of the initial state. */
static void test_initial_wave_speed_matches(void)
{
    const swe_scenario *scenario = swe_scenario_find("bump-dam-break");
    CU_ASSERT_PTR_NOT_NULL_FATAL(scenario);
    run_state serial, openmp;
    omp_set_num_threads(3);
    run_steps(&swe_serial_backend, scenario, 77, 31, SWE_SOLVER_FWAVE, 0, &serial);
    run_steps(&swe_openmp_backend, scenario, 77, 31, SWE_SOLVER_FWAVE, 0, &openmp);
    CU_ASSERT(serial.wave_speed > 0);
    CU_ASSERT_EQUAL(memcmp(&serial.wave_speed, &openmp.wave_speed, sizeof(real)), 0);
    swe_block_destroy(&serial.block);
    swe_block_destroy(&openmp.block);
}

void register_openmp_tests(void)
{
    CU_pSuite suite = CU_add_suite("openmp", NULL, NULL);
    swe_test_require_registered(suite, "suite openmp");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"every scenario and solver, 1-4 threads, bit for bit", test_every_scenario_and_solver},
        {"333 x 517 cells, 1-3 threads, bit for bit", test_odd_grid_333_by_517},
        {"fewer rows than threads", test_fewer_rows_than_threads},
        {"initial max wave speed", test_initial_wave_speed_matches},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
