/* The check that keeps make bench honest: the checksum of the final state
 * (common/grid/block_checksum.h) in every summary line, and
 * tools/bench_verify.sh, which holds a run's checksum against serial's.
 * No timing here; the bench itself is run by make bench. Runs from the
 * repository root, as make check does. */
#include "backend_run.h"
#include "grid/block_checksum.h"
#include "program_runner.h"
#include "test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const swe_backend swe_serial_backend;

static const char VERIFY[] = "tools/bench_verify.sh";

/* Depths 1..12 on 4 x 3 cells of 2 m x 0.5 m: sum 78, sum of squares 650. */
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
    block.h[0] = 1000; /* ghost cells do not count */
    swe_block_checksum checksum;
    CU_ASSERT_EQUAL_FATAL(swe_block_checksum_of(&block, &checksum, &err), SWE_OK);
    CU_ASSERT_DOUBLE_EQUAL(checksum.mass, 78.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(checksum.h_l2, sqrt(650.0), 1e-12);
    CU_ASSERT_EQUAL(swe_block_checksum_of(NULL, &checksum, &err), SWE_ERROR_USAGE);
    CU_ASSERT_EQUAL(swe_block_checksum_of(&block, NULL, &err), SWE_ERROR_USAGE);
    swe_block_destroy(&block);
}

/* The two figures of a summary line, as printed. */
static int summary_checksum(const char *out, char *mass, char *h_l2, size_t size)
{
    const char *line = strstr(out, "summary: ");
    const char *m = line != NULL ? strstr(line, " mass=") : NULL;
    const char *n = line != NULL ? strstr(line, " h_l2=") : NULL;
    if (m == NULL || n == NULL) {
        return 0;
    }
    snprintf(mass, size, "%.*s", (int)strcspn(m + 6, " \n"), m + 6);
    snprintf(h_l2, size, "%.*s", (int)strcspn(n + 6, " \n"), n + 6);
    return 1;
}

/* The program's summary against the same run in this process (one
 * snapshot: each snapshot time ends a step). */
static void test_summary_carries_the_final_checksum(void)
{
    char dir[256];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(dir, sizeof dir, "bench-verify"), 0);
    const char *args[] = {"--scenario", "bump-dam-break", "--nx",      "23", "--ny", "17",
                          "--t-end",    "2",  "--outputs", "1", "--benchmark", NULL};
    swe_program_result result;
    swe_program_run(dir, args, &result);
    swe_remove_test_directory(dir);
    CU_ASSERT_EQUAL_FATAL(result.exit_code, 0);
    char mass[64], h_l2[64];
    CU_ASSERT_FATAL(summary_checksum(result.out, mass, h_l2, sizeof mass));

    const swe_test_case c = {"bump-dam-break", 23, 17, SWE_SOLVER_FWAVE, 0, 0};
    swe_test_run run;
    swe_test_start(&run, &swe_serial_backend, &c);
    swe_test_advance_to(&run, 2.0);
    swe_block_checksum checksum;
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_block_checksum_of(&run.block, &checksum, &err), SWE_OK);
    swe_test_stop(&run);
    char expected_mass[64], expected_h_l2[64];
    snprintf(expected_mass, sizeof expected_mass, "%.17g", checksum.mass);
    snprintf(expected_h_l2, sizeof expected_h_l2, "%.17g", checksum.h_l2);
    CU_ASSERT_STRING_EQUAL(mass, expected_mass);
    CU_ASSERT_STRING_EQUAL(h_l2, expected_h_l2);
}

/* tools/bench_verify.sh with agrees, precision and four figures; returns
 * its exit code, its first line in verdict. */
static int verify(const char *agrees, const char *precision, const char *serial_mass,
                  const char *serial_h_l2, const char *mass, const char *h_l2, char *verdict,
                  size_t size)
{
    char dir[256];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(dir, sizeof dir, "bench-verify"), 0);
    const char *argv[] = {VERIFY, agrees, precision, serial_mass, serial_h_l2, mass, h_l2, NULL};
    swe_program_result result;
    swe_command_run(dir, argv, &result);
    swe_remove_test_directory(dir);
    snprintf(verdict, size, "%.*s", (int)strcspn(result.out, "\n"), result.out);
    return result.exit_code;
}

static void test_bit_for_bit_comparison(void)
{
    char verdict[1024];
    const char *m = "10157999.870872498", *n = "10170.610597933659";
    CU_ASSERT_EQUAL(verify("bit-for-bit", "single", m, n, m, n, verdict, sizeof verdict), 0);
    CU_ASSERT_STRING_EQUAL(verdict, "ok");
    /* The last digit of one figure: a different double. */
    CU_ASSERT_EQUAL(verify("bit-for-bit", "double", m, n, m, "10170.610597933658", verdict,
                           sizeof verdict),
                    1);
    CU_ASSERT_PTR_NOT_NULL(strstr(verdict, "FAILED: h_l2="));
    CU_ASSERT_EQUAL(verify("bit-for-bit", "single", m, n, "10157999.870872499", n, verdict,
                           sizeof verdict),
                    1);
    CU_ASSERT_PTR_NOT_NULL(strstr(verdict, "FAILED: mass="));
}

static void test_rounding_comparison(void)
{
    char verdict[1024];
    const char *m = "10157999.870872498", *n = "10170.610597933659";
    /* 1e-7 relative: an fp32 device's rounding, within 1e-5. */
    CU_ASSERT_EQUAL(
        verify("rounding", "single", m, n, "10158000.886672", "10170.6116", verdict, 100), 0);
    CU_ASSERT_STRING_EQUAL(verdict, "ok");
    /* 1e-4 relative: beyond it. */
    CU_ASSERT_EQUAL(verify("rounding", "single", m, n, m, "10171.62", verdict, sizeof verdict), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(verdict, "FAILED: h_l2="));
    /* Double precision allows 1e-12: 1e-7 fails there. */
    CU_ASSERT_EQUAL(
        verify("rounding", "double", m, n, "10158000.886672", n, verdict, sizeof verdict), 1);
    CU_ASSERT_EQUAL(verify("rounding", "double", m, n, "10157999.870872500", n, verdict,
                           sizeof verdict),
                    0);
}

static void test_not_a_number_and_bad_arguments(void)
{
    char verdict[1024];
    const char *m = "10157999.870872498", *n = "10170.610597933659";
    CU_ASSERT_EQUAL(verify("rounding", "single", m, n, "nan", n, verdict, sizeof verdict), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(verdict, "not a number"));
    CU_ASSERT_EQUAL(verify("rounding", "single", m, n, m, "-inf", verdict, sizeof verdict), 1);
    CU_ASSERT_EQUAL(verify("roughly", "single", m, n, m, n, verdict, sizeof verdict), 2);
    CU_ASSERT_EQUAL(verify("bit-for-bit", "half", m, n, m, n, verdict, sizeof verdict), 2);
}

/* Two runs of the program: the same run passes bit for bit, a run that
 * ended a little later (another state) fails. */
static void test_runs_of_the_program(void)
{
    char dir[256], mass[2][64], h_l2[2][64], verdict[1024];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(dir, sizeof dir, "bench-verify"), 0);
    const char *t_ends[] = {"1", "1.01"};
    for (int r = 0; r < 2; ++r) {
        const char *args[] = {"--nx",      "31", "--ny",        "31", "--t-end", t_ends[r],
                              "--outputs", "1",  "--benchmark", NULL};
        swe_program_result result;
        swe_program_run(dir, args, &result);
        CU_ASSERT_EQUAL_FATAL(result.exit_code, 0);
        CU_ASSERT_FATAL(summary_checksum(result.out, mass[r], h_l2[r], sizeof mass[r]));
    }
    swe_remove_test_directory(dir);
    CU_ASSERT_EQUAL(verify("bit-for-bit", SWE_PRECISION_NAME, mass[0], h_l2[0], mass[0], h_l2[0],
                           verdict, sizeof verdict),
                    0);
    CU_ASSERT_EQUAL(verify("bit-for-bit", SWE_PRECISION_NAME, mass[0], h_l2[0], mass[1], h_l2[1],
                           verdict, sizeof verdict),
                    1);
    CU_ASSERT_EQUAL(verify("rounding", SWE_PRECISION_NAME, mass[0], h_l2[0], mass[1], h_l2[1],
                           verdict, sizeof verdict),
                    1);
}

void register_bench_verify_tests(void)
{
    CU_pSuite suite = CU_add_suite("bench-verify", NULL, NULL);
    swe_test_require_registered(suite, "suite bench-verify");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"checksum of a known block", test_checksum_of_a_known_block},
        {"the summary line carries the final state's checksum",
         test_summary_carries_the_final_checksum},
        {"bit for bit: the same digits pass, one digit off fails", test_bit_for_bit_comparison},
        {"rounding: within the tolerance passes, beyond it fails", test_rounding_comparison},
        {"NaN fails, bad arguments are refused", test_not_a_number_and_bad_arguments},
        {"runs of the program: the same state passes, another fails", test_runs_of_the_program},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
