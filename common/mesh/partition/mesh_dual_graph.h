/* The dual graph of a triangle mesh: one vertex per cell, an edge
 * between two cells that share an interior edge of the mesh, in the
 * compressed rows that graph partitioners (METIS) take: the neighbours
 * of cell c are neighbours[offsets[c] .. offsets[c + 1] - 1], with the
 * cells' centroids for partitioners that cut the plane instead. */
#ifndef SWE_MESH_DUAL_GRAPH_H
#define SWE_MESH_DUAL_GRAPH_H

#include "core/error.h"
#include "mesh/geometry/mesh.h"

typedef struct swe_mesh_dual_graph {
    int cell_count;
    int *offsets;            /* cell_count + 1 */
    int *neighbours;         /* 2 per interior edge */
    double *cell_x, *cell_y; /* the cells' centroids (copies): what a geometric split reads */
} swe_mesh_dual_graph;

/* The dual graph of mesh, cells in the mesh's numbering. */
int swe_mesh_dual_graph_create(const swe_mesh *mesh, swe_mesh_dual_graph *graph, swe_error *err);

/* Frees and zeroes graph; safe on a zeroed graph. */
void swe_mesh_dual_graph_free(swe_mesh_dual_graph *graph);

#endif
