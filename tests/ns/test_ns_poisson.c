/* The pressure solve: the FFT preconditioner inverts minus the discrete
 * Laplacian of the obstacle-free problem (periodic, walls, mixed), CG
 * converges with obstacles in more than one iteration, and the projection
 * leaves a divergence at the solver's tolerance. */
#include "ns/solver/ns_cg.h"
#include "tests/ns/ns_test_support.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>

static void test_fft_inverts_laplacian(void)
{
    const struct {
        int n[NS_AXES];
        const char *walls;
    } grids[] = {{{16, 12, 8}, "ppp"},
                 {{16, 12, 8}, "nnn"},
                 {{15, 9, 7}, "pnf"},
                 {{32, 8, 4}, "pnp"},
                 {{5, 6, 7}, "fpn"}};
    /* Round-off grows with the condition number of the Laplacian. */
    const double tolerance = 1e3 * SWE_TEST_EPSILON;
    for (size_t g = 0; g < sizeof grids / sizeof grids[0]; ++g) {
        double error = ns_test_inverse_error("serial", grids[g].n, grids[g].walls);
        if (!(error < tolerance)) {
            printf("\n%s %dx%dx%d: |A M^-1 b - b| / |b| = %.3e\n", grids[g].walls, grids[g].n[0],
                   grids[g].n[1], grids[g].n[2], error);
        }
        CU_ASSERT(error < tolerance);
    }
}

void ns_test_projected_step(ns_solver *solver, double *before, double *after)
{
    swe_error err;
    const ns_backend *b = solver->backend;
    const double dt = 1e-3, density = solver->parameters.density;
    CU_ASSERT_EQUAL_FATAL(b->momentum(solver, &err), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(b->predict(solver, (real)dt, (real)1, (real)0, &err), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(b->divergence(solver, (real)1, &err), SWE_OK);
    *before = ns_test_norm(solver, NS_RHS);
    CU_ASSERT_EQUAL_FATAL(b->divergence(solver, (real)(-density / dt), &err), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(ns_cg_solve(solver, &err), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(b->correct(solver, (real)(dt / density), &err), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(b->divergence(solver, (real)1, &err), SWE_OK);
    *after = ns_test_norm(solver, NS_RHS);
}

/* After the projection ||div u|| = (dt / rho) ||b - A p|| <= tol ||div u*||,
 * up to the round-off of evaluating the divergence. */
static void test_projection_leaves_divergence_at_tolerance(void)
{
    const char *cases[] = {"channel-obstacle", "cavity", "kelvin-helmholtz", "taylor-green"};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        ns_solver *solver = ns_test_case(cases[c], "serial", 8, 0.0);
        double before, after;
        ns_test_projected_step(solver, &before, &after);
        double floor = 1e2 * SWE_TEST_EPSILON *
                       sqrt((double)ns_grid_interior_cells(&solver->grid)) / solver->grid.h[0];
        if (!(after <= solver->parameters.cg_tolerance * before + floor)) {
            printf("\n%s: |div u*| = %.3e, |div u| = %.3e after %d CG iterations\n", cases[c],
                   before, after, solver->cg_iterations);
        }
        CU_ASSERT(before > 0.0);
        CU_ASSERT(after <= solver->parameters.cg_tolerance * before + floor);
        ns_solver_destroy(solver);
    }
}

/* Solid cells make the operator differ from the preconditioner: CG takes
 * more than one iteration, and still converges; without them one does in
 * double precision, and two at most in single (the exact inverse applied
 * in single precision leaves about eps times the condition number). */
static void test_obstacle_needs_iterations(void)
{
    swe_error err;
    ns_solver *solver = ns_test_case("channel-obstacle", "serial", 8, 0.0);
    CU_ASSERT_EQUAL(ns_solver_step(solver, 0.0, &err), SWE_OK);
    CU_ASSERT(solver->cg_iterations > 1);
    CU_ASSERT(solver->cg_residual <= solver->parameters.cg_tolerance);
    ns_solver_destroy(solver);
    solver = ns_test_case("cavity", "serial", 16, 0.0);
    for (int step = 0; step < 3; ++step) {
        CU_ASSERT_EQUAL(ns_solver_step(solver, 0.0, &err), SWE_OK);
        CU_ASSERT(solver->cg_iterations >= 1 &&
                  solver->cg_iterations <= (SWE_TEST_EPSILON < 1e-10 ? 1 : 2));
    }
    ns_solver_destroy(solver);
}

void register_ns_poisson_tests(void)
{
    CU_pSuite suite = CU_add_suite("ns_poisson", NULL, NULL);
    swe_test_require_registered(suite, "suite ns_poisson");
    swe_test_require_registered(
        CU_add_test(suite, "FFT solve inverts the discrete Laplacian", test_fft_inverts_laplacian),
        "ns_poisson test");
    swe_test_require_registered(CU_add_test(suite, "projection leaves div u at the CG tolerance",
                                            test_projection_leaves_divergence_at_tolerance),
                                "ns_poisson test");
    swe_test_require_registered(CU_add_test(suite, "obstacles need CG iterations, walls one",
                                            test_obstacle_needs_iterations),
                                "ns_poisson test");
}
