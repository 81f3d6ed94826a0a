/* Tests of checkpoints and restart: round trips, refusals of every
 * mismatched or damaged file, a restart that continues bit for bit, and a
 * run killed between checkpoints that leaves the last one usable. */
#include "cartesian/grid/block.h"
#include "cartesian/grid/state_check.h"
#include "cartesian/io/checkpoint.h"
#include "cartesian/io/netcdf_output.h"
#include "tests/program_runner.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <netcdf.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char directory[512];

static int set_up(void)
{
    return swe_make_test_directory(directory, sizeof directory, "checkpoint");
}

static int tear_down(void)
{
    return swe_remove_test_directory(directory);
}

static const swe_checkpoint_run test_run = {
    .scenario = "radial-dam-break", .solver = "fwave", .cfl = 0.5, .t_end = 4.0, .outputs = 4};

static void fill_block(swe_block *block, int nx, int ny, int with_state)
{
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_block_create(block, nx, ny, 0.0, 0.0, 10.0, 5.0, &err), SWE_OK);
    for (int j = 1; j <= ny; ++j) {
        for (int i = 1; i <= nx; ++i) {
            size_t cell = SWE_INDEX(block, i, j);
            block->b[cell] = -(real)(i + j) / 7;
            if (with_state) {
                block->h[cell] = (real)1 / (real)(i * j + 3);
                block->hu[cell] = (real)i / 3;
                block->hv[cell] = -(real)j / 9;
            }
        }
    }
}

static void test_round_trip(void)
{
    swe_block written, read;
    fill_block(&written, 9, 6, 1);
    fill_block(&read, 9, 6, 0);
    /* Between snapshot 1 (t = 1 s) and 2 (t = 2 s) of 4 to t = 4 s. */
    swe_checkpoint_position position = {.clock = {.t = 4.0 / 3.0,
                                                  .steps = 123,
                                                  .last_dt = 0.01 / 3,
                                                  .cfl = 0.5,
                                                  .wave_speed = swe_state_max_wave_speed(&written)},
                                        .next_snapshot = 2};
    char path[1024];
    swe_path_in(path, sizeof path, directory, "round.checkpoint.nc");
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_checkpoint_write(path, &written, &test_run, &position, &err), SWE_OK);
    CU_ASSERT_EQUAL(swe_count_entries_with(directory, ".tmp"), 0);
    swe_checkpoint_position back;
    CU_ASSERT_EQUAL_FATAL(swe_checkpoint_read(path, &read, &test_run, &back, &err), SWE_OK);
    CU_ASSERT(swe_block_interiors_equal(&written, &read));
    CU_ASSERT(memcmp(&back.clock.t, &position.clock.t, sizeof(double)) == 0);
    CU_ASSERT(memcmp(&back.clock.last_dt, &position.clock.last_dt, sizeof(double)) == 0);
    CU_ASSERT(memcmp(&back.clock.wave_speed, &position.clock.wave_speed, sizeof(real)) == 0);
    CU_ASSERT(back.clock.wave_speed > 0);
    CU_ASSERT_EQUAL(back.clock.steps, 123);
    CU_ASSERT_EQUAL(back.clock.cfl, 0.5);
    CU_ASSERT_EQUAL(back.next_snapshot, 2);
    /* Another bathymetry means another scenario: refused, block untouched. */
    swe_block other;
    fill_block(&other, 9, 6, 0);
    other.b[SWE_INDEX(&other, 3, 3)] += 1;
    CU_ASSERT_EQUAL(swe_checkpoint_read(path, &other, &test_run, &back, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "another bathymetry"));
    CU_ASSERT_EQUAL(other.h[SWE_INDEX(&other, 1, 1)], 0);
    swe_block_destroy(&written);
    swe_block_destroy(&read);
    swe_block_destroy(&other);
}

/* ---- whole runs ---- */

/* Runs radial-dam-break on 40 x 30 cells to t = 4 s in 4 snapshots with
 * extra arguments; returns the summary's step count, -1 on failure. */
static long run_case(const char *output_name, const char *const *extra, swe_program_result *result)
{
    char output[1024];
    swe_path_in(output, sizeof output, directory, output_name);
    const char *args[40] = {"--nx",      "40", "--ny",     "30",   "--t-end", "4",
                            "--outputs", "4",  "--output", output, "--quiet"};
    int count = 11;
    for (int k = 0; extra != NULL && extra[k] != NULL && count < 39; ++k) {
        args[count++] = extra[k];
    }
    args[count] = NULL;
    swe_program_run(directory, args, result);
    return result->exit_code == 0 ? swe_summary_last_step(result->out) : -1;
}

/* Snapshot a of file_a holds the same bits and time as snapshot b of file_b. */
static int same_snapshot(const char *file_a, int a, const char *file_b, int b)
{
    char path_a[1024], path_b[1024];
    swe_path_in(path_a, sizeof path_a, directory, file_a);
    swe_path_in(path_b, sizeof path_b, directory, file_b);
    swe_block block_a, block_b;
    fill_block(&block_a, 40, 30, 0);
    fill_block(&block_b, 40, 30, 0);
    double time_a = -1, time_b = -2;
    swe_error err;
    int same = swe_netcdf_read(path_a, a, &block_a, &time_a, &err) == SWE_OK &&
               swe_netcdf_read(path_b, b, &block_b, &time_b, &err) == SWE_OK && time_a == time_b &&
               swe_block_interiors_equal(&block_a, &block_b);
    swe_block_destroy(&block_a);
    swe_block_destroy(&block_b);
    return same;
}

static int snapshot_count(const char *file)
{
    char path[1024];
    swe_path_in(path, sizeof path, directory, file);
    swe_error err;
    return swe_netcdf_snapshot_count(path, &err);
}

/* The restarted run's file holds every snapshot of the full run: the
 * earlier ones taken over from the checkpointed run's files. */
static void expect_continuation(const char *restarted, const char *full)
{
    CU_ASSERT_EQUAL(snapshot_count(restarted), 5);
    for (int k = 0; k < 5; ++k) {
        CU_ASSERT(same_snapshot(restarted, k, full, k));
    }
}

static void test_restart_is_bit_for_bit(void)
{
    swe_program_result result;
    long full_steps = run_case("full", NULL, &result);
    CU_ASSERT_FATAL(full_steps > 0);
    /* Checkpoints do not change the steps: the same snapshots, the same count. */
    const char *const checkpointed[] = {"--checkpoint-every", "2.2", "--format", "netcdf,vtk",
                                        NULL};
    CU_ASSERT_EQUAL(run_case("part", checkpointed, &result), full_steps);
    for (int k = 0; k <= 4; ++k) {
        CU_ASSERT(same_snapshot("part.nc", k, "full.nc", k));
    }
    char checkpoint[1024];
    swe_path_in(checkpoint, sizeof checkpoint, directory, "part.checkpoint.nc");
    CU_ASSERT_FATAL(swe_file_exists(checkpoint));
    const char *const restart[] = {"--restart", checkpoint, NULL};
    CU_ASSERT_EQUAL(run_case("rest", restart, &result), full_steps);
    /* Its summary counts its own steps (and its rate from them). */
    long before = swe_summary_figure(result.out, "restarted_at_step");
    CU_ASSERT(before > 0 && before < full_steps);
    CU_ASSERT_EQUAL(swe_summary_figure(result.out, "steps"), full_steps - before);
    expect_continuation("rest.nc", "full.nc"); /* 3 and 4 computed, 0 to 2 taken over */

    /* Restarted under its own name, the VTK series lists the earlier
     * snapshots of the first run and the new ones. */
    char pvd[1024];
    swe_path_in(pvd, sizeof pvd, directory, "part.pvd");
    remove(pvd);
    const char *const restart_vtk[] = {"--restart", checkpoint, "--format", "vtk", NULL};
    CU_ASSERT_EQUAL(run_case("part", restart_vtk, &result), full_steps);
    size_t size = 0;
    char *series = swe_read_file(pvd, &size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(series);
    CU_ASSERT_PTR_NOT_NULL(strstr(series, "timestep=\"0\" part=\"0\" file=\"part_0000.vtr\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(series, "timestep=\"2\" part=\"0\" file=\"part_0002.vtr\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(series, "timestep=\"4\" part=\"0\" file=\"part_0004.vtr\""));
    free(series);
}

/* ---- refusals ---- */

static void copy_file(const char *from, const char *to, size_t keep_bytes, long flip_at)
{
    size_t size = 0;
    char *data = swe_read_file(from, &size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(data);
    if (flip_at >= 0 && (size_t)flip_at < size) {
        data[flip_at] ^= 0x5a;
    }
    FILE *file = fopen(to, "wb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    fwrite(data, 1, keep_bytes < size ? keep_bytes : size, file);
    fclose(file);
    free(data);
}

static void set_text_attribute(const char *path, const char *name, const char *value)
{
    int ncid;
    CU_ASSERT_EQUAL_FATAL(nc_open(path, NC_WRITE, &ncid), NC_NOERR);
    CU_ASSERT_EQUAL(nc_redef(ncid), NC_NOERR);
    CU_ASSERT_EQUAL(nc_put_att_text(ncid, NC_GLOBAL, name, strlen(value), value), NC_NOERR);
    CU_ASSERT_EQUAL(nc_close(ncid), NC_NOERR);
}

/* Restarting from file with extra options is refused: exit 2, one line
 * holding message, no output file. */
static void expect_refused(const char *file, const char *const *extra, const char *message)
{
    char path[1024];
    swe_path_in(path, sizeof path, directory, file);
    const char *args[16] = {"--restart", path};
    int count = 2;
    for (int k = 0; extra != NULL && extra[k] != NULL; ++k) {
        args[count++] = extra[k];
    }
    args[count] = NULL;
    swe_program_result result;
    run_case("refused", args, &result);
    CU_ASSERT_EQUAL(result.exit_code, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, message));
    char *newline = strchr(result.err, '\n');
    CU_ASSERT(newline != NULL && newline[1] == '\0');
    char output[1024];
    swe_path_in(output, sizeof output, directory, "refused.nc");
    CU_ASSERT_FALSE(swe_file_exists(output));
    swe_path_in(output, sizeof output, directory, "refused.nc.tmp");
    CU_ASSERT_FALSE(swe_file_exists(output));
    if (result.exit_code != 2 || strstr(result.err, message) == NULL) {
        fprintf(stderr, "\n    expected '%s', got exit %d: %s", message, result.exit_code,
                result.err);
    }
}

static void test_refuses_mismatched_and_damaged_checkpoints(void)
{
    swe_program_result result;
    const char *const checkpointed[] = {"--checkpoint-every", "2.2", NULL};
    CU_ASSERT_FATAL(run_case("source", checkpointed, &result) > 0);
    char source[1024], target[1024];
    swe_path_in(source, sizeof source, directory, "source.checkpoint.nc");
    size_t size = 0;
    free(swe_read_file(source, &size));
    CU_ASSERT_FATAL(size > 1000);

    const char *const other_grid[] = {"--nx", "41", NULL};
    expect_refused("source.checkpoint.nc", other_grid,
                   "holds a 40 x 30 grid, this run has 41 x 30");
    const char *const other_solver[] = {"--solver", "hlle", NULL};
    expect_refused("source.checkpoint.nc", other_solver, "solver 'fwave', this run uses 'hlle'");
    const char *const other_scenario[] = {"--scenario", "lake-at-rest", NULL};
    expect_refused("source.checkpoint.nc", other_scenario,
                   "scenario 'radial-dam-break', this run uses 'lake-at-rest'");
    const char *const other_end[] = {"--t-end", "5", NULL};
    expect_refused("source.checkpoint.nc", other_end,
                   "--t-end 4 --outputs 4 --manning 0, this run has");

    swe_path_in(target, sizeof target, directory, "precision.nc");
    copy_file(source, target, size, -1);
    set_text_attribute(target, "precision", "quadruple");
    expect_refused("precision.nc", NULL, "was written with precision 'quadruple'");

    swe_path_in(target, sizeof target, directory, "truncated.nc");
    copy_file(source, target, size / 2, -1);
    expect_refused("truncated.nc", NULL, "truncated.nc");

    swe_path_in(target, sizeof target, directory, "flipped.nc");
    copy_file(source, target, size, (long)size - 100);
    expect_refused("flipped.nc", NULL, "does not match its checksum");

    swe_path_in(target, sizeof target, directory, "text.nc");
    FILE *text = fopen(target, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    fputs("not a checkpoint\n", text);
    fclose(text);
    expect_refused("text.nc", NULL, "cannot read checkpoint");
    expect_refused("missing.nc", NULL, "cannot be read: No such file");

    /* A NetCDF file that is no checkpoint: the run's own output. */
    expect_refused("source.nc", NULL, "lacks the attribute 'format'");
}

/* ---- a run killed between checkpoints ---- */

static void test_kill_leaves_last_checkpoint_usable(void)
{
    char output[1024], checkpoint[1024];
    swe_path_in(output, sizeof output, directory, "killed");
    swe_path_in(checkpoint, sizeof checkpoint, directory, "killed.checkpoint.nc");
    const char *const common[] = {"--nx", "300",       "--ny", "300",    "--t-end",
                                  "40",   "--outputs", "4",    "--quiet"};
    const char *args[20];
    memcpy(args, common, sizeof common);
    int count = sizeof common / sizeof common[0];
    args[count++] = "--output";
    args[count++] = output;
    args[count++] = "--checkpoint-every";
    args[count++] = "1";
    args[count] = NULL;
    pid_t child = swe_program_start(args);
    CU_ASSERT_FATAL(child > 0);
    /* Wait for the first checkpoint, let the run go on into the next ones,
     * then kill it without warning. */
    int status = swe_program_stop_after_file(child, checkpoint, 0.05, SIGKILL);
    CU_ASSERT(WIFSIGNALED(status)); /* killed before it finished */
    CU_ASSERT_FATAL(swe_file_exists(checkpoint));

    /* Restart from what the kill left, and run the whole thing in one go. */
    char restarted[1024], full[1024];
    swe_path_in(restarted, sizeof restarted, directory, "restarted");
    swe_path_in(full, sizeof full, directory, "uninterrupted");
    memcpy(args, common, sizeof common);
    count = sizeof common / sizeof common[0];
    args[count++] = "--output";
    args[count++] = restarted;
    args[count++] = "--restart";
    args[count++] = checkpoint;
    args[count] = NULL;
    swe_program_result result;
    swe_program_run(directory, args, &result);
    CU_ASSERT_EQUAL_FATAL(result.exit_code, 0);
    long restarted_steps = swe_summary_last_step(result.out);
    args[count - 4] = "--output";
    args[count - 3] = full;
    args[count - 2] = NULL;
    swe_program_run(directory, args, &result);
    CU_ASSERT_EQUAL_FATAL(result.exit_code, 0);
    CU_ASSERT_EQUAL(restarted_steps, swe_summary_last_step(result.out));

    /* Every snapshot: the ones before the checkpoint taken over from the
     * parts the killed run sealed. */
    CU_ASSERT_EQUAL(snapshot_count("restarted.nc"), 5);
    char path_a[1024], path_b[1024];
    swe_path_in(path_a, sizeof path_a, directory, "restarted.nc");
    swe_path_in(path_b, sizeof path_b, directory, "uninterrupted.nc");
    for (int k = 0; k < 5; ++k) {
        swe_block a, b;
        swe_error err;
        CU_ASSERT_EQUAL_FATAL(swe_block_create(&a, 300, 300, 0, 0, 1, 1, &err), SWE_OK);
        CU_ASSERT_EQUAL_FATAL(swe_block_create(&b, 300, 300, 0, 0, 1, 1, &err), SWE_OK);
        double ta = -1, tb = -2;
        CU_ASSERT_EQUAL(swe_netcdf_read(path_a, k, &a, &ta, &err), SWE_OK);
        CU_ASSERT_EQUAL(swe_netcdf_read(path_b, k, &b, &tb, &err), SWE_OK);
        CU_ASSERT_EQUAL(ta, tb);
        CU_ASSERT(swe_block_interiors_equal(&a, &b));
        swe_block_destroy(&a);
        swe_block_destroy(&b);
    }
}

void register_checkpoint_tests(void)
{
    CU_pSuite suite = CU_add_suite("checkpoint", set_up, tear_down);
    swe_test_require_registered(suite, "suite checkpoint");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"a checkpoint reads back bit for bit", test_round_trip},
        {"a restart continues bit for bit", test_restart_is_bit_for_bit},
        {"mismatched, truncated, corrupted checkpoints are refused",
         test_refuses_mismatched_and_damaged_checkpoints},
        {"a run killed between checkpoints restarts from the last one",
         test_kill_leaves_last_checkpoint_usable},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
