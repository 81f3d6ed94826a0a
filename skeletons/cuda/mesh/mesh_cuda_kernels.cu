/* Reference CUDA kernels of the triangle solver: one thread per cell or
 * edge, running the element kernels of common/mesh/numerics (the same
 * source as every other backend, compiled here as device code), and the
 * smallest edge time step reduced in shared memory per block. The arrays
 * travel as one __grid_constant__ struct, read in place from the kernel's
 * parameter space. */
#include "backends/cuda/mesh/mesh_cuda_kernels.h"

extern "C" {
#include "mesh/numerics/mesh_cell_kernels.h"
#include "mesh/numerics/mesh_edge_kernels.h"
}

__global__ void mesh_gradients(const __grid_constant__ swe_mesh_arrays arrays)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c < arrays.cell_count) {
        swe_mesh_gradient(&arrays, c);
    }
}

/* At least SWE_MESH_CUDA_EDGE_BLOCKS blocks a multiprocessor: in double precision the compiler
 * would otherwise take 92 registers a thread, 20 resident warps, too few to hide the latency of
 * the edges' indirect loads (docs/RESULTS-mesh.md). */
__global__ void __launch_bounds__(SWE_MESH_CUDA_BLOCK, SWE_MESH_CUDA_EDGE_BLOCKS)
    mesh_interior_edges(const __grid_constant__ swe_mesh_arrays arrays, swe_mesh_launch launch)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e < arrays.interior_edge_count) {
        swe_mesh_interior_edge(&arrays, launch, e);
    }
}

__global__ void mesh_boundary_edges(const __grid_constant__ swe_mesh_arrays arrays,
                                    swe_mesh_launch launch)
{
    int e = arrays.interior_edge_count + blockIdx.x * blockDim.x + threadIdx.x;
    if (e < arrays.edge_count) {
        swe_mesh_boundary_edge(&arrays, launch, e);
    }
}

__global__ void mesh_cell_updates(const __grid_constant__ swe_mesh_arrays arrays,
                                  swe_mesh_launch launch)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c < arrays.cell_count) {
        swe_mesh_cell_update(&arrays, launch, c);
    }
}

__global__ void mesh_min_steps(const __grid_constant__ swe_mesh_arrays arrays, real *partial)
{
    __shared__ real smallest[SWE_MESH_CUDA_BLOCK];
    real mine = SWE_MESH_NO_TIME_LIMIT;
    const long stride = (long)gridDim.x * blockDim.x;
    for (long first = (long)blockIdx.x * blockDim.x + threadIdx.x; first < arrays.edge_count;
         first += SWE_MESH_CUDA_MIN_LOADS * stride) {
        real step[SWE_MESH_CUDA_MIN_LOADS];
#pragma unroll
        for (int k = 0; k < SWE_MESH_CUDA_MIN_LOADS; ++k) {
            long e = first + k * stride;
            step[k] = e < arrays.edge_count ? arrays.edge_time_step[e] : SWE_MESH_NO_TIME_LIMIT;
        }
#pragma unroll
        for (int k = 0; k < SWE_MESH_CUDA_MIN_LOADS; ++k) {
            mine = swe_mesh_min_step(mine, step[k]);
        }
    }
    smallest[threadIdx.x] = mine;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (threadIdx.x < half) {
            smallest[threadIdx.x] =
                swe_mesh_min_step(smallest[threadIdx.x], smallest[threadIdx.x + half]);
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        partial[blockIdx.x] = smallest[0];
    }
}

static int blocks_for(int count)
{
    return (count + SWE_MESH_CUDA_BLOCK - 1) / SWE_MESH_CUDA_BLOCK;
}

int swe_mesh_cuda_gradients(const swe_mesh_arrays &arrays, cudaStream_t stream, swe_error *err)
{
    mesh_gradients<<<blocks_for(arrays.cell_count), SWE_MESH_CUDA_BLOCK, 0, stream>>>(arrays);
    CUDA_CHECK(cudaGetLastError(), err);
    return SWE_OK;
}

int swe_mesh_cuda_edge_fluxes(const swe_mesh_arrays &arrays, swe_mesh_launch launch,
                              cudaStream_t stream, swe_error *err)
{
    int interior = arrays.interior_edge_count, boundary = arrays.edge_count - interior;
    if (interior > 0) {
        mesh_interior_edges<<<blocks_for(interior), SWE_MESH_CUDA_BLOCK, 0, stream>>>(arrays,
                                                                                      launch);
        CUDA_CHECK(cudaGetLastError(), err);
    }
    if (boundary > 0) {
        mesh_boundary_edges<<<blocks_for(boundary), SWE_MESH_CUDA_BLOCK, 0, stream>>>(arrays,
                                                                                      launch);
        CUDA_CHECK(cudaGetLastError(), err);
    }
    return SWE_OK;
}

int swe_mesh_cuda_min_steps(const swe_mesh_arrays &arrays, real *partial, int blocks,
                            cudaStream_t stream, swe_error *err)
{
    mesh_min_steps<<<blocks, SWE_MESH_CUDA_BLOCK, 0, stream>>>(arrays, partial);
    CUDA_CHECK(cudaGetLastError(), err);
    return SWE_OK;
}

int swe_mesh_cuda_update_cells(const swe_mesh_arrays &arrays, swe_mesh_launch launch,
                               cudaStream_t stream, swe_error *err)
{
    mesh_cell_updates<<<blocks_for(arrays.cell_count), SWE_MESH_CUDA_BLOCK, 0, stream>>>(arrays,
                                                                                         launch);
    CUDA_CHECK(cudaGetLastError(), err);
    return SWE_OK;
}
