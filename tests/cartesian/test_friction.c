/* Manning friction: off means bit for bit off, it never reverses a flow,
 * and a whole run reproduces the exact decay of a uniform flow. */
#include "shallow_water/friction.h"
#include "tests/cartesian/backend_run.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <string.h>

extern const swe_cartesian_backend swe_cartesian_serial_backend;

static void test_zero_coefficient_changes_nothing(void)
{
    const swe_cell cells[] = {{1, 2, -3}, {0.0004f, 0, 0}, {5e-3f, 1e-7f, -1e-7f}, {30, -900, 5}};
    for (unsigned c = 0; c < sizeof cells / sizeof cells[0]; ++c) {
        swe_cell after = swe_manning_friction(cells[c], (real)0.1, (real)0);
        CU_ASSERT(memcmp(&after, &cells[c], sizeof after) == 0);
    }
}

/* However long the step and shallow the water, momentum keeps its sign
 * and only shrinks. */
static void test_friction_never_reverses_a_flow(void)
{
    const swe_cell cells[] = {{1, 2, -3}, {0.002f, 0.01f, -0.02f}, {0.01f, -5, 0}, {30, -900, 5}};
    const real steps[] = {(real)1e-3, 1, 1000};
    for (unsigned c = 0; c < sizeof cells / sizeof cells[0]; ++c) {
        for (unsigned s = 0; s < sizeof steps / sizeof steps[0]; ++s) {
            swe_cell after = swe_manning_friction(cells[c], steps[s], (real)0.05);
            CU_ASSERT(after.h == cells[c].h);
            CU_ASSERT(after.hu * cells[c].hu >= 0 && fabs(after.hu) <= fabs(cells[c].hu));
            CU_ASSERT(after.hv * cells[c].hv >= 0 && fabs(after.hv) <= fabs(cells[c].hv));
            CU_ASSERT(fabs(after.hu) < fabs(cells[c].hu) || cells[c].hu == 0);
        }
    }
}

/* A uniform flow on a flat bed (outflow on all sides keeps it uniform)
 * obeys du/dt = -g n^2 u^2 / h^(4/3), so 1/u grows linearly:
 * 1/u(t) = 1/u0 + g n^2 t / h^(4/3). The semi-implicit step follows that
 * line exactly, so a whole run through --manning's path (config, serial
 * backend, kernel) lands on it up to round-off. */
static void test_uniform_flow_decays_exactly(void)
{
    const double depth = 2, u0 = 3, manning = 0.03, t_end = 60;
    swe_test_run run;
    swe_block *block = &run.block;
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_block_create(block, 16, 8, 0, 0, 160, 80, &err), SWE_OK);
    for (int e = 0; e < SWE_EDGE_COUNT; ++e) {
        block->boundary[e] = SWE_BOUNDARY_OUTFLOW;
    }
    for (size_t c = 0; c < swe_block_size(block); ++c) {
        block->h[c] = (real)depth;
        block->hu[c] = (real)(depth * u0);
    }
    swe_cartesian_backend_config config = {.solver = SWE_SOLVER_FWAVE, .manning = (real)manning};
    swe_test_start_block(&run, &swe_cartesian_serial_backend, &config, 0.5);
    swe_test_advance_to(&run, t_end);
    double expected = 1.0 / (1.0 / u0 + 9.81 * manning * manning * t_end / pow(depth, 4.0 / 3.0));
    double u = block->hu[SWE_INDEX(block, 8, 4)] / block->h[SWE_INDEX(block, 8, 4)];
    CU_ASSERT(expected < 0.8 * u0); /* friction has acted noticeably */
    CU_ASSERT(fabs(u - expected) < 1.0e3 * SWE_TEST_EPSILON * u0);
    swe_test_stop(&run);
}

void register_friction_tests(void)
{
    CU_pSuite suite = CU_add_suite("friction", NULL, NULL);
    swe_test_require_registered(suite, "suite friction");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"n = 0 leaves the cell bit for bit", test_zero_coefficient_changes_nothing},
        {"friction never reverses a flow", test_friction_never_reverses_a_flow},
        {"uniform flow decays as 1/u = 1/u0 + k t", test_uniform_flow_decays_exactly},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
