/* The plumbing of the coarse grain: the layer's set-up and the backend
 * view it shows the steps (its buffers: mpi_halo_buffers.c). What students write lives in
 * solutions/mpi/ (skeletons/mpi/): the halo exchange and the wave-speed
 * reduction (mpi_exchange.c, exercise 08) and the step that computes while
 * the halo travels (mpi_overlap.c, exercise 09). */
#include "backends/mpi/cartesian/mpi_layer.h"

#include "backends/mpi/cartesian/mpi_halo_buffers.h"

#include "backends/mpi/mpi_check.h"
#include "core/timer.h"

#include <string.h>

/* The verbs of the layer seen as a backend; block is layer->driven. */

/* Exchange, then the whole step. */
static int step_after_exchange(swe_mpi_layer *layer, real dt, real *local_speed, swe_error *err)
{
    double started = swe_wall_seconds();
    int status = swe_mpi_exchange_halo(layer, err);
    layer->exchange_seconds += swe_wall_seconds() - started;
    return status != SWE_OK ? status
                            : layer->block->backend->step(layer->block, dt, local_speed, err);
}

static int layer_step(swe_block *driven, real dt, real *next_speed, swe_error *err)
{
    swe_mpi_layer *layer = driven->ext;
    real local_speed = 0;
    /* Both ways add their exchange's seconds: the rest is the block's. */
    const double started = swe_wall_seconds(), exchanged = layer->exchange_seconds;
    int status = layer->overlap ? swe_mpi_step_overlapped(layer, dt, &local_speed, err)
                                : step_after_exchange(layer, dt, &local_speed, err);
    layer->compute_seconds += swe_wall_seconds() - started - (layer->exchange_seconds - exchanged);
    if (status != SWE_OK) {
        /* The other ranks already wait in the next exchange or reduction. */
        swe_mpi_abort(err->message, status);
    }
    double stepped = swe_wall_seconds();
    *next_speed = swe_mpi_max_speed(layer->comm, local_speed);
    layer->reduction_seconds += swe_wall_seconds() - stepped;
    return SWE_OK;
}

static int layer_max_wave_speed(swe_block *driven, real *speed, swe_error *err)
{
    swe_mpi_layer *layer = driven->ext;
    real local_speed = 0;
    int status = layer->block->backend->max_wave_speed(layer->block, &local_speed, err);
    if (status != SWE_OK) {
        swe_mpi_abort(err->message, status);
    }
    *speed = swe_mpi_max_speed(layer->comm, local_speed);
    return SWE_OK;
}

/* The host arrays of the view are those of the block: reading and
 * writing them goes to the fine-grain backend. */
static int layer_sync_before_read(swe_block *driven, swe_error *err)
{
    swe_mpi_layer *layer = driven->ext;
    return layer->block->backend->sync_before_read(layer->block, err);
}

static int layer_sync_after_write(swe_block *driven, swe_error *err)
{
    swe_mpi_layer *layer = driven->ext;
    return layer->block->backend->sync_after_write(layer->block, err);
}

/* The view is made by swe_mpi_layer_init around a block whose backend is
 * set up already, and released by swe_mpi_layer_free: its own init and
 * finalize have nothing to do but refuse a misuse. */
static int layer_init(swe_block *driven, const swe_cartesian_backend_config *config, swe_error *err)
{
    (void)driven;
    (void)config;
    return swe_fail(err, SWE_ERROR_USAGE,
                    "internal error: the MPI layer is set up by swe_mpi_layer_init");
}

static void layer_finalize(swe_block *driven)
{
    (void)driven;
}

/* A complete backend (common/cartesian/grid/backend.h) around the fine-grain one:
 * its step exchanges the halo and reduces the wave speed over all ranks. */
/* The layer is a table of its own, so that the stepping and the driver
 * take it as any backend; it agrees as the backend it wraps does. */
static const swe_programming_model mpi_layer_model = {
    .name = "mpi",
    .description = "blocks across MPI ranks around a fine-grain backend",
    .agreement = SWE_AGREES_BIT_FOR_BIT};

static const swe_cartesian_backend mpi_layer_backend = {
    .table = {&mpi_layer_model, NULL, 0},
    .init = layer_init,
    .finalize = layer_finalize,
    .sync_after_write = layer_sync_after_write,
    .sync_before_read = layer_sync_before_read,
    .max_wave_speed = layer_max_wave_speed,
    .step = layer_step,
};

int swe_mpi_layer_init(swe_mpi_layer *layer, MPI_Comm comm, const swe_block_grid *grid,
                       swe_block *block, int overlap, swe_error *err)
{
    if (layer == NULL || grid == NULL || block == NULL || block->backend == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: MPI layer needs a grid and block");
    }
    memset(layer, 0, sizeof *layer);
    int status = swe_registry_check(&swe_cartesian_models, &block->backend->table, err);
    if (status == SWE_OK) {
        status = swe_registry_check(&swe_cartesian_models, &mpi_layer_backend.table, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    layer->comm = comm;
    MPI_CHECK(MPI_Comm_rank(comm, &layer->rank));
    layer->grid = *grid;
    layer->block = block;
    /* Overlap needs the packing verbs too: the fallback's sync_after_write
     * would overwrite the interior computed meanwhile. */
    const swe_cartesian_backend *backend = block->backend;
    if (overlap && (backend->step_interior == NULL || backend->step_ring == NULL ||
                    backend->pack_copy_layer == NULL || backend->unpack_ghost_layer == NULL)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "backend '%s' cannot compute while the halo travels (run without "
                        "--overlap)",
                        backend->table.model->name);
    }
    if (overlap && backend->overlaps != NULL && !backend->overlaps(block)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "backend '%s' computes while the halo travels only at some levels, "
                        "not this one (--list-backends; or run without --overlap)",
                        backend->table.model->name);
    }
    layer->overlap = overlap;
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        layer->neighbour[edge] = swe_block_grid_neighbour(grid, layer->rank, edge);
    }
    status = swe_mpi_halo_buffers_create(layer, err);
    if (status != SWE_OK) {
        swe_mpi_layer_free(layer);
        return status;
    }
    layer->driven = *block;
    layer->driven.backend = &mpi_layer_backend;
    layer->driven.ext = layer;
    return SWE_OK;
}

void swe_mpi_layer_free(swe_mpi_layer *layer)
{
    if (layer == NULL) {
        return;
    }
    swe_mpi_halo_buffers_free(layer);
}
