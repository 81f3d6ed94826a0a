/* The CUDA backend's side of a run over slabs (MPI ranks, one GPU each:
 * ns/grid/ns_slabs.h): the ghost planes behind the slab's neighbour faces
 * leave and enter the device's fields, as contiguous runs of whole padded
 * planes, either straight from device memory (an MPI that reads it) or
 * through pinned host staging; the CG's sums add the slabs' values; the
 * preconditioner is the whole domain's FFT solve distributed over the
 * slabs' GPUs (ns_cufft_slabs.h). */
#ifndef NS_CUDA_SLABS_H
#define NS_CUDA_SLABS_H

#include "backends/cuda/ns/ns_cufft_slabs.h"

#include <cuda_runtime.h>

extern "C" {
#include "ns/solver/ns_solver.h"
}

typedef struct ns_cuda_slabs {
    /* Pinned host staging: the planes sent below and above, those
     * received from below and above (NS_GHOST planes each). */
    char *planes[4];
    ns_cufft_slabs poisson;
    bool have_poisson;
} ns_cuda_slabs;

/* Allocates the staging and plans the preconditioner of solver's slab on
 * stream; a solver without slabs needs none (SWE_OK, nothing allocated). */
int ns_cuda_slabs_create(ns_cuda_slabs *staging, const ns_solver *solver, cudaStream_t stream,
                         swe_error *err);
void ns_cuda_slabs_destroy(ns_cuda_slabs *staging);

/* The ghost planes of a device field behind the slab's neighbour faces
 * from the slabs next door (its own x and y ghosts filled first); nothing
 * without slabs. Waits for stream. */
int ns_cuda_slabs_exchange(const ns_solver *solver, ns_cuda_slabs *staging, real *field,
                           cudaStream_t stream, swe_error *err);

/* values[0..count-1] = their sums over the slabs; unchanged without. */
int ns_cuda_slabs_sum(const ns_solver *solver, double *values, int count, swe_error *err);

/* out = the whole domain's preconditioner applied to in (device fields
 * of the slab); only with slabs. Waits for stream. */
int ns_cuda_slabs_precondition(const ns_solver *solver, ns_cuda_slabs *staging,
                               const ns_device_fields *fields, const real *in, real *out,
                               cudaStream_t stream, swe_error *err);

#endif
