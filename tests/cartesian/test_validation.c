/* The short version of `make validate`: the augmented solver on wet/dry
 * cases with exact answers - Thacker's bowl converges and mass is
 * conserved with walls (the rest cases are in tests/cartesian/test_balance.c). */
#include "cartesian/scenarios/scenario.h"
#include "cartesian/scenarios/validation.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>

/* L1 error of the depth in Thacker's bowl after half a period. */
static double thacker_error(int cells, enum swe_solver solver)
{
    swe_error err;
    swe_block block;
    long steps;
    swe_thacker_exact exact;
    CU_ASSERT_EQUAL_FATAL(swe_thacker_init(&exact, 2, 2, 1, 0.1, 0.5, &err), SWE_OK);
    double t_end = 0.5 * swe_thacker_period(&exact);
    int status = swe_validation_run("thacker-bowl", "serial", cells, cells, solver, 0.0, t_end,
                                    &block, &steps, &err);
    CU_ASSERT_EQUAL_FATAL(status, SWE_OK);
    swe_thacker_at at = {&exact, t_end};
    swe_error_norms norms = swe_validation_depth_error(&block, swe_validation_thacker_depth, &at);
    swe_validation_finish(&block);
    return norms.l1;
}

static void test_thacker_bowl_converges(void)
{
    const int grids[] = {25, 50, 100};
    double errors[3];
    for (int g = 0; g < 3; ++g) {
        errors[g] = thacker_error(grids[g], SWE_SOLVER_AUGRIE);
    }
    CU_ASSERT(errors[1] < errors[0]);
    CU_ASSERT(errors[2] < errors[1]);
    /* First order with a moving shoreline: measured 0.7 (docs/VALIDATION.md). */
    CU_ASSERT(log2(errors[0] / errors[2]) / 2 > 0.5);
    /* The water body holds pi a^2 h0 / 2 = 0.157 m^3; at 100^2 cells the
     * depth is off by less than 10 % of it. */
    CU_ASSERT(errors[2] < 0.1 * 0.157);
}

/* The shoreline distance that splits the error into wet interior, band
 * and beach: negative exactly where the exact depth is positive, and the
 * depth grows with it as h0 / a^2 (a^2 - (a + d)^2) inside the disc. */
static void test_thacker_shoreline_distance_matches_depth(void)
{
    swe_error err;
    swe_thacker_exact exact;
    CU_ASSERT_EQUAL_FATAL(swe_thacker_init(&exact, 2, 2, 1, 0.1, 0.5, &err), SWE_OK);
    const double times[] = {0, 1.1, 2.9};
    int checked = 0;
    for (int t = 0; t < 3; ++t) {
        for (double y = 0.05; y < 4; y += 0.1) {
            for (double x = 0.05; x < 4; x += 0.1) {
                double h, u, v;
                swe_thacker_eval(&exact, x, y, times[t], &h, &u, &v);
                double d = swe_thacker_shoreline_distance(&exact, x, y, times[t]);
                double expected = d < 0 ? 0.1 * (1 - (1 + d) * (1 + d)) : 0;
                CU_ASSERT_DOUBLE_EQUAL(h, expected, 1e-12);
                checked += d < 0;
            }
        }
    }
    CU_ASSERT(checked > 100); /* the disc holds points at every time */
    CU_ASSERT(isnan(swe_thacker_shoreline_distance(NULL, 0, 0, 0)));
}

/* Wet/dry cases behind walls keep their water with every solver: the
 * partial dam break (dry dam cells) and Thacker's bowl (a moving
 * shoreline; f-wave used to gain 8.5e-6 there). In double precision to
 * round-off; in single precision the depths are rounded to 1e-7 of
 * themselves every step, and the drift stays within a few of those. */
static void check_mass(const char *scenario_name, double t_end, enum swe_solver solver)
{
    swe_error err;
    swe_block block;
    long steps;
    const swe_scenario *scenario = swe_scenario_find(scenario_name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(scenario);
    CU_ASSERT_EQUAL_FATAL(swe_scenario_create_block(scenario, 40, 40, &block, &err), SWE_OK);
    double initial = swe_block_volume(&block);
    swe_block_destroy(&block);
    CU_ASSERT_EQUAL_FATAL(swe_validation_run(scenario_name, "serial", 40, 40, solver, 0.0, t_end,
                                             &block, &steps, &err),
                          SWE_OK);
    double drift = fabs(swe_block_volume(&block) - initial) / initial;
#ifdef SWE_PRECISION_DOUBLE
    CU_ASSERT(drift < 1.0e-12);
#else
    CU_ASSERT(drift < 1.0e-4);
#endif
    swe_validation_finish(&block);
}

static void test_mass_is_conserved_on_wet_dry_cases(void)
{
    for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
        check_mass("partial-dam-break", 7.2, (enum swe_solver)solver);
        check_mass("thacker-bowl", 4.48569, (enum swe_solver)solver);
    }
}

void register_validation_tests(void)
{
    CU_pSuite suite = CU_add_suite("validation", NULL, NULL);
    swe_test_require_registered(suite, "suite validation");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"augrie: Thacker's bowl converges", test_thacker_bowl_converges},
        {"Thacker's shoreline distance matches its depth",
         test_thacker_shoreline_distance_matches_depth},
        {"every solver: mass conserved on wet/dry cases", test_mass_is_conserved_on_wet_dry_cases},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
