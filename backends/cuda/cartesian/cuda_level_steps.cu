/* The steps of levels 1 to 3 and the wave speed verb: which kernels run,
 * in which order, and what crosses to the host (cuda_backend.cu describes
 * the levels). Level 4 is in cuda_fused_clock.cu. */
#include "backends/cuda/cartesian/cuda_fields.cuh"
#include "backends/cuda/cuda_check.h"

int cuda_max_wave_speed(swe_block *block, real *speed, swe_error *err)
{
    if (block == NULL || block->ext == NULL || speed == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: cuda max_wave_speed arguments");
    }
    cuda_fields *fields = (cuda_fields *)block->ext;
    if (fields->level == 1) {
        *speed = cuda_host_wave_speed(block);
        return SWE_OK;
    }
    CUDA_CHECK(swe_cuda_launch_block_wave_speeds(&fields->grid, fields->state[fields->parity],
                                                 fields->block_max, fields->stream),
               err);
    return cuda_finish_speed(fields, speed, err);
}

/* Levels 1 and 2: ghost layers, net updates into the edge arrays, update
 * in place. */
static int edge_array_step(cuda_fields *fields, real dt, swe_error *err)
{
    const swe_cuda_state state = fields->state[0];
    CUDA_CHECK(swe_cuda_launch_ghost_layers(&fields->grid, state, fields->b, fields->stream), err);
    CUDA_CHECK(swe_cuda_launch_net_updates(fields->solver, &fields->grid, state, fields->b,
                                           fields->vertical, fields->horizontal, fields->stream),
               err);
    CUDA_CHECK(swe_cuda_launch_update(&fields->grid, state, dt, fields->vertical,
                                      fields->horizontal, fields->stream),
               err);
    return SWE_OK;
}

static int level1_step(swe_block *block, cuda_fields *fields, real dt, real *next_speed,
                       swe_error *err)
{
    int status = cuda_copy_state(fields, block, &fields->state[0], cudaMemcpyHostToDevice, err);
    if (status == SWE_OK) {
        status = edge_array_step(fields, dt, err);
    }
    if (status == SWE_OK) {
        status = cuda_copy_state(fields, block, &fields->state[0], cudaMemcpyDeviceToHost, err);
    }
    if (status == SWE_OK) {
        *next_speed = cuda_host_wave_speed(block);
    }
    return status;
}

static int level3_step(cuda_fields *fields, real dt, real *next_speed, swe_error *err)
{
    const swe_cuda_state from = fields->state[fields->parity];
    const swe_cuda_state to = fields->state[1 - fields->parity];
    CUDA_CHECK(swe_cuda_launch_ghost_layers(&fields->grid, from, fields->b, fields->stream), err);
    CUDA_CHECK(swe_cuda_launch_tile_step(fields->solver, &fields->grid, from, fields->b, to, dt,
                                         fields->block_max, fields->stream),
               err);
    fields->parity = 1 - fields->parity;
    return cuda_finish_speed(fields, next_speed, err);
}

int cuda_step(swe_block *block, real dt, real *next_speed, swe_error *err)
{
    if (block == NULL || block->ext == NULL || next_speed == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: cuda step arguments");
    }
    cuda_fields *fields = (cuda_fields *)block->ext;
    switch (fields->level) {
    case 1:
        return level1_step(block, fields, dt, next_speed, err);
    case 2: {
        int status = edge_array_step(fields, dt, err);
        return status == SWE_OK ? cuda_max_wave_speed(block, next_speed, err) : status;
    }
    case 3:
        return level3_step(fields, dt, next_speed, err);
    default:
        return cuda_level4_step(block, fields, dt, next_speed, err);
    }
}
