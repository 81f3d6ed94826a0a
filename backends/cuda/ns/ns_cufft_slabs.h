/* The preconditioner of a run over slabs (ns/grid/ns_slabs.h) on GPUs: one
 * process's FFT solve (ns_cufft_poisson: the even extension of
 * ns/grid/ns_even_extension.h) distributed as the slabs lie.
 * Each slab mirrors x and y of its planes and transforms them (a batched
 * 2D R2C); one all-to-all (ns/grid/ns_slab_transpose.h) gives every slab
 * all z of a block of ky rows; there it mirrors z where z has walls,
 * transforms along z (a batched 1D C2C), divides by the eigenvalues and
 * transforms back; the all-to-all back, the 2D C2R, and the slab's
 * interior times the mask. The all-to-alls move device buffers where MPI
 * reads them, else pinned host copies of them. */
#ifndef NS_CUFFT_SLABS_H
#define NS_CUFFT_SLABS_H

#include "backends/cuda/ns/ns_cuda_kernels.h"

#include <cufft.h>

extern "C" {
#include "ns/grid/ns_slab_transpose.h"
#include "ns/solver/ns_solver.h"
}

typedef struct ns_cufft_slabs {
    ns_slab_transpose transpose; /* rows: ky, each of n_extended[0] / 2 + 1 complex */
    int n_extended[NS_AXES];     /* of the whole domain, as one process's */
    int planes;                  /* of the slab */
    real *extended;              /* the slab's planes, x and y mirrored */
    void *spectrum;              /* their 2D spectra: [plane][ky][kx] */
    void *columns;               /* the slab's ky rows of every z: [z][row][kx], n_extended[2] z */
    void *packed;                /* the spectra by destination: device memory, or pinned */
    void *staged_columns; /* pinned: the columns as MPI moves them; NULL with device pointers */
    double *eigenvalues;  /* per axis, concatenated: of minus the periodic 1D Laplacian */
    double scale;         /* 1 / (extended points of the whole domain) */
    cufftHandle planes_forward, planes_backward, along_z;
    bool have_planes_forward, have_planes_backward, have_along_z;
    bool device_pointers;
} ns_cufft_slabs;

/* Plans the transforms and allocates the buffers of solver's slab (solver
 * has slabs) on stream. SWE_ERROR_USAGE when they do not fit. */
int ns_cufft_slabs_create(ns_cufft_slabs *poisson, const ns_solver *solver, cudaStream_t stream,
                          swe_error *err);
void ns_cufft_slabs_destroy(ns_cufft_slabs *poisson);

/* out = the whole domain's preconditioner applied to in (device fields of
 * the slab, times the mask in and out). Collective over the slabs; waits
 * for stream before each all-to-all. */
int ns_cufft_slabs_apply(ns_cufft_slabs *poisson, const ns_solver *solver,
                         const ns_device_fields *fields, const real *in, real *out,
                         cudaStream_t stream, swe_error *err);

#endif
