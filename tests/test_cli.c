/* The command line, run as a user would: exit codes, messages, files. */
#include "program_runner.h"
#include "test_suites.h"

#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char work_dir[256];

static int make_work_dir(void)
{
    snprintf(work_dir, sizeof work_dir, "/tmp/shallows-cli-XXXXXX");
    return mkdtemp(work_dir) == NULL;
}

static int remove_work_dir(void)
{
    return rmdir(work_dir);
}

static int file_exists(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", work_dir, name);
    struct stat info;
    return stat(path, &info) == 0;
}

/* Bad input: exit code 2, one line naming the problem, no output file. */
static void expect_refusal(const char *const *args, const char *message)
{
    swe_program_result result;
    swe_program_run(work_dir, args, &result);
    CU_ASSERT_EQUAL(result.exit_code, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, message));
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, "shallows: "));
    char *newline = strchr(result.err, '\n');
    CU_ASSERT(newline != NULL && newline[1] == '\0'); /* exactly one line */
    CU_ASSERT_FALSE(file_exists("refused.nc"));
    CU_ASSERT_FALSE(file_exists("refused.nc.tmp"));
    if (result.exit_code != 2 || strstr(result.err, message) == NULL) {
        fprintf(stderr, "\n    expected '%s', got exit %d: %s", message, result.exit_code,
                result.err);
    }
}

#define REFUSE(message, ...)                                                                       \
    do {                                                                                           \
        char output[512];                                                                          \
        snprintf(output, sizeof output, "%s/refused", work_dir);                                   \
        const char *const args[] = {"--output", output, "--nx",      "8",                          \
                                    "--ny",     "8",    __VA_ARGS__, NULL};                        \
        expect_refusal(args, message);                                                             \
    } while (0)

static void test_refuses_unknown_option_and_scenario(void)
{
    REFUSE("unknown option '--no-such-option'", "--no-such-option");
    REFUSE("unknown scenario 'atlantis'", "--scenario", "atlantis");
    REFUSE("unknown solver 'roe'", "--solver", "roe");
    REFUSE("unexpected argument 'stray'", "stray");
    REFUSE("option '--nx' needs a value", "--nx");
}

static void test_refuses_bad_sizes(void)
{
    REFUSE("--nx needs a whole number, got 'ten'", "--nx", "ten");
    REFUSE("--ny needs a whole number, got '3.5'", "--ny", "3.5");
    REFUSE("--nx must be between 1 and", "--nx", "0");
    REFUSE("--ny must be between 1 and", "--ny", "-4");
    REFUSE("--outputs must be between 1 and", "--outputs", "0");
}

static void test_refuses_bad_times_and_cfl(void)
{
    REFUSE("--t-end must be positive", "--t-end", "0");
    REFUSE("--t-end must be positive", "--t-end", "-1");
    REFUSE("--t-end needs a number, got 'soon'", "--t-end", "soon");
    REFUSE("--cfl must be in (0, 1]", "--cfl", "0");
    REFUSE("--cfl must be in (0, 1]", "--cfl", "1.5");
    REFUSE("--cfl needs a number", "--cfl", "nan");
    REFUSE("--manning must be between 0 and 1", "--manning", "-0.01");
    REFUSE("--manning needs a number, got 'rough'", "--manning", "rough");
}

static void test_refuses_missing_backend(void)
{
    REFUSE("backend 'quantum' is not built", "--backend", "quantum");
    REFUSE("backend 'serial' has no optimisation levels", "--level", "2");
}

#ifdef SWE_WITHOUT_NETCDF
/* A build without NetCDF refuses the NetCDF output it cannot write. */
static void test_refuses_netcdf_output_without_netcdf(void)
{
    const char *const args[] = {"--output", "refused", "--nx", "8", "--ny", "8", NULL};
    expect_refusal(args, "built without NetCDF");
}
#else
static void test_refuses_unwritable_output(void)
{
    const char *const args[] = {"--output", "/nonexistent-dir/refused", "--nx", "8", "--ny", "8",
                                NULL};
    expect_refusal(args, "/nonexistent-dir/refused");
}

static void test_run_writes_file_and_summary(void)
{
    char output[512];
    snprintf(output, sizeof output, "%s/run", work_dir);
    const char *const args[] = {
        "--scenario", "radial-dam-break", "--nx", "30",       "--ny", "20", "--t-end",
        "2",          "--outputs",        "3",    "--output", output, NULL};
    swe_program_result result;
    swe_program_run(work_dir, args, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    CU_ASSERT_PTR_NOT_NULL(
        strstr(result.out, "summary: backend=serial solver=fwave precision=" SWE_PRECISION_NAME
                           " cells=600 steps="));
    CU_ASSERT_PTR_NOT_NULL(strstr(result.out, " cell_updates_per_s="));
    CU_ASSERT(file_exists("run.nc"));
    CU_ASSERT_FALSE(file_exists("run.nc.tmp"));
    char path[512];
    snprintf(path, sizeof path, "%s/run.nc", work_dir);
    unlink(path);
}

#endif

static void test_benchmark_writes_nothing(void)
{
    char output[512];
    snprintf(output, sizeof output, "%s/bench", work_dir);
    const char *const args[] = {"--benchmark", "--nx", "20",       "--ny", "20",
                                "--t-end",     "1",    "--output", output, NULL};
    swe_program_result result;
    swe_program_run(work_dir, args, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.out, "summary: "));
    CU_ASSERT_FALSE(file_exists("bench.nc"));
}

static void test_help_lists_every_option(void)
{
    const char *const args[] = {"--help", NULL};
    swe_program_result result;
    swe_program_run(work_dir, args, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    const char *options[] = {"--scenario",      "--nx",      "--ny",        "--t-end",
                             "--solver",        "--backend", "--cfl",       "--level",
                             "--outputs",       "--output",  "--benchmark", "--quiet",
                             "--list-backends", "--version", "default",     "bump-dam-break"};
    for (unsigned o = 0; o < sizeof options / sizeof options[0]; ++o) {
        CU_ASSERT_PTR_NOT_NULL(strstr(result.out, options[o]));
    }
}

static void test_version_and_backends(void)
{
    const char *const version[] = {"--version", NULL};
    swe_program_result result;
    swe_program_run(work_dir, version, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.out, "precision: " SWE_PRECISION_NAME));
    const char *const list[] = {"--list-backends", NULL};
    swe_program_run(work_dir, list, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.out, "serial"));
}

void register_cli_tests(void)
{
    CU_pSuite suite = CU_add_suite("cli", make_work_dir, remove_work_dir);
    swe_test_require_registered(suite, "suite cli");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"refuses unknown options, scenarios, solvers", test_refuses_unknown_option_and_scenario},
        {"refuses bad sizes", test_refuses_bad_sizes},
        {"refuses bad times and CFL numbers", test_refuses_bad_times_and_cfl},
        {"refuses a backend that is not built", test_refuses_missing_backend},
#ifdef SWE_WITHOUT_NETCDF
        {"refuses NetCDF output when built without it", test_refuses_netcdf_output_without_netcdf},
#else
        {"refuses an unwritable output", test_refuses_unwritable_output},
        {"a run writes PATH.nc and the summary", test_run_writes_file_and_summary},
#endif
        {"--benchmark writes no file", test_benchmark_writes_nothing},
        {"--help lists every option", test_help_lists_every_option},
        {"--version and --list-backends", test_version_and_backends},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
