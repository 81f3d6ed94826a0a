/* The halo's buffers and the packing of the copy and ghost layers into
 * and out of them, which the exchange (solutions/mpi/cartesian/
 * mpi_exchange.c) calls around its messages. */
#include "backends/mpi/cartesian/mpi_halo_buffers.h"

#include "backends/mpi/mpi_node.h"
#include "cartesian/grid/copy_layer.h"
#include "core/timer.h"

#include <stdlib.h>

static size_t layer_bytes(const swe_mpi_layer *layer, int edge)
{
    return SWE_COPY_LAYER_FIELDS * (size_t)swe_copy_layer_length(layer->block, edge) * sizeof(real);
}

/* One buffer of bytes where layer->buffers says. */
static int new_buffer(swe_mpi_layer *layer, size_t bytes, real **buffer, swe_error *err)
{
    swe_block *block = layer->block;
    const swe_programming_model *model = block->backend->table.model;
    void *made = NULL;
    switch (layer->buffers) {
    case SWE_MPI_BUFFERS_DEVICE: {
        const int status = block->backend->alloc_layer_buffer(block, bytes, &made, err);
        if (status != SWE_OK) {
            return status;
        }
        break;
    }
    case SWE_MPI_BUFFERS_STAGING:
        made = model->alloc_staging(bytes);
        break;
    case SWE_MPI_BUFFERS_HOST:
        made = malloc(bytes);
        break;
    }
    *buffer = made;
    return made != NULL ? SWE_OK
                        : swe_fail(err, SWE_ERROR_RUNTIME,
                                   "out of memory for the halo buffers (%zu bytes)", bytes);
}

static void free_buffer(swe_mpi_layer *layer, real *buffer)
{
    if (buffer == NULL) {
        return;
    }
    swe_block *block = layer->block;
    switch (layer->buffers) {
    case SWE_MPI_BUFFERS_DEVICE:
        block->backend->free_layer_buffer(block, buffer);
        break;
    case SWE_MPI_BUFFERS_STAGING:
        block->backend->table.model->free_staging(buffer);
        break;
    case SWE_MPI_BUFFERS_HOST:
        free(buffer);
        break;
    }
}

/* Device buffers where the library and the block take them: a first
 * buffer tells whether the block has any (SWE_OK and NULL: not at its
 * level). */
static int choose_buffers(swe_mpi_layer *layer, swe_error *err)
{
    const swe_cartesian_backend *backend = layer->block->backend;
    layer->buffers = backend->table.model->alloc_staging != NULL ? SWE_MPI_BUFFERS_STAGING
                                                                 : SWE_MPI_BUFFERS_HOST;
    if (backend->alloc_layer_buffer == NULL || !swe_mpi_takes_device_pointers()) {
        return SWE_OK;
    }
    void *probe = NULL;
    int status = backend->alloc_layer_buffer(layer->block, sizeof(real), &probe, err);
    if (status == SWE_OK && probe != NULL) {
        backend->free_layer_buffer(layer->block, probe);
        layer->buffers = SWE_MPI_BUFFERS_DEVICE;
    }
    return status;
}

int swe_mpi_halo_buffers_create(swe_mpi_layer *layer, swe_error *err)
{
    if (layer == NULL || layer->block == NULL || layer->block->backend == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: halo buffers without a layer");
    }
    int status = choose_buffers(layer, err);
    for (int edge = 0; edge < SWE_EDGE_COUNT && status == SWE_OK; ++edge) {
        if (layer->neighbour[edge] >= 0) {
            status = new_buffer(layer, layer_bytes(layer, edge), &layer->send[edge], err);
            if (status == SWE_OK) {
                status = new_buffer(layer, layer_bytes(layer, edge), &layer->receive[edge], err);
            }
        }
    }
    return status;
}

void swe_mpi_halo_buffers_free(swe_mpi_layer *layer)
{
    if (layer == NULL || layer->block == NULL || layer->block->backend == NULL) {
        return;
    }
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        free_buffer(layer, layer->send[edge]);
        free_buffer(layer, layer->receive[edge]);
        layer->send[edge] = layer->receive[edge] = NULL;
    }
}

/* The backend's queued copies done, where it queues them. */
static int sync_layers(swe_block *block, swe_error *err)
{
    const swe_cartesian_backend *backend = block->backend;
    return backend->sync_layers != NULL ? backend->sync_layers(block, err) : SWE_OK;
}

int swe_mpi_pack_copy_layers(swe_mpi_layer *layer, swe_error *err)
{
    if (layer == NULL || layer->block == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: packing without a layer");
    }
    const double started = swe_wall_seconds();
    swe_block *block = layer->block;
    const swe_cartesian_backend *backend = block->backend;
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
    if (status == SWE_OK) {
        status = sync_layers(block, err); /* once for every edge */
    }
    layer->layers_seconds += swe_wall_seconds() - started;
    return status;
}

int swe_mpi_unpack_ghost_layers(swe_mpi_layer *layer, swe_error *err)
{
    if (layer == NULL || layer->block == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: unpacking without a layer");
    }
    const double started = swe_wall_seconds();
    swe_block *block = layer->block;
    const swe_cartesian_backend *backend = block->backend;
    int status = SWE_OK;
    for (int edge = 0; edge < SWE_EDGE_COUNT && status == SWE_OK; ++edge) {
        if (layer->neighbour[edge] >= 0) {
            status = backend->unpack_ghost_layer != NULL
                         ? backend->unpack_ghost_layer(block, edge, layer->receive[edge], err)
                         : swe_host_unpack_ghost_layer(block, edge, layer->receive[edge], err);
        }
    }
    /* Queued unpacks need no sync: the step after them is queued behind
     * them, and the receive buffers are written again only after it. */
    if (status == SWE_OK && backend->unpack_ghost_layer == NULL) {
        status = backend->sync_after_write(block, err);
    }
    layer->layers_seconds += swe_wall_seconds() - started;
    return status;
}
