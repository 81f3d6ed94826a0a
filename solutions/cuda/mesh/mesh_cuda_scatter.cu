/* The scatter of exercise 18 (exercises/18-mesh-scatter-cuda) on the GPU:
 * one thread per edge adds the edge's fluxes into its two cells'
 * accumulators (mesh/numerics/mesh_scatter.h). Thousands of threads run at
 * once, so two edges of one cell meet almost surely: the naive scatter
 * loses additions on every call. The cures are atomicAdd (double atomics
 * exist from compute capability 6.0 on) and an edge colouring, one launch
 * per colour; the gather, which the solver uses, needs neither. */
#include "backends/cuda/mesh/mesh_cuda_kernels.h"
#include "backends/cuda/mesh/mesh_cuda_scatter.h"

extern "C" {
#include "mesh/numerics/mesh_cell_kernels.h"
}

/* Given: the gather of every cell into the accumulators, the reference. */
__global__ void mesh_gather_sums(const __grid_constant__ swe_mesh_arrays arrays,
                                 swe_mesh_cell_sums sums)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c < arrays.cell_count) {
        swe_mesh_flux_sum sum = swe_mesh_cell_gather(&arrays, c);
        sums.h[c] = sum.h;
        sums.hu[c] = sum.hu;
        sums.hv[c] = sum.hv;
    }
}

/* Given: the solver's cell pass, the gather and its update in one kernel. */
__global__ void mesh_gather_update(const __grid_constant__ swe_mesh_arrays arrays,
                                   swe_mesh_launch launch)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c < arrays.cell_count) {
        swe_mesh_cell_update(&arrays, launch, c);
    }
}

/* Given: one thread per edge, plain additions. The race, on purpose. */
__global__ void mesh_scatter_naive(const __grid_constant__ swe_mesh_arrays arrays,
                                   swe_mesh_cell_sums sums)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e < arrays.edge_count) {
        swe_mesh_scatter_edge(&arrays, sums, e);
    }
}

__global__ void mesh_scatter_atomic(const __grid_constant__ swe_mesh_arrays arrays,
                                    swe_mesh_cell_sums sums)
{
    /* BEGIN SOLUTION: (1) the scatter with atomics. One thread per edge,
     * e = blockIdx.x * blockDim.x + threadIdx.x while e < arrays.edge_count: its left cell
     * l = arrays.edge_left[e] takes atomicAdd(&sums.h[l], -arrays.flux_left_h[e]) and the same
     * for hu and hv; an interior edge (e < arrays.interior_edge_count) adds its right fluxes
     * (flux_right_h, ...) into its right cell arrays.edge_right[e] the same way. atomicAdd makes
     * each read-add-write indivisible, so no other thread's addition to the cell is lost. */
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e < arrays.edge_count) {
        int l = arrays.edge_left[e];
        atomicAdd(&sums.h[l], -arrays.flux_left_h[e]);
        atomicAdd(&sums.hu[l], -arrays.flux_left_hu[e]);
        atomicAdd(&sums.hv[l], -arrays.flux_left_hv[e]);
        if (e < arrays.interior_edge_count) {
            int r = arrays.edge_right[e];
            atomicAdd(&sums.h[r], arrays.flux_right_h[e]);
            atomicAdd(&sums.hu[r], arrays.flux_right_hu[e]);
            atomicAdd(&sums.hv[r], arrays.flux_right_hv[e]);
        }
    }
    /* END SOLUTION */
}

/* The edges edges[first .. first + count - 1], all of one colour. */
__global__ void mesh_scatter_colour(const __grid_constant__ swe_mesh_arrays arrays,
                                    const int *edges, int first, int count, swe_mesh_cell_sums sums)
{
    /* BEGIN SOLUTION: (2) one colour's edges. Thread i = blockIdx.x * blockDim.x + threadIdx.x
     * below count scatters edge edges[first + i] with plain additions:
     * swe_mesh_scatter_edge(&arrays, sums, edges[first + i]). No two edges of a colour share a
     * cell, so no two threads of this launch add into one cell. */
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) {
        swe_mesh_scatter_edge(&arrays, sums, edges[first + i]);
    }
    /* END SOLUTION */
}

/* Given: apply every cell's accumulated sum (write_stage as launch says). */
__global__ void mesh_apply_sums(const __grid_constant__ swe_mesh_arrays arrays,
                                swe_mesh_launch launch, swe_mesh_cell_sums sums)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c < arrays.cell_count) {
        swe_mesh_flux_sum sum;
        sum.h = sums.h[c];
        sum.hu = sums.hu[c];
        sum.hv = sums.hv[c];
        swe_mesh_cell_apply(&arrays, launch, c, sum);
    }
}

static int blocks_for(int count)
{
    return (count + SWE_MESH_CUDA_BLOCK - 1) / SWE_MESH_CUDA_BLOCK;
}

int swe_mesh_cuda_gather_sums(const swe_mesh_arrays &arrays, swe_mesh_cell_sums sums,
                              cudaStream_t stream, swe_error *err)
{
    mesh_gather_sums<<<blocks_for(arrays.cell_count), SWE_MESH_CUDA_BLOCK, 0, stream>>>(arrays,
                                                                                        sums);
    CUDA_CHECK(cudaGetLastError(), err);
    return SWE_OK;
}

int swe_mesh_cuda_gather_update(const swe_mesh_arrays &arrays, swe_mesh_launch launch,
                                cudaStream_t stream, swe_error *err)
{
    mesh_gather_update<<<blocks_for(arrays.cell_count), SWE_MESH_CUDA_BLOCK, 0, stream>>>(arrays,
                                                                                          launch);
    CUDA_CHECK(cudaGetLastError(), err);
    return SWE_OK;
}

int swe_mesh_cuda_scatter_naive(const swe_mesh_arrays &arrays, swe_mesh_cell_sums sums,
                                cudaStream_t stream, swe_error *err)
{
    mesh_scatter_naive<<<blocks_for(arrays.edge_count), SWE_MESH_CUDA_BLOCK, 0, stream>>>(arrays,
                                                                                          sums);
    CUDA_CHECK(cudaGetLastError(), err);
    return SWE_OK;
}

int swe_mesh_cuda_scatter_atomic(const swe_mesh_arrays &arrays, swe_mesh_cell_sums sums,
                                 cudaStream_t stream, swe_error *err)
{
    mesh_scatter_atomic<<<blocks_for(arrays.edge_count), SWE_MESH_CUDA_BLOCK, 0, stream>>>(arrays,
                                                                                           sums);
    CUDA_CHECK(cudaGetLastError(), err);
    return SWE_OK;
}

int swe_mesh_cuda_scatter_coloured(const swe_mesh_arrays &arrays,
                                   const swe_mesh_colouring &colouring, swe_mesh_cell_sums sums,
                                   cudaStream_t stream, swe_error *err)
{
    /* BEGIN SOLUTION: (3) the colours one after the other. For each colour
     * k = 0 .. colouring.colour_count - 1 with count = colour_start[k + 1] - colour_start[k]
     * edges (skip an empty one: a launch of zero blocks is an error), launch mesh_scatter_colour
     * on stream with blocks_for(count) blocks of SWE_MESH_CUDA_BLOCK threads for
     * (arrays, colouring.edges, colouring.colour_start[k], count, sums), and check the launch:
     * CUDA_CHECK(cudaGetLastError(), err). Launches on one stream run in order: the end of one
     * colour's kernel is the barrier before the next. */
    for (int k = 0; k < colouring.colour_count; ++k) {
        int first = colouring.colour_start[k], count = colouring.colour_start[k + 1] - first;
        if (count > 0) {
            mesh_scatter_colour<<<blocks_for(count), SWE_MESH_CUDA_BLOCK, 0, stream>>>(
                arrays, colouring.edges, first, count, sums);
            CUDA_CHECK(cudaGetLastError(), err);
        }
    }
    /* END SOLUTION */
    return SWE_OK;
}

int swe_mesh_cuda_apply_sums(const swe_mesh_arrays &arrays, swe_mesh_launch launch,
                             swe_mesh_cell_sums sums, cudaStream_t stream, swe_error *err)
{
    mesh_apply_sums<<<blocks_for(arrays.cell_count), SWE_MESH_CUDA_BLOCK, 0, stream>>>(
        arrays, launch, sums);
    CUDA_CHECK(cudaGetLastError(), err);
    return SWE_OK;
}
