/* Measurements of a triangle run that the validation compares with the
 * literature. */
#ifndef SWE_MESH_MEASURES_H
#define SWE_MESH_MEASURES_H

#include "mesh/geometry/mesh.h"
#include "mesh/numerics/mesh_arrays.h"

/* The reattachment length behind a backward-facing step (000 fig. 6,
 * Denham and Patrick: 3.9 m): along the wall y = wall_y downstream of the
 * step at x = step_x, the mean x velocity of the cells within band of the
 * wall, in bins of width bin; the flow separates at the step and runs
 * back along the wall, and reattaches at the downstream end of the last
 * bin where that mean is negative. Returns the distance from the step, 0
 * when the flow never runs back. host must be synchronised. */
double swe_mesh_reattachment_length(const swe_mesh *mesh, const swe_mesh_arrays *host,
                                    double step_x, double wall_y, double band, double bin);

#endif
