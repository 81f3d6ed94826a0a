/* The CUDA backend's plumbing: device memory, transfers, the pipeline of
 * launches of each optimisation level, and the device-side clock of the
 * fused level. The kernels themselves are in solutions/cuda/ (the
 * exercise); the plumbing only decides what runs when and checks every call.
 *   level 1: host arrays are the state, copied to the GPU and back around
 *            the net-update and update kernels of every step;
 *   level 2: the state stays on the GPU; after the kernels of level 1 a
 *            kernel reduces the wave speed per block, a one-block kernel
 *            finishes it, and only that speed crosses to the host;
 *   level 3: as 2, with one shared-memory tile kernel per step instead
 *            of edge arrays (two copies of the state, ping-pong);
 *   level 4: one fused kernel per step with dt computed on the device;
 *            steps run as a CUDA graph of FUSED_GRAPH_STEPS launches and
 *            the host looks at the clock (cartesian/numerics/device_clock.h) only
 *            between graphs.
 * The kernels of level N are in solutions/cuda/levelN_*.cu. This file holds
 * the verbs table, init, finalize and the syncs; cuda_fields.cuh says where
 * the rest of the plumbing is. */
#include "backends/cuda/cartesian/cuda_backend.h"
#include "backends/cuda/cartesian/cuda_fields.cuh"
#include "backends/cuda/cuda_check.h"
#include "backends/cuda/cuda_model.h"

#include <stdlib.h>

extern "C" {
#include "cartesian/grid/boundary.h"
}

enum { CUDA_LEVELS = 4 };

extern "C" int swe_cuda_device_available(void)
{
    int devices = 0;
    return cudaGetDeviceCount(&devices) == cudaSuccess && devices > 0;
}

static void cuda_finalize(swe_block *block)
{
    if (block == NULL || block->ext == NULL) {
        return;
    }
    cuda_fields *fields = (cuda_fields *)block->ext;
    if (fields->graph != NULL) {
        CUDA_CHECK_WARN(cudaGraphExecDestroy(fields->graph));
    }
    cuda_free_fields(fields);
    if (fields->stream != NULL) {
        CUDA_CHECK_WARN(cudaStreamDestroy(fields->stream));
    }
    free(fields);
    block->ext = NULL;
}

static int cuda_init(swe_block *block, const swe_cartesian_backend_config *config, swe_error *err)
{
    if (block == NULL || config == NULL || block->h == NULL || config->model.device < 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: cuda init without a block");
    }
    int device = 0;
    int status = swe_cuda_device_choice(&config->model, &device, err);
    if (status != SWE_OK) {
        return status;
    }
    const int level = config->model.level == 0 ? CUDA_LEVELS : config->model.level;
    if (level < 1 || level > CUDA_LEVELS) {
        return swe_fail(err, SWE_ERROR_USAGE, "--level for backend 'cuda' must be 1 to %d",
                        CUDA_LEVELS);
    }
    int devices = 0;
    cudaError_t found = cudaGetDeviceCount(&devices);
    if (found != cudaSuccess || devices == 0) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "backend 'cuda' needs an NVIDIA GPU and none is usable here (%s); "
                        "run on a GPU machine or choose another --backend (see --list-backends)",
                        found != cudaSuccess ? cudaGetErrorString(found) : "no CUDA device");
    }
    /* MPI ranks on one node share its GPUs round robin by local rank. */
    CUDA_CHECK(cudaSetDevice(device % devices), err);
    cuda_fields *fields = (cuda_fields *)calloc(1, sizeof *fields);
    if (fields == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the CUDA backend's fields");
    }
    fields->level = level;
    fields->solver = config->solver;
    fields->grid.nx = block->nx;
    fields->grid.ny = block->ny;
    fields->grid.dx = block->dx;
    fields->grid.dy = block->dy;
    fields->grid.manning = config->manning;
    swe_boundary_masks(block, &fields->grid.wall_edges, &fields->grid.derived_edges);
    cuda_set_layout(fields, block);
    block->ext = fields;
    status = cuda_allocate_fields(fields, err);
    if (status != SWE_OK) {
        cuda_finalize(block);
    }
    return status;
}

static int cuda_sync_after_write(swe_block *block, swe_error *err)
{
    if (block == NULL || block->ext == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: cuda sync without init");
    }
    cuda_fields *fields = (cuda_fields *)block->ext;
    int status = cuda_copy_array(fields, block, fields->b, block->b, cudaMemcpyHostToDevice, err);
    if (status == SWE_OK) {
        status = cuda_copy_state(fields, block, &fields->state[fields->parity],
                                 cudaMemcpyHostToDevice, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    /* The ghost layers, the bed's included, before the first step. */
    CUDA_CHECK(swe_cuda_launch_ghost_layers(&fields->grid, fields->state[fields->parity], fields->b,
                                            fields->stream),
               err);
    CUDA_CHECK(cudaStreamSynchronize(fields->stream), err);
    return SWE_OK;
}

static int cuda_sync_before_read(swe_block *block, swe_error *err)
{
    if (block == NULL || block->ext == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: cuda sync without init");
    }
    cuda_fields *fields = (cuda_fields *)block->ext;
    if (fields->level == 1) {
        return SWE_OK; /* the host arrays are the state */
    }
    return cuda_copy_state(fields, block, &fields->state[fields->parity], cudaMemcpyDeviceToHost,
                           err);
}

extern "C" const swe_cartesian_backend swe_cartesian_cuda_backend = {
    .table = {&swe_cuda_model,
              "NVIDIA GPU; --level 1 copies every step, 2 stays on the GPU, "
              "3 shared-memory tiles, 4 one fused kernel per step (default)",
              CUDA_LEVELS},
    .init = cuda_init,
    .finalize = cuda_finalize,
    .sync_after_write = cuda_sync_after_write,
    .sync_before_read = cuda_sync_before_read,
    .max_wave_speed = cuda_max_wave_speed,
    .step = cuda_step,
    .advance = cuda_advance,
    .advances = cuda_advances,
    .pack_copy_layer = cuda_pack_copy_layer,
    .unpack_ghost_layer = cuda_unpack_ghost_layer,
    .sync_layers = cuda_sync_layers,
    .alloc_layer_buffer = cuda_alloc_layer_buffer,
    .free_layer_buffer = cuda_free_layer_buffer,
    .step_interior = cuda_step_interior,
    .step_ring = cuda_step_ring,
    .overlaps = cuda_overlaps,
};
