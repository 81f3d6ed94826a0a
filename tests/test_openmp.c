/* What the OpenMP backend adds to the agreement suite (which runs it at the
 * default thread count): bit for bit as serial with 1 to 4 threads, and on
 * grids whose rows do not split evenly (or at all) between the threads. */
#include "agreement_check.h"
#include "backend_run.h"
#include "run/options.h"
#include "test_suites.h"

#include <CUnit/CUnit.h>
#include <omp.h>
#include <stdio.h>

extern const swe_backend swe_serial_backend;
extern const swe_backend swe_openmp_backend;

/* Runs serial once and OpenMP with 1..max_threads threads, and compares. */
static void compare_with_serial(const swe_test_case *c, int steps, int max_threads)
{
    swe_test_run serial;
    swe_test_start(&serial, &swe_serial_backend, c);
    swe_test_take_steps(&serial, steps);
    CU_ASSERT(serial.clock.wave_speed > 0); /* there is water to compare */
    int threads_before = omp_get_max_threads();
    for (int threads = 1; threads <= max_threads; ++threads) {
        omp_set_num_threads(threads);
        swe_test_run openmp;
        swe_test_start(&openmp, &swe_openmp_backend, c);
        swe_test_take_steps(&openmp, steps);
        char label[160];
        snprintf(label, sizeof label, "%s %s %d x %d, %d threads", c->scenario,
                 swe_solver_name(c->solver), c->nx, c->ny, threads);
        CU_ASSERT(swe_test_check_agreement(&serial, &openmp, SWE_AGREES_BIT_FOR_BIT, label));
        swe_test_stop(&openmp);
    }
    omp_set_num_threads(threads_before);
    swe_test_stop(&serial);
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
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
