/* The CUDA kernels of the triangle solver (solutions/cuda/mesh/, the part
 * students write) as the backend launches them: every launcher enqueues
 * its kernel on stream and checks the launch. The arrays are device
 * pointers; with -DSWE_MESH_STATE_STRIDE=3 (make MESH_CUDA_LAYOUT=aos)
 * the state arrays are (h, hu, hv) records (mesh_arrays.h). */
#ifndef SWE_MESH_CUDA_KERNELS_H
#define SWE_MESH_CUDA_KERNELS_H

#include "backends/cuda/cuda_check.h"

extern "C" {
#include "mesh/numerics/mesh_arrays.h"
}

/* Threads per block of every kernel; edges each thread of the time-step
 * reduction loads before it compares them (loads in flight per thread). */
enum { SWE_MESH_CUDA_BLOCK = 128, SWE_MESH_CUDA_MIN_LOADS = 4 };
/* Blocks of the interior-edge kernel a multiprocessor must hold (80
 * registers a thread at most, 24 warps). */
enum { SWE_MESH_CUDA_EDGE_BLOCKS = 6 };

int swe_mesh_cuda_gradients(const swe_mesh_arrays &arrays, cudaStream_t stream, swe_error *err);
int swe_mesh_cuda_edge_fluxes(const swe_mesh_arrays &arrays, swe_mesh_launch launch,
                              cudaStream_t stream, swe_error *err);
/* Each of `blocks` blocks writes its smallest edge time step to partial
 * (of arrays.edge_count edges from arrays.edge_time_step: the backend's
 * second level points them at the partial minima of the first). */
int swe_mesh_cuda_min_steps(const swe_mesh_arrays &arrays, real *partial, int blocks,
                            cudaStream_t stream, swe_error *err);
int swe_mesh_cuda_update_cells(const swe_mesh_arrays &arrays, swe_mesh_launch launch,
                               cudaStream_t stream, swe_error *err);

#endif
