/* The stencils reproduce what they must exactly: QUICK the quadratics
 * (and not the cubics), the diffusion term the quadratics, the convective
 * fluxes of linear velocity fields, the divergence of linear fields. */
#include "ns/grid/ns_stencils.h"
#include "tests/ns/ns_test_support.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <stdlib.h>

static double quadratic(const double c[3], double x)
{
    return c[0] + c[1] * x + c[2] * x * x;
}

static void test_quick_reproduces_quadratics(void)
{
    unsigned long seed = 11;
    for (int trial = 0; trial < 20; ++trial) {
        double c[3] = {ns_test_random(&seed), ns_test_random(&seed), ns_test_random(&seed)};
        double h = 0.1 + 0.05 * trial;
        real a = (real)quadratic(c, -1.5 * h), b = (real)quadratic(c, -0.5 * h),
             d = (real)quadratic(c, 0.5 * h), e = (real)quadratic(c, 1.5 * h);
        double exact = quadratic(c, 0.0), scale = fabs(c[0]) + fabs(c[1]) + fabs(c[2]);
        CU_ASSERT(fabs(ns_quick((real)1, a, b, d, e) - exact) < 8 * SWE_TEST_EPSILON * scale);
        CU_ASSERT(fabs(ns_quick((real)-1, a, b, d, e) - exact) < 8 * SWE_TEST_EPSILON * scale);
    }
    /* A cubic is not reproduced: the check above can fail. */
    real cubic[4] = {(real)-3.375, (real)-0.125, (real)0.125, (real)3.375};
    CU_ASSERT(fabs(ns_quick((real)1, cubic[0], cubic[1], cubic[2], cubic[3])) > 0.1);
}

/* A neighbourhood whose lines are the quadratic c along every axis (h
 * apart) and whose carriers are all `carrier`. */
static void quadratic_neighbourhood(const double c[3], double h, real carrier, ns_neighbourhood *s)
{
    for (int axis = 0; axis < NS_AXES; ++axis) {
        for (int o = 0; o < 5; ++o) {
            s->line[axis][o] = (real)quadratic(c, (o - 2) * h);
        }
        for (int k = 0; k < 4; ++k) {
            s->carrier[axis][k] = carrier;
        }
    }
}

static void test_diffusion_and_convection_of_quadratics(void)
{
    unsigned long seed = 5;
    for (int trial = 0; trial < 20; ++trial) {
        double c[3] = {ns_test_random(&seed), ns_test_random(&seed), ns_test_random(&seed)};
        double h = 0.25, nu = 0.5 + ns_test_random(&seed) * 0.25;
        real inv_h[NS_AXES] = {(real)(1 / h), (real)(1 / h), (real)(1 / h)};
        ns_neighbourhood s;
        /* No carrier: nu times the Laplacian, 3 * 2 c2, plus the force. */
        quadratic_neighbourhood(c, h, (real)0, &s);
        double expected = nu * 6.0 * c[2] + 0.5;
        double got = ns_momentum_residual(&s, inv_h, (real)nu, (real)0.5);
        CU_ASSERT(fabs(got - expected) < 100 * SWE_TEST_EPSILON * (1 + fabs(expected)));
        /* A uniform carrier V either way: minus V f'(0) on each axis. */
        for (int sign = -1; sign <= 1; sign += 2) {
            real carrier = (real)(sign * 0.75);
            quadratic_neighbourhood(c, h, carrier, &s);
            expected = -3.0 * carrier * c[1];
            got = ns_momentum_residual(&s, inv_h, (real)0, (real)0);
            CU_ASSERT(fabs(got - expected) < 100 * SWE_TEST_EPSILON * (1 + fabs(expected)));
        }
    }
}

/* Linear velocities u = a + b x + c y + d z, v = V, w = W on a small
 * padded grid (every value set from the formula, ghosts included). */
static void test_gather_on_linear_fields(void)
{
    const int n[NS_AXES] = {6, 5, 7};
    const double length[NS_AXES] = {0.6, 1.0, 2.1};
    ns_wall wall[NS_FACES] = {{0}};
    ns_grid grid;
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(ns_grid_init(&grid, n, length, wall, &err), SWE_OK);
    real *velocity[NS_AXES];
    for (int axis = 0; axis < NS_AXES; ++axis) {
        velocity[axis] = malloc(grid.cells * sizeof(real));
        CU_ASSERT_PTR_NOT_NULL_FATAL(velocity[axis]);
    }
    const double a = 0.3, b = 0.7, c = -0.4, d = 0.2, V = 0.6, W = -0.9;
    for (int k = -NS_GHOST; k < n[2] + NS_GHOST; ++k) {
        for (int j = -NS_GHOST; j < n[1] + NS_GHOST; ++j) {
            for (int i = -NS_GHOST; i < n[0] + NS_GHOST; ++i) {
                size_t cell = ns_index(&grid, i, j, k);
                double x = (i + 1.0) * grid.h[0], y = (j + 0.5) * grid.h[1],
                       z = (k + 0.5) * grid.h[2];
                velocity[0][cell] = (real)(a + b * x + c * y + d * z);
                velocity[1][cell] = (real)V;
                velocity[2][cell] = (real)W;
            }
        }
    }
    ns_geometry g = ns_grid_geometry(&grid);
    for (int k = 0; k < n[2]; ++k) {
        for (int j = 0; j < n[1]; ++j) {
            for (int i = 0; i < n[0]; ++i) {
                long cell = (long)ns_index(&grid, i, j, k);
                double u = velocity[0][cell];
                ns_neighbourhood s;
                ns_gather(velocity[0], velocity[1], velocity[2], 0, cell, g.stride, &s);
                double ru = ns_momentum_residual(&s, g.inv_h, (real)0.1, (real)0);
                ns_gather(velocity[0], velocity[1], velocity[2], 1, cell, g.stride, &s);
                double rv = ns_momentum_residual(&s, g.inv_h, (real)0.1, (real)0);
                CU_ASSERT(fabs(ru + (2 * u * b + V * c + W * d)) < 1e3 * SWE_TEST_EPSILON);
                CU_ASSERT(fabs(rv + V * b) < 1e3 * SWE_TEST_EPSILON);
                double div = ns_divergence(velocity[0], velocity[1], velocity[2], cell, &g);
                CU_ASSERT(fabs(div - b) < 1e3 * SWE_TEST_EPSILON);
            }
        }
    }
    for (int axis = 0; axis < NS_AXES; ++axis) {
        free(velocity[axis]);
    }
}

void register_ns_stencil_tests(void)
{
    CU_pSuite suite = CU_add_suite("ns_stencils", NULL, NULL);
    swe_test_require_registered(suite, "suite ns_stencils");
    swe_test_require_registered(
        CU_add_test(suite, "QUICK reproduces quadratics", test_quick_reproduces_quadratics),
        "ns_stencils test");
    swe_test_require_registered(CU_add_test(suite, "diffusion and convection of quadratics",
                                            test_diffusion_and_convection_of_quadratics),
                                "ns_stencils test");
    swe_test_require_registered(
        CU_add_test(suite, "gathered residuals of linear fields", test_gather_on_linear_fields),
        "ns_stencils test");
}
