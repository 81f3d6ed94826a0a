/* The check that keeps make bench honest: the checksum of the final state
 * (common/cartesian/grid/block_checksum.h) in every summary line, and
 * tools/bench/bench_verify.sh, which holds a run's checksum against serial's.
 * No timing here; the bench itself is run by make bench. Runs from the
 * repository root, as make check does. */
#include "cartesian/grid/block_checksum.h"
#include "cartesian/model/run.h"
#include "tests/cartesian/backend_run.h"
#include "tests/program_runner.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const swe_cartesian_backend swe_cartesian_serial_backend;

static const char VERIFY[] = "tools/bench/bench_verify.sh";

/* Depths 1..12 on 4 x 3 cells of 2 m x 0.5 m (area 1): sums 78 and 650;
 * momenta (3, 4) in one cell: sum of squares 25. */
static void test_checksum_of_a_known_block(void)
{
    swe_block block;
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_block_create(&block, 4, 3, 0, 0, 8, 1.5, &err), SWE_OK);
    for (int j = 1; j <= 3; ++j) {
        for (int i = 1; i <= 4; ++i) {
            block.h[SWE_INDEX(&block, i, j)] = (real)((j - 1) * 4 + i);
        }
    }
    block.hu[SWE_INDEX(&block, 2, 2)] = 3;
    block.hv[SWE_INDEX(&block, 2, 2)] = 4;
    block.h[0] = block.hu[0] = 1000; /* ghost cells do not count */
    swe_block_checksum checksum;
    CU_ASSERT_EQUAL_FATAL(swe_block_checksum_of(&block, &checksum, &err), SWE_OK);
    CU_ASSERT_DOUBLE_EQUAL(checksum.mass, 78.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(checksum.h_l2, sqrt(650.0), 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(checksum.momentum_l2, 5.0, 1e-12);
    CU_ASSERT_EQUAL(swe_block_checksum_of(NULL, &checksum, &err), SWE_ERROR_USAGE);
    CU_ASSERT_EQUAL(swe_block_checksum_of(&block, NULL, &err), SWE_ERROR_USAGE);
    swe_block_destroy(&block);
}

/* The program's summary against the same run in this process (one
 * snapshot: each snapshot time ends a step). */
static void test_summary_carries_the_final_checksum(void)
{
    char dir[256];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(dir, sizeof dir, "bench-verify"), 0);
    const char *args[] = {
        "--scenario", "bump-dam-break", "--nx", "23",          "--ny", "17", "--t-end",
        "2",          "--outputs",      "1",    "--benchmark", NULL};
    swe_program_result result;
    swe_program_run(dir, args, &result);
    swe_remove_test_directory(dir);
    CU_ASSERT_EQUAL_FATAL(result.exit_code, 0);
    char printed[256];
    CU_ASSERT_FATAL(swe_summary_checksum(result.out, printed, sizeof printed));

    const swe_test_case c = {"bump-dam-break", 23, 17, SWE_SOLVER_FWAVE, 0, 0};
    swe_test_run run;
    swe_test_start(&run, &swe_cartesian_serial_backend, &c);
    swe_test_advance_to(&run, 2.0);
    swe_block_checksum checksum;
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_block_checksum_of(&run.block, &checksum, &err), SWE_OK);
    swe_test_stop(&run);
    char expected[256];
    swe_block_checksum_format(&checksum, expected, sizeof expected);
    CU_ASSERT_STRING_EQUAL(printed, expected);
    CU_ASSERT(checksum.momentum_l2 > 0); /* the water moves */
}

/* The driver reads the final state back from a backend that keeps its own
 * copy (the shadow backend, as a GPU does) before it takes the checksum:
 * swe_run on shadow gives serial's checksum, not the initial state's. */
static void test_driver_reads_the_state_back(void)
{
    char *argv[] = {"shallows", "--backend", "shadow", "--scenario", "bump-dam-break",
                    "--nx",     "23",        "--ny",   "17",         "--t-end",
                    "2",        "--outputs", "1",      "--benchmark"};
    swe_options options;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL_FATAL(swe_options_parse(14, argv, &options, &err), SWE_OK);
    swe_run_result shadow;
    CU_ASSERT_EQUAL_FATAL(swe_run(&options, &shadow, &err), SWE_OK);

    const swe_test_case c = {"bump-dam-break", 23, 17, SWE_SOLVER_FWAVE, 0, 0};
    swe_test_run run;
    swe_test_start(&run, &swe_cartesian_serial_backend, &c);
    swe_block_checksum initial, final;
    CU_ASSERT_EQUAL_FATAL(swe_block_checksum_of(&run.block, &initial, &err), SWE_OK);
    swe_test_advance_to(&run, 2.0);
    CU_ASSERT_EQUAL_FATAL(swe_block_checksum_of(&run.block, &final, &err), SWE_OK);
    swe_test_stop(&run);
    char initial_text[192], final_text[192];
    swe_block_checksum_format(&initial, initial_text, sizeof initial_text);
    swe_block_checksum_format(&final, final_text, sizeof final_text);
    CU_ASSERT_STRING_EQUAL(shadow.checksum, final_text);
    CU_ASSERT_STRING_NOT_EQUAL(shadow.checksum, initial_text);
}

/* tools/bench/bench_verify.sh; returns its exit code, its first line in verdict. */
static int verify(const char *agrees, const char *precision, const char *serial,
                  const char *checksum, char *verdict, size_t size)
{
    char dir[256];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(dir, sizeof dir, "bench-verify"), 0);
    const char *argv[] = {VERIFY, agrees, precision, serial, checksum, NULL};
    swe_program_result result;
    swe_command_run(dir, argv, &result);
    swe_remove_test_directory(dir);
    snprintf(verdict, size, "%.*s", (int)strcspn(result.out, "\n"), result.out);
    return result.exit_code;
}

static const char SERIAL[] =
    "mass=10157999.870872498 h_l2=10170.610597933659 momentum_l2=3305.2217970465454";

static void test_bit_for_bit_comparison(void)
{
    char verdict[1024];
    CU_ASSERT_EQUAL(verify("bit-for-bit", "single", SERIAL, SERIAL, verdict, sizeof verdict), 0);
    CU_ASSERT_STRING_EQUAL(verdict, "ok");
    /* The last digit of one figure: a different double. */
    CU_ASSERT_EQUAL(verify("bit-for-bit", "double", SERIAL,
                           "mass=10157999.870872498,h_l2=10170.610597933659,"
                           "momentum_l2=3305.2217970465453",
                           verdict, sizeof verdict),
                    1);
    CU_ASSERT_PTR_NOT_NULL(strstr(verdict, "FAILED: momentum_l2="));
    /* A figure left out. */
    CU_ASSERT_EQUAL(verify("bit-for-bit", "single", SERIAL,
                           "mass=10157999.870872498 h_l2=10170.610597933659", verdict,
                           sizeof verdict),
                    1);
    CU_ASSERT_PTR_NOT_NULL(strstr(verdict, "momentum_l2=(missing)"));
}

static void test_rounding_comparison(void)
{
    char verdict[1024];
    /* 1e-6 relative: an fp32 device's rounding, within 1e-4. */
    const char *close = "mass=10158010 h_l2=10170.62 momentum_l2=3305.225";
    CU_ASSERT_EQUAL(verify("rounding", "single", SERIAL, close, verdict, sizeof verdict), 0);
    CU_ASSERT_STRING_EQUAL(verdict, "ok");
    /* 1e-3 relative in the momentum: beyond it. */
    const char *off = "mass=10157999.870872498 h_l2=10170.610597933659 momentum_l2=3308.5";
    CU_ASSERT_EQUAL(verify("rounding", "single", SERIAL, off, verdict, sizeof verdict), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(verdict, "FAILED: momentum_l2="));
    /* Double precision allows 1e-12: 1e-6 fails there, 1e-16 passes. */
    CU_ASSERT_EQUAL(verify("rounding", "double", SERIAL, close, verdict, sizeof verdict), 1);
    const char *ulp =
        "mass=10157999.870872500 h_l2=10170.610597933659 momentum_l2=3305.2217970465454";
    CU_ASSERT_EQUAL(verify("rounding", "double", SERIAL, ulp, verdict, sizeof verdict), 0);
}

static void test_not_a_number_and_bad_arguments(void)
{
    char verdict[1024];
    const char *nan_mass = "mass=nan h_l2=10170.610597933659 momentum_l2=3305.2217970465454";
    CU_ASSERT_EQUAL(verify("rounding", "single", SERIAL, nan_mass, verdict, sizeof verdict), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(verdict, "not a number"));
    CU_ASSERT_EQUAL(verify("roughly", "single", SERIAL, SERIAL, verdict, sizeof verdict), 2);
    CU_ASSERT_EQUAL(verify("bit-for-bit", "half", SERIAL, SERIAL, verdict, sizeof verdict), 2);
    CU_ASSERT_EQUAL(verify("bit-for-bit", "single", "10157999", SERIAL, verdict, sizeof verdict),
                    2);
}

/* Two runs of the program: the same run passes bit for bit, a run that
 * ended 1 % later (another state) fails both checks. */
static void test_runs_of_the_program(void)
{
    char dir[256], checksum[2][256], verdict[1024];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(dir, sizeof dir, "bench-verify"), 0);
    const char *t_ends[] = {"1", "1.01"};
    for (int r = 0; r < 2; ++r) {
        const char *args[] = {"--nx",    "31",        "--ny", "31",          "--t-end",
                              t_ends[r], "--outputs", "1",    "--benchmark", NULL};
        swe_program_result result;
        swe_program_run(dir, args, &result);
        CU_ASSERT_EQUAL_FATAL(result.exit_code, 0);
        CU_ASSERT_FATAL(swe_summary_checksum(result.out, checksum[r], sizeof checksum[r]));
    }
    swe_remove_test_directory(dir);
    const char *precision = SWE_PRECISION_NAME;
    CU_ASSERT_EQUAL(
        verify("bit-for-bit", precision, checksum[0], checksum[0], verdict, sizeof verdict), 0);
    CU_ASSERT_EQUAL(
        verify("bit-for-bit", precision, checksum[0], checksum[1], verdict, sizeof verdict), 1);
    CU_ASSERT_EQUAL(
        verify("rounding", precision, checksum[0], checksum[1], verdict, sizeof verdict), 1);
}

void register_bench_verify_tests(void)
{
    CU_pSuite suite = CU_add_suite("bench-verify", NULL, NULL);
    swe_test_require_registered(suite, "suite bench-verify");
    const struct {
        const char *name;
        CU_TestFunc function;
        int needs_shadow; /* the test-only model, where it is linked */
    } tests[] = {
        {"checksum of a known block", test_checksum_of_a_known_block, 0},
        {"the summary line carries the final state's checksum",
         test_summary_carries_the_final_checksum, 0},
        {"the driver reads the state back before its checksum (shadow)",
         test_driver_reads_the_state_back, 1},
        {"bit for bit: the same digits pass, one digit off fails", test_bit_for_bit_comparison, 0},
        {"rounding: within the tolerance passes, beyond it fails", test_rounding_comparison, 0},
        {"NaN fails, bad arguments are refused", test_not_a_number_and_bad_arguments, 0},
        {"runs of the program: the same state passes, another fails", test_runs_of_the_program, 0},
    };
    const int shadow_linked = swe_cartesian_backend_find("shadow") != NULL;
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        if (tests[t].needs_shadow && !shadow_linked) {
            continue;
        }
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
