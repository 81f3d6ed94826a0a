/* Reference kernels of the conjugate gradients' reductions on the GPU:
 * each block of cells turns its values into one partial with a tree in
 * shared memory, one block adds the partials, always in the same order,
 * sums in double (exercise 12). The host reads each result. */
#include "backends/cuda/ns/ns_cuda_kernels.h"

#include "backends/cuda/cuda_check.h"
#include "backends/cuda/ns/ns_cuda_cells.cuh"

/* reduce_block's tree spans exactly one cell block. */
static_assert(NS_CUDA_BLOCK_X * NS_CUDA_BLOCK_Y == NS_CUDA_REDUCE, "one reduction per cell block");

namespace
{

/* The value this cell contributes to a reduction. */
__device__ double reduction_term(const ns_device_fields &f, enum ns_reduction operation,
                                 const real *x, const real *y, long c)
{
    /* BEGIN SOLUTION: what cell c adds to each reduction, in double: NS_REDUCE_DOT the product
     * x[c] * y[c] (each converted to double first, so that single precision sums without
     * losing digits), NS_REDUCE_FLUID_SUM x[c] in fluid cells (f.fluid[c] nonzero) and 0 in
     * solid ones, NS_REDUCE_FLUID_COUNT 1 per fluid cell, NS_REDUCE_MAX_ABS |x[c]|.
     * | stub: return 0.0; */
    switch (operation) {
    case NS_REDUCE_DOT:
        return (double)x[c] * (double)y[c];
    case NS_REDUCE_FLUID_SUM:
        return f.fluid[c] ? (double)x[c] : 0.0;
    case NS_REDUCE_FLUID_COUNT:
        return (double)f.fluid[c];
    default:
        return fabs((double)x[c]);
    }
    /* END SOLUTION */
}

__device__ double combine_terms(enum ns_reduction operation, double a, double b)
{
    /* BEGIN SOLUTION: two partial results into one: their sum, or for NS_REDUCE_MAX_ABS the
     * larger, where a NaN wins (a > b || a != a ? a : b), so that the time step sees a state
     * that went wrong instead of skipping it (fmax would drop the NaN).
     * | stub: return a; */
    return operation == NS_REDUCE_MAX_ABS ? (a > b || a != a ? a : b) : a + b;
    /* END SOLUTION */
}

/* Tree reduction of the block's values in shared memory, in a fixed
 * order; thread 0 returns the block's result. */
__device__ double reduce_block(double value, enum ns_reduction operation)
{
    __shared__ double partial[NS_CUDA_REDUCE];
    int thread = threadIdx.y * blockDim.x + threadIdx.x;
    /* BEGIN SOLUTION: the block's threads (NS_CUDA_REDUCE, a power of two) reduce their values
     * into partial[0]: store value in partial[thread]; then, for half = NS_CUDA_REDUCE / 2, /4,
     * ..., 1: wait for the block (__syncthreads()) and let each thread below half combine
     * partial[thread] with partial[thread + half] (combine_terms: a sum, or a max). Every thread
     * must reach every __syncthreads(), so keep the test `thread < half` inside the loop. Then
     * partial[0] holds the block's result.
     * | stub: partial[thread] = value; __syncthreads(); */
    partial[thread] = value;
    for (int half = NS_CUDA_REDUCE / 2; half > 0; half /= 2) {
        __syncthreads();
        if (thread < half) {
            partial[thread] = combine_terms(operation, partial[thread], partial[thread + half]);
        }
    }
    /* END SOLUTION */
    __syncthreads();
    return partial[0];
}

/* One partial per block: this block's cells of plane blockIdx.z. */
__global__ void reduce_cells(ns_device_fields f, enum ns_reduction operation, const real *x,
                             const real *y, double *partials)
{
    long c;
    bool inside = interior_cell(f.geometry, &c);
    double identity = 0.0;
    double value = inside ? reduction_term(f, operation, x, y, c) : identity;
    double block = reduce_block(value, operation);
    if (threadIdx.x == 0 && threadIdx.y == 0) {
        partials[((size_t)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x] = block;
    }
}

/* One block adds the partials, each thread a fixed stride of them. */
__global__ void reduce_partials(enum ns_reduction operation, const double *partials, int count,
                                double *result)
{
    int thread = threadIdx.y * blockDim.x + threadIdx.x;
    double value = 0.0;
    for (int p = thread; p < count; p += NS_CUDA_REDUCE) {
        value = combine_terms(operation, value, partials[p]);
    }
    double total = reduce_block(value, operation);
    if (thread == 0) {
        *result = total;
    }
}

} // namespace

#ifndef NS_CUDA_HOST_EMULATION
int ns_cuda_reduction_blocks(const ns_device_fields *f)
{
    dim3 grid = cell_grid(f->geometry);
    return (int)(grid.x * grid.y * grid.z);
}

int ns_cuda_reduce(const ns_device_fields *f, enum ns_reduction operation, const real *x,
                   const real *y, double *partial, double *result, cudaStream_t stream,
                   swe_error *err)
{
    int count = ns_cuda_reduction_blocks(f);
    reduce_cells<<<cell_grid(f->geometry), cell_block, 0, stream>>>(*f, operation, x, y, partial);
    CUDA_CHECK(cudaGetLastError(), err);
    reduce_partials<<<1, cell_block, 0, stream>>>(operation, partial, count, partial + count);
    CUDA_CHECK(cudaGetLastError(), err);
    CUDA_CHECK(
        cudaMemcpyAsync(result, partial + count, sizeof(double), cudaMemcpyDeviceToHost, stream),
        err);
    CUDA_CHECK(cudaStreamSynchronize(stream), err);
    return SWE_OK;
}
#endif
