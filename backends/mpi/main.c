/* shallows-mpi: the command-line program over MPI ranks. Takes the options
 * of shallows; every rank parses them (so bad input is found identically
 * everywhere), runs one block of the domain with the fine-grain backend
 * named by --backend, and only rank 0 prints. */
#include "grid/backend.h"
#include "io/netcdf_output.h"
#include "mpi_check.h"
#include "mpi_run.h"
#include "run/options.h"

#include <stdio.h>

#ifndef SWE_VERSION
#define SWE_VERSION "unknown"
#endif

static void print_version(void)
{
    char library[MPI_MAX_LIBRARY_VERSION_STRING];
    int length = 0;
    MPI_CHECK(MPI_Get_library_version(library, &length));
    /* The first line names the library and its version. */
    for (int c = 0; c < length; ++c) {
        if (library[c] == '\n' || library[c] == ',') {
            library[c] = '\0';
            break;
        }
    }
    printf("shallows-mpi %s\nprecision: %s\nbackends (each rank runs one, as mpi+NAME):",
           SWE_VERSION, SWE_PRECISION_NAME);
    for (int index = 0; index < swe_backend_count(); ++index) {
        printf(" %s", swe_backend_at(index)->name);
    }
#ifdef SWE_WITHOUT_NETCDF
    const char *output_mode = "no NetCDF (built without it); VTK: one piece per rank; PNG: "
                              "the domain gathered by rank 0";
#else
    const char *output_mode = "one NetCDF file for the whole domain, gathered by rank 0 (this "
                              "libnetcdf has no parallel I/O); VTK: one piece per rank";
#endif
    printf("\nmpi: %s\noutput: %s\noutput mode: %s\n", library, swe_netcdf_library_version(),
           output_mode);
}

static void print_backends(void)
{
    for (int index = 0; index < swe_backend_count(); ++index) {
        const swe_backend *backend = swe_backend_at(index);
        printf("mpi+%-12s levels=%d  %s\n", backend->name, backend->levels, backend->description);
    }
}

static void print_help(const char *program)
{
    swe_options_print_help(program);
    printf("\nshallows-mpi splits the domain into one block per rank and runs each block with\n"
           "the backend that --backend names (mpi+serial, mpi+openmp, ...); results are bit\n"
           "for bit those of shallows. Start it with: mpirun -np N %s [options]\n"
           "\nFiles: rank 0 gathers the domain for PATH.nc and PATH_NNNN.png; with --format\n"
           "vtk every rank writes its piece PATH_NNNN_pRRRR.vtr, assembled by PATH_NNNN.pvtr\n"
           "and listed in PATH.pvd. A checkpoint holds the whole domain, gathered by rank\n"
           "0, in the format of shallows: --restart continues it on any number of ranks,\n"
           "and shallows and shallows-mpi continue each other's checkpoints.\n",
           program);
}

/* Runs what the options ask for; returns the exit status, the same on
 * every rank. */
static int run_action(int argc, char **argv, int rank)
{
    swe_options options;
    swe_error err = {{0}};
    int status = swe_options_parse(argc, argv, &options, &err);
    if (status != SWE_OK) {
        if (rank == 0) {
            fprintf(stderr, "shallows-mpi: %s\n", err.message);
        }
        return status;
    }
    if (options.action != SWE_ACTION_RUN) {
        if (rank == 0) {
            if (options.action == SWE_ACTION_HELP) {
                print_help(argv[0]);
            } else if (options.action == SWE_ACTION_VERSION) {
                print_version();
            } else {
                print_backends();
            }
        }
        return SWE_OK;
    }
    swe_mpi_run_result result;
    status = swe_mpi_run(&options, MPI_COMM_WORLD, &result, &err);
    if (rank != 0) {
        return status;
    }
    if (status != SWE_OK) {
        fprintf(stderr, "shallows-mpi: %s\n", err.message);
        return status;
    }
    int ranks = result.blocks_x * result.blocks_y;
    printf("mpi: ranks=%d blocks=%dx%d exchange_seconds=%.3f reduction_seconds=%.3f\n", ranks,
           result.blocks_x, result.blocks_y, result.exchange_seconds, result.reduction_seconds);
    /* The summary line of every run, naming the hybrid. */
    swe_backend named = *result.run.backend;
    named.name = result.backend_name;
    result.run.backend = &named;
    swe_print_summary(stdout, &options, &result.run);
    return SWE_OK;
}

int main(int argc, char **argv)
{
    swe_mpi_init(&argc, &argv);
    int rank = 0;
    MPI_CHECK(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
    int status = run_action(argc, argv, rank);
    fflush(stdout);
    MPI_CHECK(MPI_Finalize());
    return status;
}
