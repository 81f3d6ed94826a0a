#include "backends/mpi/mesh/mesh_mpi_program.h"

#include "backends/mpi/mesh/mesh_mpi_driven.h"
#include "backends/mpi/mesh/mesh_mpi_timing.h"
#include "backends/mpi/mpi_agree.h"
#include "backends/mpi/mpi_check.h"
#include "mesh/geometry/mesh_ordering.h"
#include "mesh/program/mesh_options.h"
#include "mesh/program/mesh_program.h"
#include "mesh/program/mesh_report.h"
#include "run/driver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROGRAM "shallows-mpi"

/* The options shallows --mesh does not know, taken out of argv. */
typedef struct mpi_mesh_arguments {
    int argc;
    char **argv;           /* the rest, for the triangle options' parser */
    const char *partition; /* NULL: metis where built, random otherwise */
    int ordering_given;
    int overlap; /* --overlap */
} mpi_mesh_arguments;

static int take_arguments(int argc, char **argv, mpi_mesh_arguments *args, swe_error *err)
{
    memset(args, 0, sizeof *args);
    args->argv = calloc((size_t)argc + 1, sizeof *args->argv);
    if (args->argv == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the command line");
    }
    for (int k = 0; k < argc; ++k) {
        if (k > 0 && strcmp(argv[k], "--partition") == 0) {
            if (k + 1 >= argc) {
                return swe_fail(err, SWE_ERROR_USAGE, "--partition needs metis or random");
            }
            args->partition = argv[++k];
        } else if (k > 0 && strncmp(argv[k], "--partition=", 12) == 0) {
            args->partition = argv[k] + 12;
        } else if (k > 0 && strcmp(argv[k], "--overlap") == 0) {
            args->overlap = 1;
        } else {
            args->ordering_given |=
                strcmp(argv[k], "--ordering") == 0 || strncmp(argv[k], "--ordering=", 11) == 0;
            args->argv[args->argc++] = argv[k];
        }
    }
    return SWE_OK;
}

static void print_partition_help(FILE *stream)
{
    fprintf(stream,
            "\n%s --mesh: the same run over MPI ranks (mpirun -np N %s --mesh FILE ...),\n"
            "bit for bit that of shallows --mesh on the CPU backends. Besides the options above:\n"
            "  --partition NAME      metis (k-way, fewest cut edges; default where built) or\n"
            "                        random (cells dealt out at random, for comparison)%s\n"
            "  --ordering NAME       numbers each rank's cells and edges (default rcm+edges)\n"
            "  --overlap             compute the edges that read no halo cell while the halo\n"
            "                        travels (serial, openmp, cuda, opencl; the same bits)\n"
            "Rank 0 gathers the state for the NetCDF file, pictures and checkpoints, which are\n"
            "those of shallows --mesh: a checkpoint continues on any number of ranks. With\n"
            "--format vtk every rank writes its cells as STEM_NNNN_pRRRR.vtu, assembled by\n"
            "STEM_NNNN.pvtu and listed in STEM.pvd.\n",
            PROGRAM, PROGRAM,
            swe_mesh_partition_have_metis()
                ? ""
                : "\n                        (this build has no METIS: install libmetis-dev)");
}

/* --help, --version, the lists, --write-square: rank 0 alone. */
static int run_action(MPI_Comm comm, const mpi_mesh_arguments *args, int action)
{
    int rank = 0, status = SWE_OK;
    MPI_CHECK(MPI_Comm_rank(comm, &rank));
    if (rank == 0) {
        status = swe_mesh_program_main(PROGRAM, args->argc, args->argv);
        if (status == SWE_OK && action == SWE_MESH_ACTION_HELP) {
            print_partition_help(stdout);
        }
        fflush(stdout);
    }
    MPI_CHECK(MPI_Bcast(&status, 1, MPI_INT, 0, comm));
    return status;
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
           "cells a rank, imbalance %.3f; halo layers %d; rank 0: %d cells and %d of halo from "
           "%d ranks, ordering %s, phi %d; rank 0 inner edges %d of %d%s\n",
           swe_mesh_partitioner_name(options->partitioner), model->size, q->edge_cut, r->edge_cut,
           q->smallest, q->largest, q->imbalance, model->part->run.order == 2 ? 3 : 1,
           model->sub.owned_count, model->sub.cell_count - model->sub.owned_count,
           model->halo.neighbour_count, swe_mesh_ordering_name(options->model.ordering),
           swe_mesh_bandwidth(part), inner_edges(&model->coupling.inner), part->edge_count,
           options->overlap ? " (overlapped)" : "");
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
    if (options->checkpoint_every > 0) {
        snprintf(checkpoint_path, sizeof checkpoint_path, "%s.checkpoint", options->plan.path_stem);
    }
    if (status == SWE_OK) {
        MPI_Comm comm = model->comm;
        const swe_run_team team = {.agree = agree, .context = &comm, .reports = model->rank == 0};
        const swe_drive_settings settings = swe_mesh_drive_settings(
            options, model->part, options->checkpoint_every > 0 ? checkpoint_path : NULL);
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

static void print_report(const swe_mesh_mpi_model *model, const swe_mesh_model *mirror,
                         const swe_run_result *result)
{
    swe_mesh_print_measures(stdout, mirror);
    printf("mpi: ranks=%d partition=%s cut_edges=%ld exchanges=%ld exchange_seconds=%.3f "
           "reduction_seconds=%.3f\n",
           model->size, swe_mesh_partitioner_name(model->partitioner), model->quality.edge_cut,
           model->halo.exchanges, model->halo.seconds, model->reduction_seconds);
    swe_print_summary(stdout, result);
}

static int run(MPI_Comm comm, swe_mesh_mpi_options *options, const swe_mesh_options *parsed,
               swe_error *err)
{
    swe_mesh_mpi_model *model = NULL;
    swe_mesh_model *mirror = NULL;
    int status = swe_mesh_mpi_model_create(options, comm, &model, err);
    if (status == SWE_OK) {
        status = create_mirror(model, options, &mirror, err);
    }
    if (status == SWE_OK && mirror != NULL && !parsed->quiet && !parsed->benchmark) {
        print_setup(model, options, mirror);
    }
    swe_run_result result;
    memset(&result, 0, sizeof result);
    if (status == SWE_OK) {
        snprintf(result.backend_name, sizeof result.backend_name, "mpi+%s",
                 model->part->run.backend->name);
        result.solver = model->part->run.order == 2 ? "roe-muscl" : "roe";
        result.cells = model->whole_cells;
        status = drive(parsed, model, mirror, &result, err);
    }
    if (status == SWE_OK) {
        swe_mesh_mpi_timing_print(model, stdout); /* collective: before rank 0's report */
    }
    if (status == SWE_OK && mirror != NULL) {
        print_report(model, mirror, &result);
    }
    swe_mesh_model_free(mirror);
    swe_mesh_mpi_model_free(model);
    return status;
}

/* Options as shallows --mesh parses them, with the partitioner and the
 * ordering of the parts: rcm+edges unless given, because a part's cells
 * come in partition order and its edges unsorted (cells by RCM alone left
 * one rank 2.3 times slower per step than shallows --mesh). */
static int parse(const mpi_mesh_arguments *args, swe_mesh_options *parsed,
                 swe_mesh_mpi_options *options, swe_error *err)
{
    int status = swe_mesh_options_parse(args->argc, args->argv, parsed, err);
    memset(options, 0, sizeof *options);
    options->partitioner =
        swe_mesh_partition_have_metis() ? SWE_MESH_PARTITION_METIS : SWE_MESH_PARTITION_RANDOM;
    options->partition_seed = 1;
    options->overlap = args->overlap;
    if (status == SWE_OK && args->partition != NULL) {
        status = swe_mesh_partitioner_parse(args->partition, &options->partitioner, err);
    }
    if (status == SWE_OK && options->partitioner == SWE_MESH_PARTITION_METIS &&
        !swe_mesh_partition_have_metis()) {
        status = swe_fail(err, SWE_ERROR_USAGE,
                          "this build has no METIS: install libmetis-dev (make deps) and "
                          "rebuild, or use --partition random");
    }
    if (status == SWE_OK) {
        options->model = parsed->model;
        options->model.scenario = &parsed->scenario;
        if (!args->ordering_given) {
            options->model.ordering = SWE_MESH_ORDERING_RCM_EDGES;
        }
    }
    return status;
}

int swe_mesh_mpi_program_main(int argc, char **argv)
{
    MPI_Comm comm = MPI_COMM_WORLD;
    int rank = 0;
    MPI_CHECK(MPI_Comm_rank(comm, &rank));
    mpi_mesh_arguments args;
    swe_mesh_options parsed;
    swe_mesh_mpi_options options;
    swe_error err = {{0}};
    int status = take_arguments(argc, argv, &args, &err);
    if (status == SWE_OK) {
        status = parse(&args, &parsed, &options, &err);
    }
    if (status == SWE_OK && parsed.action != SWE_MESH_ACTION_RUN) {
        status = run_action(comm, &args, parsed.action);
        err.message[0] = '\0'; /* rank 0 printed its own message */
    } else if (status == SWE_OK) {
        status = run(comm, &options, &parsed, &err);
    }
    if (status != SWE_OK && rank == 0 && err.message[0] != '\0') {
        fprintf(stderr, "%s: %s\n", PROGRAM, err.message);
    }
    free(args.argv);
    return status;
}
