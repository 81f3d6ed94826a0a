/* What the OpenMP backend adds to the agreement suite (which runs it at the
 * default thread count): bit for bit as serial with 1 to 4 threads, on
 * grids whose rows do not split evenly (or at all) between the threads,
 * and with bands of any size; the bands sized to the threads' speeds. */
#include "backends/openmp/cartesian/openmp_plan.h"
#include "cartesian/grid/boundary.h"
#include "cartesian/program/options.h"
#include "tests/cartesian/agreement_check.h"
#include "tests/cartesian/backend_run.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

extern const swe_cartesian_backend swe_cartesian_serial_backend;
extern const swe_cartesian_backend swe_cartesian_openmp_backend;

static void start_with_threads(swe_test_run *run, const swe_test_case *c, int threads)
{
    omp_set_num_threads(threads);
    swe_test_start(run, &swe_cartesian_openmp_backend, c);
}

/* OpenMP with 1..max_threads threads against serial; the thread count as before. */
static void compare_with_serial(const swe_test_case *c, int steps, int max_threads)
{
    int threads_before = omp_get_max_threads();
    swe_test_compare_threads_with_serial(c, steps, max_threads, start_with_threads);
    omp_set_num_threads(threads_before);
}

static void test_every_scenario_and_solver(void)
{
    for (int s = 0; s < swe_test_scenario_count(); ++s) {
        for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
            const swe_test_case c = {swe_test_scenario_name(s), 133, 97, solver, 0, 0};
            compare_with_serial(&c, 12, 4);
        }
    }
}

static void test_odd_grid_333_by_517(void)
{
    for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
        const swe_test_case c = {"radial-dam-break", 333, 517, solver, 0, 0};
        compare_with_serial(&c, 6, 3);
    }
}

/* Some threads get no rows at all. */
static void test_fewer_rows_than_threads(void)
{
    const swe_test_case dry_bed = {"dam-break-1d-dry", 50, 1, SWE_SOLVER_FWAVE, 0, 0};
    const swe_test_case radial = {"radial-dam-break", 21, 3, SWE_SOLVER_HLLE, 0, 0};
    compare_with_serial(&dry_bed, 30, 4);
    compare_with_serial(&radial, 30, 4);
}

/* The sweep also starts from the max wave speed of the initial state. */
static void test_initial_wave_speed(void)
{
    const swe_test_case bump = {"bump-dam-break", 77, 31, SWE_SOLVER_FWAVE, 0, 0};
    compare_with_serial(&bump, 0, 4);
}

/* The plan gives each thread rows in proportion to its speed, keeps a row
 * for every thread, and changes nothing when a band was not timed. */
static void test_plan_follows_speeds(void)
{
    swe_openmp_plan plan;
    swe_error err;
    CU_ASSERT_FATAL(swe_openmp_plan_init(&plan, 100, 4, &err) == SWE_OK);
    const int even[] = {1, 26, 51, 76, 101};
    CU_ASSERT(memcmp(plan.first_row, even, sizeof even) == 0);
    /* 25 rows a band; the last thread took twice as long: half the speed */
    const double seconds[] = {1, 1, 1, 2};
    memcpy(plan.seconds, seconds, sizeof seconds);
    swe_openmp_plan_rebalance(&plan);
    const int shares[] = {1, 30, 58, 87, 101}; /* 25 : 25 : 25 : 12.5 of 100 rows */
    CU_ASSERT(memcmp(plan.first_row, shares, sizeof shares) == 0);
    /* a band without a time (a smaller team ran): the plan stays */
    const double untimed[] = {1, 0, 1, 1};
    memcpy(plan.seconds, untimed, sizeof untimed);
    swe_openmp_plan_rebalance(&plan);
    CU_ASSERT(memcmp(plan.first_row, shares, sizeof shares) == 0);
    /* a thread a hundred times slower still keeps one row */
    const double stalled[] = {0.01, 0.01, 0.01, 100};
    for (int round = 0; round < 8; ++round) {
        memcpy(plan.seconds, stalled, sizeof stalled);
        swe_openmp_plan_rebalance(&plan);
    }
    CU_ASSERT(plan.first_row[3] == 100 && plan.first_row[4] == 101);
    for (int t = 0; t < 4; ++t) {
        CU_ASSERT(plan.first_row[t] < plan.first_row[t + 1]);
    }
    swe_openmp_plan_free(&plan);
    CU_ASSERT(swe_openmp_plan_init(NULL, 100, 4, &err) == SWE_ERROR_USAGE);
}

/* Bands of any size, empty ones among them, give serial's bits: the plan
 * may give any rows to any thread. */
static void test_uneven_bands(void)
{
    enum { NX = 41, NY = 37, THREADS = 4 };
    const swe_test_case c = {"radial-dam-break", NX, NY, SWE_SOLVER_FWAVE, 0, 0};
    swe_test_run serial;
    swe_test_start(&serial, &swe_cartesian_serial_backend, &c);
    swe_test_take_steps(&serial, 3);
    swe_block copy = serial.block;
    size_t bytes = swe_block_size(&serial.block) * sizeof(real);
    copy.h = malloc(bytes);
    copy.hu = malloc(bytes);
    copy.hv = malloc(bytes);
    real *storage = malloc(THREADS * swe_openmp_edges_values(NX) * sizeof(real));
    CU_ASSERT_FATAL(copy.h != NULL && copy.hu != NULL && copy.hv != NULL && storage != NULL);
    memcpy(copy.h, serial.block.h, bytes);
    memcpy(copy.hu, serial.block.hu, bytes);
    memcpy(copy.hv, serial.block.hv, bytes);
    copy.ext = NULL;
    swe_openmp_edges edges[THREADS];
    for (int t = 0; t < THREADS; ++t) {
        edges[t] = swe_openmp_edges_in(storage + (size_t)t * swe_openmp_edges_values(NX), NX);
    }
    int first_row[THREADS + 1] = {1, 2, 2, 30, NY + 1}; /* 1 row, none, 28, 8 */
    double seconds[THREADS] = {0}, speeds[THREADS] = {0};
    swe_openmp_plan plan = {THREADS, first_row, seconds, speeds};
    double dt = 0.4 * serial.block.dx / (double)serial.clock.wave_speed;
    swe_set_boundary_layers(&copy);
    real speed = swe_openmp_sweep(&copy, SWE_SOLVER_FWAVE, (real)dt, 0, edges, &plan, THREADS);
    swe_test_step(&serial, dt);
    CU_ASSERT(seconds[2] > 0); /* the team had four threads: the plan's bands were swept */
    CU_ASSERT(swe_block_interiors_equal(&serial.block, &copy));
    CU_ASSERT(speed == serial.clock.wave_speed);
    free(copy.h);
    free(copy.hu);
    free(copy.hv);
    free(storage);
    swe_test_stop(&serial);
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
        {"initial max wave speed, 1-4 threads", test_initial_wave_speed},
        {"the bands follow the threads' speeds", test_plan_follows_speeds},
        {"uneven and empty bands, bit for bit", test_uneven_bands},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
