/* Level 2 of the CUDA backend (exercise 04): the state stays on the GPU,
 * which runs the kernels of level 1 and then finds the fastest wave of the
 * new state itself, in two stages: every block reduces its cells' wave
 * speeds (block_max, block_max.cuh), then one block reduces the blocks'
 * maxima. Only that one value crosses to the host per step. */
#include "cuda/cartesian/block_max.cuh"

enum { FINAL_MAX_THREADS = 1024 };

/* Thread (i - 1, j - 1) takes the wave speed of interior cell (i, j), 0
 * without a cell; block (bx, by) writes its max to block_max_out. */
__global__ static void block_wave_speeds_kernel(swe_cuda_grid grid, swe_cuda_state state,
                                                swe_speed_bits *block_max_out)
{
    const int i = 1 + (int)(blockIdx.x * blockDim.x + threadIdx.x);
    const int j = 1 + (int)(blockIdx.y * blockDim.y + threadIdx.y);
    swe_speed_bits speed = 0;
    if (i <= grid.nx && j <= grid.ny) {
        const size_t here = (size_t)j * grid.stride + i;
        speed =
            swe_speed_to_bits(swe_cell_wave_speed(state.h[here], state.hu[here], state.hv[here]));
    }
    const swe_speed_bits fastest = block_max(speed);
    if (threadIdx.x == 0 && threadIdx.y == 0) {
        block_max_out[blockIdx.y * gridDim.x + blockIdx.x] = fastest;
    }
}

/* One block of threads: the max of count values into *speed. */
__global__ static void final_max_kernel(const swe_speed_bits *block_max_in, size_t count,
                                        swe_speed_bits *speed)
{
    swe_speed_bits fastest = 0;
    /* BEGIN SOLUTION: (2) each thread takes the max of every blockDim.x-th value from
     * threadIdx.x on (swe_max_bits), then the block reduces these with block_max (every thread
     * calls it) and thread 0 writes the result to *speed */
    for (size_t k = threadIdx.x; k < count; k += blockDim.x) {
        fastest = swe_max_bits(fastest, block_max_in[k]);
    }
    fastest = block_max(fastest);
    if (threadIdx.x == 0) {
        *speed = fastest;
    }
    /* END SOLUTION */
}

cudaError_t swe_cuda_launch_block_wave_speeds(const swe_cuda_grid *grid, swe_cuda_state state,
                                              swe_speed_bits *block_max_out, cudaStream_t stream)
{
    const dim3 threads(SWE_CUDA_TILE_X, SWE_CUDA_TILE_Y);
    block_wave_speeds_kernel<<<swe_cuda_cell_blocks(*grid, 0), threads, 0, stream>>>(*grid, state,
                                                                                     block_max_out);
    return cudaGetLastError();
}

cudaError_t swe_cuda_launch_final_max(const swe_speed_bits *block_max_in, size_t count,
                                      swe_speed_bits *speed, cudaStream_t stream)
{
    final_max_kernel<<<1, FINAL_MAX_THREADS, 0, stream>>>(block_max_in, count, speed);
    return cudaGetLastError();
}
