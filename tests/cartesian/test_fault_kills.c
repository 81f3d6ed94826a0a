/* Fault injection, kills: a run with checkpoints killed with SIGKILL at a
 * random point (with every child process it has), then restarted into
 * the same --output, ends with every snapshot 0 .. outputs in PATH.nc,
 * bit for bit those of a run never killed, and no file left behind;
 * Ctrl-C and SIGTERM stop a run with exit code 130 and 143, one line
 * naming the checkpoint to continue from, and no temporary file; without
 * checkpoints Ctrl-C keeps the snapshots written in PATH.nc; a finished
 * restart run again keeps the complete file. */
#include "cartesian/io/netcdf_output.h"
#include "tests/fault_runner.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static char directory[512];

enum { NX = 120, NY = 100, OUTPUTS = 12 };

static int set_up(void)
{
    return swe_make_test_directory(directory, sizeof directory, "fault-kills");
}

static int tear_down(void)
{
    return swe_remove_test_directory(directory);
}

/* The run, into stem, restarting from restart when not NULL. */
static void arguments(const char *stem, const char *restart, const char **args)
{
    const char *const common[] = {"--nx",      "120",      "--ny",
                                  "100",       "--t-end",  "12",
                                  "--outputs", "12",       "--checkpoint-every",
                                  "1",         "--format", "netcdf,vtk",
                                  "--quiet",   "--output"};
    int count = 0;
    for (size_t k = 0; k < sizeof common / sizeof common[0]; ++k) {
        args[count++] = common[k];
    }
    args[count++] = stem;
    if (restart != NULL) {
        args[count++] = "--restart";
        args[count++] = restart;
    }
    args[count] = NULL;
}

static void path_of(char *path, size_t size, const char *name)
{
    swe_path_in(path, size, directory, name);
}

/* Every snapshot of name equals the uninterrupted run's, bits and time. */
static int equals_reference(const char *name)
{
    char a_path[1024], b_path[1024];
    path_of(a_path, sizeof a_path, name);
    path_of(b_path, sizeof b_path, "reference.nc");
    swe_error err;
    if (swe_netcdf_snapshot_count(a_path, &err) != OUTPUTS + 1) {
        printf("\n    %s holds %d snapshots: %s", name, swe_netcdf_snapshot_count(a_path, &err),
               err.message);
        return 0;
    }
    swe_block a, b;
    int same = swe_block_create(&a, NX, NY, 0, 0, 1, 1, &err) == SWE_OK &&
               swe_block_create(&b, NX, NY, 0, 0, 1, 1, &err) == SWE_OK;
    for (int k = 0; k <= OUTPUTS && same; ++k) {
        double ta = -1, tb = -2;
        same = swe_netcdf_read(a_path, k, &a, &ta, &err) == SWE_OK &&
               swe_netcdf_read(b_path, k, &b, &tb, &err) == SWE_OK && ta == tb &&
               swe_block_interiors_equal(&a, &b);
        if (!same) {
            printf("\n    snapshot %d of %s differs from the uninterrupted run's", k, name);
        }
    }
    swe_block_destroy(&a);
    swe_block_destroy(&b);
    return same;
}

static int make_reference(void)
{
    char stem[1024];
    path_of(stem, sizeof stem, "reference");
    const char *args[24];
    arguments(stem, NULL, args);
    swe_program_result result;
    swe_fault_run(directory, args, NULL, &result);
    return result.exit_code == 0;
}

/* Starts a run into `name`, waits for its first checkpoint, then for
 * `delay` seconds more; its process id. */
static pid_t start_and_wait(const char *name, double delay)
{
    char stem[1024], checkpoint[1100];
    path_of(stem, sizeof stem, name);
    snprintf(checkpoint, sizeof checkpoint, "%s.checkpoint.nc", stem);
    const char *args[24];
    arguments(stem, NULL, args);
    pid_t pid = swe_fault_start(directory, args);
    for (int wait = 0; wait < 60000 && !swe_file_exists(checkpoint); ++wait) {
        swe_fault_sleep(0.001);
    }
    swe_fault_sleep(delay);
    return pid;
}

static int restart(const char *name, swe_program_result *result)
{
    char stem[1024], checkpoint[1100];
    path_of(stem, sizeof stem, name);
    snprintf(checkpoint, sizeof checkpoint, "%s.checkpoint.nc", stem);
    const char *args[24];
    arguments(stem, checkpoint, args);
    swe_fault_run(directory, args, NULL, result);
    return result->exit_code;
}

static void test_random_kills_lose_no_snapshot(void)
{
    CU_ASSERT_FATAL(make_reference());
    unsigned seed = (unsigned)time(NULL);
    printf(" (seed %u) ", seed);
    for (int trial = 0; trial < 3; ++trial) {
        /* Within the run even on a fast machine, where it ends about 0.15 s
         * after its first checkpoint. */
        double delay = (double)(rand_r(&seed) % 1000) / 8000.0;
        pid_t pid = start_and_wait("killed", delay);
        CU_ASSERT_FATAL(pid > 0);
        kill(-pid, SIGKILL); /* the run and the child writing for it */
        swe_fault_wait(pid, 10);
        swe_program_result result;
        CU_ASSERT_EQUAL(restart("killed", &result), 0);
        if (result.exit_code != 0) {
            printf("\n    kill %d after %.3f s: %s", trial, delay, result.err);
        }
        CU_ASSERT(equals_reference("killed.nc"));
        CU_ASSERT_EQUAL(swe_count_entries_with(directory, ".tmp."), 0);
        CU_ASSERT_EQUAL(swe_count_entries_with(directory, ".part-"), 0);
        CU_ASSERT_EQUAL(swe_count_entries_with(directory, ".lock"), 0);
        /* The next trial starts afresh: its first checkpoint is its own. */
        const char *const leftovers[] = {"killed.nc", "killed.checkpoint.nc"};
        for (int k = 0; k < 2; ++k) {
            char path[1024];
            path_of(path, sizeof path, leftovers[k]);
            unlink(path);
        }
    }
}

static void test_signals_stop_cleanly(void)
{
    const int signals[] = {SIGINT, SIGTERM};
    const char *const names[] = {"interrupted", "terminated"};
    for (int s = 0; s < 2; ++s) {
        pid_t pid = start_and_wait(names[s], 0.0); /* the run must still be going */
        CU_ASSERT_FATAL(pid > 0);
        kill(s == 0 ? -pid : pid, signals[s]); /* Ctrl-C reaches the whole group */
        swe_program_result result;
        swe_fault_collect(directory, swe_fault_wait(pid, 60), &result);
        char stem[1024], words[1200];
        path_of(stem, sizeof stem, names[s]);
        snprintf(words, sizeof words, "(continue it with --restart %s.checkpoint.nc)", stem);
        CU_ASSERT(swe_fault_one_line(&result, 128 + signals[s], names[s]));
        CU_ASSERT_PTR_NOT_NULL(strstr(result.err, "stopped by"));
        CU_ASSERT_PTR_NOT_NULL(strstr(result.err, words));
        CU_ASSERT_EQUAL(swe_count_entries_with(directory, ".tmp."), 0);
        CU_ASSERT_EQUAL(restart(names[s], &result), 0);
        char output[64];
        snprintf(output, sizeof output, "%s.nc", names[s]);
        CU_ASSERT(equals_reference(output));
    }
}

/* Ctrl-C on a run without checkpoints: nothing to continue from, but the
 * snapshots written so far stay in PATH.nc, and the line says how many. */
static void test_ctrl_c_without_checkpoints_keeps_snapshots(void)
{
    char stem[1024], path[1100];
    path_of(stem, sizeof stem, "unsealed");
    snprintf(path, sizeof path, "%s.nc", stem);
    const char *const args[] = {"--nx",      "120",    "--ny",    "100",      "--t-end", "100000",
                                "--outputs", "100000", "--quiet", "--output", stem,      NULL};
    pid_t pid = swe_fault_start(directory, args);
    CU_ASSERT_FATAL(pid > 0);
    /* The first snapshot goes into the temporary file as the run starts. */
    for (int wait = 0; wait < 60000 && swe_count_entries_with(directory, "unsealed.nc.tmp.") == 0;
         ++wait) {
        swe_fault_sleep(0.001);
    }
    swe_fault_sleep(0.3);
    kill(-pid, SIGINT);
    swe_program_result result;
    swe_fault_collect(directory, swe_fault_wait(pid, 60), &result);
    CU_ASSERT(swe_fault_one_line(&result, 130, "Ctrl-C without checkpoints"));
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, "no checkpoint to continue from"));
    swe_error err = {0};
    int kept = swe_netcdf_snapshot_count(path, &err);
    /* "..., N snapshots kept (...)": N is the number before " snapshot". */
    const char *said = strstr(result.err, " snapshot");
    int count = -1;
    if (said != NULL) {
        while (said > result.err && said[-1] >= '0' && said[-1] <= '9') {
            --said;
        }
        count = sscanf(said, "%d snapshot", &count) == 1 ? count : -1;
    }
    if (kept < 1 || kept != count) {
        printf("\n    %s holds %d snapshots (%s), the line: %s", path, kept, err.message,
               result.err);
    }
    CU_ASSERT(kept >= 1);
    CU_ASSERT_EQUAL(kept, count);
    CU_ASSERT_EQUAL(swe_count_entries_with(directory, "unsealed.nc.tmp."), 0);
    CU_ASSERT_EQUAL(swe_count_entries_with(directory, "unsealed.lock"), 0);
}

static void test_finished_restart_keeps_complete_file(void)
{
    swe_program_result result;
    char stem[1024];
    path_of(stem, sizeof stem, "finished");
    const char *args[24];
    arguments(stem, NULL, args);
    swe_fault_run(directory, args, NULL, &result);
    CU_ASSERT_EQUAL_FATAL(result.exit_code, 0);
    CU_ASSERT_EQUAL(restart("finished", &result), 0);
    CU_ASSERT(equals_reference("finished.nc"));
    CU_ASSERT_EQUAL(restart("finished", &result), 0);
    CU_ASSERT(equals_reference("finished.nc"));
}

void register_fault_kill_tests(void)
{
    CU_pSuite suite = CU_add_suite("fault-kills", set_up, tear_down);
    swe_test_require_registered(suite, "suite fault-kills");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"runs killed at random points restart to every snapshot, bit for bit",
         test_random_kills_lose_no_snapshot},
        {"Ctrl-C and SIGTERM stop with 130 and 143 and restart", test_signals_stop_cleanly},
        {"Ctrl-C without checkpoints keeps the snapshots written",
         test_ctrl_c_without_checkpoints_keeps_snapshots},
        {"a finished restart run again keeps the complete file",
         test_finished_restart_keeps_complete_file},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
