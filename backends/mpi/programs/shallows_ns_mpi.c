/* shallows-ns-mpi: the Navier-Stokes program over MPI ranks. Every rank
 * parses the options (so bad input is found identically everywhere), runs
 * one slab of z planes with the backend named by --backend (on its own
 * GPU for a device model), and only rank 0 prints. The body is every program's (run/program.h) over
 * the ns application (common/ns/program/); this file adds the ranks. */
#include "backends/mpi/mpi_check.h"
#include "backends/mpi/mpi_node.h"
#include "backends/mpi/mpi_timing.h"
#include "backends/mpi/ns/ns_mpi_poisson.h"
#include "backends/mpi/ns/ns_mpi_run.h"
#include "core/timer.h"
#include "run/program.h"

#include <stdio.h>
#include <string.h>

static void print_help(FILE *stream, const char *program)
{
    fprintf(stream,
            "\nshallows-ns-mpi cuts the domain into slabs of z planes, one per rank, as FFTW's\n"
            "distributed transforms lay them out (each rank needs at least 2 planes), and runs\n"
            "each slab with the backend --backend names (mpi+serial, mpi+openmp, mpi+cuda:\n"
            "one GPU a rank, the node's GPUs shared in turn where ranks outnumber them). The\n"
            "stencils exchange two ghost planes with the neighbouring slabs (a GPU's through\n"
            "pinned host buffers, or straight from its memory where MPI reads it), the CG\n"
            "sums over the slabs, the preconditioner is FFTW's MPI r2r transform on the\n"
            "hosts: results equal those of shallows-ns to rounding\n"
            "(docs/RESULTS-navier-stokes.md). Start it with: mpirun -np N %s [options]\n"
            "\nFiles and checkpoints hold the whole domain, gathered by rank 0, in the formats\n"
            "of shallows-ns: --restart continues a checkpoint on any number of ranks.\n"
            "--list-devices under mpirun adds which rank takes which GPU.\n",
            program);
}

typedef struct mpi_context {
    ns_options options;
    ns_run_report report;
    MPI_Comm comm;
    double exchange_seconds, reduction_seconds, transform_seconds;
    int ranks;
} mpi_context;

/* Collective, before rank 0's report: every rank's split of the run. The
 * exchange is the ghost planes' messages and the distributed
 * preconditioner (its transforms with their all-to-alls); the wait is the
 * reductions; a GPU rank's copies to and from its staging count as
 * compute. */
static void print_rank_seconds(const ns_mpi_run *run, double seconds)
{
    const ns_mpi_slabs *slabs = &run->slabs;
    const ns_grid *g = &slabs->slab;
    double exchange = slabs->exchange_seconds + slabs->transform_seconds;
    const swe_mpi_rank_seconds own = {.compute = seconds - exchange - slabs->reduction_seconds,
                                      .exchange = exchange,
                                      .wait = slabs->reduction_seconds,
                                      .cells = (double)g->n[0] * (double)g->n[1] * (double)g->n[2]};
    swe_mpi_timing_print(slabs->comm, &own, 0, stdout);
}

static int run_ranks(void *context, const swe_run_options *options, swe_run_result *result,
                     swe_error *err)
{
    (void)options;
    mpi_context *mpi = context;
    ns_mpi_run run;
    int status = ns_mpi_run_create(&run, mpi->comm, &mpi->options, err);
    double start = swe_wall_seconds();
    if (status == SWE_OK) {
        status = ns_mpi_run_drive(&run, &mpi->options, &mpi->report, err);
        *result = mpi->report.summary;
    }
    if (status == SWE_OK) {
        print_rank_seconds(&run, swe_wall_seconds() - start);
    }
    mpi->exchange_seconds = run.slabs.exchange_seconds;
    mpi->reduction_seconds = run.slabs.reduction_seconds;
    mpi->transform_seconds = run.slabs.transform_seconds;
    ns_mpi_run_destroy(&run);
    return status;
}

static int act(void *context, const swe_run_options *run, swe_error *err)
{
    (void)run;
    return ns_program_act(&((mpi_context *)context)->options, err);
}

static void print_report(void *context, FILE *stream)
{
    const mpi_context *mpi = context;
    ns_print_report(stream, &mpi->options, &mpi->report);
    fprintf(stream,
            "mpi: ranks=%d exchange_seconds=%.3f reduction_seconds=%.3f "
            "transform_seconds=%.3f (rank 0)\n",
            mpi->ranks, mpi->exchange_seconds, mpi->reduction_seconds, mpi->transform_seconds);
}

int main(int argc, char **argv)
{
    ns_mpi_start(&argc, &argv);
    int rank = 0;
    static mpi_context context;
    context.comm = MPI_COMM_WORLD;
    MPI_CHECK(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
    MPI_CHECK(MPI_Comm_size(MPI_COMM_WORLD, &context.ranks));
    const swe_program program = {.name = "shallows-ns-mpi",
                                 .application = &ns_application,
                                 .application_options = &context.options,
                                 .prints = rank == 0,
                                 .backend_prefix = "mpi+",
                                 .bit_for_bit_only = 1,
                                 .print_help = print_help,
                                 .run = run_ranks,
                                 .act = act,
                                 .print_report = print_report,
                                 .context = &context};
    int status = swe_program_main(&program, argc, argv);
    /* An action ran on rank 0 alone: every rank ends with its status. */
    MPI_CHECK(MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD));
    const swe_run_options *run = &context.options.run;
    /* The ranks' places even where the node has no device to list (the
     * listing's exit status kept): "none" and the host then say why. */
    if (run->action == SWE_ACTION_MODEL && run->action_option != NULL &&
        strcmp(run->action_option, "list-devices") == 0) {
        fflush(stdout); /* the models' lists before the ranks' */
        swe_error err = {{0}};
        int placed =
            swe_mpi_node_print_placements(MPI_COMM_WORLD, ns_application.models, stdout, &err);
        status = status != SWE_OK ? status : placed;
    }
    fflush(stdout);
    ns_mpi_finish();
    return status;
}
