#include "backends/mpi/cartesian/mpi_split.h"

#include "backends/mpi/cartesian/mpi_gather.h"
#include "backends/mpi/cartesian/mpi_layer.h"
#include "backends/mpi/cartesian/mpi_vtk.h"
#include "backends/mpi/mpi_agree.h"
#include "backends/mpi/mpi_check.h"
#include "backends/mpi/mpi_node.h"
#ifdef SWE_WITH_PARALLEL_NETCDF
#include "backends/mpi/cartesian/mpi_netcdf.h"
#endif

#include <limits.h>
#include <stdio.h>
#include <string.h>

static const swe_model_option mpi_options[] = {
    {.name = "overlap",
     .help = "compute the inner cells of each block while its halo travels (needs a backend "
             "with step_interior and step_ring: serial, cuda at --level 4)",
     .slot = SWE_MPI_OPTION_OVERLAP},
};

const swe_program_options swe_mpi_program_options = {
    .program = "shallows-mpi", .options = mpi_options, .count = 1};

/* What one rank holds for a run; released by finish whatever happened. */
typedef struct mpi_run {
    swe_cartesian_model model; /* this rank's part */
    swe_mpi_layer layer;       /* the steps' view of it: halo exchange, global speed */
    swe_block whole;           /* rank 0: the gathered domain, made at the first gather */
    int whole_made;
    swe_mpi_vtk vtk; /* this rank's VTK pieces */
#ifdef SWE_WITH_PARALLEL_NETCDF
    swe_mpi_netcdf netcdf; /* this rank's part of PATH.nc */
#endif
    swe_block_split split;
} mpi_run;

static int split_agree(void *context, int status, swe_error *err)
{
    const mpi_run *run = context;
    return swe_mpi_agree(run->layer.comm, status, err);
}

static int split_gather(void *context, swe_block **whole, swe_error *err)
{
    mpi_run *run = context;
    int status = SWE_OK;
    if (!run->whole_made) {
        status = swe_mpi_whole_block_create(&run->layer, &run->whole, err);
        status = swe_mpi_agree(run->layer.comm, status, err);
        run->whole_made = status == SWE_OK;
    }
    if (status == SWE_OK) {
        status = swe_mpi_gather(&run->layer, &run->whole, err);
    }
    *whole = status == SWE_OK && run->layer.rank == 0 ? &run->whole : NULL;
    return status;
}

static int split_scatter(void *context, swe_error *err)
{
    mpi_run *run = context;
    return swe_mpi_scatter(&run->layer, &run->whole, err);
}

static int split_sum(void *context, double *value, swe_error *err)
{
    const mpi_run *run = context;
    if (value == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: nothing to sum");
    }
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, value, 1, MPI_DOUBLE, MPI_SUM, run->layer.comm));
    return SWE_OK;
}

static int split_share(void *context, void *bytes, size_t size, swe_error *err)
{
    const mpi_run *run = context;
    if (bytes == NULL || size > (size_t)INT_MAX) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: nothing to share");
    }
    /* Every rank has the same machine representation: bytes suffice. */
    MPI_CHECK(MPI_Bcast(bytes, (int)size, MPI_BYTE, 0, run->layer.comm));
    return SWE_OK;
}

static int split_open_pieces(void *context, const swe_output_plan *plan, int first_snapshot,
                             swe_error *err)
{
    mpi_run *run = context;
    int status = swe_mpi_vtk_create(&run->vtk, &run->layer, plan, first_snapshot, err);
    return swe_mpi_agree(run->layer.comm, status, err);
}

static int split_write_pieces(void *context, int snapshot, double time, swe_error *err)
{
    mpi_run *run = context;
    return swe_mpi_vtk_write(&run->vtk, &run->layer, snapshot, time, err);
}

#ifdef SWE_WITH_PARALLEL_NETCDF
static int split_open_netcdf(void *context, const swe_output_plan *plan,
                             const swe_output_info *info, swe_error *err)
{
    mpi_run *run = context;
    return swe_mpi_netcdf_create(&run->netcdf, &run->layer, plan, info, err);
}

static int split_write_netcdf(void *context, double time, swe_error *err)
{
    mpi_run *run = context;
    return swe_mpi_netcdf_write(&run->netcdf, &run->layer, time, err);
}

static int split_close_netcdf(void *context, int keep, swe_error *err)
{
    mpi_run *run = context;
    return swe_mpi_netcdf_close(&run->netcdf, &run->layer, keep, err);
}
#endif

/* This rank's part of the model, its backend and the layer around it. */
static int create_part(mpi_run *run, const swe_options *options, MPI_Comm comm,
                       swe_block_grid *grid, swe_error *err)
{
    /* The device of the backend's model from the rank's place on its node;
     * a bad --backend is refused by the model's creation below. */
    const swe_cartesian_backend *backend = swe_cartesian_backend_find(options->run.backend_name);
    swe_mpi_node node;
    int status =
        swe_mpi_node_place(comm, backend != NULL ? backend->table.model : NULL, stderr, &node, err);
    if (status == SWE_OK) {
        status = swe_block_grid_choose(options->nx, options->ny, node.size, grid, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    swe_block_extent extent = swe_block_grid_extent(grid, node.rank);
    const swe_block_place place = {extent.first_i, extent.first_j, extent.nx, extent.ny,
                                   node.device};
    status = swe_cartesian_model_create(&run->model, options, &place, err);
    if (status == SWE_OK) {
        const int overlap = options->run.program_option_values[SWE_MPI_OPTION_OVERLAP] != NULL;
        status = swe_mpi_layer_init(&run->layer, comm, grid, &run->model.block, overlap, err);
    }
    return status;
}

/* The hooks through which the model's files meet over the ranks. */
static void connect_split(mpi_run *run)
{
    run->split = (swe_block_split){.context = run,
                                   .writer = run->layer.rank == 0,
                                   .stepped = &run->layer.driven,
                                   .agree = split_agree,
                                   .gather = split_gather,
                                   .scatter = split_scatter,
                                   .sum = split_sum,
                                   .share = split_share,
                                   .open_pieces = split_open_pieces,
                                   .write_pieces = split_write_pieces};
#ifdef SWE_WITH_PARALLEL_NETCDF
    run->split.open_netcdf = split_open_netcdf;
    run->split.write_netcdf = split_write_netcdf;
    run->split.close_netcdf = split_close_netcdf;
#endif
    swe_cartesian_model_set_split(&run->model, &run->split);
    snprintf(run->model.backend_name, sizeof run->model.backend_name, "mpi+%s",
             run->model.backend->table.model->name);
}

/* The most time any rank spent on the coarse grain's communication, and
 * this rank's split of its steps: the exchange's packing and unpacking are
 * busy, the rest of it (posting, waiting) and the reductions wait. */
static void collect_communication_times(const mpi_run *run, swe_mpi_run_result *result)
{
    const swe_mpi_layer *layer = &run->layer;
    double seconds[2] = {layer->exchange_seconds, layer->reduction_seconds};
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, seconds, 2, MPI_DOUBLE, MPI_MAX, layer->comm));
    result->exchange_seconds = seconds[0];
    result->reduction_seconds = seconds[1];
    result->rank_seconds = (swe_mpi_rank_seconds){
        .compute = layer->compute_seconds,
        .exchange = layer->layers_seconds,
        .wait = layer->exchange_seconds - layer->layers_seconds + layer->reduction_seconds,
        .cells = (double)layer->block->nx * (double)layer->block->ny};
    result->overlap = layer->overlap;
}

int swe_mpi_run(const swe_options *options, MPI_Comm comm, swe_mpi_run_result *result,
                swe_error *err)
{
    if (options == NULL || result == NULL || options->scenario == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: run needs options and a result");
    }
    memset(result, 0, sizeof *result);
    snprintf(result->run.backend_name, sizeof result->run.backend_name, "mpi+%s",
             options->run.backend_name);
    mpi_run run;
    memset(&run, 0, sizeof run);
    run.layer.comm = comm;
    swe_block_grid grid = {0};
    int status = create_part(&run, options, comm, &grid, err);
    status = swe_mpi_agree(comm, status, err);
    result->blocks_x = grid.blocks_x;
    result->blocks_y = grid.blocks_y;
    if (status == SWE_OK) {
        connect_split(&run);
        const swe_run_team team = {
            .agree = split_agree, .context = &run, .reports = run.layer.rank == 0};
        status = swe_cartesian_drive(&run.model, &team, &result->run, err);
    }
    if (status == SWE_OK) {
        collect_communication_times(&run, result);
    }
    swe_mpi_vtk_free(&run.vtk);
    swe_mpi_layer_free(&run.layer);
    swe_block_destroy(&run.whole);
    swe_cartesian_model_destroy(&run.model);
    return status;
}
