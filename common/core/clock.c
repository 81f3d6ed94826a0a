#include "core/clock.h"

#include <stddef.h>

int swe_fail_invalid_state(swe_error *err, const swe_clock *clock, const char *where)
{
    if (clock == NULL) {
        return swe_fail(
            err, SWE_ERROR_RUNTIME,
            "the state is invalid (NaN, infinite or unphysical values): %s (try a smaller "
            "--cfl)",
            where != NULL ? where : "no single cell shows it");
    }
    return swe_fail(err, SWE_ERROR_RUNTIME,
                    "step %ld at t = %.6g s made the state invalid (NaN, infinite or unphysical "
                    "values): %s (try a smaller --cfl)",
                    clock->steps, clock->t, where != NULL ? where : "no single cell shows it");
}
