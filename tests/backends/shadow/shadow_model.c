#include "tests/backends/shadow/shadow_model.h"

#include <math.h>
#include <stdlib.h>

const swe_programming_model swe_shadow_model = {
    .name = "shadow",
    .description = "a test double: serial's kernels on a private copy of the state",
    .agreement = SWE_AGREES_BIT_FOR_BIT};

int swe_shadow_fault(double *fault, swe_error *err)
{
    const char *text = getenv("SWE_SHADOW_FAULT");
    *fault = 0.0;
    if (text == NULL || text[0] == '\0') {
        return SWE_OK;
    }
    char *end = NULL;
    *fault = strtod(text, &end);
    if (end == text || *end != '\0' || !(*fault >= 0.0) || !isfinite(*fault)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "SWE_SHADOW_FAULT must be a number >= 0 (a relative error), not '%s'",
                        text);
    }
    return SWE_OK;
}

real swe_shadow_spoil(real value, double fault)
{
    real wrong = (real)((double)value * (1.0 + fault));
#ifdef SWE_PRECISION_DOUBLE
    return wrong != value ? wrong : nextafter(value, INFINITY);
#else
    return wrong != value ? wrong : nextafterf(value, INFINITY);
#endif
}
