/* PNG pictures of a triangle run: the water surface eta = h + b drawn on
 * the triangles themselves (each pixel takes the colour of the triangle
 * its centre lies in), north up, in the shared colour map
 * (io/colour_map.h); dry triangles grey, outside the mesh white; a colour
 * bar and the simulated time, as the Cartesian pictures have. */
#ifndef SWE_MESH_PNG_H
#define SWE_MESH_PNG_H

#include "core/error.h"
#include "io/colour_range.h"
#include "mesh/geometry/mesh.h"
#include "mesh/numerics/mesh_arrays.h"
#include "mesh/scenarios/mesh_scenario.h"

enum { SWE_MESH_PNG_MAP_WIDTH = 800 };

/* The colours' range from the scenario's initial state on mesh (so that
 * every picture of a run, restarted or not, uses the same). */
swe_colour_range swe_mesh_png_range_of(const swe_mesh *mesh, const swe_mesh_scenario *scenario);

/* Width and height in pixels of the picture of mesh. */
void swe_mesh_png_size(const swe_mesh *mesh, int *width, int *height);

/* Writes the picture of the state host (synchronised) on mesh at time to
 * path (through path.tmp and a rename). */
int swe_mesh_png_write(const char *path, const swe_mesh *mesh, const swe_mesh_arrays *host,
                       double time, const swe_colour_range *range, swe_error *err);

#endif
