/* The span verbs of the CUDA backend of the triangle solver (shallows-mpi
 * --mesh --overlap): the element kernels over a stretch of the run's
 * cells and edges, enqueued on the run's stream without waiting, so that
 * the GPU computes the inner edges while the host waits for the halo.
 * The same element kernels as the whole sweeps: the same bits. */
#ifndef SWE_MESH_CUDA_SPANS_H
#define SWE_MESH_CUDA_SPANS_H

#include "backends/cuda/cuda_check.h"

extern "C" {
#include "mesh/solver/mesh_run.h"
}

int swe_mesh_cuda_gradients_span(const swe_mesh_arrays &device, const swe_mesh_span *span,
                                 cudaStream_t stream, swe_error *err);
int swe_mesh_cuda_edge_fluxes_span(const swe_mesh_arrays &device, swe_mesh_launch launch,
                                   const swe_mesh_span *span, cudaStream_t stream, swe_error *err);

#endif
