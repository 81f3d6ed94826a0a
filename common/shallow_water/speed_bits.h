/* Max reductions over wave speeds as integer max reductions. Wave speeds
 * are never negative, and the bits of non-negative IEEE numbers sort like
 * unsigned integers, with every NaN (of either sign) above infinity. An
 * integer max therefore finds the fastest speed, keeps any NaN, is exact
 * in any order (so every thread count gives the same bits), vectorises
 * and reduces across threads without -ffast-math, and lets GPU blocks
 * combine their maxima with one integer atomic max. Compiled as C, as
 * CUDA (host and device) and as OpenCL C, like the solvers. */
#ifndef SWE_SPEED_BITS_H
#define SWE_SPEED_BITS_H

#include "core/real.h"

/* Per language: the bits type, and on devices the built-ins that
 * reinterpret a speed as bits and back (SWE_SPEED_AS_BITS,
 * SWE_BITS_AS_SPEED) and combine bits in global memory by an atomic max. */
#if defined(__OPENCL_VERSION__) && defined(SWE_PRECISION_DOUBLE)
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
typedef ulong swe_speed_bits;
#define SWE_SPEED_AS_BITS(speed) as_ulong(speed)
#define SWE_BITS_AS_SPEED(bits) as_double(bits)
#define SWE_ATOMIC_MAX_BITS(pointer, bits) atom_max((pointer), (bits))
#elif defined(__OPENCL_VERSION__)
typedef uint swe_speed_bits;
#define SWE_SPEED_AS_BITS(speed) as_uint(speed)
#define SWE_BITS_AS_SPEED(bits) as_float(bits)
#define SWE_ATOMIC_MAX_BITS(pointer, bits) atomic_max((pointer), (bits))
#elif defined(__CUDACC__)
#include <string.h>
/* The types that atomicMax takes; the built-ins exist in device code. */
#ifdef SWE_PRECISION_DOUBLE
typedef unsigned long long swe_speed_bits;
#if defined(__CUDA_ARCH__)
#define SWE_SPEED_AS_BITS(speed) ((swe_speed_bits)__double_as_longlong(speed))
#define SWE_BITS_AS_SPEED(bits) __longlong_as_double((long long)(bits))
#endif
#else
typedef unsigned int swe_speed_bits;
#if defined(__CUDA_ARCH__)
#define SWE_SPEED_AS_BITS(speed) __float_as_uint(speed)
#define SWE_BITS_AS_SPEED(bits) __uint_as_float(bits)
#endif
#endif
#define SWE_ATOMIC_MAX_BITS(pointer, bits) atomicMax((pointer), (bits))
#else
#include <stdint.h>
#include <string.h>
#ifdef SWE_PRECISION_DOUBLE
typedef uint64_t swe_speed_bits;
#else
typedef uint32_t swe_speed_bits;
#endif
#endif

/* The same bits on the host, through memcpy (no aliasing rules broken). */
SWE_INLINE swe_speed_bits swe_speed_to_bits(real speed)
{
#ifdef SWE_SPEED_AS_BITS
    return SWE_SPEED_AS_BITS(speed);
#else
    swe_speed_bits bits;
    memcpy(&bits, &speed, sizeof bits);
    return bits;
#endif
}

SWE_INLINE real swe_speed_from_bits(swe_speed_bits bits)
{
#ifdef SWE_BITS_AS_SPEED
    return SWE_BITS_AS_SPEED(bits);
#else
    real speed;
    memcpy(&speed, &bits, sizeof speed);
    return speed;
#endif
}

SWE_INLINE swe_speed_bits swe_max_bits(swe_speed_bits a, swe_speed_bits b)
{
    return a > b ? a : b;
}

/* Whether bits hold a NaN of either sign (its bits without the sign lie
 * above infinity's): the speed of a state that went wrong. */
SWE_INLINE int swe_speed_bits_nan(swe_speed_bits bits)
{
#ifdef SWE_PRECISION_DOUBLE
    const swe_speed_bits infinity = (swe_speed_bits)0x7FF00000u << 32;
    const swe_speed_bits magnitude = ~((swe_speed_bits)1 << 63);
#else
    const swe_speed_bits infinity = (swe_speed_bits)0x7F800000u;
    const swe_speed_bits magnitude = (swe_speed_bits)0x7FFFFFFFu;
#endif
    return (bits & magnitude) > infinity;
}

#endif
