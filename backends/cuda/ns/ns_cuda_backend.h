/* The fields of the Navier-Stokes CUDA backend and its preconditioner. */
#ifndef NS_CUDA_BACKEND_H
#define NS_CUDA_BACKEND_H

#include "backends/cuda/ns/ns_cuda_kernels.h"
#include "backends/cuda/ns/ns_cuda_slabs.h"

#include <cufft.h>

extern "C" {
#include "ns/solver/ns_solver.h"
}

/* The FFT solve of the obstacle-free problem with cuFFT. cuFFT has no
 * cosine transform: a wall axis is mirrored to twice its length (the even
 * extension), on which the periodic solve is the Neumann one; a periodic
 * axis stays as it is. One R2C and one C2R transform of the extended grid
 * per application. */
typedef struct ns_cufft_poisson {
    int n_extended[NS_AXES];
    real *extended;      /* n_extended[0] n_extended[1] n_extended[2] reals */
    void *spectrum;      /* (n_extended[0] / 2 + 1) n_extended[1] n_extended[2] complex */
    double *eigenvalues; /* per axis, concatenated: of minus the periodic 1D Laplacian */
    double scale;        /* 1 / (extended points): cuFFT does not normalise */
    cufftHandle forward, backward;
    int have_plans;
} ns_cufft_poisson;

int ns_cufft_poisson_create(ns_cufft_poisson *poisson, const ns_grid *grid, cudaStream_t stream,
                            swe_error *err);
void ns_cufft_poisson_destroy(ns_cufft_poisson *poisson);
int ns_cufft_poisson_apply(ns_cufft_poisson *poisson, const ns_device_fields *fields,
                           const real *in, real *out, cudaStream_t stream, swe_error *err);

typedef struct ns_cuda_ext {
    ns_device_fields fields;
    real *vector[NS_VECTORS]; /* the CG vectors, vector[NS_PRESSURE] the pressure */
    double *partial;          /* reduction partials, then the result */
    ns_cufft_poisson poisson; /* one process's; over slabs, staging.poisson */
    ns_cuda_slabs staging;    /* over slabs */
    cudaStream_t stream;
    int level;
} ns_cuda_ext;

void ns_cuda_finalize(ns_solver *solver);
/* The backend's measure_momentum verb (ns_cuda_measure.cu). */
int ns_cuda_measure_momentum(ns_solver *solver, int launches, double *seconds, double *copy_GBps,
                             swe_error *err);
int ns_cuda_upload(ns_solver *solver, swe_error *err);
int ns_cuda_download(ns_solver *solver, swe_error *err);

#endif
