/* The short version of `make validate`: the augmented solver on wet/dry
 * cases with exact answers - Thacker's bowl converges, a lake at rest
 * around dry islands stays at rest, and mass is conserved with walls. */
#include "backend_run.h"
#include "scenarios/scenario.h"
#include "scenarios/validation.h"
#include "test_suites.h"

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

/* A lake with surface 0 m over a bed with three islands rising to 2 m
 * above it; walls. */
static void build_islands(swe_block *block)
{
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_block_create(block, 64, 48, 0, 0, 640, 480, &err), SWE_OK);
    const double islands[3][3] = {
        {160, 240, 60}, {400, 150, 40}, {480, 360, 80}}; /* x, y, radius */
    for (int j = 1; j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i) {
            double x = swe_block_cell_x(block, i), y = swe_block_cell_y(block, j);
            double bed = -4;
            for (int k = 0; k < 3; ++k) {
                double r2 = (pow(x - islands[k][0], 2) + pow(y - islands[k][1], 2)) /
                            (islands[k][2] * islands[k][2]);
                bed = fmax(bed, 2 - 6 * r2);
            }
            size_t c = SWE_INDEX(block, i, j);
            block->b[c] = (real)bed;
            block->h[c] = (real)fmax(0.0, 0.0 - (double)block->b[c]);
        }
    }
}

static void test_lake_with_dry_islands_stays_at_rest(void)
{
    extern const swe_backend swe_serial_backend;
    swe_test_run run;
    build_islands(&run.block);
    swe_backend_config config = {.solver = SWE_SOLVER_AUGRIE};
    swe_test_start_block(&run, &swe_serial_backend, &config, 0.5);
    swe_test_advance_to(&run, 100.0);
    CU_ASSERT(run.clock.steps > 100);
    swe_rest_figures rest = swe_validation_rest_figures(&run.block, 0.0);
    /* Round-off of 4 m depths: surface and momentum stay at rest, and no
     * water climbs onto the islands. */
    CU_ASSERT(rest.max_surface_change < 100 * SWE_TEST_EPSILON * 4);
    CU_ASSERT(rest.max_momentum < 1000 * SWE_TEST_EPSILON * 4);
    CU_ASSERT_EQUAL(rest.max_depth_on_land, 0);
    swe_test_stop(&run);
}

/* Wet/dry cases behind walls keep their water: the partial dam break (dry
 * dam cells) and Thacker's bowl (a moving shoreline). In double precision
 * to round-off; in single precision the depths are rounded to 1e-7 of
 * themselves every step, and the drift stays within a few of those. */
static void test_mass_is_conserved_on_wet_dry_cases(void)
{
    const char *scenarios[] = {"partial-dam-break", "thacker-bowl"};
    const double t_end[] = {7.2, 4.48569};
    for (int s = 0; s < 2; ++s) {
        swe_error err;
        swe_block block;
        long steps;
        const swe_scenario *scenario = swe_scenario_find(scenarios[s]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(scenario);
        CU_ASSERT_EQUAL_FATAL(swe_scenario_create_block(scenario, 40, 40, &block, &err), SWE_OK);
        double initial = swe_block_volume(&block);
        swe_block_destroy(&block);
        CU_ASSERT_EQUAL_FATAL(swe_validation_run(scenarios[s], "serial", 40, 40, SWE_SOLVER_AUGRIE,
                                                 0.0, t_end[s], &block, &steps, &err),
                              SWE_OK);
        double drift = fabs(swe_block_volume(&block) - initial) / initial;
#ifdef SWE_PRECISION_DOUBLE
        CU_ASSERT(drift < 1.0e-12);
#else
        CU_ASSERT(drift < 1.0e-4);
#endif
        swe_validation_finish(&block);
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
        {"augrie: lake around dry islands stays at rest", test_lake_with_dry_islands_stays_at_rest},
        {"augrie: mass conserved on wet/dry cases", test_mass_is_conserved_on_wet_dry_cases},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
