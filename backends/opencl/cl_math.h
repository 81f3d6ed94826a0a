/* The math of the device's compiler: how the kernels round. Exact on a
 * CPU (the same bits as the serial backend: IEEE division and square root,
 * no a * b + c contracted into one rounding); on a GPU the cheaper forms
 * that stay within the agreement of CUDA's kernels with serial
 * (tests/cartesian/agreement_check.c); `--cl-math OPTIONS` replaces either. */
#ifndef SWE_CL_MATH_H
#define SWE_CL_MATH_H

#include "core/error.h"

#include <CL/cl.h>
#include <stddef.h>

/* The options for device: `asked` (the value of --cl-math) when it is not
 * NULL, else the device's default; in double precision a GPU also skips
 * divisions of zero (SWE_DIVIDE_SKIPS_ZERO, core/real.h: the same bits).
 * SWE_ERROR_USAGE when `asked` holds anything but compiler options. */
int swe_cl_math_options(cl_device_id device, const char *asked, char *options, size_t size,
                        swe_error *err);

/* The build's precision as a kernel compiler option (with its space). */
#ifdef SWE_PRECISION_DOUBLE
#define SWE_CL_PRECISION_OPTION " -DSWE_PRECISION_DOUBLE"
#else
#define SWE_CL_PRECISION_OPTION ""
#endif

#endif
