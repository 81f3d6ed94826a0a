/* The device fields of a block: their allocation, the copies of the state
 * between host and device, the wave speed's last reduction and its host
 * fallback, and the packed layers that MPI exchanges. */
#include "cuda_check.h"
#include "cuda_fields.cuh"

extern "C" {
#include "grid/copy_layer.h"
#include "numerics/edge_updates.h"
#include "serial_kernels.h"
}

/* Cleared on the backend's stream: a plain cudaMemset runs on the legacy
 * default stream, which a non-blocking stream does not wait for, so it
 * could land after the first upload and wipe it. */
static int device_array(real **array, size_t values, cudaStream_t stream, swe_error *err)
{
    CUDA_CHECK(cudaMalloc((void **)array, values * sizeof(real)), err);
    CUDA_CHECK(cudaMemsetAsync(*array, 0, values * sizeof(real), stream), err);
    return SWE_OK;
}

static int allocate_state(swe_cuda_state *state, size_t values, cudaStream_t stream, swe_error *err)
{
    int status = device_array(&state->h, values, stream, err);
    if (status == SWE_OK) {
        status = device_array(&state->hu, values, stream, err);
    }
    return status == SWE_OK ? device_array(&state->hv, values, stream, err) : status;
}

/* The edge planes of levels 1 and 2, vertical then horizontal edges, in
 * one allocation. */
static int allocate_edges(cuda_fields *fields, swe_error *err)
{
    const size_t set = SWE_NET_UPDATE_PLANES * fields->values;
    int status = device_array(&fields->edge_storage, 2 * set, fields->stream, err);
    fields->vertical = fields->edge_storage;
    fields->horizontal = fields->edge_storage + set;
    return status;
}

int cuda_allocate_fields(cuda_fields *fields, swe_error *err)
{
    CUDA_CHECK(cudaStreamCreateWithFlags(&fields->stream, cudaStreamNonBlocking), err);
    int status = allocate_state(&fields->state[0], fields->values, fields->stream, err);
    if (status == SWE_OK) {
        status = device_array(&fields->b, fields->values, fields->stream, err);
    }
    if (status == SWE_OK && fields->level >= 3) {
        status = allocate_state(&fields->state[1], fields->values, fields->stream, err);
    }
    if (status == SWE_OK && fields->level <= 2) {
        status = allocate_edges(fields, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    const size_t blocks = swe_cuda_block_count(fields->grid);
    CUDA_CHECK(cudaMalloc((void **)&fields->block_max, blocks * sizeof(swe_speed_bits)), err);
    CUDA_CHECK(cudaMalloc((void **)&fields->speed, sizeof(swe_speed_bits)), err);
    if (fields->level == 4) {
        CUDA_CHECK(cudaMalloc((void **)&fields->device_clock, sizeof(fused_clock)), err);
        CUDA_CHECK(cudaMallocHost((void **)&fields->host_clock, sizeof(fused_clock)), err);
    }
    return SWE_OK;
}

/* Host arrays <-> one device copy of the state. */
int cuda_copy_state(cuda_fields *fields, swe_block *block, const swe_cuda_state *state,
                    cudaMemcpyKind kind, swe_error *err)
{
    const size_t bytes = fields->values * sizeof(real);
    real *host[] = {block->h, block->hu, block->hv};
    real *device[] = {state->h, state->hu, state->hv};
    for (int a = 0; a < 3; ++a) {
        void *to = kind == cudaMemcpyHostToDevice ? (void *)device[a] : (void *)host[a];
        const void *from = kind == cudaMemcpyHostToDevice ? (void *)host[a] : (void *)device[a];
        CUDA_CHECK(cudaMemcpyAsync(to, from, bytes, kind, fields->stream), err);
    }
    CUDA_CHECK(cudaStreamSynchronize(fields->stream), err);
    return SWE_OK;
}

/* The max of the per-block maxima, reduced on the device; one value
 * crosses to the host. */
int cuda_finish_speed(cuda_fields *fields, real *speed, swe_error *err)
{
    CUDA_CHECK(swe_cuda_launch_final_max(fields->block_max, swe_cuda_block_count(fields->grid),
                                         fields->speed, fields->stream),
               err);
    swe_speed_bits bits = 0;
    CUDA_CHECK(
        cudaMemcpyAsync(&bits, fields->speed, sizeof bits, cudaMemcpyDeviceToHost, fields->stream),
        err);
    CUDA_CHECK(cudaStreamSynchronize(fields->stream), err);
    *speed = swe_speed_from_bits(bits);
    return SWE_OK;
}

real cuda_host_wave_speed(const swe_block *block)
{
    real max_speed = 0;
    for (int j = 1; j <= block->ny; ++j) {
        max_speed = swe_max_speed(max_speed, swe_serial_row_wave_speed(block, j));
    }
    return max_speed;
}

/* The fields of block for the layer verbs, with the device buffer for one
 * packed layer (allocated at the first use: only MPI runs need it). */
static int layer_fields(swe_block *block, enum swe_edge edge, const real *buffer,
                        cuda_fields **fields, swe_error *err)
{
    int status = swe_check_layer_arguments(block, edge, buffer, err);
    if (status != SWE_OK) {
        return status;
    }
    if (block->ext == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: cuda layer copy without init");
    }
    *fields = (cuda_fields *)block->ext;
    if ((*fields)->layer == NULL) {
        const int longest = block->nx > block->ny ? block->nx : block->ny;
        CUDA_CHECK(cudaMalloc((void **)&(*fields)->layer,
                              (size_t)SWE_COPY_LAYER_FIELDS * (size_t)longest * sizeof(real)),
                   err);
    }
    return SWE_OK;
}

/* Packs on the device; only the layer crosses to the host. */
int cuda_pack_copy_layer(swe_block *block, enum swe_edge edge, real *buffer, swe_error *err)
{
    cuda_fields *fields = NULL;
    int status = layer_fields(block, edge, buffer, &fields, err);
    if (status != SWE_OK || fields->level == 1) { /* level 1: the host arrays are the state */
        return status == SWE_OK ? swe_host_pack_copy_layer(block, edge, buffer, err) : status;
    }
    const swe_layer_position layer = swe_layer_position_of(block, edge, SWE_COPY_LAYER_DEPTH);
    const size_t bytes = (size_t)SWE_COPY_LAYER_FIELDS * (size_t)layer.length * sizeof(real);
    CUDA_CHECK(swe_cuda_launch_pack_layer(fields->state[fields->parity], fields->b, layer.first,
                                          layer.step, layer.length, fields->layer, fields->stream),
               err);
    CUDA_CHECK(
        cudaMemcpyAsync(buffer, fields->layer, bytes, cudaMemcpyDeviceToHost, fields->stream), err);
    CUDA_CHECK(cudaStreamSynchronize(fields->stream), err);
    return SWE_OK;
}

int cuda_unpack_ghost_layer(swe_block *block, enum swe_edge edge, const real *buffer,
                            swe_error *err)
{
    cuda_fields *fields = NULL;
    int status = layer_fields(block, edge, buffer, &fields, err);
    /* Level 1 steps from the host arrays but keeps the bed on the device:
     * the layer goes to both. */
    if (status == SWE_OK && fields->level == 1) {
        status = swe_host_unpack_ghost_layer(block, edge, buffer, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    const swe_layer_position layer = swe_layer_position_of(block, edge, SWE_GHOST_LAYER_DEPTH);
    const size_t bytes = (size_t)SWE_COPY_LAYER_FIELDS * (size_t)layer.length * sizeof(real);
    CUDA_CHECK(
        cudaMemcpyAsync(fields->layer, buffer, bytes, cudaMemcpyHostToDevice, fields->stream), err);
    CUDA_CHECK(swe_cuda_launch_unpack_layer(fields->state[fields->parity], fields->b, layer.first,
                                            layer.step, layer.length, fields->layer,
                                            fields->stream),
               err);
    CUDA_CHECK(cudaStreamSynchronize(fields->stream), err);
    return SWE_OK;
}
