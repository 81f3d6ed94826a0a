/* Fault injection, checkpoints: files with a valid checksum whose state
 * is not physical, whose counters disagree, whose water is not the
 * closed basin's, or that another Manning coefficient wrote; and mutated
 * checkpoints of a finished run restarted into its own output, which must
 * never lose a snapshot of the complete PATH.nc. Every refusal is exit
 * code 2 and one line. */
#include "cartesian/grid/state_check.h"
#include "cartesian/io/checkpoint.h"
#include "cartesian/io/netcdf_output.h"
#include "cartesian/scenarios/scenario.h"
#include "tests/fault_runner.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char directory[512];

static int set_up(void)
{
    return swe_make_test_directory(directory, sizeof directory, "fault-checkpoints");
}

static int tear_down(void)
{
    return swe_remove_test_directory(directory);
}

enum { NX = 20, NY = 16 };
static const swe_checkpoint_run the_run = {.scenario = "radial-dam-break",
                                           .solver = "fwave",
                                           .cfl = 0.5,
                                           .t_end = 2.0,
                                           .outputs = 4,
                                           .manning = 0.0};

/* Restarts the_run from checkpoint `name` into output `output`. */
static void restart_from(const char *name, const char *output, const char *extra,
                         swe_program_result *result)
{
    char checkpoint[1024], stem[1024];
    swe_path_in(checkpoint, sizeof checkpoint, directory, name);
    swe_path_in(stem, sizeof stem, directory, output);
    const char *args[24] = {
        "--scenario", "radial-dam-break", "--nx", "20",       "--ny", "16",      "--t-end",
        "2",          "--outputs",        "4",    "--output", stem,   "--quiet", "--restart",
        checkpoint};
    int count = 15;
    if (extra != NULL) {
        args[count++] = "--manning";
        args[count++] = extra;
    }
    args[count] = NULL;
    const swe_fault_limits limits = {.seconds = 60};
    swe_fault_run(directory, args, &limits, result);
}

/* A checkpoint of the initial state changed by `change`, at t = 0.7 s
 * before snapshot 2, with the wave speed of the changed state unless
 * speed_factor says otherwise. */
static void write_crafted(const char *name, void (*change)(swe_block *), int next_snapshot,
                          double speed_factor)
{
    swe_block block;
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(
        swe_scenario_create_block(swe_scenario_find(the_run.scenario), NX, NY, &block, &err),
        SWE_OK);
    /* The wave speed of the state before the change (or after, for a
     * change that keeps it physical): what a crafted position records. */
    real speed = swe_state_max_wave_speed(&block);
    if (change != NULL) {
        change(&block);
    }
    int i, j;
    if (!swe_state_find_implausible(&block, &i, &j)) {
        speed = swe_state_max_wave_speed(&block);
    }
    const swe_checkpoint_position position = {.clock = {.t = 0.7,
                                                        .steps = 3,
                                                        .last_dt = 0.1,
                                                        .cfl = 0.5,
                                                        .wave_speed = (real)(speed * speed_factor)},
                                              .next_snapshot = next_snapshot};
    char path[1024];
    swe_path_in(path, sizeof path, directory, name);
    CU_ASSERT_EQUAL(swe_checkpoint_write(path, &block, &the_run, &position, &err), SWE_OK);
    swe_block_destroy(&block);
}

static void deep_cell(swe_block *block)
{
    block->h[SWE_INDEX(block, 5, 5)] = (real)1.0e30;
}

static void nan_cell(swe_block *block)
{
    block->hu[SWE_INDEX(block, 7, 3)] = (real)NAN;
}

static void negative_cell(swe_block *block)
{
    block->h[SWE_INDEX(block, 2, 9)] = (real)-0.5;
}

static void more_water(swe_block *block)
{
    for (int j = 1; j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i) {
            block->h[SWE_INDEX(block, i, j)] += (real)0.5;
        }
    }
}

static void expect_refused(const char *name, const char *extra, const char *message)
{
    swe_program_result result;
    restart_from(name, "refused", extra, &result);
    CU_ASSERT(swe_fault_one_line(&result, 2, name));
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, message));
    if (strstr(result.err, message) == NULL) {
        printf("\n    %s: expected '%s'", name, message);
    }
}

static void test_crafted_checkpoints_refused(void)
{
    /* The crafting itself makes an acceptable checkpoint. */
    write_crafted("valid.checkpoint.nc", NULL, 2, 1.0);
    swe_program_result result;
    restart_from("valid.checkpoint.nc", "valid", NULL, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    if (result.exit_code != 0) {
        printf("\n    valid.nc: %s", result.err);
    }

    write_crafted("deep.checkpoint.nc", deep_cell, 2, 1.0);
    expect_refused("deep.checkpoint.nc", NULL, "holds a state that is not physical: cell (5, 5)");
    write_crafted("nan.checkpoint.nc", nan_cell, 2, 1.0);
    expect_refused("nan.checkpoint.nc", NULL, "holds a state that is not physical: cell (7, 3)");
    write_crafted("negative.checkpoint.nc", negative_cell, 2, 1.0);
    expect_refused("negative.checkpoint.nc", NULL,
                   "holds a state that is not physical: cell (2, 9)");
    write_crafted("behind.checkpoint.nc", NULL, 1, 1.0);
    expect_refused("behind.checkpoint.nc", NULL, "before snapshot 1 of 4, which no run writes");
    write_crafted("speed.checkpoint.nc", NULL, 2, 2.0);
    expect_refused("speed.checkpoint.nc", NULL, "records a wave speed of");
    write_crafted("water.checkpoint.nc", more_water, 2, 1.0);
    expect_refused("water.checkpoint.nc", NULL, "the water of the closed basin changed");
    expect_refused("valid.checkpoint.nc", "0.03", "--manning 0, this run has");

    char path[1024];
    swe_path_in(path, sizeof path, directory, "fifo.checkpoint.nc");
    CU_ASSERT_EQUAL_FATAL(mkfifo(path, 0600), 0);
    expect_refused("fifo.checkpoint.nc", NULL, "is a FIFO, not a regular file");
}

static unsigned long long next_random(unsigned long long *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

static int snapshots_in(const char *name)
{
    char path[1024];
    swe_path_in(path, sizeof path, directory, name);
    swe_error err;
    return swe_netcdf_snapshot_count(path, &err);
}

/* A finished run's checkpoint, damaged, restarted into the run's own
 * output: refused with PATH.nc as it was, or run to a complete PATH.nc. */
static void test_mutated_checkpoints_keep_the_output(void)
{
    char stem[1024], checkpoint[1024], output[1024];
    swe_path_in(stem, sizeof stem, directory, "done");
    const char *const args[] = {"--scenario", "radial-dam-break",
                                "--nx",       "20",
                                "--ny",       "16",
                                "--t-end",    "2",
                                "--outputs",  "4",
                                "--output",   stem,
                                "--quiet",    "--checkpoint-every",
                                "0.8",        NULL};
    swe_program_result result;
    swe_fault_run(directory, args, NULL, &result);
    CU_ASSERT_EQUAL_FATAL(result.exit_code, 0);
    swe_path_in(checkpoint, sizeof checkpoint, directory, "done.checkpoint.nc");
    swe_path_in(output, sizeof output, directory, "done.nc");
    size_t checkpoint_size = 0, output_size = 0;
    unsigned char *original = (unsigned char *)swe_read_file(checkpoint, &checkpoint_size);
    char *complete = swe_read_file(output, &output_size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(original);
    CU_ASSERT_PTR_NOT_NULL_FATAL(complete);
    unsigned long long state = 0xc0ffee11ULL;
    for (int trial = 0; trial < 10; ++trial) {
        unsigned char *data = malloc(checkpoint_size);
        CU_ASSERT_PTR_NOT_NULL_FATAL(data);
        memcpy(data, original, checkpoint_size);
        size_t size = checkpoint_size;
        size_t at = (size_t)(next_random(&state) % size);
        data[at] ^= (unsigned char)(1u << (next_random(&state) % 8));
        size = trial % 3 == 2 ? at + 1 : size;
        FILE *out = fopen(checkpoint, "wb");
        CU_ASSERT_PTR_NOT_NULL_FATAL(out);
        fwrite(data, 1, size, out);
        fclose(out);
        free(data);
        restart_from("done.checkpoint.nc", "done", NULL, &result);
        CU_ASSERT(result.exit_code == 0 || swe_fault_one_line(&result, 2, "mutated checkpoint"));
        size_t now_size = 0;
        char *now = swe_read_file(output, &now_size);
        CU_ASSERT_PTR_NOT_NULL_FATAL(now);
        if (result.exit_code != 0) {
            CU_ASSERT(now_size == output_size && memcmp(now, complete, now_size) == 0);
            free(now);
        } else {
            CU_ASSERT_EQUAL(snapshots_in("done.nc"), 5);
            /* The restart's PATH.nc, whose history names the restart, is
             * what the next refusal must leave as it is. */
            free(complete);
            complete = now;
            output_size = now_size;
        }
    }
    free(original);
    free(complete);
}

void register_fault_checkpoint_tests(void)
{
    CU_pSuite suite = CU_add_suite("fault-checkpoints", set_up, tear_down);
    swe_test_require_registered(suite, "suite fault-checkpoints");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"checkpoints with a valid checksum but no valid state are refused",
         test_crafted_checkpoints_refused},
        {"mutated checkpoints never cost the complete output a snapshot",
         test_mutated_checkpoints_keep_the_output},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
