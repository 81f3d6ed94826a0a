/* The max over the threads of a block (exercise 04), which every kernel
 * that reduces the wave speed on the device uses: levels 2, 3 and 4. Wave
 * speeds are compared as bits (shallow_water/speed_bits.h): for non-negative
 * floats the bits sort like the numbers, so the max is an exact integer
 * max whose result does not depend on the order. */
#ifndef SWE_CUDA_BLOCK_MAX_CUH
#define SWE_CUDA_BLOCK_MAX_CUH

#include "backends/cuda/cartesian/cuda_kernel_support.cuh"

/* Max of value over the threads of a block, valid in thread 0: first
 * within each warp by shuffles, then over the warps' maxima in shared
 * memory. Every thread of the block must call it (it has a barrier), and
 * blocks are whole warps. */
__device__ static swe_speed_bits block_max(swe_speed_bits value)
{
    __shared__ swe_speed_bits warp_max[WARP];
    const unsigned thread = threadIdx.y * blockDim.x + threadIdx.x;
    const unsigned warps = (blockDim.x * blockDim.y + WARP - 1) / WARP;
    /* BEGIN SOLUTION: (1) reduce value over the warp with __shfl_xor_sync(FULL_WARP, value,
     * offset) for offsets 16, 8, 4, 2, 1 (swe_max_bits), let lane 0 of each warp store it in
     * warp_max[thread / WARP], __syncthreads(), and reduce warp_max the same way in the first warp
     * (lanes beyond the number of warps take 0) */
    for (int offset = WARP / 2; offset > 0; offset /= 2) {
        value = swe_max_bits(value, __shfl_xor_sync(FULL_WARP, value, offset));
    }
    if (thread % WARP == 0) {
        warp_max[thread / WARP] = value;
    }
    __syncthreads();
    if (thread < WARP) {
        value = thread < warps ? warp_max[thread] : 0;
        for (int offset = WARP / 2; offset > 0; offset /= 2) {
            value = swe_max_bits(value, __shfl_xor_sync(FULL_WARP, value, offset));
        }
    }
    /* END SOLUTION */
    return value;
}

#endif
