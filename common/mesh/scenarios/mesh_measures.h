/* Measurements of a triangle run that the validation compares with the
 * literature. */
#ifndef SWE_MESH_MEASURES_H
#define SWE_MESH_MEASURES_H

#include "mesh/geometry/mesh.h"
#include "mesh/numerics/mesh_arrays.h"

/* The reattachment length behind a backward-facing step
 * (Roe-MUSCL GPU n.d., fig. 6; Denham and Patrick: 3.9 m): the flow
 * separates at the step and runs back along the wall y = wall_y behind it
 * (x >= step_x); the dividing streamline meets the wall again where the
 * velocity along the wall turns forward. Read from the cells that have an
 * edge on the wall: at a wall without viscous flux (Roe-MUSCL GPU n.d.,
 * section 2.6: du/dn = 0) their velocity is the wall's to second order, on
 * every mesh alike, where a band of fixed width would hold more rows of
 * cells, and more of the flow above the eddy, the finer the mesh; at a
 * no-slip wall their velocity has the sign of the wall's shear stress,
 * whose zero is the reattachment. The
 * length is the first upward zero crossing of u after the first cell
 * running back, interpolated between the midpoints of the two cells' wall
 * edges: a corner vortex at the step before it and patches running back
 * farther downstream do not count. Returns the distance from the step: 0
 * when the flow never runs back, the last wall cell's when it never turns
 * forward (and 0 for bad arguments). host must be synchronised. */
double swe_mesh_reattachment_length(const swe_mesh *mesh, const swe_mesh_arrays *host,
                                    double step_x, double wall_y);

#endif
