/* The OpenCL backend's preconditioner on the device with clFFT, beyond its
 * agreement with serial (the ns_agreement suite's, which runs the default:
 * clFFT on a GPU, the host's FFTW on a CPU device such as PoCL).
 * SWE_CL_FFT=device puts the transforms on the device whatever it is: the
 * solve of the even extension inverts the Laplacian of grids with periodic,
 * no-slip and free-slip axes, and a case with an obstacle (several CG
 * iterations) agrees with serial. A value of SWE_CL_FFT that is neither
 * device nor host is refused. Without an OpenCL device the suite says
 * "skipped" and registers nothing. */
#include "tests/ns/ns_test_support.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* SWE_CL_FFT set for one solver's start, and put back as it was (the
 * agreement suite may run under it). */
static char saved_place[32];
static int had_place;

static int place_transforms(const char *place)
{
    const char *now = getenv("SWE_CL_FFT");
    had_place = now != NULL && strlen(now) < sizeof saved_place;
    if (had_place) {
        strcpy(saved_place, now);
    }
    return setenv("SWE_CL_FFT", place, 1);
}

static void restore_place(void)
{
    if (had_place) {
        setenv("SWE_CL_FFT", saved_place, 1);
    } else {
        unsetenv("SWE_CL_FFT");
    }
}

static void test_clfft_inverts_laplacian(void)
{
    const struct {
        int n[NS_AXES];
        const char *walls;
    } grids[] = {{{8, 6, 4}, "pnf"}, {{8, 6, 4}, "fnp"}};
    CU_ASSERT_EQUAL_FATAL(place_transforms("device"), 0);
    for (int g = 0; g < 2; ++g) {
        double error = ns_test_inverse_error("opencl", grids[g].n, grids[g].walls);
        printf("\n  %s: |A M^-1 b - b| / |b| = %.3e", grids[g].walls, error);
        CU_ASSERT(error < 1e3 * SWE_TEST_EPSILON);
    }
    restore_place();
}

static ns_solver *stepped(const char *backend, int steps)
{
    ns_case_settings settings = {.resolution = 8, .backend = backend};
    settings.parameters.fixed_dt = 1e-3;
    return ns_test_stepped("channel-obstacle", &settings, steps);
}

static void test_clfft_agrees_with_serial(void)
{
    ns_solver *serial = stepped("serial", 4);
    CU_ASSERT_EQUAL_FATAL(place_transforms("device"), 0);
    ns_solver *opencl = stepped("opencl", 4);
    restore_place();
    CU_ASSERT_PTR_NOT_NULL_FATAL(serial);
    CU_ASSERT_PTR_NOT_NULL_FATAL(opencl);
    double difference = ns_test_velocity_difference(serial, opencl);
    printf("\n  channel-obstacle: velocity difference %.3e, CG iterations %ld (serial %ld)",
           difference, opencl->cg_iterations_total, serial->cg_iterations_total);
    CU_ASSERT(difference <= NS_TEST_DEVICE_AGREEMENT);
    CU_ASSERT(serial->cg_iterations_total > 4); /* the preconditioner is not the whole solve */
    /* A preconditioner a little off still converges, in more iterations:
     * at most one more a step is rounding. */
    CU_ASSERT(opencl->cg_iterations_total <= serial->cg_iterations_total + 4);
    ns_solver_destroy(opencl);
    ns_solver_destroy(serial);
}

static void test_unknown_place_is_refused(void)
{
    ns_case_settings settings = {.resolution = 4, .backend = "opencl"};
    ns_solver *solver = NULL;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL_FATAL(place_transforms("gpu"), 0);
    int status = ns_case_create("cavity", &settings, &solver, &err);
    restore_place();
    ns_solver_destroy(solver);
    CU_ASSERT_EQUAL(status, SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "SWE_CL_FFT"));
}

/* Whether the opencl backend starts here (its host transforms: cheap). */
static int can_run(void)
{
    ns_case_settings settings = {.resolution = 4, .backend = "opencl"};
    ns_solver *solver = NULL;
    swe_error err = {{0}};
    int status = place_transforms("host") == 0
                     ? ns_case_create("cavity", &settings, &solver, &err)
                     : swe_fail(&err, SWE_ERROR_RUNTIME, "cannot set SWE_CL_FFT");
    restore_place();
    ns_solver_destroy(solver);
    if (status != SWE_OK) {
        printf("ns_opencl: skipped: %s\n", err.message);
    }
    return status == SWE_OK;
}

void register_ns_opencl_tests(void)
{
    if (!can_run()) {
        return;
    }
    CU_pSuite suite = CU_add_suite("ns_opencl", NULL, NULL);
    swe_test_require_registered(suite, "suite ns_opencl");
    swe_test_require_registered(
        CU_add_test(suite, "clFFT's solve inverts the Laplacian", test_clfft_inverts_laplacian),
        "ns_opencl test");
    swe_test_require_registered(CU_add_test(suite, "clFFT's preconditioner agrees with serial",
                                            test_clfft_agrees_with_serial),
                                "ns_opencl test");
    swe_test_require_registered(
        CU_add_test(suite, "an unknown SWE_CL_FFT is refused", test_unknown_place_is_refused),
        "ns_opencl test");
}
