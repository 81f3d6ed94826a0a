#include "mpi_run.h"

#include "mpi_check.h"
#include "mpi_gather.h"
#include "netcdf_output.h"
#include "progress.h"
#include "timer.h"

#include <stdio.h>
#include <string.h>

int swe_mpi_agree(MPI_Comm comm, int status, swe_error *err)
{
    int rank, size;
    MPI_CHECK(MPI_Comm_rank(comm, &rank));
    MPI_CHECK(MPI_Comm_size(comm, &size));
    int failed_rank = status != SWE_OK ? rank : size;
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &failed_rank, 1, MPI_INT, MPI_MIN, comm));
    if (failed_rank == size) {
        return SWE_OK;
    }
    swe_error shared = {{0}};
    if (rank == failed_rank && err != NULL) {
        shared = *err;
    }
    MPI_CHECK(MPI_Bcast(&status, 1, MPI_INT, failed_rank, comm));
    MPI_CHECK(MPI_Bcast(shared.message, (int)sizeof shared.message, MPI_CHAR, failed_rank, comm));
    if (err != NULL) {
        *err = shared;
    }
    return status;
}

/* What one run holds; released by finish_run whatever happened. */
typedef struct mpi_run {
    const swe_options *options;
    const swe_backend *backend;
    swe_block part;  /* this rank's block */
    int initialised; /* backend->init succeeded on part */
    swe_mpi_layer layer;
    swe_block whole; /* rank 0: the gathered domain, for output */
    swe_netcdf_output *output;
} mpi_run;

/* This rank's index among the ranks that share its node (its memory). */
static int node_local_rank(MPI_Comm comm)
{
    MPI_Comm node;
    MPI_CHECK(MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node));
    int local_rank = 0;
    MPI_CHECK(MPI_Comm_rank(node, &local_rank));
    MPI_CHECK(MPI_Comm_free(&node));
    return local_rank;
}

static int create_part(mpi_run *run, MPI_Comm comm, swe_block_grid *grid, swe_error *err)
{
    const swe_options *options = run->options;
    int rank, size;
    MPI_CHECK(MPI_Comm_rank(comm, &rank));
    MPI_CHECK(MPI_Comm_size(comm, &size));
    const int device = node_local_rank(comm);
    int status = swe_block_grid_choose(options->nx, options->ny, size, grid, err);
    if (status != SWE_OK) {
        return status;
    }
    swe_block_extent extent = swe_block_grid_extent(grid, rank);
    status = swe_scenario_create_part(options->scenario, options->nx, options->ny, extent.first_i,
                                      extent.first_j, extent.nx, extent.ny, &run->part, err);
    if (status != SWE_OK) {
        return status;
    }
    run->part.backend = run->backend;
    swe_backend_config config = {.solver = options->solver,
                                 .level = options->level,
                                 .manning = (real)options->manning,
                                 .cl_device = options->cl_device,
                                 .device = device};
    status = run->backend->init(&run->part, &config, err);
    run->initialised = status == SWE_OK;
    if (status == SWE_OK) {
        status = run->backend->sync_after_write(&run->part, err);
    }
    if (status == SWE_OK) {
        status = swe_mpi_layer_init(&run->layer, comm, grid, &run->part, options->overlap, err);
    }
    return status;
}

/* Rank 0 creates the output file from the gathered initial state. */
static int open_output(mpi_run *run, const char *backend_name, swe_error *err)
{
    int status = swe_mpi_whole_block_create(&run->layer, &run->whole, err);
    status = swe_mpi_agree(run->layer.comm, status, err);
    if (status != SWE_OK) {
        return status;
    }
    status = swe_mpi_gather(&run->layer, &run->whole, err);
    if (status == SWE_OK && run->layer.rank == 0) {
        swe_output_info info = {.scenario = run->options->scenario,
                                .solver = swe_solver_name(run->options->solver),
                                .backend = backend_name,
                                .cfl = run->options->cfl};
        status =
            swe_netcdf_create(&run->output, run->options->output_path, &run->whole, &info, err);
    }
    return swe_mpi_agree(run->layer.comm, status, err);
}

/* Gathers the current state and has rank 0 append it to the file. The one
 * place where an MPI run writes snapshots: other writers hook in here,
 * either on rank 0's gathered run->whole (like NetCDF; checkpoints) or on
 * every rank's run->part (VTK pieces, one .vtr per rank, with a .pvtr
 * from rank 0 naming them). */
static int write_snapshot(mpi_run *run, double t, swe_error *err)
{
    if (run->options->benchmark) {
        return SWE_OK;
    }
    int status = swe_mpi_gather(&run->layer, &run->whole, err);
    if (status == SWE_OK && run->layer.rank == 0) {
        status = swe_netcdf_write(run->output, &run->whole, t, err);
    }
    return swe_mpi_agree(run->layer.comm, status, err);
}

static int run_snapshots(mpi_run *run, swe_mpi_run_result *result, swe_error *err)
{
    const swe_options *options = run->options;
    swe_block *driven = &run->layer.driven;
    swe_clock clock = {.t = 0.0, .steps = 0, .last_dt = 0.0, .cfl = options->cfl};
    int status = driven->backend->max_wave_speed(driven, &clock.wave_speed, err);
    if (status == SWE_OK) {
        status = write_snapshot(run, clock.t, err);
    }
    swe_progress progress;
    swe_progress_start(&progress, options->quiet || options->benchmark || run->layer.rank != 0,
                       clock.t, clock.steps, options->t_end, (double)result->run.cells);
    for (int snapshot = 1; status == SWE_OK && snapshot <= options->outputs; ++snapshot) {
        double t_target = options->t_end * snapshot / options->outputs;
        double started = swe_wall_seconds();
        /* Every rank computes the same dt from the same global speed, so
         * every rank takes the same steps and stops together. */
        status = swe_advance(driven, &clock, t_target, err);
        result->run.seconds += swe_wall_seconds() - started;
        result->run.steps = clock.steps;
        if (status == SWE_OK) {
            status = write_snapshot(run, clock.t, err);
        }
        swe_progress_snapshot(&progress, clock.t, clock.steps, result->run.seconds);
    }
    swe_progress_finish(&progress);
    return status;
}

/* The most time any rank spent on the coarse grain's communication. */
static void collect_communication_times(const mpi_run *run, swe_mpi_run_result *result)
{
    double seconds[2] = {run->layer.exchange_seconds, run->layer.reduction_seconds};
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, seconds, 2, MPI_DOUBLE, MPI_MAX, run->layer.comm));
    result->exchange_seconds = seconds[0];
    result->reduction_seconds = seconds[1];
}

static int finish_run(mpi_run *run, int status, swe_error *err)
{
    swe_error close_err = {{0}};
    int close_status = swe_netcdf_close(run->output, status == SWE_OK, &close_err);
    if (status == SWE_OK && run->options->benchmark == 0) {
        status = swe_mpi_agree(run->layer.comm, close_status, &close_err);
        if (status != SWE_OK) {
            *err = close_err;
        }
    }
    swe_mpi_layer_free(&run->layer);
    swe_block_destroy(&run->whole);
    if (run->initialised) {
        run->backend->finalize(&run->part);
    }
    swe_block_destroy(&run->part);
    return status;
}

int swe_mpi_run(const swe_options *options, MPI_Comm comm, swe_mpi_run_result *result,
                swe_error *err)
{
    if (options == NULL || result == NULL || options->scenario == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: run needs options and a result");
    }
    memset(result, 0, sizeof *result);
    mpi_run run = {.options = options, .backend = swe_backend_find(options->backend_name)};
    int status = run.backend != NULL
                     ? SWE_OK
                     : swe_fail(err, SWE_ERROR_USAGE,
                                "backend '%s' is not built into this binary (see --list-backends)",
                                options->backend_name);
    snprintf(result->backend_name, sizeof result->backend_name, "mpi+%s", options->backend_name);
    run.layer.comm = comm;
    swe_block_grid grid = {0};
    if (status == SWE_OK) {
        status = create_part(&run, comm, &grid, err);
    }
    status = swe_mpi_agree(comm, status, err);
    if (status != SWE_OK) {
        return finish_run(&run, status, err);
    }
    result->run.backend = run.backend;
    result->run.cells = (long)options->nx * options->ny;
    result->blocks_x = grid.blocks_x;
    result->blocks_y = grid.blocks_y;
    if (!options->benchmark) {
        status = open_output(&run, result->backend_name, err);
    }
    if (status == SWE_OK) {
        status = run_snapshots(&run, result, err);
    }
    if (status == SWE_OK) {
        collect_communication_times(&run, result);
    }
    return finish_run(&run, status, err);
}
