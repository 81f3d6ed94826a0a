#include "mpi_layer.h"

#include "copy_layer.h"
#include "mpi_check.h"
#include "timer.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Each message is tagged with the edge it leaves its sender through, so
 * that the two layers two ranks swap never match the wrong receive. */
enum { HALO_TAG_BASE = 100 };

#ifdef SWE_PRECISION_DOUBLE
typedef uint64_t speed_bits;
#define SWE_MPI_SPEED_BITS MPI_UINT64_T
#else
typedef uint32_t speed_bits;
#define SWE_MPI_SPEED_BITS MPI_UINT32_T
#endif

real swe_mpi_max_speed(MPI_Comm comm, real speed)
{
    /* Speeds are >= 0 or NaN; NaN bits lie above those of infinity, so an
     * unstable rank makes every rank see NaN and stop at the same step. */
    speed_bits bits;
    memcpy(&bits, &speed, sizeof bits);
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &bits, 1, SWE_MPI_SPEED_BITS, MPI_MAX, comm));
    memcpy(&speed, &bits, sizeof speed);
    return speed;
}

static int pack_copy_layers(swe_mpi_layer *layer, swe_error *err)
{
    swe_block *block = layer->block;
    const swe_backend *backend = block->backend;
    int status = SWE_OK;
    if (backend->pack_copy_layer == NULL) {
        status = backend->sync_before_read(block, err);
    }
    for (int edge = 0; edge < SWE_EDGE_COUNT && status == SWE_OK; ++edge) {
        if (layer->neighbour[edge] >= 0) {
            status = backend->pack_copy_layer != NULL
                         ? backend->pack_copy_layer(block, edge, layer->send[edge], err)
                         : swe_host_pack_copy_layer(block, edge, layer->send[edge], err);
        }
    }
    return status;
}

static int unpack_ghost_layers(swe_mpi_layer *layer, swe_error *err)
{
    swe_block *block = layer->block;
    const swe_backend *backend = block->backend;
    int status = SWE_OK;
    for (int edge = 0; edge < SWE_EDGE_COUNT && status == SWE_OK; ++edge) {
        if (layer->neighbour[edge] >= 0) {
            status = backend->unpack_ghost_layer != NULL
                         ? backend->unpack_ghost_layer(block, edge, layer->receive[edge], err)
                         : swe_host_unpack_ghost_layer(block, edge, layer->receive[edge], err);
        }
    }
    if (status == SWE_OK && backend->unpack_ghost_layer == NULL) {
        status = backend->sync_after_write(block, err);
    }
    return status;
}

int swe_mpi_exchange_start(swe_mpi_layer *layer, swe_error *err)
{
    if (layer == NULL || layer->block == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: halo exchange without a layer");
    }
    layer->request_count = 0;
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        if (layer->neighbour[edge] >= 0) {
            int count = SWE_COPY_LAYER_FIELDS * swe_copy_layer_length(layer->block, edge);
            int tag = HALO_TAG_BASE + (int)swe_opposite_edge(edge);
            MPI_CHECK(MPI_Irecv(layer->receive[edge], count, SWE_MPI_REAL, layer->neighbour[edge],
                                tag, layer->comm, &layer->requests[layer->request_count++]));
        }
    }
    int status = pack_copy_layers(layer, err);
    if (status != SWE_OK) {
        return status;
    }
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        if (layer->neighbour[edge] >= 0) {
            int count = SWE_COPY_LAYER_FIELDS * swe_copy_layer_length(layer->block, edge);
            MPI_CHECK(MPI_Isend(layer->send[edge], count, SWE_MPI_REAL, layer->neighbour[edge],
                                HALO_TAG_BASE + edge, layer->comm,
                                &layer->requests[layer->request_count++]));
        }
    }
    return SWE_OK;
}

int swe_mpi_exchange_finish(swe_mpi_layer *layer, swe_error *err)
{
    if (layer == NULL || layer->block == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: halo exchange without a layer");
    }
    MPI_CHECK(MPI_Waitall(layer->request_count, layer->requests, MPI_STATUSES_IGNORE));
    layer->request_count = 0;
    return unpack_ghost_layers(layer, err);
}

int swe_mpi_exchange_halo(swe_mpi_layer *layer, swe_error *err)
{
    int status = swe_mpi_exchange_start(layer, err);
    return status != SWE_OK ? status : swe_mpi_exchange_finish(layer, err);
}

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

/* The interior while the halo travels, then the ring. */
static int step_during_exchange(swe_mpi_layer *layer, real dt, real *local_speed, swe_error *err)
{
    swe_block *block = layer->block;
    double started = swe_wall_seconds();
    int status = swe_mpi_exchange_start(layer, err);
    double sent = swe_wall_seconds();
    if (status == SWE_OK) {
        status = block->backend->step_interior(block, dt, err);
    }
    double computed = swe_wall_seconds();
    if (status == SWE_OK) {
        status = swe_mpi_exchange_finish(layer, err);
    }
    layer->exchange_seconds += (sent - started) + (swe_wall_seconds() - computed);
    return status != SWE_OK ? status : block->backend->step_ring(block, dt, local_speed, err);
}

static int layer_step(swe_block *driven, real dt, real *next_speed, swe_error *err)
{
    swe_mpi_layer *layer = driven->ext;
    real local_speed = 0;
    int status = layer->overlap ? step_during_exchange(layer, dt, &local_speed, err)
                                : step_after_exchange(layer, dt, &local_speed, err);
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

/* Only what swe_advance uses: set-up and output go to the fine-grain
 * backend of layer->block directly. */
static const swe_backend mpi_layer_backend = {
    .name = "mpi",
    .description = "blocks across MPI ranks around a fine-grain backend",
    .step = layer_step,
    .max_wave_speed = layer_max_wave_speed,
};

int swe_mpi_layer_init(swe_mpi_layer *layer, MPI_Comm comm, const swe_block_grid *grid,
                       swe_block *block, int overlap, swe_error *err)
{
    if (layer == NULL || grid == NULL || block == NULL || block->backend == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: MPI layer needs a grid and block");
    }
    memset(layer, 0, sizeof *layer);
    layer->comm = comm;
    MPI_CHECK(MPI_Comm_rank(comm, &layer->rank));
    layer->grid = *grid;
    layer->block = block;
    /* Overlap needs the packing verbs too: the fallback's sync_after_write
     * would overwrite the interior computed meanwhile. */
    const swe_backend *backend = block->backend;
    if (overlap && (backend->step_interior == NULL || backend->step_ring == NULL ||
                    backend->pack_copy_layer == NULL || backend->unpack_ghost_layer == NULL)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "backend '%s' cannot compute while the halo travels (run without "
                        "--overlap)",
                        backend->name);
    }
    layer->overlap = overlap;
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        layer->neighbour[edge] = swe_block_grid_neighbour(grid, layer->rank, edge);
        if (layer->neighbour[edge] < 0) {
            continue;
        }
        size_t count = SWE_COPY_LAYER_FIELDS * (size_t)swe_copy_layer_length(block, edge);
        layer->send[edge] = malloc(count * sizeof(real));
        layer->receive[edge] = malloc(count * sizeof(real));
        if (layer->send[edge] == NULL || layer->receive[edge] == NULL) {
            swe_mpi_layer_free(layer);
            return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the halo buffers");
        }
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
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        free(layer->send[edge]);
        free(layer->receive[edge]);
        layer->send[edge] = layer->receive[edge] = NULL;
    }
}
