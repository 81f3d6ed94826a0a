/* An unstable run (the bump dam break with Rusanov at CFL 1 blows up in
 * both precisions) ends on every rank with the message of an invalid state
 * and SWE_ERROR_RUNTIME, as shallows ends it, never with a crash: the
 * guard reads each rank's part back through the rank's own backend and the
 * ranks agree on the message. */
#include "backends/mpi/cartesian/mpi_split.h"
#include "backends/mpi/mpi_check.h"
#include "tests/cartesian/mpi/mpi_cartesian_support.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static int parse_unstable(const char *output, swe_options *options)
{
    char *argv[] = {"shallows",    "--scenario", "bump-dam-break", "--solver", "rusanov",
                    "--cfl",       "1",          "--nx",           "64",       "--ny",
                    "64",          "--quiet",    "--format",       "vtk",      "--output",
                    (char *)output};
    swe_error err;
    return swe_options_parse((int)(sizeof argv / sizeof argv[0]), argv, options, &err) == SWE_OK;
}

/* The part of a message before the cell: the step and time. */
static size_t step_and_time_length(const char *message)
{
    const char *end = strstr(message, "made the state invalid");
    return end != NULL ? (size_t)(end - message) : 0;
}

static void test_unstable_run_fails_alike_on_every_rank(void)
{
    char directory[256], output[320];
    swe_mpi_test_directory(directory, sizeof directory);
    snprintf(output, sizeof output, "%s/unstable", directory);
    swe_options options;
    swe_mpi_run_result result;
    swe_error err = {{0}};
    int parsed = parse_unstable(output, &options);
    SWE_MPI_ASSERT_ALL(parsed, "the options parse");
    int status = parsed ? swe_mpi_run(&options, MPI_COMM_WORLD, &result, &err) : SWE_OK;
    SWE_MPI_ASSERT_ALL(status == SWE_ERROR_RUNTIME, "the run fails as a run (exit code 1)");
    SWE_MPI_ASSERT_ALL(strstr(err.message, "made the state invalid") != NULL &&
                           strstr(err.message, "(try a smaller --cfl)") != NULL,
                       "the message names the invalid state and the remedy");
    char first[sizeof err.message];
    memcpy(first, err.message, sizeof first);
    MPI_CHECK(MPI_Bcast(first, (int)sizeof first, MPI_CHAR, 0, MPI_COMM_WORLD));
    SWE_MPI_ASSERT_ALL(strcmp(first, err.message) == 0, "every rank has the same message");

    /* shallows stops at the same step and time (the steps agree bit for
     * bit); only the cell named may be another one. */
    swe_run_result serial;
    swe_error serial_err = {{0}};
    snprintf(output, sizeof output, "%s/unstable-serial-%d", directory, swe_mpi_test_rank());
    int serial_status =
        parse_unstable(output, &options) ? swe_run(&options, &serial, &serial_err) : SWE_OK;
    size_t length = step_and_time_length(serial_err.message);
    SWE_MPI_ASSERT_ALL(serial_status == SWE_ERROR_RUNTIME && length > 0 &&
                           strncmp(serial_err.message, err.message, length) == 0,
                       "shallows stops at the same step and time");
    /* The snapshots written before the state went wrong stay. */
    char file[352];
    snprintf(file, sizeof file, "%s/unstable_0000.pvtr", directory);
    struct stat info;
    SWE_MPI_ASSERT_ALL(swe_mpi_test_rank() != 0 || stat(file, &info) == 0,
                       "the snapshots written before stay");
    swe_mpi_test_remove_directory(directory);
}

void register_mpi_invalid_state_tests(void)
{
    CU_pSuite suite = CU_add_suite("mpi-invalid-state", NULL, NULL);
    swe_mpi_test_require(suite, "suite mpi-invalid-state");
    swe_mpi_test_require(CU_add_test(suite, "an unstable run fails alike on every rank",
                                     test_unstable_run_fails_alike_on_every_rank),
                         "test");
}
