/* Checkpoints and restarts of shallows-ns: a run continued from its last
 * checkpoint ends bit for bit as the uninterrupted run (its final state
 * and its last snapshot file), on the same backend or another, also when
 * the first run was killed between checkpoints. */
#include "tests/ns/ns_test_support.h"
#include "tests/program_runner.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

static char directory[512];

static int set_up(void)
{
    return swe_make_test_directory(directory, sizeof directory, "ns-restart");
}

static int tear_down(void)
{
    return swe_remove_test_directory(directory);
}

/* The arguments of a run: common ones, then --output stem (in the test
 * directory) and extra ones; args holds up to 40. */
static void arguments(const char *const *common, const char *stem, const char *const *extra,
                      char *output, size_t size, const char **args)
{
    int count = 0;
    for (; common[count] != NULL; ++count) {
        args[count] = common[count];
    }
    swe_path_in(output, size, directory, stem);
    args[count++] = "--output";
    args[count++] = output;
    for (int e = 0; extra != NULL && extra[e] != NULL; ++e) {
        args[count++] = extra[e];
    }
    args[count] = NULL;
}

static void run(const char *const *common, const char *stem, const char *const *extra,
                char *checksum, size_t size)
{
    char output[1024];
    const char *args[40];
    arguments(common, stem, extra, output, sizeof output, args);
    swe_program_result result;
    ns_test_run_program("shallows-ns", directory, args, &result);
    if (result.exit_code != 0) {
        printf("\n  %s: exit %d: %s", stem, result.exit_code, result.err);
    }
    CU_ASSERT_EQUAL(result.exit_code, 0);
    ns_test_summary_checksum(result.out, checksum, size);
    CU_ASSERT(checksum[0] != '\0');
}

/* Whether two files of the test directory hold the same bytes. */
static int same_files(const char *a, const char *b)
{
    char path_a[1024], path_b[1024];
    swe_path_in(path_a, sizeof path_a, directory, a);
    swe_path_in(path_b, sizeof path_b, directory, b);
    size_t size_a = 0, size_b = 0;
    char *bytes_a = swe_read_file(path_a, &size_a), *bytes_b = swe_read_file(path_b, &size_b);
    int same = bytes_a != NULL && bytes_b != NULL && size_a == size_b &&
               memcmp(bytes_a, bytes_b, size_a) == 0;
    free(bytes_a);
    free(bytes_b);
    return same;
}

/* Checkpoints every 0.04 s of a run to 0.1 s: the last at the first step
 * past 0.08 s; the restart from it ends as the whole run did, its last
 * snapshot file byte for byte, on serial and on 2 OpenMP threads. */
static void test_restart_is_bit_for_bit(void)
{
    const char *cases[] = {"kelvin-helmholtz", "channel-obstacle"};
    for (int c = 0; c < 2; ++c) {
        const char *common[] = {"--case",    cases[c], "--resolution", "8",        "--t-end", "0.1",
                                "--outputs", "2",      "--quiet",      "--format", "vtk",     NULL};
        char whole[256], again[256], checkpoint[1024];
        run(common, "whole", (const char *[]){"--checkpoint-every", "0.04", NULL}, whole,
            sizeof whole);
        swe_path_in(checkpoint, sizeof checkpoint, directory, "whole.checkpoint.nc");
        CU_ASSERT_FATAL(swe_file_exists(checkpoint));
        run(common, "again", (const char *[]){"--restart", checkpoint, NULL}, again, sizeof again);
        CU_ASSERT_STRING_EQUAL(again, whole);
        CU_ASSERT(same_files("whole_0002.vti", "again_0002.vti"));
        if (ns_backend_find("openmp") != NULL) {
            run(common, "threads",
                (const char *[]){"--restart", checkpoint, "--backend", "openmp", "--threads", "2",
                                 NULL},
                again, sizeof again);
            CU_ASSERT_STRING_EQUAL(again, whole);
        }
    }
}

/* A run killed without warning after its first checkpoints: the restart
 * from what it left ends as the uninterrupted run. */
static void test_restart_after_a_kill(void)
{
    const char *common[] = {"--case",  "kelvin-helmholtz", "--resolution", "24",        "--dt",
                            "1e-3",    "--t-end",          "0.4",          "--outputs", "2",
                            "--quiet", "--format",         "vtk",          NULL};
    char output[1024], checkpoint[1024];
    const char *args[40];
    arguments(common, "killed", (const char *[]){"--checkpoint-every", "0.02", NULL}, output,
              sizeof output, args);
    swe_path_in(checkpoint, sizeof checkpoint, directory, "killed.checkpoint.nc");
    pid_t child = ns_test_start_program("shallows-ns", args);
    CU_ASSERT_FATAL(child > 0);
    int status = swe_program_stop_after_file(child, checkpoint, 0.02, SIGKILL);
    CU_ASSERT(WIFSIGNALED(status)); /* killed before it finished */
    CU_ASSERT_FATAL(swe_file_exists(checkpoint));
    char restarted[256], whole[256];
    run(common, "restarted", (const char *[]){"--restart", checkpoint, NULL}, restarted,
        sizeof restarted);
    run(common, "uninterrupted", NULL, whole, sizeof whole);
    CU_ASSERT_STRING_EQUAL(restarted, whole);
    CU_ASSERT(same_files("restarted_0002.vti", "uninterrupted_0002.vti"));
}

void register_ns_restart_tests(void)
{
    CU_pSuite suite = CU_add_suite("ns_restart", set_up, tear_down);
    swe_test_require_registered(suite, "suite ns_restart");
    swe_test_require_registered(
        CU_add_test(suite, "a restart is bit for bit", test_restart_is_bit_for_bit),
        "ns_restart test");
    swe_test_require_registered(
        CU_add_test(suite, "a restart after a kill", test_restart_after_a_kill), "ns_restart test");
}
