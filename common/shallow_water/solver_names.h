/* The names of the Riemann solvers, as --solver, the summary line and the
 * files' attributes spell them. */
#ifndef SWE_SOLVER_NAMES_H
#define SWE_SOLVER_NAMES_H

#include "core/error.h"
#include "shallow_water/riemann.h"

/* "fwave", "hlle", "rusanov" or "augrie"; "unknown" out of range. */
const char *swe_solver_name(enum swe_solver solver);

/* The solver called name; SWE_ERROR_USAGE naming the choices otherwise. */
int swe_solver_lookup(const char *name, enum swe_solver *solver, swe_error *err);

#endif
