/* The floating-point type of the whole solver, fixed at build time, and the
 * few portability macros that let the numerics headers compile unchanged as
 * C11, as CUDA C++ and as OpenCL C. */
#ifndef SWE_REAL_H
#define SWE_REAL_H

#if defined(__OPENCL_VERSION__)
/* OpenCL C: the math built-ins are overloaded for float and double. */
#ifdef SWE_PRECISION_DOUBLE
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double real;
#else
typedef float real;
#endif
/* Always inlined: an out-of-line solver call stops PoCL from vectorising
 * the work-item loop around it. */
#define SWE_INLINE static inline __attribute__((always_inline))
#define SWE_SQRT(x) sqrt(x)
#define SWE_FABS(x) fabs(x)
#define SWE_FMAX(a, b) fmax((a), (b))
#define SWE_FMIN(a, b) fmin((a), (b))
/* Where the arrays that device code writes live; OpenCL C 1.2 has no
 * generic address space, so the shared device helpers name it. */
#define SWE_GLOBAL __global

#else /* C or CUDA */
#define SWE_GLOBAL
#ifdef SWE_PRECISION_DOUBLE
typedef double real;
#define SWE_SQRT(x) sqrt(x)
#define SWE_FABS(x) fabs(x)
#else
typedef float real;
#define SWE_SQRT(x) sqrtf(x)
#define SWE_FABS(x) fabsf(x)
#endif
/* Written as selects, not fmax/fmin calls, so that GCC vectorises loops
 * over them without -ffast-math. */
#define SWE_FMAX(a, b) ((a) > (b) ? (a) : (b))
#define SWE_FMIN(a, b) ((a) < (b) ? (a) : (b))
#ifdef __CUDACC__
#define SWE_INLINE __host__ __device__ static inline
#else
#include <math.h>
/* Always inlined, as in OpenCL C: a solver left out of line (GCC's size
 * heuristics decline the larger ones) is a call the edge loops cannot
 * vectorise around. */
#if defined(__GNUC__)
#define SWE_INLINE static inline __attribute__((always_inline))
#else
#define SWE_INLINE static inline
#endif
#endif
#endif

#ifdef SWE_PRECISION_DOUBLE
#define SWE_PRECISION_NAME "double"
#else
#define SWE_PRECISION_NAME "single"
#endif

/* Gravitational acceleration, m/s^2. */
#define SWE_GRAVITY ((real)9.81)
/* The dry tolerance, metres. A cell shallower than this has no velocity
 * (its momentum is dropped, so that a film cannot create huge speeds),
 * counts as dry bed in the wave-speed estimates (fronts run into it at
 * u + 2c) and, where its bed stands above the neighbour's surface, as a
 * wall. Its depth is never dropped: every solver keeps it in the
 * hydrostatic balance, so water at rest stays at rest whatever its depth,
 * and no solver's split lets a depth go negative, so the update never
 * clips water into being. The tolerance is therefore only a velocity
 * cut-off, and small: 1e-6 m stalls a front on its last micrometre, where
 * 1 mm held back Ritter's front by 45 m on a 10 m dam break
 * (docs/VALIDATION.md). `make DRY_TOLERANCE=metres` builds every backend
 * with another value (the OpenCL kernels receive it as a build option). */
#ifndef SWE_DRY_TOLERANCE_METRES
#define SWE_DRY_TOLERANCE_METRES 1.0e-6
#endif
#define SWE_DRY_TOLERANCE ((real)SWE_DRY_TOLERANCE_METRES)

/* numerator / denominator for a positive denominator; the solvers divide
 * through this wherever the denominator is positive. Where
 * SWE_DIVIDE_SKIPS_ZERO is 1 a zero numerator is returned as it is: the
 * same bits (+0 or -0 divided by a positive number is that zero), but the
 * division is skipped. GPUs want that in double precision: their IEEE
 * fp64 division sends every zero numerator to an out-of-line slow path,
 * and water at rest has zero momenta, jumps and splits
 * (docs/RESULTS-cuda.md). A vectorised CPU loop divides every lane
 * anyway, so there the test would only cost instructions; the OpenCL
 * host sets it for GPU devices. tests/cartesian/test_zero_numerator.c checks the
 * bits. */
#ifndef SWE_DIVIDE_SKIPS_ZERO
#if defined(SWE_PRECISION_DOUBLE) && defined(__CUDA_ARCH__)
#define SWE_DIVIDE_SKIPS_ZERO 1
#else
#define SWE_DIVIDE_SKIPS_ZERO 0
#endif
#endif

/* Where SWE_APPROXIMATE_DIVIDE is 1 (a GPU's single-precision build:
 * CUDA's, whose -prec-div=false already makes x / y the hardware's
 * reciprocal of y times x, and OpenCL's, cl_math.c), the division is that
 * reciprocal and product alone: without the guard that rescales both
 * operands for denominators above 2^126, four more instructions a
 * division, a tenth of CUDA's fused step (docs/RESULTS-cuda.md). The
 * denominators here are depths, sums of square roots of depths and
 * spreads of wave speeds, far below that. */
#ifndef SWE_APPROXIMATE_DIVIDE
#define SWE_APPROXIMATE_DIVIDE 0
#endif
#if SWE_APPROXIMATE_DIVIDE && !defined(SWE_PRECISION_DOUBLE) && defined(__CUDA_ARCH__)
#define SWE_QUOTIENT(numerator, denominator) __fdividef(numerator, denominator)
#elif SWE_APPROXIMATE_DIVIDE && !defined(SWE_PRECISION_DOUBLE) && defined(__OPENCL_VERSION__)
#define SWE_QUOTIENT(numerator, denominator) native_divide(numerator, denominator)
#else
#define SWE_QUOTIENT(numerator, denominator) ((numerator) / (denominator))
#endif

SWE_INLINE real swe_divide_positive(real numerator, real denominator)
{
    return (SWE_DIVIDE_SKIPS_ZERO && numerator == (real)0) ? numerator
                                                           : SWE_QUOTIENT(numerator, denominator);
}

#endif
