/* Measurements that validate the solver against references: a whole run of
 * a scenario held in memory, error norms of the depth against an exact
 * solution, and the figures of a lake that should stay at rest. Used by
 * the validation test suite and by `make validate` (tools/validate/validate.c). */
#ifndef SWE_VALIDATION_H
#define SWE_VALIDATION_H

#include "cartesian/grid/backend.h"
#include "shallow_water/thacker_exact.h"

/* Creates the scenario's block of nx x ny cells on the named backend with
 * the given solver and Manning coefficient, runs it to t_end and brings
 * the host arrays up to date; *steps receives the steps taken. The caller
 * ends with swe_validation_finish. */
int swe_validation_run(const char *scenario_name, const char *backend_name, int nx, int ny,
                       enum swe_solver solver, double manning, double t_end, swe_block *block,
                       long *steps, swe_error *err);

/* Advances a block already set up on a backend (e.g. one built by a test)
 * from rest at t = 0 to t_end, host arrays up to date afterwards. */
int swe_validation_advance(swe_block *block, double cfl, double t_end, long *steps, swe_error *err);

/* Finalises the backend and frees the block. */
void swe_validation_finish(swe_block *block);

/* Norms of a difference field over the interior: L1 and L2 weighted with
 * the cell area (m^3 and m^2 * m for depths), L-infinity the largest. */
typedef struct swe_error_norms {
    double l1, l2, linf;
} swe_error_norms;

/* Depth against a reference depth(x, y, data) at the cell centres. */
swe_error_norms swe_validation_depth_error(const swe_block *block,
                                           double (*depth)(double x, double y, const void *data),
                                           const void *data);

/* Thacker's exact depth at a fixed time, as a reference for the above. */
typedef struct swe_thacker_at {
    const swe_thacker_exact *exact;
    double t;
} swe_thacker_at;
double swe_validation_thacker_depth(double x, double y, const void *thacker_at);

/* How far a lake that started at rest has moved: the largest momentum,
 * the largest change of the surface h + b in cells that are wet, and the
 * largest depth in cells whose bed lies above the surface (should stay 0). */
typedef struct swe_rest_figures {
    double max_momentum;       /* m^2/s */
    double max_surface_change; /* m */
    double max_depth_on_land;  /* m */
} swe_rest_figures;

swe_rest_figures swe_validation_rest_figures(const swe_block *block, double surface);

#endif
