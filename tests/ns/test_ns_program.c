/* shallows-ns as a user runs it, through the shared driver: bad input
 * refused with exit 2 and one line; --help, the lists; the summary line
 * with its checksum; restarts bit for bit, also from a run killed between
 * checkpoints; the invalid-state guard (a blow-up, a NaN) with exit 1 and
 * the driver's message, the files written before it kept. */
#include "ns/model/ns_checkpoint.h"
#include "tests/ns/ns_test_support.h"
#include "tests/program_runner.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static char directory[512];

static int set_up(void)
{
    return swe_make_test_directory(directory, sizeof directory, "ns-program");
}

static int tear_down(void)
{
    return swe_remove_test_directory(directory);
}

static void run(const char *const *args, swe_program_result *result)
{
    ns_test_run_program("shallows-ns", directory, args, result);
}

static void summary_checksum(const char *out, char *checksum, size_t size)
{
    ns_test_summary_checksum(out, checksum, size);
}

/* One line on stderr, naming word, nothing on stdout, exit code code. */
static void expect_one_line(const swe_program_result *result, int code, const char *word)
{
    CU_ASSERT_EQUAL(result->exit_code, code);
    CU_ASSERT_PTR_NOT_NULL(strstr(result->err, word));
    CU_ASSERT(strncmp(result->err, "shallows-ns: ", 13) == 0);
    const char *end = strchr(result->err, '\n');
    CU_ASSERT(end != NULL && end[1] == '\0');
    if (result->exit_code != code || strstr(result->err, word) == NULL) {
        printf("\n  exit %d, stderr: %s (wanted %d and '%s')\n", result->exit_code, result->err,
               code, word);
    }
}

static void test_bad_input_exits_2(void)
{
    const struct {
        const char *args[8];
        const char *word;
    } bad[] = {
        {{"--case", "cavity", "--dt", "5"}, "stability limit"},
        {{"--obstacles", "/nonexistent/obstacle.pgm"}, "obstacle.pgm"},
        {{"--case", "cavity", "--resolution", "65536"}, "GiB"},
        {{"--restart", "/nonexistent/run.checkpoint"}, "cannot be read"},
        {{"--frobnicate"}, "--frobnicate"},
        {{"--resolution"}, "needs a value"},
        {{"--outputs", "0"}, "--outputs"},
        {{"--checkpoint-every", "-1"}, "--checkpoint-every"},
    };
    for (size_t b = 0; b < sizeof bad / sizeof bad[0]; ++b) {
        swe_program_result result;
        run(bad[b].args, &result);
        expect_one_line(&result, 2, bad[b].word);
        CU_ASSERT_EQUAL(result.out[0], '\0');
    }
}

static void test_help_and_lists(void)
{
    swe_program_result result;
    run((const char *[]){"--help", NULL}, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    const char *expected[] = {"--case NAME",      "(default cavity;", "--checkpoint-every",
                              "--restart FILE",   "--benchmark",      "--format LIST",
                              "(default netcdf)", "--level N",        "--list-backends"};
    for (size_t e = 0; e < sizeof expected / sizeof expected[0]; ++e) {
        CU_ASSERT_PTR_NOT_NULL(strstr(result.out, expected[e]));
    }
    run((const char *[]){"--list-backends", NULL}, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.out, "serial           levels=0 agrees=bit-for-bit"));
    run((const char *[]){"--list-cases", NULL}, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    for (int c = 0; c < ns_case_count(); ++c) {
        CU_ASSERT_PTR_NOT_NULL(strstr(result.out, ns_case_at(c)->name));
    }
}

/* The summary line in the project's format, with the checksum, and the
 * same checksum from OpenMP as from serial. */
static void test_summary_line(void)
{
    const char *args[] = {"--case",      "kelvin-helmholtz", "--resolution", "8",  "--t-end", "0.1",
                          "--benchmark", "--backend",        "serial",       NULL, NULL,      NULL};
    swe_program_result result;
    run(args, &result);
    CU_ASSERT_EQUAL_FATAL(result.exit_code, 0);
    const char *summary = strstr(result.out, "summary: backend=serial solver=quick-ab2 precision=");
    CU_ASSERT_PTR_NOT_NULL_FATAL(summary);
    CU_ASSERT_PTR_NOT_NULL(strstr(summary, " cells=512 "));
    CU_ASSERT_PTR_NOT_NULL(strstr(result.out, "navier-stokes: case=kelvin-helmholtz grid=8x8x8"));
    char serial[256], openmp[256];
    summary_checksum(result.out, serial, sizeof serial);
    CU_ASSERT_PTR_NOT_NULL(strstr(serial, "p_l2="));
    if (ns_backend_find("openmp") != NULL) {
        args[8] = "openmp";
        args[9] = "--threads";
        args[10] = "3";
        run(args, &result);
        summary_checksum(result.out, openmp, sizeof openmp);
        CU_ASSERT_STRING_EQUAL(openmp, serial);
    }
}

static int exists_in_directory(const char *name)
{
    char path[1024];
    swe_path_in(path, sizeof path, directory, name);
    return swe_file_exists(path);
}

/* A fixed dt that the flow outgrows: the guard stops the run (exit 1, the
 * driver's message) and keeps the snapshot written before. */
static void test_blow_up_stops_the_run(void)
{
    char output[1024];
    swe_path_in(output, sizeof output, directory, "blown");
    swe_program_result result;
    run((const char *[]){"--case", "channel-obstacle", "--resolution", "8", "--dt", "0.1",
                         "--t-end", "5", "--quiet", "--output", output, "--format", "vtk", NULL},
        &result);
    expect_one_line(&result, 1, "made the state invalid");
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, "outgrew the fixed dt"));
    CU_ASSERT(exists_in_directory("blown_0000.vti"));
    CU_ASSERT(exists_in_directory("blown.pvd"));
}

/* A state with a NaN (a checkpoint written from one): the guard names the
 * first cell that holds it. */
static void test_nan_is_found(void)
{
    ns_solver *whole = ns_test_case("kelvin-helmholtz", "serial", 8, 0.0);
    size_t cell = ns_index(&whole->grid, 3, 2, 1);
    whole->velocity[0][cell] = (real)NAN;
    char path[1024];
    swe_path_in(path, sizeof path, directory, "nan.checkpoint");
    const ns_checkpoint_run run_identity = {
        .case_name = "kelvin-helmholtz", .t_end = 0.1, .outputs = 2};
    const ns_checkpoint_state state = {
        .position = {.clock = {.t = 0.01, .steps = 1, .last_dt = 0.01, .cfl = 0.5},
                     .next_snapshot = 1},
        .have_history = 0};
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(ns_checkpoint_write(path, whole, &run_identity, &state, &err), SWE_OK);
    ns_solver_destroy(whole);
    swe_program_result result;
    run((const char *[]){"--case", "kelvin-helmholtz", "--resolution", "8", "--t-end", "0.1",
                         "--outputs", "2", "--restart", path, "--quiet", "--format", "vtk",
                         "--output", path, NULL},
        &result);
    expect_one_line(&result, 1, "u = nan at cell (3, 2, 1)");
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, "step 1 at t = 0.01 s"));
}

void register_ns_program_tests(void)
{
    CU_pSuite suite = CU_add_suite("ns_program", set_up, tear_down);
    swe_test_require_registered(suite, "suite ns_program");
    const struct {
        const char *name;
        CU_TestFunc test;
    } tests[] = {{"bad input: exit 2 and one line", test_bad_input_exits_2},
                 {"--help and the lists", test_help_and_lists},
                 {"the summary line and its checksum", test_summary_line},
                 {"a blow-up stops the run (exit 1)", test_blow_up_stops_the_run},
                 {"the guard names a NaN's cell", test_nan_is_found}};
    for (size_t t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].test),
                                    "ns_program test");
    }
}
