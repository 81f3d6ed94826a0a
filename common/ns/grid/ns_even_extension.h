/* The FFT solve of the obstacle-free pressure problem where the FFT has
 * no cosine transform (cuFFT): a wall axis is mirrored to twice its
 * length (the even extension, on which the periodic solve is the Neumann
 * one), a periodic axis stays; minus the Laplacian is then diagonal in the
 * extended grid's Fourier modes. What one GPU's solve and the slabs' share,
 * in C for the host and the device (CUDA, and OpenCL C: clFFT has no cosine
 * transform either). */
#ifndef NS_EVEN_EXTENSION_H
#define NS_EVEN_EXTENSION_H

#include "core/real.h"
#include "ns/grid/ns_grid.h"

#if !defined(__OPENCL_VERSION__)
/* Fills n_extended and eigenvalues (n_extended[0] + n_extended[1] +
 * n_extended[2] of them: of minus the periodic 1D Laplacian per extended
 * axis, the axes concatenated; NULL: not wanted) and returns the
 * transforms' scale, 1 / (extended points): the FFTs do not normalise. */
double ns_even_extension(const ns_grid *grid, int n_extended[NS_AXES], double *eigenvalues);
#endif

/* The factor of mode (m0, m1, m2) of the extended grid n (m1, m2: the
 * whole domain's indices): scale over the sum of the axes' eigenvalues;
 * 0 for the mean mode (0, 0, 0), whose eigenvalue 0 fixes the pressure's
 * mean. */
SWE_INLINE double ns_even_extension_factor(const int n[NS_AXES],
                                           const SWE_GLOBAL double *eigenvalues, int m0, int m1,
                                           long m2, double scale)
{
    return m0 == 0 && m1 == 0 && m2 == 0
               ? 0.0
               : scale / (eigenvalues[m0] + eigenvalues[n[0] + m1] + eigenvalues[n[0] + n[1] + m2]);
}

#endif
