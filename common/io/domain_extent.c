#include "io/domain_extent.h"

#include <math.h>
#include <stddef.h>

int swe_domain_extent_check(const char *what, const char *axis, double low, double high,
                            const char *fix, swe_error *err)
{
    if (what == NULL || axis == NULL || fix == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: which domain to check?");
    }
    double extent = high - low;
    /* Written so that a NaN fails every comparison and is refused. */
    if (fabs(low) <= SWE_DOMAIN_MAX_COORDINATE && fabs(high) <= SWE_DOMAIN_MAX_COORDINATE &&
        extent >= SWE_DOMAIN_MIN_EXTENT && extent <= SWE_DOMAIN_MAX_EXTENT) {
        return SWE_OK;
    }
    return swe_fail(err, SWE_ERROR_USAGE,
                    "%s spans %s = %g to %g, not a domain of 1 mm to 100 000 km (%s)", what, axis,
                    low, high, fix);
}
