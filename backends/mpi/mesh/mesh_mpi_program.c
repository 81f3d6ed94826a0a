#include "backends/mpi/mesh/mesh_mpi_program.h"

#include "backends/mpi/mesh/mesh_mpi_driven.h"
#include "backends/mpi/mpi_agree.h"
#include "backends/mpi/mpi_check.h"
#include "backends/mpi/mpi_node.h"
#include "backends/mpi/mpi_timing.h"
#include "mesh/geometry/mesh_ordering.h"
#include "mesh/program/mesh_options.h"
#include "mesh/program/mesh_program.h"
#include "mesh/program/mesh_report.h"
#include "run/driver.h"
#include "run/program.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROGRAM "shallows-mpi"

/* The options of shallows-mpi --mesh besides those of shallows --mesh. */
enum { OPTION_PARTITION = 0, OPTION_OVERLAP = 1 };

static const swe_model_option mesh_mpi_options[] = {
    {.name = "partition",
     .argument = "NAME",
     .help = "metis (k-way, fewest cut edges; the default where built), rcb (recursive coordinate "
             "bisection of the centroids, no library; the default without METIS) or random (cells "
             "dealt out at random, for comparison)",
     .slot = OPTION_PARTITION},
    {.name = "overlap",
     .help = "compute the edges that read no halo cell while the halo travels (serial, openmp, "
             "cuda, opencl; the same bits)",
     .slot = OPTION_OVERLAP},
};

static const swe_program_options program_options = {
    .program = PROGRAM " --mesh", .options = mesh_mpi_options, .count = 2};

/* What a run of the ranks keeps for rank 0's report. */
typedef struct mesh_mpi_program {
    swe_mesh_options options;
    MPI_Comm comm;
    int ranks;
    enum swe_mesh_partitioner partitioner;
    long cut_edges, exchanges;
    double exchange_seconds, reduction_seconds;
} mesh_mpi_program;

static void print_partition_help(FILE *stream, const char *program)
{
    (void)program;
    fprintf(stream,
            "\n%s --mesh: the same run over MPI ranks (mpirun -np N %s --mesh FILE ...),\n"
            "bit for bit that of shallows --mesh on the CPU backends. --ordering numbers each\n"
            "rank's cells and edges (default rcm+edges).%s Rank 0 gathers the state for the\n"
            "NetCDF file, pictures and checkpoints, which are those of shallows --mesh: a\n"
            "checkpoint continues on any number of ranks. With --format vtk every rank writes\n"
            "its cells as STEM_NNNN_pRRRR.vtu, assembled by STEM_NNNN.pvtu and listed in\n"
            "STEM.pvd. Each rank takes the GPU of its rank on its node (ranks beyond the\n"
            "GPUs share them, said on stderr); --list-devices adds which rank takes which.\n",
            PROGRAM, PROGRAM,
            swe_mesh_partition_have_metis()
                ? ""
                : " This build has no METIS (install libmetis-dev): --partition rcb\n"
                  "(coordinate bisection) by default, or random.");
}

static int inner_edges(const swe_mesh_span *span)
{
    return span->interior_end - span->interior_begin + span->boundary_end - span->boundary_begin;
}

static void print_setup(const swe_mesh_mpi_model *model, const swe_mesh_mpi_options *options,
                        const swe_mesh_model *mirror)
{
    const swe_mesh *whole = &mirror->run.mesh, *part = &model->part->run.mesh;
    const swe_mesh_partition_quality *q = &model->quality, *r = &model->random_quality;
    printf("mesh %s: %d cells, %d edges (%d on the boundary), %d nodes; scenario %s, order %d\n",
           options->model.mesh_path, whole->cell_count, whole->edge_count,
           whole->edge_count - whole->interior_edge_count, whole->node_count, mirror->scenario.name,
           model->part->run.order);
    printf("partition: %s into %d ranks: %ld cut edges (a random partition: %ld), %d to %d "
           "cells a rank, imbalance %.3f, first halo layer %d to %d cells a rank (a random "
           "partition: %d to %d); halo layers %d; rank 0: %d cells and %d of halo from "
           "%d ranks, ordering %s, phi %d; rank 0 inner edges %d of %d%s\n",
           swe_mesh_partitioner_name(options->partitioner), model->size, q->edge_cut, r->edge_cut,
           q->smallest, q->largest, q->imbalance, q->halo_smallest, q->halo_largest,
           r->halo_smallest, r->halo_largest, model->part->run.order == 2 ? 4 : 1,
           model->sub.owned_count, model->sub.cell_count - model->sub.owned_count,
           model->halo.neighbour_count, swe_mesh_ordering_name(options->model.ordering),
           swe_mesh_bandwidth(part), inner_edges(&model->coupling.inner), part->edge_count,
           options->overlap ? " (overlapped)" : "");
    if (model->node.devices > 0) {
        printf("devices: rank 0 on %s device %d of %d, node-local rank %d of %d; halo values in "
               "%s memory\n",
               swe_mesh_backend_name(model->part->run.backend), model->node.device,
               model->node.devices, model->node.local_rank, model->node.local_size,
               swe_mesh_mpi_halo_memory_name(model->halo_memory));
    }
    fflush(stdout);
}

/* Rank 0's whole mesh for files and figures: the same run in one
 * process, serial, as the file numbers it (never stepped). */
static int create_mirror(const swe_mesh_mpi_model *model, const swe_mesh_mpi_options *options,
                         swe_mesh_model **mirror, swe_error *err)
{
    *mirror = NULL;
    int status = SWE_OK;
    if (model->rank == 0) {
        swe_mesh_model_options whole = options->model;
        whole.backend = "serial";
        whole.ordering = SWE_MESH_ORDERING_GMSH;
        status = swe_mesh_model_create(&whole, mirror, err);
    }
    return swe_mpi_agree(model->comm, status, err);
}

static int agree(void *context, int status, swe_error *err)
{
    return swe_mpi_agree(*(MPI_Comm *)context, status, err);
}

/* The run through the driver as one team, then the final figures. */
static int drive(const swe_mesh_options *options, swe_mesh_mpi_model *model, swe_mesh_model *mirror,
                 swe_run_result *result, swe_error *err)
{
    swe_mesh_mpi_driven driven;
    int status = swe_mesh_mpi_driven_init(&driven, model, mirror, &options->plan,
                                          options->model.mesh_path, err);
    char checkpoint_path[4096] = "";
    if (options->run.checkpoint_every > 0) {
        snprintf(checkpoint_path, sizeof checkpoint_path, "%s.checkpoint", options->plan.path_stem);
    }
    if (status == SWE_OK) {
        MPI_Comm comm = model->comm;
        const swe_run_team team = {.agree = agree, .context = &comm, .reports = model->rank == 0};
        const swe_drive_settings settings = swe_mesh_drive_settings(
            options, options->run.checkpoint_every > 0 ? checkpoint_path : NULL);
        const swe_model driven_model = swe_mesh_mpi_driven_model(&driven);
        status = swe_drive(&settings, &driven_model, &team, result, err);
    }
    if (status == SWE_OK) {
        status = swe_mesh_mpi_driven_gather(&driven, err);
    }
    if (status == SWE_OK && mirror != NULL) {
        status = swe_mesh_model_figures(mirror, result->checksum, sizeof result->checksum, err);
    }
    return swe_mpi_agree(model->comm, status, err);
}

/* The partitioner and the ordering of the parts: rcm+edges unless given,
 * because a part's cells come in partition order and its edges unsorted
 * (cells by RCM alone left one rank 2.3 times slower per step than
 * shallows --mesh). */
static int mpi_options_of(const swe_mesh_options *parsed, swe_mesh_mpi_options *options,
                          swe_error *err)
{
    memset(options, 0, sizeof *options);
    options->partitioner = swe_mesh_partitioner_default();
    options->partition_seed = 1;
    options->overlap = parsed->run.program_option_values[OPTION_OVERLAP] != NULL;
    const char *partition = parsed->run.program_option_values[OPTION_PARTITION];
    int status = partition != NULL
                     ? swe_mesh_partitioner_parse(partition, &options->partitioner, err)
                     : SWE_OK;
    if (status == SWE_OK && options->partitioner == SWE_MESH_PARTITION_METIS &&
        !swe_mesh_partition_have_metis()) {
        status = swe_fail(err, SWE_ERROR_USAGE,
                          "this build has no METIS: install libmetis-dev (make deps) and "
                          "rebuild, or use --partition rcb");
    }
    options->model = parsed->model;
    options->model.scenario = &parsed->scenario;
    options->notes = parsed->run.quiet ? NULL : stderr;
    if (!parsed->ordering_given) {
        options->model.ordering = SWE_MESH_ORDERING_RCM_EDGES;
    }
    return status;
}

static int run_ranks(void *context, const swe_run_options *run, swe_run_result *result,
                     swe_error *err)
{
    mesh_mpi_program *program = context;
    swe_mesh_mpi_options options;
    swe_mesh_mpi_model *model = NULL;
    swe_mesh_model *mirror = NULL;
    int status =
        swe_mpi_agree(program->comm, mpi_options_of(&program->options, &options, err), err);
    if (status == SWE_OK) {
        status = swe_mesh_mpi_model_create(&options, program->comm, &model, err);
    }
    if (status == SWE_OK) {
        status = create_mirror(model, &options, &mirror, err);
    }
    if (status == SWE_OK && mirror != NULL && !run->quiet && !run->benchmark) {
        print_setup(model, &options, mirror);
    }
    if (status == SWE_OK) {
        snprintf(result->backend_name, sizeof result->backend_name, "mpi+%s",
                 swe_mesh_backend_name(model->part->run.backend));
        result->solver = model->part->run.order == 2 ? "roe-muscl" : "roe";
        result->cells = model->whole_cells;
        status = drive(&program->options, model, mirror, result, err);
    }
    if (status == SWE_OK) {
        /* collective: before rank 0's report */
        const swe_mpi_rank_seconds own = swe_mesh_mpi_model_seconds(model);
        swe_mpi_timing_print(model->comm, &own, model->coupling.finish_exchange != NULL, stdout);
        program->ranks = model->size;
        program->partitioner = model->partitioner;
        program->cut_edges = model->quality.edge_cut;
        program->exchanges = model->halo.exchanges;
        program->exchange_seconds = model->halo.seconds;
        program->reduction_seconds = model->reduction_seconds;
    }
    if (status == SWE_OK && mirror != NULL) {
        swe_mesh_print_measures(stdout, mirror);
    }
    swe_mesh_model_free(mirror);
    swe_mesh_mpi_model_free(model);
    return status;
}

static void print_report(void *context, FILE *stream)
{
    const mesh_mpi_program *program = context;
    fprintf(stream,
            "mpi: ranks=%d partition=%s cut_edges=%ld exchanges=%ld exchange_seconds=%.3f "
            "reduction_seconds=%.3f\n",
            program->ranks, swe_mesh_partitioner_name(program->partitioner), program->cut_edges,
            program->exchanges, program->exchange_seconds, program->reduction_seconds);
}

/* --list-scenarios and --write-square: rank 0 alone. */
static int act(void *context, const swe_run_options *run, swe_error *err)
{
    (void)run;
    return swe_mesh_program_act(&((mesh_mpi_program *)context)->options, err);
}

int swe_mesh_mpi_program_main(int argc, char **argv)
{
    static mesh_mpi_program context;
    context.comm = MPI_COMM_WORLD;
    int rank = 0;
    MPI_CHECK(MPI_Comm_rank(context.comm, &rank));
    const swe_program program = {.name = PROGRAM,
                                 .application = &swe_mesh_application,
                                 .application_options = &context.options,
                                 .options = &program_options,
                                 .prints = rank == 0,
                                 .backend_prefix = "mpi+",
                                 .print_help = print_partition_help,
                                 .run = run_ranks,
                                 .act = act,
                                 .print_report = print_report,
                                 .context = &context};
    int status = swe_program_main(&program, argc, argv);
    /* An action ran on rank 0 alone: every rank ends with its status. */
    MPI_CHECK(MPI_Bcast(&status, 1, MPI_INT, 0, context.comm));
    const swe_run_options *run = &context.options.run;
    if (status == SWE_OK && run->action == SWE_ACTION_MODEL &&
        strcmp(run->action_option, "list-devices") == 0) {
        fflush(stdout); /* the models' lists before the ranks' */
        swe_error err = {{0}};
        status =
            swe_mpi_node_print_placements(context.comm, swe_mesh_application.models, stdout, &err);
    }
    return status;
}
