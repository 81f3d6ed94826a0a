/* The cube root that Manning friction needs (h^(4/3) = h cbrt(h)), from
 * IEEE additions, multiplications and divisions alone, so that C, CUDA and
 * OpenCL C compute the same bits. The libraries' cbrt differ in the last
 * bit (CUDA's cbrtf from glibc's), and second-order runs amplify a bit:
 * one ulp in one cell of channel-flow grows to 2e-4 (fp32) or 4e-11 (fp64)
 * in 100 s (docs/RESULTS-mesh.md), which is what made CUDA differ from
 * serial. Included before shallow_water/friction.h, which then uses it. */
#ifndef SWE_MESH_CBRT_H
#define SWE_MESH_CBRT_H

#include "core/real.h"

/* x^(1/3) for x > 0 (other values come back unchanged): x scaled by
 * powers of 8 into [1, 8) (exact), a rational first guess within 15 %,
 * then five Newton steps, enough for double. */
SWE_INLINE real swe_mesh_cbrt(real x)
{
    if (!(x > (real)0) || !(x < (real)3.0e38)) {
        return x;
    }
    real scale = (real)1;
    for (int k = 0; k < 64 && x >= (real)8; ++k) {
        x *= (real)0.125;
        scale *= (real)2;
    }
    for (int k = 0; k < 64 && x < (real)1; ++k) {
        x *= (real)8;
        scale *= (real)0.5;
    }
    real y = ((real)1 + (real)2 * x) / ((real)2 + x);
    for (int k = 0; k < 5; ++k) {
        y = ((real)2 * y + x / (y * y)) / (real)3;
    }
    return y * scale;
}

#define SWE_CBRT(x) swe_mesh_cbrt(x)

#endif
