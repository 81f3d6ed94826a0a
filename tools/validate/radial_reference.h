/* A reference solution for radially symmetric dam breaks on a flat bed:
 * the shallow water equations in r alone (mass and radial momentum with
 * the geometric source terms of cylindrical coordinates), solved in double
 * precision on a very fine 1D grid with an HLL flux. Accurate to far below
 * the errors of the 2D runs it is compared with, as long as no wave has
 * reached the 2D domain's walls. */
#ifndef SWE_RADIAL_REFERENCE_H
#define SWE_RADIAL_REFERENCE_H

#include "core/error.h"

typedef struct swe_radial_reference {
    int cells;
    double dr;
    double *h; /* depth at r = (i + 1/2) dr */
} swe_radial_reference;

/* Depth h_inside for r < radius, h_outside beyond, at rest, advanced to
 * t_end on [0, outer_radius] with the given number of cells. */
int swe_radial_reference_solve(swe_radial_reference *reference, double radius, double h_inside,
                               double h_outside, double outer_radius, int cells, double t_end,
                               swe_error *err);

/* Depth at radius r (linear between cell centres). */
double swe_radial_reference_depth(double r, const void *reference);

void swe_radial_reference_free(swe_radial_reference *reference);

#endif
