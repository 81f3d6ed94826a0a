/* Lakes at rest that must stay at rest: the well-balancedness and
 * open-boundary cases of the tests and of `make validate`. Every case has
 * its still surface at 0 m, zero momentum, and depths h = max(0, -b).
 *   shoal   500 m square, 5 m deep, one cell whose bed lies 0.5 mm below
 *           the surface (thinner than any dry tolerance), outflow edges;
 *   island  640 m x 480 m, 4 m deep, three islands rising 2 m above the
 *           surface (wet/dry shorelines on slopes), walls;
 *   coast   500 m square, a rough bed of waves and random noise from 7.5 m
 *           below to 1.5 m above the surface (shorelines everywhere) with
 *           three cells 0.3, 0.6 and 0.9 mm under water, outflow edges;
 *   rough   500 m square, bed uniform random in -10 .. -2 m, every cell
 *           wet, outflow edges: the case where zero-gradient ghosts made
 *           HLLE and Rusanov blow up from round-off. */
#ifndef SWE_REST_CASES_H
#define SWE_REST_CASES_H

#include "cartesian/grid/block.h"

/* The names above, in that order; NULL past the last. */
const char *swe_rest_case_name(int index);

/* Allocates the named case on n x n cells (n >= 2); SWE_ERROR_USAGE for an
 * unknown name or a bad size. The random beds are the same on every call. */
int swe_rest_case_create(const char *name, int n, swe_block *block, swe_error *err);

#endif
