/* Max reductions over wave speeds as integer max reductions. Wave speeds
 * are never negative, and the bits of non-negative IEEE numbers sort like
 * unsigned integers, with every NaN (of either sign) above infinity. An
 * integer max therefore finds the fastest speed, keeps any NaN, is exact
 * in any order (so every thread count gives the same bits), and vectorises
 * and reduces across threads without -ffast-math. Host C only. */
#ifndef SWE_SPEED_BITS_H
#define SWE_SPEED_BITS_H

#include "core/real.h"

#include <stdint.h>
#include <string.h>

#ifdef SWE_PRECISION_DOUBLE
typedef uint64_t swe_speed_bits;
#else
typedef uint32_t swe_speed_bits;
#endif

static inline swe_speed_bits swe_speed_to_bits(real speed)
{
    swe_speed_bits bits;
    memcpy(&bits, &speed, sizeof bits);
    return bits;
}

static inline real swe_speed_from_bits(swe_speed_bits bits)
{
    real speed;
    memcpy(&speed, &bits, sizeof speed);
    return speed;
}

#endif
