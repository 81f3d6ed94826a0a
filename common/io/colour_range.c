#include "io/colour_range.h"

#include <math.h>
#include <stddef.h>

void swe_colour_range_widen(swe_colour_range *range, const swe_colour_range *more)
{
    if (range != NULL && more != NULL) {
        range->low = fmin(range->low, more->low);
        range->high = fmax(range->high, more->high);
    }
}
