/* MPI runs against serial runs of the whole domain, bit for bit: the state
 * of every cell, the steps and the times, for each scenario and solver on
 * grids that no rank count here divides evenly; then the gathered output
 * file of a whole MPI run against the serial run's file. */
#include "backends/mpi/cartesian/mpi_split.h"
#include "backends/mpi/mpi_check.h"
#include "cartesian/io/netcdf_output.h"
#include "tests/cartesian/mpi/mpi_cartesian_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern const swe_cartesian_backend swe_cartesian_serial_backend;

static const swe_mpi_test_case cases[] = {
    {"radial-dam-break", 37, 23, 12.0}, /* walls; the wave reaches them */
    {"bump-dam-break", 29, 31, 0.5},    /* bathymetry in the ghost layers */
    {"lake-at-rest", 23, 37, 60.0},     /* well-balanced across block edges */
    {"dam-break-1d-wet", 61, 1, 10.0},  /* outflow; one row of blocks */
    {"dam-break-1d-dry", 61, 1, 10.0},  /* dry cells crossing block edges */
};
enum { CASE_COUNT = sizeof cases / sizeof cases[0] };

static void run_case(const swe_mpi_test_case *c, enum swe_solver solver, int overlap)
{
    const swe_cartesian_backend_config config = {.solver = solver};
    swe_mpi_test_parts_against_whole(c, &swe_cartesian_serial_backend, &config, overlap);
}

static void test_every_cell_agrees_with_serial(void)
{
    for (int c = 0; c < CASE_COUNT; ++c) {
        for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
            run_case(&cases[c], solver, 0);
        }
    }
}

/* The same with the interior computed while the halo travels. */
static void test_overlapped_steps_agree_with_serial(void)
{
    for (int c = 0; c < CASE_COUNT; ++c) {
        for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
            run_case(&cases[c], solver, 1);
        }
    }
}

#ifndef SWE_WITHOUT_NETCDF /* the file tests need NetCDF */
static int parse(const char *output, const char *extra, swe_options *options)
{
    char *argv[] = {"shallows", "--scenario", "bump-dam-break", "--nx",         "37",
                    "--ny",     "23",         "--t-end",        "0.3",          "--outputs",
                    "4",        "--quiet",    "--output",       (char *)output, (char *)extra,
                    NULL};
    int argc = extra != NULL ? 15 : 14;
    swe_error err;
    return swe_options_parse(argc, argv, options, &err) == SWE_OK;
}

/* On rank 0: every snapshot of the two files holds the same bits. */
static int same_files(const char *serial_file, const char *mpi_file, int nx, int ny)
{
    swe_error err;
    int count = swe_netcdf_snapshot_count(serial_file, &err);
    int same = count == 5 && swe_netcdf_snapshot_count(mpi_file, &err) == count;
    swe_block a, b;
    if (!same || swe_block_create(&a, nx, ny, 0, 0, 1, 1, &err) != SWE_OK) {
        return 0;
    }
    same = swe_block_create(&b, nx, ny, 0, 0, 1, 1, &err) == SWE_OK;
    for (int s = 0; same && s < count; ++s) {
        double time_a = -1, time_b = -2;
        same = swe_netcdf_read(serial_file, s, &a, &time_a, &err) == SWE_OK &&
               swe_netcdf_read(mpi_file, s, &b, &time_b, &err) == SWE_OK && time_a == time_b &&
               swe_mpi_test_differing_values(&a, &b, 1) == 0;
    }
    swe_block_destroy(&a);
    swe_block_destroy(&b);
    return same;
}

static void test_gathered_output_equals_serial_output(void)
{
    char directory[128], serial_stem[192], mpi_stem[192];
    swe_mpi_test_directory(directory, sizeof directory);
    snprintf(serial_stem, sizeof serial_stem, "%s/serial", directory);
    snprintf(mpi_stem, sizeof mpi_stem, "%s/gathered", directory);
    swe_options options;
    int ok = parse(mpi_stem, NULL, &options);
    swe_mpi_run_result result;
    swe_error err = {{0}};
    ok = ok && swe_mpi_run(&options, MPI_COMM_WORLD, &result, &err) == SWE_OK;
    SWE_MPI_ASSERT_ALL(ok, "the MPI run writes its file");
    int same = 1;
    if (swe_mpi_test_rank() == 0) {
        swe_run_result serial_result;
        same =
            parse(serial_stem, NULL, &options) && swe_run(&options, &serial_result, &err) == SWE_OK;
        char serial_file[256], mpi_file[256];
        snprintf(serial_file, sizeof serial_file, "%s.nc", serial_stem);
        snprintf(mpi_file, sizeof mpi_file, "%s.nc", mpi_stem);
        same = same && same_files(serial_file, mpi_file, 37, 23) &&
               serial_result.steps == result.run.steps;
        char temporary[300];
        snprintf(temporary, sizeof temporary, "%s.tmp", mpi_file);
        same = same && access(temporary, F_OK) != 0;
        remove(serial_file);
        remove(mpi_file);
        rmdir(directory);
    }
    SWE_MPI_ASSERT_ALL(same, "rank 0's gathered file equals the serial file, bit for bit");
}

/* An output that cannot be created on rank 0 fails the run on every rank
 * with rank 0's message, and leaves nothing behind. */
static void test_output_failure_reaches_every_rank(void)
{
    swe_options options;
    int ok = parse("gathered", NULL, &options);
    /* The command line refuses such a place itself; a caller of the layer
     * that hands it one must get the same refusal from the run. */
    snprintf(options.run.output_stem, sizeof options.run.output_stem,
             "/nonexistent-directory/gathered");
    swe_mpi_run_result result;
    swe_error err = {{0}};
    int status = ok ? swe_mpi_run(&options, MPI_COMM_WORLD, &result, &err) : -1;
    SWE_MPI_ASSERT_ALL(status == SWE_ERROR_USAGE &&
                           strstr(err.message, "the folder '/nonexistent-directory' of --output"),
                       "every rank returns rank 0's output error");
}
#endif

void register_mpi_agreement_tests(void)
{
    CU_pSuite suite = CU_add_suite("mpi-agreement", NULL, NULL);
    swe_mpi_test_require(suite, "suite mpi-agreement");
    swe_mpi_test_require(
        CU_add_test(suite, "every cell agrees with serial", test_every_cell_agrees_with_serial),
        "test");
    swe_mpi_test_require(CU_add_test(suite, "overlapped steps agree with serial",
                                     test_overlapped_steps_agree_with_serial),
                         "test");
#ifndef SWE_WITHOUT_NETCDF
    swe_mpi_test_require(CU_add_test(suite, "gathered output equals serial output",
                                     test_gathered_output_equals_serial_output),
                         "test");
    swe_mpi_test_require(CU_add_test(suite, "output failure reaches every rank",
                                     test_output_failure_reaches_every_rank),
                         "test");
#endif
}
