/* The command line, run as a user would: exit codes, messages, files. */
#include "test_suites.h"

#include <CUnit/CUnit.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct program_result {
    int exit_code; /* -1 when killed by a signal */
    char out[8192];
    char err[2048];
} program_result;

static void read_all(const char *path, char *buffer, size_t size)
{
    buffer[0] = '\0';
    FILE *file = fopen(path, "r");
    if (file == NULL) {
        return;
    }
    size_t length = fread(buffer, 1, size - 1, file);
    buffer[length] = '\0';
    fclose(file);
}

/* Runs the program with arguments (NULL-terminated) in directory dir. */
static void run_program(const char *dir, const char *const *args, program_result *result)
{
    char out_path[4096], err_path[4096];
    snprintf(out_path, sizeof out_path, "%s/.stdout", dir);
    snprintf(err_path, sizeof err_path, "%s/.stderr", dir);
    const char *argv[32] = {swe_test_program()};
    int argc = 1;
    for (; args[argc - 1] != NULL && argc < 31; ++argc) {
        argv[argc] = args[argc - 1];
    }
    argv[argc] = NULL;
    pid_t child = fork();
    CU_ASSERT_FATAL(child >= 0);
    if (child == 0) {
        int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (out < 0 || err < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) {
            _exit(127);
        }
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    int status = 0;
    waitpid(child, &status, 0);
    result->exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    read_all(out_path, result->out, sizeof result->out);
    read_all(err_path, result->err, sizeof result->err);
    unlink(out_path);
    unlink(err_path);
}

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
    program_result result;
    run_program(work_dir, args, &result);
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
    program_result result;
    run_program(work_dir, args, &result);
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

static void test_benchmark_writes_nothing(void)
{
    char output[512];
    snprintf(output, sizeof output, "%s/bench", work_dir);
    const char *const args[] = {"--benchmark", "--nx", "20",       "--ny", "20",
                                "--t-end",     "1",    "--output", output, NULL};
    program_result result;
    run_program(work_dir, args, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.out, "summary: "));
    CU_ASSERT_FALSE(file_exists("bench.nc"));
}

static void test_help_lists_every_option(void)
{
    const char *const args[] = {"--help", NULL};
    program_result result;
    run_program(work_dir, args, &result);
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
    program_result result;
    run_program(work_dir, version, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.out, "precision: " SWE_PRECISION_NAME));
    const char *const list[] = {"--list-backends", NULL};
    run_program(work_dir, list, &result);
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
        {"refuses an unwritable output", test_refuses_unwritable_output},
        {"a run writes PATH.nc and the summary", test_run_writes_file_and_summary},
        {"--benchmark writes no file", test_benchmark_writes_nothing},
        {"--help lists every option", test_help_lists_every_option},
        {"--version and --list-backends", test_version_and_backends},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
