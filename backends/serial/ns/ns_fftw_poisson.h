/* The preconditioner of the pressure solve on the CPU (Costarelli et al. n.d., section 1.6):
 * the exact inverse of minus the Laplacian of the domain without
 * obstacles, applied with FFTW. Periodic axes take the real DFT in
 * halfcomplex form (R2HC / HC2R), wall axes the cosine transform whose
 * basis diagonalises the Neumann Laplacian (REDFT10 / REDFT01, DCT-II and
 * III): one r2r code path for any mix of walls and periodic axes, and the
 * divide by the eigenvalues is the same loop for both. Each 3D transform
 * is three passes of 1D transforms along one axis, each pass cut into
 * fixed batches (planes or rows) that one single-threaded FFTW plan per
 * pass executes: a backend runs the batches serially or in parallel, and
 * every batch does the same arithmetic either way, so the result does not
 * depend on the number of threads, bit for bit. (FFTW's own threaded plans
 * may pick other algorithms for other thread counts: no such guarantee.) */
#ifndef NS_FFTW_POISSON_H
#define NS_FFTW_POISSON_H

#include "core/error.h"
#include "ns/grid/ns_grid.h"

enum ns_fft_pass {
    NS_FFT_PACK, /* padded input times the fluid mask -> packed buffer */
    NS_FFT_FORWARD_X,
    NS_FFT_FORWARD_Y,
    NS_FFT_FORWARD_Z,
    NS_FFT_DIVIDE, /* by the eigenvalues and the transforms' scale */
    NS_FFT_BACKWARD_Z,
    NS_FFT_BACKWARD_Y,
    NS_FFT_BACKWARD_X,
    NS_FFT_UNPACK, /* packed buffer times the fluid mask -> padded output */
    NS_FFT_PASSES
};

typedef struct ns_fftw_poisson ns_fftw_poisson;

/* Plans the transforms of grid (FFTW_ESTIMATE: the same plans every time,
 * no timing runs) and the eigenvalues; SWE_ERROR_RUNTIME when FFTW cannot
 * plan or memory runs out. Not thread-safe (FFTW's planner is not). */
int ns_fftw_poisson_create(const ns_grid *grid, ns_fftw_poisson **out, swe_error *err);
void ns_fftw_poisson_destroy(ns_fftw_poisson *poisson);

/* Sets plane k of the transforms' buffer to 0 (its first touch, by the
 * thread that transforms it). */
void ns_fftw_clear_plane(ns_fftw_poisson *poisson, int k);

/* Independent batches of pass: planes (k) or rows (j). */
int ns_fftw_pass_batches(const ns_fftw_poisson *poisson, enum ns_fft_pass pass);

/* Batch b of pass; in, fluid and out are padded fields (in is read by the
 * pack pass, out written by the unpack pass). */
void ns_fftw_run_batch(ns_fftw_poisson *poisson, enum ns_fft_pass pass, int batch, const real *in,
                       const unsigned char *fluid, real *out);

#endif
