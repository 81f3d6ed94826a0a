/* PNG pictures of a triangle run: the water surface eta = h + b drawn on
 * the triangles themselves (each pixel takes the colour of the triangle
 * its centre lies in), north up, in the shared colour map
 * (io/colour_map.h); dry triangles (and water shallower than
 * SWE_PICTURE_VISIBLE_DEPTH) grey, outside the mesh white; the frame with
 * axes and a scale bar (io/map_frame.h), the colour bar with its ticks and
 * clipping marks (io/colour_bar.h) and the simulated time, as the
 * Cartesian pictures have. The colour range is the snapshot's own, or one
 * given (fixed by --colour-range LOW,HIGH, or the whole run's), beyond
 * which values are drawn in the colours of clipping. */
#ifndef SWE_MESH_PNG_H
#define SWE_MESH_PNG_H

#include "core/error.h"
#include "io/colour_range.h"
#include "io/raster.h"
#include "mesh/geometry/mesh.h"
#include "mesh/numerics/mesh_arrays.h"

enum { SWE_MESH_PNG_MAP_WIDTH = 800 };

/* The range that shows every wet triangle of the state host in full
 * contrast. */
swe_colour_range swe_mesh_png_range_of(const swe_mesh *mesh, const swe_mesh_arrays *host);

/* Width and height in pixels of the picture of mesh. */
void swe_mesh_png_size(const swe_mesh *mesh, int *width, int *height);

/* Draws the picture of the state host on mesh at time into raster, of the
 * size swe_mesh_png_size gives, in range (NULL: the snapshot's own). */
int swe_mesh_png_draw(swe_raster *raster, const swe_mesh *mesh, const swe_mesh_arrays *host,
                      double time, const swe_colour_range *range, swe_error *err);

/* Writes the picture of the state host (synchronised) on mesh at time to
 * path (through path.tmp and a rename), in range (NULL: the snapshot's
 * own). */
int swe_mesh_png_write(const char *path, const swe_mesh *mesh, const swe_mesh_arrays *host,
                       double time, const swe_colour_range *range, swe_error *err);

#endif
