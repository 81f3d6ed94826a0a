/* shallows-mpi: the command-line program over MPI ranks. Every rank
 * parses the options (so bad input is found identically everywhere), runs
 * one block of the domain with the fine-grain backend named by --backend,
 * and only rank 0 prints. The body is shallows's (common/cartesian/
 * program.h); this file adds the ranks. `--mesh FILE.msh` makes it a
 * triangle run over the ranks (backends/mpi/mesh/). */
#include "backends/mpi/cartesian/mpi_split.h"
#include "backends/mpi/mesh/mesh_mpi_program.h"
#include "backends/mpi/mpi_agree.h"
#include "backends/mpi/mpi_check.h"
#include "backends/mpi/mpi_node.h"
#include "backends/mpi/mpi_timing.h"
#include "cartesian/grid/backend.h"
#include "cartesian/io/netcdf_output.h"
#include "cartesian/program/options.h"
#include "core/float_mode.h"
#include "mesh/program/mesh_program.h"
#include "run/program.h"

#include <stdio.h>
#include <string.h>

static void print_version(FILE *stream)
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
#if defined(SWE_WITHOUT_NETCDF)
    const char *output_mode = "no NetCDF (built without it); VTK: one piece per rank; PNG: "
                              "the domain gathered by rank 0";
#elif defined(SWE_WITH_PARALLEL_NETCDF)
    const char *output_mode = "one NetCDF file for the whole domain, each rank writing its "
                              "part (parallel NetCDF); VTK: one piece per rank; PNG: the "
                              "domain gathered by rank 0";
#else
    const char *output_mode = "one NetCDF file for the whole domain, gathered by rank 0 "
                              "(this build found no parallel NetCDF: libnetcdf-mpi-dev); VTK: "
                              "one piece per rank";
#endif
    fprintf(stream, "mpi: %s\noutput mode: %s\n", library, output_mode);
}

static void print_help(FILE *stream, const char *program)
{
    fprintf(stream,
            "\nshallows-mpi splits the domain into one block per rank and runs each block with\n"
            "the backend that --backend names (mpi+serial, mpi+openmp, ...); results are bit\n"
            "for bit those of shallows. Start it with: mpirun -np N %s [options]\n"
            "\nFiles: every rank writes its part of PATH.nc where NetCDF has parallel I/O\n"
            "(--version says), rank 0 gathers the domain for it otherwise and for\n"
            "PATH_NNNN.png; with --format vtk every rank writes its piece\n"
            "PATH_NNNN_pRRRR.vtr, assembled by PATH_NNNN.pvtr\n"
            "and listed in PATH.pvd. A checkpoint holds the whole domain, gathered by rank\n"
            "0, in the format of shallows: --restart continues it on any number of ranks,\n"
            "and shallows and shallows-mpi continue each other's checkpoints.\n"
            "\nTriangles: --mesh FILE.msh runs the triangle solver over the ranks, with the\n"
            "options of shallows --mesh and --partition metis|rcb|random, --overlap\n"
            "(mpirun -np N %s --mesh FILE.msh --help lists them).\n",
            program, program);
}

/* What a run keeps for the report line; only rank 0 prints it. */
typedef struct mpi_program {
    swe_options options;
    swe_mpi_run_result result;
} mpi_program;

static int run_ranks(void *context, const swe_run_options *run, swe_run_result *result,
                     swe_error *err)
{
    (void)run;
    mpi_program *program = context;
    int status = swe_mpi_run(&program->options, MPI_COMM_WORLD, &program->result, err);
    *result = program->result.run;
    if (status == SWE_OK) { /* collective: every rank, before rank 0's report */
        swe_mpi_timing_print(MPI_COMM_WORLD, &program->result.rank_seconds, program->result.overlap,
                             stdout);
    }
    return status;
}

static void print_report(void *context, FILE *stream)
{
    const swe_mpi_run_result *result = &((const mpi_program *)context)->result;
    fprintf(stream, "mpi: ranks=%d blocks=%dx%d exchange_seconds=%.3f reduction_seconds=%.3f\n",
            result->blocks_x * result->blocks_y, result->blocks_x, result->blocks_y,
            result->exchange_seconds, result->reduction_seconds);
}

int main(int argc, char **argv)
{
    swe_mpi_init(&argc, &argv);
    int rank = 0;
    MPI_CHECK(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
    static mpi_program context;
    const swe_program shallows_mpi = {
        .name = "shallows-mpi",
        .application = &swe_cartesian_application,
        .application_options = &context.options,
        .options = &swe_mpi_program_options,
        .prints = rank == 0,
        .backend_prefix = "mpi+",
        .print_version = print_version,
        .print_help = print_help,
        .act = swe_cartesian_act,
        .run = run_ranks,
        .print_report = print_report,
        .context = &context,
    };
    swe_error err = {{0}};
    int status = swe_mpi_agree_on_command(MPI_COMM_WORLD, argc, argv, &err);
    if (status != SWE_OK && rank == 0) {
        fprintf(stderr, "shallows-mpi: %s\n", err.message);
    }
    if (status == SWE_OK && swe_mesh_program_wanted(argc, argv)) {
        status = swe_mesh_mpi_program_main(argc, argv); /* triangles: backends/mpi/mesh/ */
    } else if (status == SWE_OK) {
        swe_set_float_mode(); /* before any thread starts: threads inherit it */
        status = swe_program_main(&shallows_mpi, argc, argv);
        /* An action ran on rank 0 alone: every rank ends with its status. */
        MPI_CHECK(MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD));
        const swe_run_options *run = &context.options.run;
        if (status == SWE_OK && run->action == SWE_ACTION_MODEL &&
            strcmp(run->action_option, "list-devices") == 0) {
            fflush(stdout);
            status =
                swe_mpi_node_print_placements(MPI_COMM_WORLD, &swe_cartesian_models, stdout, &err);
        }
    }
    fflush(stdout);
    MPI_CHECK(MPI_Finalize());
    return status;
}
