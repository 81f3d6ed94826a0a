#include "backends/cuda/mesh/mesh_cuda_kernels.h"
#include "backends/cuda/mesh/mesh_cuda_spans.h"

extern "C" {
#include "mesh/numerics/mesh_cell_kernels.h"
#include "mesh/numerics/mesh_edge_kernels.h"
}

__global__ static void span_gradients(const __grid_constant__ swe_mesh_arrays arrays, int begin,
                                      int end)
{
    int c = begin + blockIdx.x * blockDim.x + threadIdx.x;
    if (c < end) {
        swe_mesh_gradient(&arrays, c);
    }
}

__global__ static void span_interior_edges(const __grid_constant__ swe_mesh_arrays arrays,
                                           swe_mesh_launch launch, int begin, int end)
{
    int e = begin + blockIdx.x * blockDim.x + threadIdx.x;
    if (e < end) {
        swe_mesh_interior_edge(&arrays, launch, e);
    }
}

__global__ static void span_boundary_edges(const __grid_constant__ swe_mesh_arrays arrays,
                                           swe_mesh_launch launch, int begin, int end)
{
    int e = begin + blockIdx.x * blockDim.x + threadIdx.x;
    if (e < end) {
        swe_mesh_boundary_edge(&arrays, launch, e);
    }
}

static int blocks_for(int begin, int end)
{
    return (end - begin + SWE_MESH_CUDA_BLOCK - 1) / SWE_MESH_CUDA_BLOCK;
}

static int check_span(const swe_mesh_arrays &a, const swe_mesh_span *span, swe_error *err)
{
    return swe_mesh_span_inside(&a, span)
               ? SWE_OK
               : swe_fail(err, SWE_ERROR_USAGE, "internal error: a span outside the run");
}

int swe_mesh_cuda_gradients_span(const swe_mesh_arrays &device, const swe_mesh_span *span,
                                 cudaStream_t stream, swe_error *err)
{
    int status = check_span(device, span, err);
    if (status == SWE_OK && span->cell_end > span->cell_begin) {
        span_gradients<<<blocks_for(span->cell_begin, span->cell_end), SWE_MESH_CUDA_BLOCK, 0,
                         stream>>>(device, span->cell_begin, span->cell_end);
        CUDA_CHECK(cudaGetLastError(), err);
    }
    return status;
}

int swe_mesh_cuda_edge_fluxes_span(const swe_mesh_arrays &device, swe_mesh_launch launch,
                                   const swe_mesh_span *span, cudaStream_t stream, swe_error *err)
{
    int status = check_span(device, span, err);
    if (status == SWE_OK && span->interior_end > span->interior_begin) {
        span_interior_edges<<<blocks_for(span->interior_begin, span->interior_end),
                              SWE_MESH_CUDA_BLOCK, 0, stream>>>(
            device, launch, span->interior_begin, span->interior_end);
        CUDA_CHECK(cudaGetLastError(), err);
    }
    if (status == SWE_OK && span->boundary_end > span->boundary_begin) {
        span_boundary_edges<<<blocks_for(span->boundary_begin, span->boundary_end),
                              SWE_MESH_CUDA_BLOCK, 0, stream>>>(
            device, launch, span->boundary_begin, span->boundary_end);
        CUDA_CHECK(cudaGetLastError(), err);
    }
    return status;
}
