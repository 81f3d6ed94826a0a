/* The validation cases of shallows-validate and the references they are
 * measured against (tools/validate/validate_cases.c). */
#ifndef SWE_VALIDATE_CASES_H
#define SWE_VALIDATE_CASES_H

#include "cartesian/grid/block.h"
#include "cartesian/scenarios/validation.h"
#include "shallow_water/dam_break_exact.h"
#include "shallow_water/riemann.h"
#include "tools/validate/radial_reference.h"

typedef struct validation_case {
    const char *name;     /* command-line name */
    const char *scenario; /* the scenario it runs */
    double t_end;         /* seconds */
    int ny_is_nx;         /* square grids; else 1D with ny = 2 */
} validation_case;

/* The references each case is measured against. */
typedef struct validation_reference {
    swe_thacker_exact thacker;
    swe_thacker_at thacker_at;
    swe_radial_reference radial;
    swe_dam_break_exact dam_break;
    swe_block fine; /* partial dam break: a finer run of the same solver */
    int fine_cells;
} validation_reference;

/* The case of this command-line name (thacker, circular, partial, stoker,
 * ritter), or NULL. */
const validation_case *swe_validate_find_case(const char *name);

/* Runs a case on an n-cell grid; the block holds the state at t_end.
 * 1 on success, else 0 after a message on stderr. */
int swe_validate_run_case(const validation_case *vc, const char *backend, enum swe_solver solver,
                          int n, swe_block *block, long *steps, double *seconds,
                          double *mass_drift);

/* Sets up ref for vc (the partial dam break: a run on ref->fine_cells
 * cells); 1 on success, else 0. */
int swe_validate_prepare_reference(const validation_case *vc, enum swe_solver solver,
                                   validation_reference *ref);
void swe_validate_release_reference(const validation_case *vc, validation_reference *ref);

/* Reference depth at (x, y) for a block of this case. */
double swe_validate_reference_depth(const validation_case *vc, const validation_reference *ref,
                                    const swe_block *block, double x, double y);

#endif
