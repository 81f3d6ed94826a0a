/* Measurements of a triangle run that the validation compares with the
 * literature. */
#ifndef SWE_MESH_MEASURES_H
#define SWE_MESH_MEASURES_H

#include "mesh/geometry/mesh.h"
#include "mesh/numerics/mesh_arrays.h"

/* The reattachment length behind a backward-facing step (000 fig. 6,
 * Denham and Patrick: 3.9 m): along the wall y = wall_y downstream of the
 * step at x = step_x, the mean x velocity of the cells within band of the
 * wall, in bins of width bin. The flow separates at the step and runs
 * back along the wall; it reattaches where, from the first bin running
 * back, that mean first turns forward again (interpolated between bin
 * centres). A corner vortex at the step before it and patches running
 * back farther downstream do not count. Returns the distance from the
 * step: 0 when the flow never runs back, the end of the wall when it
 * never turns forward. host must be synchronised. */
double swe_mesh_reattachment_length(const swe_mesh *mesh, const swe_mesh_arrays *host,
                                    double step_x, double wall_y, double band, double bin);

#endif
