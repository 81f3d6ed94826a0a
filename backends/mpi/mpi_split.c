#include "mpi_run.h"

#include "core/timer.h"
#include "io/atomic_file.h"
#include "io/output_set.h"
#include "mpi_check.h"
#include "mpi_checkpoint.h"
#include "mpi_gather.h"
#include "mpi_vtk.h"
#include "run/progress.h"

#include <stdio.h>
#include <stdlib.h>
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
    /* Rank 0: the gathered domain, for the NetCDF file, the pictures and
     * the checkpoints; gathers: some of them are asked for. */
    int gathers;
    unsigned gathered_formats; /* NetCDF, PNG: gathered for every snapshot */
    swe_block whole;
    swe_output_set *outputs; /* rank 0: NetCDF and PNG of the gathered domain */
    int writes_vtk;
    swe_mpi_vtk vtk; /* every rank: its VTK piece */
    swe_clock clock;
    int next_snapshot;
    char *checkpoint_path;   /* NULL: no checkpoints */
    double next_checkpoint;  /* simulated time of the next checkpoint */
    double observer_seconds; /* spent on checkpoints during an advance, not stepping */
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

/* Rank 0 prepares the files of the gathered domain from its initial
 * state (the bathymetry of the NetCDF file, the colours of the pictures),
 * as a serial run does, also when the run restarts. */
static int open_gathered_outputs(mpi_run *run, const char *backend_name, swe_error *err)
{
    int status = swe_mpi_whole_block_create(&run->layer, &run->whole, err);
    status = swe_mpi_agree(run->layer.comm, status, err);
    if (status != SWE_OK) {
        return status;
    }
    status = swe_mpi_gather(&run->layer, &run->whole, err);
    if (status == SWE_OK && run->layer.rank == 0 && run->gathered_formats != 0) {
        swe_output_info info = {.scenario = run->options->scenario,
                                .solver = swe_solver_name(run->options->solver),
                                .backend = backend_name,
                                .cfl = run->options->cfl};
        /* VTK goes piece by piece, without the gather. */
        swe_options gathered = *run->options;
        gathered.formats = run->gathered_formats;
        status = swe_output_set_create(&run->outputs, &gathered, &run->whole, &info, 0, err);
    }
    return swe_mpi_agree(run->layer.comm, status, err);
}

/* Continues the checkpointed run: its state on every rank, its clock. */
static int restore(mpi_run *run, swe_mpi_run_result *result, swe_error *err)
{
    swe_checkpoint_run identity = swe_checkpoint_run_of(run->options);
    swe_checkpoint_position position;
    int status = swe_mpi_checkpoint_restore(&run->layer, &run->whole, run->options->restart_path,
                                            &identity, &position, err);
    if (status == SWE_OK) {
        run->clock = position.clock;
        run->next_snapshot = position.next_snapshot;
        result->run.steps = position.clock.steps;
    }
    return status;
}

/* Opens the outputs, restores a restart's checkpoint and names the
 * checkpoint file; none of it when benchmarking. */
static int prepare_files(mpi_run *run, swe_mpi_run_result *result, swe_error *err)
{
    const swe_options *options = run->options;
    if (options->benchmark) {
        return SWE_OK;
    }
    int status = SWE_OK;
    if (run->gathers) {
        status = open_gathered_outputs(run, result->backend_name, err);
    }
    if (status == SWE_OK && options->restart_path != NULL) {
        status = restore(run, result, err);
    }
    if (status == SWE_OK && run->writes_vtk) {
        status = swe_mpi_vtk_create(&run->vtk, &run->layer, options->output_path, options->outputs,
                                    options->t_end, run->next_snapshot, err);
        status = swe_mpi_agree(run->layer.comm, status, err);
    }
    if (status == SWE_OK && options->checkpoint_every > 0) {
        run->checkpoint_path = swe_path_join(options->output_path, ".checkpoint.nc");
        run->next_checkpoint = swe_checkpoint_time_after(options->checkpoint_every, run->clock.t);
        status = run->checkpoint_path != NULL
                     ? SWE_OK
                     : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a file name");
        status = swe_mpi_agree(run->layer.comm, status, err);
    }
    return status;
}

/* Writes snapshot in every format asked for: the gathered domain by rank
 * 0 (NetCDF, PNG), the pieces by every rank (VTK). The one place where an
 * MPI run writes snapshots. */
static int write_snapshot(mpi_run *run, int snapshot, swe_error *err)
{
    if (run->options->benchmark) {
        return SWE_OK;
    }
    int status = SWE_OK;
    if (run->gathered_formats != 0) {
        status = swe_mpi_gather(&run->layer, &run->whole, err);
        if (status == SWE_OK && run->layer.rank == 0) {
            status = swe_output_set_write(run->outputs, &run->whole, snapshot, run->clock.t, err);
        }
        status = swe_mpi_agree(run->layer.comm, status, err);
    }
    if (status == SWE_OK && run->writes_vtk) {
        status = swe_mpi_vtk_write(&run->vtk, &run->layer, snapshot, run->clock.t, err);
    }
    return status;
}

/* After every step, on every rank with the same clock: a checkpoint at
 * the first step boundary past each multiple of --checkpoint-every, as a
 * serial run writes them. */
static int after_step(void *context, swe_block *block, const swe_clock *clock, swe_error *err)
{
    (void)block;
    mpi_run *run = context;
    if (run->checkpoint_path == NULL || clock->t < run->next_checkpoint ||
        clock->t >= run->options->t_end) {
        return SWE_OK;
    }
    double started = swe_wall_seconds();
    swe_checkpoint_run identity = swe_checkpoint_run_of(run->options);
    swe_checkpoint_position position = {.clock = *clock, .next_snapshot = run->next_snapshot};
    int status = swe_mpi_checkpoint_write(&run->layer, &run->whole, run->checkpoint_path, &identity,
                                          &position, err);
    run->next_checkpoint = swe_checkpoint_time_after(run->options->checkpoint_every, clock->t);
    run->observer_seconds += swe_wall_seconds() - started;
    return status;
}

/* The loop over snapshots, from run->next_snapshot on. */
static int run_snapshots(mpi_run *run, swe_mpi_run_result *result, swe_error *err)
{
    const swe_options *options = run->options;
    swe_block *driven = &run->layer.driven;
    int status = SWE_OK;
    if (run->next_snapshot == 0) {
        status = write_snapshot(run, 0, err);
        run->next_snapshot = 1;
    }
    swe_progress progress;
    swe_progress_start(&progress, options->quiet || options->benchmark || run->layer.rank != 0,
                       run->clock.t, run->clock.steps, options->t_end, (double)result->run.cells);
    swe_step_observer observer = {.after_step = after_step, .context = run};
    for (; status == SWE_OK && run->next_snapshot <= options->outputs; ++run->next_snapshot) {
        double t_target = options->t_end * run->next_snapshot / options->outputs;
        double started = swe_wall_seconds();
        run->observer_seconds = 0.0;
        /* Every rank computes the same dt from the same global speed, so
         * every rank takes the same steps and stops together. */
        status = swe_advance_observed(driven, &run->clock, t_target, &observer, err);
        result->run.seconds += swe_wall_seconds() - started - run->observer_seconds;
        result->run.steps = run->clock.steps;
        if (status == SWE_OK) {
            status = write_snapshot(run, run->next_snapshot, err);
        }
        swe_progress_snapshot(&progress, run->clock.t, run->clock.steps, result->run.seconds);
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
    int close_status = swe_output_set_close(run->outputs, status == SWE_OK, &close_err);
    if (status == SWE_OK && run->gathers) {
        status = swe_mpi_agree(run->layer.comm, close_status, &close_err);
        if (status != SWE_OK) {
            *err = close_err;
        }
    }
    free(run->checkpoint_path);
    swe_mpi_vtk_free(&run->vtk);
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
    const unsigned gathered_formats =
        options->benchmark ? 0u : options->formats & (SWE_FORMAT_NETCDF | SWE_FORMAT_PNG);
    mpi_run run = {.options = options,
                   .backend = swe_backend_find(options->backend_name),
                   .gathered_formats = gathered_formats,
                   .gathers = gathered_formats != 0 ||
                              (!options->benchmark &&
                               (options->checkpoint_every > 0 || options->restart_path != NULL)),
                   .writes_vtk = !options->benchmark && (options->formats & SWE_FORMAT_VTK) != 0,
                   .clock = {.t = 0.0, .steps = 0, .last_dt = 0.0, .cfl = options->cfl}};
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
    status = prepare_files(&run, result, err);
    /* A restart brings the wave speed of its state from the checkpoint. */
    if (status == SWE_OK && options->restart_path == NULL) {
        status =
            run.layer.driven.backend->max_wave_speed(&run.layer.driven, &run.clock.wave_speed, err);
    }
    if (status == SWE_OK) {
        status = run_snapshots(&run, result, err);
    }
    if (status == SWE_OK) {
        collect_communication_times(&run, result);
    }
    return finish_run(&run, status, err);
}
