/* Numberings of a mesh's cells and edges, for the memory-order lab after
 * Optimized GPU n.d.: the file's order (gmsh), a random one, cells by
 * Reverse Cuthill-McKee (rcm), and rcm with the edges sorted by their
 * (smaller, larger) cell pair (rcm+edges; Optimized GPU n.d., eq. 20).
 * Interior edges stay before boundary edges in every numbering. The
 * bandwidth phi (Optimized GPU n.d., eq. 19) says how far apart in memory
 * two neighbouring cells may lie. */
#ifndef SWE_MESH_ORDERING_H
#define SWE_MESH_ORDERING_H

#include "core/error.h"
#include "mesh/geometry/mesh.h"

enum swe_mesh_ordering {
    SWE_MESH_ORDERING_GMSH = 0,
    SWE_MESH_ORDERING_RANDOM,
    SWE_MESH_ORDERING_RCM,
    SWE_MESH_ORDERING_RCM_EDGES
};

/* "gmsh", "random", "rcm" or "rcm+edges"; SWE_ERROR_USAGE otherwise. */
int swe_mesh_ordering_parse(const char *name, enum swe_mesh_ordering *ordering, swe_error *err);
const char *swe_mesh_ordering_name(enum swe_mesh_ordering ordering);

/* Renumbers the mesh's cells and edges (seed: the random numbering's). */
int swe_mesh_reorder(swe_mesh *mesh, enum swe_mesh_ordering ordering, unsigned long long seed,
                     swe_error *err);

/* phi = max |left - right| over interior edges (Optimized GPU n.d., eq. 19). */
int swe_mesh_bandwidth(const swe_mesh *mesh);

/* Mean |left - right| over interior edges: how far an edge kernel jumps
 * in memory on average (phi only gives the worst). */
double swe_mesh_mean_neighbour_distance(const swe_mesh *mesh);

/* Cells in Reverse Cuthill-McKee order: order[k] is the cell that gets
 * number k. Each connected part starts at a pseudo-peripheral cell.
 * Exposed for the tests. */
int swe_mesh_rcm_order(const swe_mesh *mesh, int *order, swe_error *err);

/* Applies a cell numbering (cell_order[k]: old cell getting number k) and
 * an edge numbering (edge_order likewise); NULL keeps one as it is. */
int swe_mesh_permute(swe_mesh *mesh, const int *cell_order, const int *edge_order, swe_error *err);

#endif
