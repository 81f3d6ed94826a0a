/* Obstacles from a picture: a PGM image (P5 binary or P2 text) laid over
 * the x-y plane of the grid (its top row at the largest y) and extruded
 * along z; cells under pixels darker than half the image's maxval become
 * solid. Draw an obstacle in any image editor, save it as PGM. */
#ifndef NS_MASK_H
#define NS_MASK_H

#include "ns/solver/ns_solver.h"

/* Marks the solid cells of path in solver's fluid mask (before
 * ns_solver_start). A missing, unreadable or malformed file is
 * SWE_ERROR_USAGE, naming it. */
int ns_mask_apply_pgm(ns_solver *solver, const char *path, swe_error *err);

#endif
