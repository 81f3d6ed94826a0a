/* The preconditioner's steps around clFFT on the device (ns_clfft.c), as
 * the CUDA backend takes them around cuFFT: the input times the fluid mask
 * on the even extension of the grid (a wall axis mirrored to twice its
 * length, ns/grid/ns_even_extension.h), the spectrum of the real-to-complex
 * transform divided by the eigenvalues, and the extended grid's first
 * octant back onto the cells, times the mask. */
#ifndef SWE_CL_CONTRACT
#pragma OPENCL FP_CONTRACT OFF
#endif
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#include "ns/grid/ns_even_extension.h"
#include "ns/grid/ns_grid.h"

static int mirror(int index, int n)
{
    return index < n ? index : 2 * n - 1 - index;
}

/* One work-item per point of the extended grid e (x fastest). */
__kernel void ns_extend(ns_geometry g, int e0, int e1, int e2, __global const real *in,
                        __global const unsigned char *fluid, __global real *extended)
{
    long point = get_global_id(0);
    if (point >= (long)e0 * e1 * e2) {
        return;
    }
    int i = (int)(point % e0), j = (int)(point / e0 % e1), k = (int)(point / ((long)e0 * e1));
    long c = (long)(mirror(i, g.n[0]) + NS_GHOST) +
             (long)(mirror(j, g.n[1]) + NS_GHOST) * g.stride[1] +
             (long)(mirror(k, g.n[2]) + NS_GHOST) * g.stride[2];
    extended[point] = (real)fluid[c] * in[c];
}

/* One work-item per mode of the half spectrum (e0 / 2 + 1 along x), its
 * real and imaginary parts interleaved. */
__kernel void ns_spectral_divide(int e0, int e1, int e2, __global const double *eigenvalues,
                                 __global real *spectrum, double scale)
{
    long point = get_global_id(0);
    int half_x = e0 / 2 + 1;
    if (point >= (long)half_x * e1 * e2) {
        return;
    }
    int m0 = (int)(point % half_x), m1 = (int)(point / half_x % e1);
    long m2 = point / ((long)half_x * e1);
    const int n[NS_AXES] = {e0, e1, e2};
    double factor = ns_even_extension_factor(n, eigenvalues, m0, m1, m2, scale);
    spectrum[2 * point] = (real)(spectrum[2 * point] * factor);
    spectrum[2 * point + 1] = (real)(spectrum[2 * point + 1] * factor);
}

/* One work-item per interior cell (n[0] x n[1] x n[2] exactly). */
__kernel void ns_restrict(ns_geometry g, int e0, int e1, __global const real *extended,
                          __global const unsigned char *fluid, __global real *out)
{
    int i = (int)get_global_id(0), j = (int)get_global_id(1), k = (int)get_global_id(2);
    long c =
        (long)(k + NS_GHOST) * g.stride[2] + (long)(j + NS_GHOST) * g.stride[1] + (i + NS_GHOST);
    out[c] = (real)fluid[c] * extended[((long)k * e1 + j) * e0 + i];
}
