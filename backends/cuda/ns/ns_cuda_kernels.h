/* The kernels of the CUDA backend of the Navier-Stokes application
 * (solutions/cuda/ns/), launched on the backend's stream. Each
 * launcher checks its launch and returns SWE_OK or SWE_ERROR_RUNTIME. */
#ifndef NS_CUDA_KERNELS_H
#define NS_CUDA_KERNELS_H

#include <cuda_runtime.h>

extern "C" {
#include "core/error.h"
#include "ns/grid/ns_grid.h"
}

/* The device arrays (padded fields, ns/grid/ns_grid.h) a kernel reads. */
typedef struct ns_device_fields {
    real *velocity[NS_AXES];
    real *residual[NS_AXES];
    real *history[NS_AXES];
    const unsigned char *fluid;
    ns_geometry geometry;
    real viscosity;
    real force[NS_AXES];
    int multiprocessors; /* of the device: level 3 sizes its blocks' chunks by it */
} ns_device_fields;

/* Dynamic shared memory of a kernel (the host emulation of tests/
 * staggered/cuda_host/ gives it a buffer of its own). */
#ifndef NS_CUDA_DYNAMIC_SHARED
#define NS_CUDA_DYNAMIC_SHARED(type, name) extern __shared__ type name[]
#endif

/* Threads of a per-cell launch: 32 along x (coalesced), 8 along y. */
enum { NS_CUDA_BLOCK_X = 32, NS_CUDA_BLOCK_Y = 8, NS_CUDA_Z_CHUNK = 16, NS_CUDA_REDUCE = 256 };

/* Momentum residuals R(u^n): level 1 one thread per cell from global
 * memory; level 2 (Costarelli et al. n.d., figures 3-4) a block marches along z through
 * xy-planes held in shared memory; level 3 the same, the planes copied
 * ahead asynchronously and the z fluxes handed on along the column. */
int ns_cuda_momentum(const ns_device_fields *f, int level, cudaStream_t stream, swe_error *err);
int ns_cuda_momentum_level3(const ns_device_fields *f, cudaStream_t stream, swe_error *err);

int ns_cuda_predict(const ns_device_fields *f, real dt, real weight_new, real weight_old,
                    cudaStream_t stream, swe_error *err);
int ns_cuda_divergence(const ns_device_fields *f, real scale, real *out, cudaStream_t stream,
                       swe_error *err);
int ns_cuda_laplacian(const ns_device_fields *f, const real *in, real *out, cudaStream_t stream,
                      swe_error *err);
int ns_cuda_correct(const ns_device_fields *f, const real *pressure, real factor,
                    cudaStream_t stream, swe_error *err);
int ns_cuda_axpy(const ns_device_fields *f, real alpha, const real *x, real *y, cudaStream_t stream,
                 swe_error *err);
int ns_cuda_xpay(const ns_device_fields *f, const real *x, real beta, real *y, cudaStream_t stream,
                 swe_error *err);
int ns_cuda_shift(const ns_device_fields *f, real shift, real *x, cudaStream_t stream,
                  swe_error *err);

/* Ghost layers of one field (what: component 0..2, NS_FILL_SCALAR). */
int ns_cuda_fill_ghosts(const ns_grid *grid, real *field, int what, cudaStream_t stream,
                        swe_error *err);

/* Reductions over the interior, in double, in a fixed order (block
 * partials, then one block over them): the same result on every run.
 * partial holds at least ns_cuda_reduction_blocks(f) + 1 doubles. */
enum ns_reduction { NS_REDUCE_DOT, NS_REDUCE_FLUID_SUM, NS_REDUCE_FLUID_COUNT, NS_REDUCE_MAX_ABS };
int ns_cuda_reduction_blocks(const ns_device_fields *f);
int ns_cuda_reduce(const ns_device_fields *f, enum ns_reduction operation, const real *x,
                   const real *y, double *partial, double *result, cudaStream_t stream,
                   swe_error *err);

/* The preconditioner's steps on the extended grid n_extended (n, or 2n
 * along a wall axis, the even mirror image): extend in (times the mask),
 * divide the transform by the eigenvalues, restrict back (times the mask). */
int ns_cuda_extend(const ns_device_fields *f, const int n_extended[NS_AXES], const real *in,
                   real *extended, cudaStream_t stream, swe_error *err);
int ns_cuda_spectral_divide(const int n_extended[NS_AXES], const double *eigenvalues,
                            void *spectrum, double scale, cudaStream_t stream, swe_error *err);
int ns_cuda_restrict(const ns_device_fields *f, const int n_extended[NS_AXES], const real *extended,
                     real *out, cudaStream_t stream, swe_error *err);

#endif
