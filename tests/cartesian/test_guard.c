/* The guard that stops a run going wrong, piece by piece: the cell update
 * leaves a wet cell's overdraft and NaN for the check to see (and clamps
 * only round-off and dry cells), a negative depth has no wave speed, the
 * closed basin's water may change by round-off alone, and the run of
 * issue 16 that grew its water by 28.9 % at --cfl 1 now stops with exit 1. */
#include "cartesian/grid/state_check.h"
#include "shallow_water/cell_update.h"
#include "tests/program_runner.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* One cell updated by net depth updates on its x edges alone (dt/dx = 1). */
static real updated_depth(real h, real net_out)
{
    return swe_euler_update(h, (real)0.5, (real)0, (real)1, (real)1, net_out, (real)0, (real)0,
                            (real)0, (real)0, (real)0)
        .h;
}

static void test_cell_update_keeps_failures_visible(void)
{
    /* A wet cell that loses more than it holds stays negative. */
    CU_ASSERT(updated_depth((real)1, (real)1.5) < (real)-0.4);
    /* NaN stays NaN. */
    real nan_depth = updated_depth((real)1, (real)NAN);
    CU_ASSERT(nan_depth != nan_depth);
    /* Round-off below zero, by less than the dry tolerance, is clamped. */
    CU_ASSERT_EQUAL(updated_depth((real)1, (real)1 + SWE_DRY_TOLERANCE / 4), (real)0);
    /* A cell that was dry already is clamped whatever it lost. */
    CU_ASSERT_EQUAL(updated_depth(SWE_DRY_TOLERANCE / 2, (real)0.1), (real)0);
    /* A cell that falls dry loses its momentum. */
    swe_cell dried = swe_euler_update((real)1, (real)3, (real)2, (real)1, (real)1, (real)1, (real)0,
                                      (real)0, (real)0, (real)0, (real)0);
    CU_ASSERT_EQUAL(dried.h, (real)0);
    CU_ASSERT_EQUAL(dried.hu, (real)0);
    CU_ASSERT_EQUAL(dried.hv, (real)0);
}

static void test_negative_depth_has_no_wave_speed(void)
{
    real speed = swe_cell_wave_speed((real)-0.03, (real)0, (real)0);
    CU_ASSERT(speed != speed);
    CU_ASSERT_EQUAL(swe_cell_wave_speed((real)0, (real)0, (real)0), (real)0);
    real running = swe_max_speed((real)0, speed);
    CU_ASSERT(swe_max_speed(running, (real)10) != swe_max_speed(running, (real)10));
}

static void test_closed_basin_water_within_round_off(void)
{
    char text[256] = "";
    CU_ASSERT_EQUAL(swe_state_describe_volume_change(1000.0, 1000.0, 200, 4096, text, sizeof text),
                    0);
    double round_off = 1000.0 * swe_state_volume_tolerance(200, 4096) / 2;
    CU_ASSERT_EQUAL(
        swe_state_describe_volume_change(1000.0, 1000.0 + round_off, 200, 4096, text, sizeof text),
        0);
    CU_ASSERT_STRING_EQUAL(text, "");
    CU_ASSERT_EQUAL(swe_state_describe_volume_change(1000.0, 1289.0, 200, 4096, text, sizeof text),
                    1);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "+28.9 %"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "after 200 steps of 4096 cells"));
    CU_ASSERT_EQUAL(swe_state_describe_volume_change(1000.0, 990.0, 200, 4096, text, sizeof text),
                    1);
    /* The smallest gain of water clipped out of negative depths seen at
     * --cfl 1 (64 x 64 cells, a few hundred steps) is caught in either
     * precision; Thacker's bowl of 200 x 200 cells with HLLE at a dry
     * tolerance of 1e-5 m, 1.28e-11 after 716 steps in double, is not. */
    CU_ASSERT_EQUAL(swe_state_describe_volume_change(1000.0, 1002.6, 200, 4096, text, sizeof text),
                    1);
#ifdef SWE_PRECISION_DOUBLE
    CU_ASSERT_EQUAL(swe_state_describe_volume_change(0.157081952, 0.157081952 * (1 + 1.28e-11), 716,
                                                     40000, text, sizeof text),
                    0);
#endif
}

/* Issue 16: exit 0 with the water grown 28.9 %; now the warning, then one
 * line naming the step and the negative depth, exit 1. */
static void test_step_too_long_stops_the_run(void)
{
    char dir[256];
    CU_ASSERT_FATAL(swe_make_test_directory(dir, sizeof dir, "guard") == 0);
    char output[512];
    swe_path_in(output, sizeof output, dir, "unstable");
    const char *const args[] = {"--scenario", "bump-dam-break", "--solver", "hlle",     "--cfl",
                                "1",          "--nx",           "64",       "--ny",     "64",
                                "--quiet",    "--format",       "vtk",      "--output", output,
                                NULL};
    swe_program_result result;
    swe_program_run(dir, args, &result);
    CU_ASSERT_EQUAL(result.exit_code, 1);
    const char *warning = strstr(result.err, "shallows: warning: --cfl 1 is above 0.5");
    CU_ASSERT_PTR_NOT_NULL(warning);
    const char *failure = warning != NULL ? strchr(warning, '\n') : NULL;
    CU_ASSERT(failure != NULL && strncmp(failure + 1, "shallows: step ", 15) == 0);
    CU_ASSERT(failure != NULL && strstr(failure, "made the state invalid") != NULL);
    CU_ASSERT(failure != NULL && strchr(failure + 1, '\n') != NULL &&
              strchr(failure + 1, '\n')[1] == '\0'); /* one line after the warning */
    if (result.exit_code != 1) {
        fprintf(stderr, "\n    expected exit 1, got %d: %s", result.exit_code, result.err);
    }
    CU_ASSERT_EQUAL(swe_count_entries_with(dir, ".tmp"), 0);
    swe_remove_test_directory(dir);
}

void register_guard_tests(void)
{
    CU_pSuite suite = CU_add_suite("guard", NULL, NULL);
    swe_test_require_registered(suite, "suite guard");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"the cell update leaves NaN and a wet cell's overdraft visible",
         test_cell_update_keeps_failures_visible},
        {"a negative depth has no wave speed", test_negative_depth_has_no_wave_speed},
        {"a closed basin's water changes by round-off alone",
         test_closed_basin_water_within_round_off},
        {"a step too long stops the run with exit 1", test_step_too_long_stops_the_run},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
