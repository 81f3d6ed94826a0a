/* The command line, run as a user would: exit codes, messages, files. */
#include "tests/program_runner.h"
#include "tests/test_suites.h"

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
    return swe_remove_test_directory(work_dir);
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
    /* --output with the extension names the same file, not run.nc.nc. */
    snprintf(output, sizeof output, "%s/named.nc", work_dir);
    swe_program_run(work_dir, args, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    CU_ASSERT(file_exists("named.nc"));
    CU_ASSERT_FALSE(file_exists("named.nc.nc"));
    snprintf(path, sizeof path, "%s/named.nc", work_dir);
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

/* -h and the other short forms are the long options. */
static void test_short_options(void)
{
    swe_program_result result, long_result;
    const char *const help[] = {"-h", NULL}, *const long_help[] = {"--help", NULL};
    swe_program_run(work_dir, help, &result);
    swe_program_run(work_dir, long_help, &long_result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    CU_ASSERT_STRING_EQUAL(result.out, long_result.out);
    char output[512];
    snprintf(output, sizeof output, "%s/short", work_dir);
    const char *const run[] = {"-s", "radial-dam-break", "--nx", "10",  "--ny", "10",   "-t", "1",
                               "-b", "serial",           "-f",   "vtk", "-o",   output, "-q", NULL};
    swe_program_run(work_dir, run, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    CU_ASSERT_STRING_EQUAL(result.err, ""); /* -q */
    CU_ASSERT(file_exists("short_0010.vtr") && file_exists("short.pvd"));
    CU_ASSERT_FALSE(file_exists("short.nc")); /* -f vtk */
    const char *const missing[] = {"-o", NULL};
    expect_refusal(missing, "option '-o' needs a value");
}

/* On a log, one progress line per snapshot within 80 columns, with the
 * percentage done and the time left as h:mm:ss. */
static void test_progress_lines_fit(void)
{
    char output[512];
    snprintf(output, sizeof output, "%s/progress", work_dir);
    const char *const args[] = {"--nx", "20",       "--ny", "20",       "--t-end", "2", "--outputs",
                                "4",    "--format", "vtk",  "--output", output,    NULL};
    swe_program_result result;
    swe_program_run(work_dir, args, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    int lines = 0;
    for (const char *line = result.err; *line != '\0'; ++lines) {
        const char *end = strchr(line, '\n');
        size_t length = end != NULL ? (size_t)(end - line) : strlen(line);
        CU_ASSERT(length < 80);
        CU_ASSERT(memchr(line, '%', length) != NULL);
        const char *eta = strstr(line, "ETA ");
        unsigned h, m, sec;
        CU_ASSERT(eta != NULL && eta < line + length &&
                  sscanf(eta, "ETA %u:%2u:%2u", &h, &m, &sec) == 3);
        line = end != NULL ? end + 1 : line + length;
    }
    CU_ASSERT_EQUAL(lines, 4);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, "100.0 %"));
}

/* The files' options refused with their reason. */
static void test_refuses_bad_file_options(void)
{
    REFUSE("--compress must be between 0 and 9", "--compress", "10");
    REFUSE("--colour-range needs snapshot, run or LOW,HIGH", "--format", "png", "--colour-range",
           "2,1");
    REFUSE("--colour-range goes with png in --format", "--colour-range", "-1,1");
    REFUSE("--gauge needs X,Y in metres", "--gauge", "10");
    REFUSE("--sample-every must be 0 (every step) or a positive", "--sample-every", "-1");
    REFUSE("--maxima writes its fields into PATH.nc", "--maxima", "--format", "vtk");
    REFUSE("--bathymetry-var and --displacement-var go with --scenario netcdf", "--bathymetry-var",
           "z");
    REFUSE("--benchmark writes no files", "--benchmark", "--gauge", "1,1");
    REFUSE("--output 'results/' names a folder", "--output", "results/");
#ifndef SWE_WITHOUT_NETCDF
    REFUSE("lies outside the domain [0, 1000] x [0, 1000] m", "--gauge", "500,1500");
#endif
}

static void test_version_and_backends(void)
{
    const char *const version[] = {"--version", NULL};
    swe_program_result result;
    swe_program_run(work_dir, version, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    /* One tidy line per part: the version with the precision, then each
     * library by its version alone (NetCDF's build date left out). */
    CU_ASSERT_PTR_NOT_NULL(
        strstr(result.out, "shallows " SWE_VERSION " (" SWE_PRECISION_NAME " precision)\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(result.out, "\nbackends: serial"));
#ifdef SWE_WITHOUT_NETCDF
    CU_ASSERT_PTR_NOT_NULL(strstr(result.out, "\nNetCDF: none (built without NetCDF)\n"));
#else
    const char *netcdf = strstr(result.out, "\nNetCDF: ");
    CU_ASSERT(netcdf != NULL && strchr(netcdf + 9, ' ') > strchr(netcdf + 9, '\n'));
#endif
    CU_ASSERT_PTR_NOT_NULL(strstr(result.out, "\ntext in pictures: "));
    CU_ASSERT_PTR_NOT_NULL(strstr(result.out, "\nVTK compression: "));
    CU_ASSERT_PTR_NOT_NULL(strstr(result.out, "\nunits of input files: "));
    swe_program_result short_form;
    const char *const short_version[] = {"-V", NULL};
    swe_program_run(work_dir, short_version, &short_form);
    CU_ASSERT_EQUAL(short_form.exit_code, 0);
    CU_ASSERT_STRING_EQUAL(short_form.out, result.out);
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
        {"-h, -V and the short forms", test_short_options},
        {"progress lines fit 80 columns with percent and h:mm:ss", test_progress_lines_fit},
        {"bad file options are refused", test_refuses_bad_file_options},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
