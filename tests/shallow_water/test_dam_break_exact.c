#include "shallow_water/dam_break_exact.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const double g = SWE_DAM_BREAK_GRAVITY;

static swe_dam_break_exact make_solution(double h_left, double h_right, double x_dam)
{
    swe_dam_break_exact solution;
    swe_error err = {{0}};
    int status = swe_dam_break_exact_init(&solution, h_left, h_right, x_dam, &err);
    CU_ASSERT_EQUAL_FATAL(status, SWE_OK);
    return solution;
}

static double relative_difference(double a, double b)
{
    return fabs(a - b) / fmax(fabs(a), fabs(b));
}

static void test_stoker_rankine_hugoniot(void)
{
    swe_dam_break_exact s = make_solution(10.0, 2.0, 0.0);
    double hm = s.h_middle, um = s.u_middle, hr = s.h_right;
    /* Jump conditions of a shock moving into still water at speed shock_speed. */
    double mass_jump = s.shock_speed * (hm - hr);
    double mass_flux_jump = hm * um;
    double momentum_jump = s.shock_speed * hm * um;
    double momentum_flux_jump = hm * um * um + 0.5 * g * (hm * hm - hr * hr);
    CU_ASSERT(relative_difference(mass_jump, mass_flux_jump) < 1e-10);
    CU_ASSERT(relative_difference(momentum_jump, momentum_flux_jump) < 1e-10);
    /* The middle state is reached from the left through the rarefaction. */
    double invariant = um + 2.0 * sqrt(g * hm);
    CU_ASSERT(relative_difference(invariant, 2.0 * sqrt(g * s.h_left)) < 1e-10);
}

/* Reference middle depths from an independent computation (Newton on
 * Toro's depth function f_L(h) + f_R(h) = 0, in Python): 5.078714 for 10/2
 * and 3.961748 for 10/1. The 3.9654 sometimes quoted for 10/2 belongs to
 * neither; it is close to the 10/1 value. */
static void test_stoker_middle_depth_reference(void)
{
    CU_ASSERT_DOUBLE_EQUAL(make_solution(10.0, 2.0, 0.0).h_middle, 5.0787, 1e-3);
    CU_ASSERT_DOUBLE_EQUAL(make_solution(10.0, 1.0, 0.0).h_middle, 3.9617, 1e-3);
}

/* Depth and momentum just either side of x = x_dam + speed * t. Momentum
 * rather than velocity: at Ritter's dry front the velocity of the vanishing
 * layer (2 c_left) meets the dry bed's 0, but no water moves there. */
static void assert_continuous_at(const swe_dam_break_exact *s, double speed, double t)
{
    const double offset = 1e-9;
    double h_before, u_before, h_after, u_after;
    double x = s->x_dam + speed * t;
    swe_dam_break_exact_eval(s, x - offset, t, &h_before, &u_before);
    swe_dam_break_exact_eval(s, x + offset, t, &h_after, &u_after);
    CU_ASSERT_DOUBLE_EQUAL(h_before, h_after, 1e-6);
    CU_ASSERT_DOUBLE_EQUAL(h_before * u_before, h_after * u_after, 1e-6);
}

static void test_rarefaction_continuous_at_ends(void)
{
    const double t = 5.0;
    swe_dam_break_exact stoker = make_solution(10.0, 2.0, 100.0);
    double c_left = sqrt(g * stoker.h_left);
    assert_continuous_at(&stoker, -c_left, t);
    assert_continuous_at(&stoker, stoker.u_middle - sqrt(g * stoker.h_middle), t);

    swe_dam_break_exact ritter = make_solution(10.0, 0.0, 100.0);
    assert_continuous_at(&ritter, -c_left, t);
    assert_continuous_at(&ritter, 2.0 * c_left, t);
}

static void test_ritter_profile(void)
{
    const double h_left = 4.0, x_dam = 50.0, t = 3.0;
    swe_dam_break_exact s = make_solution(h_left, 0.0, x_dam);
    double c_left = sqrt(g * h_left);
    CU_ASSERT_DOUBLE_EQUAL(s.h_middle, 0.0, 0.0);
    CU_ASSERT_DOUBLE_EQUAL(s.u_middle, 2.0 * c_left, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(s.shock_speed, 0.0, 0.0);
    double h, u;
    for (double fraction = 0.05; fraction < 1.0; fraction += 0.1) {
        double x_rel = (-c_left + fraction * 3.0 * c_left) * t;
        swe_dam_break_exact_eval(&s, x_dam + x_rel, t, &h, &u);
        double expected = (2.0 * c_left - x_rel / t) * (2.0 * c_left - x_rel / t) / (9.0 * g);
        CU_ASSERT_DOUBLE_EQUAL(h, expected, 1e-12);
        CU_ASSERT_DOUBLE_EQUAL(u, 2.0 / 3.0 * (c_left + x_rel / t), 1e-12);
    }
    swe_dam_break_exact_eval(&s, x_dam + 2.0 * c_left * t + 1e-6, t, &h, &u);
    CU_ASSERT_DOUBLE_EQUAL(h, 0.0, 0.0);
    CU_ASSERT_DOUBLE_EQUAL(u, 0.0, 0.0);
    swe_dam_break_exact_eval(&s, x_dam - c_left * t - 1e-6, t, &h, &u);
    CU_ASSERT_DOUBLE_EQUAL(h, h_left, 0.0);
    CU_ASSERT_DOUBLE_EQUAL(u, 0.0, 0.0);
}

static void test_initial_step(void)
{
    swe_dam_break_exact s = make_solution(10.0, 2.0, 500.0);
    double h, u;
    swe_dam_break_exact_eval(&s, 499.9, 0.0, &h, &u);
    CU_ASSERT_DOUBLE_EQUAL(h, 10.0, 0.0);
    CU_ASSERT_DOUBLE_EQUAL(u, 0.0, 0.0);
    swe_dam_break_exact_eval(&s, 500.1, 0.0, &h, &u);
    CU_ASSERT_DOUBLE_EQUAL(h, 2.0, 0.0);
    CU_ASSERT_DOUBLE_EQUAL(u, 0.0, 0.0);
}

/* Midpoint rule on a fine grid: a jump costs at most half a cell times its
 * height, far below the 1e-6 tolerance. */
static double profile_mass(const swe_dam_break_exact *s, double x_min, double x_max, double t)
{
    const int samples = 1000000;
    double dx = (x_max - x_min) / samples, mass = 0.0;
    for (int i = 0; i < samples; ++i) {
        double h, u;
        swe_dam_break_exact_eval(s, x_min + (i + 0.5) * dx, t, &h, &u);
        mass += h * dx;
    }
    return mass;
}

/* The waves stay inside [0, 1000] until t = 20 s, so no water leaves. */
static void assert_mass_conserved(double h_left, double h_right)
{
    swe_dam_break_exact s = make_solution(h_left, h_right, 500.0);
    double initial_mass = 500.0 * h_left + 500.0 * h_right;
    CU_ASSERT(relative_difference(profile_mass(&s, 0.0, 1000.0, 20.0), initial_mass) < 1e-6);
}

static void test_mass_conserved(void)
{
    assert_mass_conserved(10.0, 2.0);
    assert_mass_conserved(10.0, 0.0);
}

static void assert_refused(double h_left, double h_right, double x_dam)
{
    swe_dam_break_exact solution;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL(swe_dam_break_exact_init(&solution, h_left, h_right, x_dam, &err),
                    SWE_ERROR_USAGE);
    CU_ASSERT(err.message[0] != '\0');
}

static void test_init_refuses_bad_input(void)
{
    assert_refused(0.0, 0.0, 0.0);
    assert_refused(-1.0, 0.0, 0.0);
    assert_refused(10.0, -1.0, 0.0);
    assert_refused(10.0, 10.0, 0.0);
    assert_refused(2.0, 10.0, 0.0);
    assert_refused(NAN, 1.0, 0.0);
    assert_refused(10.0, NAN, 0.0);
    assert_refused(INFINITY, 1.0, 0.0);
    assert_refused(10.0, 1.0, INFINITY);
    assert_refused(10.0, 1.0, NAN);
}

static void add_test(CU_pSuite suite, const char *name, CU_TestFunc test)
{
    if (CU_add_test(suite, name, test) == NULL) {
        fprintf(stderr, "CUnit: %s\n", CU_get_error_msg());
        exit(1);
    }
}

void register_dam_break_exact_tests(void)
{
    CU_pSuite suite = CU_add_suite("dam-break-exact", NULL, NULL);
    if (suite == NULL) {
        fprintf(stderr, "CUnit: %s\n", CU_get_error_msg());
        exit(1);
    }
    add_test(suite, "Stoker middle state satisfies jump conditions", test_stoker_rankine_hugoniot);
    add_test(suite, "Stoker middle depth matches reference", test_stoker_middle_depth_reference);
    add_test(suite, "rarefaction is continuous at both ends", test_rarefaction_continuous_at_ends);
    add_test(suite, "Ritter dry-bed profile", test_ritter_profile);
    add_test(suite, "t = 0 gives the initial step", test_initial_step);
    add_test(suite, "exact profile conserves mass", test_mass_conserved);
    add_test(suite, "init refuses bad input", test_init_refuses_bad_input);
}
