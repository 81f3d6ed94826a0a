/* The device fields of a block: their allocation, the copies of the state
 * between host and device, the wave speed's last reduction and its host
 * fallback, and the packed layers that MPI exchanges. */
#include "backends/cuda/cartesian/cuda_fields.cuh"
#include "backends/cuda/cuda_check.h"

extern "C" {
#include "backends/serial/cartesian/serial_kernels.h"
#include "cartesian/grid/copy_layer.h"
#include "cartesian/numerics/edge_updates.h"
}

void cuda_set_layout(cuda_fields *fields, const swe_block *block)
{
    /* Level 1 copies the state both ways every step: it keeps the host's
     * layout, whose copies are one piece per array. */
    const int per_line = fields->level == 1 ? 1 : CUDA_ROW_ALIGNMENT / (int)sizeof(real);
    fields->grid.stride = (block->nx + 2 + per_line - 1) / per_line * per_line;
    fields->lead = (size_t)per_line - 1;
    fields->values = swe_cuda_values(fields->grid);
}

/* values (and lead more before them: cudaMalloc returns 256-byte aligned
 * memory), cleared on the backend's stream: a plain cudaMemset runs on
 * the legacy default stream, which a non-blocking stream does not wait
 * for, so it could land after the first upload and wipe it. */
static int device_array(real **array, size_t values, size_t lead, cudaStream_t stream,
                        swe_error *err)
{
    real *start = NULL;
    CUDA_CHECK(cudaMalloc((void **)&start, (lead + values) * sizeof(real)), err);
    *array = start + lead;
    CUDA_CHECK(cudaMemsetAsync(start, 0, (lead + values) * sizeof(real), stream), err);
    return SWE_OK;
}

static int allocate_state(swe_cuda_state *state, const cuda_fields *fields, swe_error *err)
{
    int status = device_array(&state->h, fields->values, fields->lead, fields->stream, err);
    if (status == SWE_OK) {
        status = device_array(&state->hu, fields->values, fields->lead, fields->stream, err);
    }
    return status == SWE_OK
               ? device_array(&state->hv, fields->values, fields->lead, fields->stream, err)
               : status;
}

/* The edge planes of levels 1 and 2, vertical then horizontal edges, in
 * one allocation. */
static int allocate_edges(cuda_fields *fields, swe_error *err)
{
    const size_t set = SWE_NET_UPDATE_PLANES * fields->values;
    int status = device_array(&fields->edge_storage, 2 * set, 0, fields->stream, err);
    fields->vertical = fields->edge_storage;
    fields->horizontal = fields->edge_storage + set;
    return status;
}

int cuda_allocate_fields(cuda_fields *fields, swe_error *err)
{
    CUDA_CHECK(cudaStreamCreateWithFlags(&fields->stream, cudaStreamNonBlocking), err);
    int status = allocate_state(&fields->state[0], fields, err);
    if (status == SWE_OK) {
        status = device_array(&fields->b, fields->values, fields->lead, fields->stream, err);
    }
    if (status == SWE_OK && fields->level >= 3) {
        status = allocate_state(&fields->state[1], fields, err);
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

void cuda_free_fields(cuda_fields *fields)
{
    real *leading[] = {fields->state[0].h, fields->state[0].hu, fields->state[0].hv,
                       fields->state[1].h, fields->state[1].hu, fields->state[1].hv,
                       fields->b};
    for (size_t a = 0; a < sizeof leading / sizeof leading[0]; ++a) {
        if (leading[a] != NULL) {
            CUDA_CHECK_WARN(cudaFree(leading[a] - fields->lead));
        }
    }
    CUDA_CHECK_WARN(cudaFree(fields->edge_storage));
    CUDA_CHECK_WARN(cudaFree(fields->layer));
    CUDA_CHECK_WARN(cudaFree(fields->block_max));
    CUDA_CHECK_WARN(cudaFree(fields->speed));
    CUDA_CHECK_WARN(cudaFree(fields->device_clock));
    CUDA_CHECK_WARN(cudaFreeHost(fields->host_clock));
}

/* One host array <-> one device array, row by row between the two
 * strides (in one piece where they are equal); queued on the backend's
 * stream. */
int cuda_copy_array(cuda_fields *fields, const swe_block *block, real *device, real *host,
                    cudaMemcpyKind kind, swe_error *err)
{
    const size_t row = (size_t)block->stride * sizeof(real);
    const size_t pitch = (size_t)fields->grid.stride * sizeof(real);
    const size_t rows = (size_t)block->ny + 2;
    const int to_device = kind == cudaMemcpyHostToDevice;
    void *to = to_device ? (void *)device : (void *)host;
    const void *from = to_device ? (const void *)host : (const void *)device;
    if (row == pitch) {
        CUDA_CHECK(cudaMemcpyAsync(to, from, row * rows, kind, fields->stream), err);
    } else {
        CUDA_CHECK(cudaMemcpy2DAsync(to, to_device ? pitch : row, from, to_device ? row : pitch,
                                     row, rows, kind, fields->stream),
                   err);
    }
    return SWE_OK;
}

/* Host arrays <-> one device copy of the state. */
int cuda_copy_state(cuda_fields *fields, swe_block *block, const swe_cuda_state *state,
                    cudaMemcpyKind kind, swe_error *err)
{
    real *host[] = {block->h, block->hu, block->hv};
    real *device[] = {state->h, state->hu, state->hv};
    for (int a = 0; a < 3; ++a) {
        const int status = cuda_copy_array(fields, block, device[a], host[a], kind, err);
        if (status != SWE_OK) {
            return status;
        }
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

/* Where a layer of the block lies in the device's layout. */
static swe_layer_position device_layer(const cuda_fields *fields, const swe_block *block,
                                       enum swe_edge edge, int depth)
{
    swe_layer_position layer = swe_layer_position_of(block, edge, depth);
    const size_t host_stride = (size_t)block->stride, stride = (size_t)fields->grid.stride;
    layer.first = layer.first / host_stride * stride + layer.first % host_stride;
    layer.step = layer.step == 1 ? 1 : stride;
    return layer;
}

/* Whether buffer is device memory (a layer buffer of
 * cuda_alloc_layer_buffer), which the kernels read and write directly. */
static int on_device(const void *buffer, int *device, swe_error *err)
{
    cudaPointerAttributes attributes;
    CUDA_CHECK(cudaPointerGetAttributes(&attributes, buffer), err);
    *device = attributes.type == cudaMemoryTypeDevice;
    return SWE_OK;
}

/* Packs on the device; only the layer crosses to the host, or nothing
 * does when buffer is on the device. Queued: cuda_sync_layers waits. */
int cuda_pack_copy_layer(swe_block *block, enum swe_edge edge, real *buffer, swe_error *err)
{
    cuda_fields *fields = NULL;
    int status = layer_fields(block, edge, buffer, &fields, err);
    if (status != SWE_OK || fields->level == 1) { /* level 1: the host arrays are the state */
        return status == SWE_OK ? swe_host_pack_copy_layer(block, edge, buffer, err) : status;
    }
    int device = 0;
    status = on_device(buffer, &device, err);
    if (status != SWE_OK) {
        return status;
    }
    const swe_layer_position layer = device_layer(fields, block, edge, SWE_COPY_LAYER_DEPTH);
    const size_t bytes = (size_t)SWE_COPY_LAYER_FIELDS * (size_t)layer.length * sizeof(real);
    CUDA_CHECK(swe_cuda_launch_pack_layer(fields->state[fields->parity], fields->b, layer.first,
                                          layer.step, layer.length, device ? buffer : fields->layer,
                                          fields->stream),
               err);
    if (!device) {
        CUDA_CHECK(
            cudaMemcpyAsync(buffer, fields->layer, bytes, cudaMemcpyDeviceToHost, fields->stream),
            err);
    }
    return SWE_OK;
}

/* The counterpart of cuda_pack_copy_layer; queued as well. The layers of
 * several edges may pass through fields->layer one after the other: the
 * stream orders each copy after the unpack before it. */
int cuda_unpack_ghost_layer(swe_block *block, enum swe_edge edge, const real *buffer,
                            swe_error *err)
{
    cuda_fields *fields = NULL;
    int status = layer_fields(block, edge, buffer, &fields, err);
    int device = 0;
    if (status == SWE_OK) {
        status = on_device(buffer, &device, err);
    }
    /* Level 1 steps from the host arrays but keeps the bed on the device:
     * the layer goes to both (level 1 never takes device buffers). */
    if (status == SWE_OK && fields->level == 1) {
        status = swe_host_unpack_ghost_layer(block, edge, buffer, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    const swe_layer_position layer = device_layer(fields, block, edge, SWE_GHOST_LAYER_DEPTH);
    const size_t bytes = (size_t)SWE_COPY_LAYER_FIELDS * (size_t)layer.length * sizeof(real);
    if (!device) {
        CUDA_CHECK(
            cudaMemcpyAsync(fields->layer, buffer, bytes, cudaMemcpyHostToDevice, fields->stream),
            err);
    }
    CUDA_CHECK(swe_cuda_launch_unpack_layer(fields->state[fields->parity], fields->b, layer.first,
                                            layer.step, layer.length,
                                            device ? buffer : fields->layer, fields->stream),
               err);
    return SWE_OK;
}

int cuda_sync_layers(swe_block *block, swe_error *err)
{
    if (block == NULL || block->ext == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: cuda layer sync without init");
    }
    CUDA_CHECK(cudaStreamSynchronize(((cuda_fields *)block->ext)->stream), err);
    return SWE_OK;
}

int cuda_alloc_layer_buffer(swe_block *block, size_t bytes, void **buffer, swe_error *err)
{
    if (block == NULL || block->ext == NULL || bytes == 0 || buffer == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: cuda layer buffer without init");
    }
    *buffer = NULL;
    if (((const cuda_fields *)block->ext)->level == 1) {
        return SWE_OK; /* its state is the host arrays: the layers cross to the host */
    }
    CUDA_CHECK(cudaMalloc(buffer, bytes), err);
    return SWE_OK;
}

void cuda_free_layer_buffer(swe_block *block, void *buffer)
{
    (void)block;
    CUDA_CHECK_WARN(cudaFree(buffer));
}
