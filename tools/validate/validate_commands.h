/* The measuring commands of shallows-validate (tools/validate/validate_commands.c;
 * the comment at the top of tools/validate/validate.c says what each prints). Each
 * returns the program's exit status. */
#ifndef SWE_VALIDATE_COMMANDS_H
#define SWE_VALIDATE_COMMANDS_H

#include "shallow_water/riemann.h"
#include "tools/validate/validate_cases.h"

/* Prints message with a pointer to the usage; returns 2 (tools/validate/validate.c). */
int swe_validate_usage(const char *message);

int swe_validate_convergence(const validation_case *vc, enum swe_solver solver, int grid_count,
                             const int *grids);
/* whole_field: every row as x, y, h, surface; else the profile row. */
int swe_validate_profile(const validation_case *vc, enum swe_solver solver, int n, const char *path,
                         int whole_field);
int swe_validate_split(enum swe_solver solver, double period_fraction, int grid_count,
                       const int *grids);
int swe_validate_dump(const char *scenario_name, enum swe_solver solver, int n, const char *path);
int swe_validate_compare(const char *backend_name, enum swe_solver solver, int grid_count,
                         const int *grids);

#endif
