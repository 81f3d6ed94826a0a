/* Checkpoints and restart of shallows-mpi: a run restarted from a
 * checkpoint ends bit for bit where the uninterrupted run ends, on this
 * job's ranks, on one rank and in shallows itself (a checkpoint holds the
 * whole domain); bad checkpoints are refused on every rank. */
#include "backends/mpi/cartesian/mpi_split.h"
#include "backends/mpi/mpi_check.h"
#include "cartesian/io/netcdf_output.h"
#include "tests/cartesian/mpi/mpi_cartesian_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef SWE_WITHOUT_NETCDF
enum { NX = 37, NY = 23, SNAPSHOTS = 5 };

/* bump-dam-break on NX x NY cells to t = 0.3 s in 4 snapshots (0.075 s
 * apart) into directory/stem, with up to 6 extra arguments. */
static int parse(const char *directory, const char *stem, const char *const *extra,
                 swe_options *options)
{
    static char output[256];
    snprintf(output, sizeof output, "%s/%s", directory, stem);
    char *argv[24] = {"shallows", "--scenario", "bump-dam-break", "--nx", "37",
                      "--ny",     "23",         "--t-end",        "0.3",  "--outputs",
                      "4",        "--quiet",    "--output",       output};
    int argc = 14;
    for (int k = 0; extra != NULL && extra[k] != NULL && argc < 23; ++k) {
        argv[argc++] = (char *)extra[k];
    }
    argv[argc] = NULL;
    swe_error err;
    return swe_options_parse(argc, argv, options, &err) == SWE_OK;
}

/* Runs on comm; returns the steps of the run, -1 when it failed. */
static long run_mpi(const char *directory, const char *stem, const char *const *extra,
                    MPI_Comm comm)
{
    swe_options options;
    swe_mpi_run_result result;
    swe_error err = {{0}};
    if (!parse(directory, stem, extra, &options)) {
        return -1;
    }
    int status = swe_mpi_run(&options, comm, &result, &err);
    if (status != SWE_OK) {
        fprintf(stderr, "\n    %s: %s", stem, err.message);
    }
    return status == SWE_OK ? result.run.steps : -1;
}

/* The same in shallows' own driver, on the calling rank alone. */
static long run_serial(const char *directory, const char *stem, const char *const *extra)
{
    swe_options options;
    swe_run_result result;
    swe_error err = {{0}};
    if (!parse(directory, stem, extra, &options)) {
        return -1;
    }
    int status = swe_run(&options, &result, &err);
    if (status != SWE_OK) {
        fprintf(stderr, "\n    %s: %s", stem, err.message);
    }
    return status == SWE_OK ? result.steps : -1;
}

/* Snapshot a of directory/stem_a.nc holds the same bits and time as
 * snapshot b of directory/stem_b.nc. */
static int same_snapshot(const char *directory, const char *stem_a, int a, const char *stem_b,
                         int b)
{
    char path_a[256], path_b[256];
    snprintf(path_a, sizeof path_a, "%s/%s.nc", directory, stem_a);
    snprintf(path_b, sizeof path_b, "%s/%s.nc", directory, stem_b);
    swe_error err;
    swe_block block_a, block_b;
    if (swe_block_create(&block_a, NX, NY, 0, 0, 1, 1, &err) != SWE_OK) {
        return 0;
    }
    int same = swe_block_create(&block_b, NX, NY, 0, 0, 1, 1, &err) == SWE_OK;
    double time_a = -1, time_b = -2;
    same = same && swe_netcdf_read(path_a, a, &block_a, &time_a, &err) == SWE_OK &&
           swe_netcdf_read(path_b, b, &block_b, &time_b, &err) == SWE_OK && time_a == time_b &&
           swe_block_interiors_equal(&block_a, &block_b);
    swe_block_destroy(&block_a);
    swe_block_destroy(&block_b);
    return same;
}

static int snapshot_count(const char *directory, const char *stem)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s.nc", directory, stem);
    swe_error err;
    return swe_netcdf_snapshot_count(path, &err);
}

/* On rank 0: directory/restarted.nc holds every snapshot of
 * directory/full.nc, bit for bit (the checkpoint lies past t = 0.2 s: the
 * restart writes snapshots 3 and 4 and takes 0 to 2 over from the files
 * of the checkpointed run). */
static int continues_full_run(const char *directory, const char *restarted)
{
    int same = snapshot_count(directory, restarted) == SNAPSHOTS;
    for (int k = 0; same && k < SNAPSHOTS; ++k) {
        same = same_snapshot(directory, restarted, k, "full", k);
    }
    return same;
}

static int file_exists(const char *directory, const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", directory, name);
    return access(path, F_OK) == 0;
}

static void test_restart_continues_bit_for_bit(void)
{
    char directory[128], checkpoint[192];
    swe_mpi_test_directory(directory, sizeof directory);
    snprintf(checkpoint, sizeof checkpoint, "%s/part.checkpoint.nc", directory);
    const int rank = swe_mpi_test_rank();

    long full_steps = run_mpi(directory, "full", NULL, MPI_COMM_WORLD);
    SWE_MPI_ASSERT_ALL(full_steps > 10, "the uninterrupted run");
    /* Checkpoints past t = 0.1 s and 0.2 s change neither steps nor states. */
    const char *const checkpointed[] = {"--checkpoint-every", "0.1", "--format", "netcdf,vtk",
                                        NULL};
    long part_steps = run_mpi(directory, "part", checkpointed, MPI_COMM_WORLD);
    int same = part_steps == full_steps;
    for (int k = 0; rank == 0 && k < SNAPSHOTS; ++k) {
        same = same && same_snapshot(directory, "part", k, "full", k);
    }
    SWE_MPI_ASSERT_ALL(same && file_exists(directory, "part.checkpoint.nc") &&
                           !file_exists(directory, "part.checkpoint.nc.tmp"),
                       "a checkpointed run: the same steps and snapshots, and its checkpoint");

    /* Restarted from the checkpoint on every rank of this job. */
    const char *const restart[] = {"--restart", checkpoint, NULL};
    long steps = run_mpi(directory, "restarted", restart, MPI_COMM_WORLD);
    SWE_MPI_ASSERT_ALL(steps == full_steps &&
                           (rank != 0 || continues_full_run(directory, "restarted")),
                       "restarted on these ranks, the run ends bit for bit as uninterrupted");

    /* The checkpoint holds the whole domain: one rank and shallows itself
     * restart from it too. */
    int on_one_rank = 1, in_shallows = 1;
    if (rank == 0) {
        on_one_rank = run_mpi(directory, "one-rank", restart, MPI_COMM_SELF) == full_steps &&
                      continues_full_run(directory, "one-rank");
        in_shallows = run_serial(directory, "shallows", restart) == full_steps &&
                      continues_full_run(directory, "shallows");
    }
    SWE_MPI_ASSERT_ALL(on_one_rank, "restarted on one rank, the run ends bit for bit");
    SWE_MPI_ASSERT_ALL(in_shallows, "restarted in shallows, the run ends bit for bit");

    /* And the other way round: shallows' checkpoint continued on these ranks. */
    char serial_checkpoint[192];
    snprintf(serial_checkpoint, sizeof serial_checkpoint, "%s/serial.checkpoint.nc", directory);
    int written = 1;
    if (rank == 0) {
        const char *const serial_checkpointed[] = {"--checkpoint-every", "0.1", NULL};
        written = run_serial(directory, "serial", serial_checkpointed) == full_steps;
    }
    SWE_MPI_ASSERT_ALL(written, "shallows writes its checkpoint");
    const char *const from_serial[] = {"--restart", serial_checkpoint, NULL};
    steps = run_mpi(directory, "from-shallows", from_serial, MPI_COMM_WORLD);
    SWE_MPI_ASSERT_ALL(steps == full_steps &&
                           (rank != 0 || continues_full_run(directory, "from-shallows")),
                       "shallows' checkpoint continued on these ranks ends bit for bit");

    /* Restarted under its own name, the VTK series lists the first run's
     * snapshots and the new ones. */
    if (rank == 0) {
        char pvd[192];
        snprintf(pvd, sizeof pvd, "%s/part.pvd", directory);
        remove(pvd);
    }
    const char *const restart_vtk[] = {"--restart", checkpoint, "--format", "vtk", NULL};
    steps = run_mpi(directory, "part", restart_vtk, MPI_COMM_WORLD);
    int listed = 1;
    if (rank == 0) {
        char pvd[192], text[4096] = "";
        snprintf(pvd, sizeof pvd, "%s/part.pvd", directory);
        FILE *file = fopen(pvd, "r");
        if (file != NULL) {
            text[fread(text, 1, sizeof text - 1, file)] = '\0';
            fclose(file);
        }
        for (int k = 0; k < SNAPSHOTS; ++k) {
            char entry[64];
            snprintf(entry, sizeof entry, "file=\"part_%04d.pvtr\"", k);
            listed = listed && strstr(text, entry) != NULL;
        }
    }
    SWE_MPI_ASSERT_ALL(steps == full_steps && listed,
                       "a restart's .pvd lists the earlier and the new snapshots");
    swe_mpi_test_remove_directory(directory);
}

/* Runs restarting from restart (with extra arguments besides) that must
 * fail on every rank with SWE_ERROR_USAGE, message on every rank, and no
 * output left. The checkpoint is handed to the run, not to the command
 * line, which refuses a file that is not there itself. */
static void expect_refusal(const char *directory, const char *restart, const char *const *extra,
                           const char *message)
{
    swe_options options;
    swe_mpi_run_result result;
    swe_error err = {{0}};
    int ok = parse(directory, "refused", extra, &options);
    options.run.restart_path = restart;
    int status = ok ? swe_mpi_run(&options, MPI_COMM_WORLD, &result, &err) : -1;
    int refused = status == SWE_ERROR_USAGE && strstr(err.message, message) != NULL;
    if (!refused) {
        fprintf(stderr, "\n    expected '%s', got %d: %s", message, status, err.message);
    }
    SWE_MPI_ASSERT_ALL(refused, "every rank refuses the restart with rank 0's message");
    int left = 0;
    if (swe_mpi_test_rank() == 0) {
        left = file_exists(directory, "refused.nc") || file_exists(directory, "refused.nc.tmp") ||
               file_exists(directory, "refused_0000_p0000.vtr");
    }
    SWE_MPI_ASSERT_ALL(!left, "a refused restart leaves no output behind");
}

static void test_restart_refuses_bad_checkpoints(void)
{
    char directory[128], checkpoint[192], missing[192];
    swe_mpi_test_directory(directory, sizeof directory);
    snprintf(checkpoint, sizeof checkpoint, "%s/made.checkpoint.nc", directory);
    snprintf(missing, sizeof missing, "%s/missing.checkpoint.nc", directory);
    const char *const checkpointed[] = {"--checkpoint-every", "0.1", NULL};
    SWE_MPI_ASSERT_ALL(run_mpi(directory, "made", checkpointed, MPI_COMM_WORLD) > 0,
                       "a run writes a checkpoint");

    const char *const vtk_too[] = {"--format", "netcdf,vtk", NULL};
    expect_refusal(directory, missing, vtk_too, "cannot be read: No such file or directory");
    const char *const other_grid[] = {"--nx", "40", NULL};
    expect_refusal(directory, checkpoint, other_grid, "holds a 37 x 23 grid, this run has 40 x 23");
    const char *const other_end[] = {"--t-end", "0.4", NULL};
    expect_refusal(directory, checkpoint, other_end, "--t-end 0.29999999999999999");
    expect_refusal(directory, directory, NULL, "is a directory, not a regular file");
    swe_mpi_test_remove_directory(directory);
}
#endif

void register_mpi_checkpoint_tests(void)
{
#ifndef SWE_WITHOUT_NETCDF
    CU_pSuite suite = CU_add_suite("mpi-checkpoint", NULL, NULL);
    swe_mpi_test_require(suite, "suite mpi-checkpoint");
    swe_mpi_test_require(
        CU_add_test(suite, "restart continues bit for bit", test_restart_continues_bit_for_bit),
        "test");
    swe_mpi_test_require(
        CU_add_test(suite, "restart refuses bad checkpoints", test_restart_refuses_bad_checkpoints),
        "test");
#endif
}
