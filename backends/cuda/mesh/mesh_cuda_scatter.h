/* The scatter of exercise 18 (exercises/18-mesh-scatter-cuda) on the GPU,
 * as the lab (mesh_cuda_scatter_lab.cu) launches it: the launchers of
 * solutions/cuda/mesh/mesh_cuda_scatter.cu, each enqueuing its kernels on
 * stream and checking the launch. Every array is a device pointer; the
 * accumulators must be zero before a scatter (the lab clears them). */
#ifndef SWE_MESH_CUDA_SCATTER_H
#define SWE_MESH_CUDA_SCATTER_H

#include "backends/cuda/cuda_check.h"

extern "C" {
#include "mesh/geometry/mesh_colouring.h"
#include "mesh/numerics/mesh_arrays.h"
#include "mesh/numerics/mesh_scatter.h"
}

/* Every cell's gather (the solver's order, mesh_cell_kernels.h) into sums. */
int swe_mesh_cuda_gather_sums(const swe_mesh_arrays &arrays, swe_mesh_cell_sums sums,
                              cudaStream_t stream, swe_error *err);
/* Every edge into its cells with plain additions: the race, for the lab. */
int swe_mesh_cuda_scatter_naive(const swe_mesh_arrays &arrays, swe_mesh_cell_sums sums,
                                cudaStream_t stream, swe_error *err);
/* The same with atomicAdd: right, in an order that changes from call to call. */
int swe_mesh_cuda_scatter_atomic(const swe_mesh_arrays &arrays, swe_mesh_cell_sums sums,
                                 cudaStream_t stream, swe_error *err);
/* One launch per colour (colouring.edges in device memory, the counts on
 * the host), plain additions: right, and the same bits on every call. */
int swe_mesh_cuda_scatter_coloured(const swe_mesh_arrays &arrays,
                                   const swe_mesh_colouring &colouring, swe_mesh_cell_sums sums,
                                   cudaStream_t stream, swe_error *err);
/* swe_mesh_cell_apply of every cell's accumulated sum. */
int swe_mesh_cuda_apply_sums(const swe_mesh_arrays &arrays, swe_mesh_launch launch,
                             swe_mesh_cell_sums sums, cudaStream_t stream, swe_error *err);
/* The solver's cell pass (gather and apply in one kernel), for the bench. */
int swe_mesh_cuda_gather_update(const swe_mesh_arrays &arrays, swe_mesh_launch launch,
                                cudaStream_t stream, swe_error *err);

#endif
