/* The CUDA backend on a GPU, beyond its agreement with serial (the
 * ns_agreement suite's): level 3 on grids of partial tiles within the
 * tolerance of ns_test_velocity_difference, the cuFFT preconditioner (the
 * even extension of wall axes) inverts the Laplacian; the projection
 * leaves div u at the CG tolerance. Without a device the suite says
 * "skipped: no CUDA device" and checks only that the backend refuses to
 * start, with a usage error. */
#include "ns/solver/ns_diagnostics.h"
#include "tests/ns/ns_test_support.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static ns_solver *stepped_at(const char *name, int resolution, const char *backend, int level,
                             int steps)
{
    ns_case_settings settings = {.resolution = resolution, .backend = backend};
    settings.parameters.model.level = level;
    settings.parameters.fixed_dt = 1e-3;
    return ns_test_stepped(name, &settings, steps);
}

/* Level 3's two ways of copying planes (16-byte pieces where the padded
 * rows allow, single values where not) and its chunks along z, on grids
 * of partial tiles. */
static void test_level_3_sizes(void)
{
    const int resolutions[] = {37, 40};
    for (int r = 0; r < 2; ++r) {
        ns_solver *serial = stepped_at("kelvin-helmholtz", resolutions[r], "serial", 0, 3);
        ns_solver *cuda = stepped_at("kelvin-helmholtz", resolutions[r], "cuda", 3, 3);
        double difference = ns_test_velocity_difference(serial, cuda);
        printf("\n  kelvin-helmholtz %d^3 level 3: max velocity difference %.3e", resolutions[r],
               difference);
        CU_ASSERT(difference <= NS_TEST_DEVICE_AGREEMENT);
        ns_solver_destroy(cuda);
        ns_solver_destroy(serial);
    }
}

static void test_cufft_inverts_laplacian(void)
{
    const struct {
        int n[NS_AXES];
        const char *walls;
    } grids[] = {{{16, 12, 8}, "ppp"}, {{16, 12, 8}, "nnn"}, {{15, 9, 7}, "pnf"}};
    for (int g = 0; g < 3; ++g) {
        double error = ns_test_inverse_error("cuda", grids[g].n, grids[g].walls);
        printf("\n  %s: |A M^-1 b - b| / |b| = %.3e", grids[g].walls, error);
        CU_ASSERT(error < 1e3 * SWE_TEST_EPSILON);
    }
}

static void test_cuda_projection(void)
{
    ns_solver *solver = ns_test_case("channel-obstacle", "cuda", 8, 0.0);
    double before, after;
    ns_test_projected_step(solver, &before, &after);
    double floor = 1e2 * SWE_TEST_EPSILON * sqrt((double)ns_grid_interior_cells(&solver->grid)) /
                   solver->grid.h[0];
    CU_ASSERT(after <= solver->parameters.cg_tolerance * before + floor);
    CU_ASSERT(solver->cg_iterations > 1);
    ns_solver_destroy(solver);
}

static void test_refuses_without_device(void)
{
    ns_case_settings settings = {.resolution = 8, .backend = "cuda"};
    ns_solver *solver = NULL;
    swe_error err;
    CU_ASSERT_EQUAL(ns_case_create("cavity", &settings, &solver, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "no CUDA device"));
    CU_ASSERT_PTR_NULL(solver);
}

static int have_device(void)
{
    ns_case_settings settings = {.resolution = 4, .backend = "cuda"};
    ns_solver *solver = NULL;
    swe_error err;
    int status = ns_case_create("cavity", &settings, &solver, &err);
    ns_solver_destroy(solver);
    return status == SWE_OK || strstr(err.message, "no CUDA device") == NULL;
}

void register_ns_cuda_tests(void)
{
    CU_pSuite suite = CU_add_suite("ns_cuda", NULL, NULL);
    swe_test_require_registered(suite, "suite ns_cuda");
    if (!have_device()) {
        printf("ns_cuda: skipped: no CUDA device (the comparisons with serial run on a GPU: "
               "tools/device/navier_stokes_check.sh)\n");
        swe_test_require_registered(
            CU_add_test(suite, "refuses to start without a device", test_refuses_without_device),
            "ns_cuda test");
        return;
    }
    swe_test_require_registered(
        CU_add_test(suite, "level 3 on aligned and other rows", test_level_3_sizes),
        "ns_cuda test");
    swe_test_require_registered(
        CU_add_test(suite, "cuFFT solve inverts the Laplacian", test_cufft_inverts_laplacian),
        "ns_cuda test");
    swe_test_require_registered(CU_add_test(suite, "projection on the GPU", test_cuda_projection),
                                "ns_cuda test");
}
