/* The numbering of a part that lets a rank compute while its halo
 * travels (shallows-mpi --mesh --overlap): the cells and edges whose
 * first-stage work reads no halo cell come first, each group keeping the
 * order it had (RCM inside each). At first order that is the owned cells
 * and the edges between them; at second order a cell's gradient reads its
 * neighbours, so only owned cells with owned neighbours are inner, and
 * the edges between them. The numbering changes no bit: a cell gathers
 * its edges in its own order (mesh/numerics/mesh_cell_kernels.h). */
#ifndef SWE_MESH_OVERLAP_SPLIT_H
#define SWE_MESH_OVERLAP_SPLIT_H

#include "core/error.h"
#include "mesh/geometry/mesh.h"
#include "mesh/solver/mesh_run.h"

/* Renumbers mesh, a part whose cell c has halo layer layer[cell_file_index
 * [c]] (0: owned), for order 1 or 2; inner and outer: the spans of what
 * reads no halo cell and of the rest, together every cell and edge. */
int swe_mesh_overlap_split(swe_mesh *mesh, const int *layer, int order, swe_mesh_span *inner,
                           swe_mesh_span *outer, swe_error *err);

#endif
