#include "core/float_mode.h"

#if !defined(SWE_PRECISION_DOUBLE) && defined(__SSE2__)
#include <xmmintrin.h>
/* MXCSR: FTZ (bit 15) writes zero for a subnormal result, DAZ (bit 6)
 * reads a subnormal operand as zero. */
enum { FLUSH_TO_ZERO = 1u << 15, DENORMALS_ARE_ZERO = 1u << 6 };

void swe_set_float_mode(void)
{
    _mm_setcsr(_mm_getcsr() | FLUSH_TO_ZERO | DENORMALS_ARE_ZERO);
}
#elif !defined(SWE_PRECISION_DOUBLE) && defined(__aarch64__)
/* FPCR.FZ (bit 24) flushes subnormal operands and results. */
enum { FLUSH_TO_ZERO = 1u << 24 };

void swe_set_float_mode(void)
{
    __builtin_aarch64_set_fpcr(__builtin_aarch64_get_fpcr() | FLUSH_TO_ZERO);
}
#else
void swe_set_float_mode(void)
{
    /* double precision keeps IEEE gradual underflow */
}
#endif
