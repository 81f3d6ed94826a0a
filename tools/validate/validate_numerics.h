/* The commands of shallows-validate that measure the numerics of issue
 * "numerical truth" (see tools/validate/validate_numerics.c). */
#ifndef SWE_VALIDATE_NUMERICS_H
#define SWE_VALIDATE_NUMERICS_H

#include "shallow_water/riemann.h"

/* lake-at-rest over the Gaussian bump and around a dry island, 200^2, 100 s. */
int swe_validate_rest(enum swe_solver solver);

/* A rest case of common/cartesian/scenarios/rest_cases.h on 50^2 cells for t_end. */
int swe_validate_balance(const char *case_name, enum swe_solver solver, double t_end);

/* Ritter's or Stoker's dam break on n x 1 cells for each n: L1 of h and
 * hu, and Ritter's front beside the exact one. */
int swe_validate_dam_break(const char *case_name, enum swe_solver solver, int grid_count,
                           const int *grids);

/* One step of the 10 | 2 m dam break: the two cells beside the dam. */
int swe_validate_first_step(enum swe_solver solver);

#endif
