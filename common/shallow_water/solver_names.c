#include "shallow_water/solver_names.h"

#include <string.h>

static const char *const solver_names[SWE_SOLVER_COUNT] = {"fwave", "hlle", "rusanov", "augrie"};

const char *swe_solver_name(enum swe_solver solver)
{
    return solver >= 0 && solver < SWE_SOLVER_COUNT ? solver_names[solver] : "unknown";
}

int swe_solver_lookup(const char *name, enum swe_solver *solver, swe_error *err)
{
    for (int s = 0; name != NULL && solver != NULL && s < SWE_SOLVER_COUNT; ++s) {
        if (strcmp(name, solver_names[s]) == 0) {
            *solver = (enum swe_solver)s;
            return SWE_OK;
        }
    }
    return swe_fail(err, SWE_ERROR_USAGE,
                    "unknown solver '%s' (choose fwave, hlle, rusanov or augrie)",
                    name != NULL ? name : "");
}
