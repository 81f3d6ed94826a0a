/* A 2D triangle mesh as the solver sees it, structure of arrays: nodes,
 * cells (triangles) and edges with their geometry.
 *
 * Every geometric quantity is computed from the nodes in an order fixed
 * by their coordinates, not by any numbering: a cell's nodes sorted by
 * (x, y), an edge's two nodes likewise, an interior edge's normal pointing
 * towards +x (or +y when vertical) and its "left" cell on the side the
 * normal leaves. A cell lists its three edges sorted by their midpoints.
 * So renumbering cells or edges (swe_mesh_reorder) moves these values
 * around but never changes a bit of them, and a solver that visits a
 * cell's edges in its listed order computes the same bits for every
 * numbering. */
#ifndef SWE_MESH_H
#define SWE_MESH_H

#include "core/error.h"
#include "mesh/gmsh/msh_raw.h"

/* Boundary edges outside every named physical group are walls. */
#define SWE_MESH_NO_GROUP (-1)

typedef struct swe_mesh_group {
    int tag;       /* the physical tag in the file */
    char name[64]; /* its physical name, or the tag written out */
} swe_mesh_group;

typedef struct swe_mesh {
    int node_count;
    double *node_x, *node_y;

    int cell_count;
    int *cell_node;          /* 3 per cell, counter-clockwise */
    int *cell_edge;          /* 3 per cell, by edge midpoint (x, then y) */
    double *cell_area;       /* m^2 */
    double *cell_x, *cell_y; /* centroid */
    double *cell_chi;        /* area / longest edge (Optimized GPU n.d., eq. 17), m */
    int *cell_file_index;    /* position among the file's triangles */

    int edge_count;
    int interior_edge_count;               /* edges 0..interior-1 join two cells */
    int *edge_left, *edge_right;           /* cells; right is -1 on the boundary */
    int *edge_node;                        /* 2 per edge, sorted by (x, y) */
    double *edge_normal_x, *edge_normal_y; /* unit, from left to right (outward) */
    double *edge_length;
    double *edge_mid_x, *edge_mid_y;
    int *edge_group; /* boundary edges: index in groups, or SWE_MESH_NO_GROUP */

    int group_count;
    swe_mesh_group *groups; /* the physical groups on boundary lines */
} swe_mesh;

/* Builds the mesh of raw: orients the triangles, finds the edges and
 * their neighbours, assigns boundary lines to edges, computes geometry.
 * Refuses (SWE_ERROR_USAGE, naming the element) degenerate, repeated and
 * overlapping triangles, edges shared by more than two triangles, and
 * lines that are not boundary edges. name is the file, for messages. */
int swe_mesh_build(const swe_msh_raw *raw, const char *name, swe_mesh *mesh, swe_error *err);

/* Reads and builds the mesh of a .msh file (gmsh/msh_reader.h); nodes
 * that do not span a domain of 1 mm to 100 000 km within 10^9 m of the
 * origin (io/domain_extent.h) are refused with SWE_ERROR_USAGE. */
int swe_mesh_read(const char *path, swe_mesh *mesh, swe_error *err);

/* Frees what build allocated and zeroes mesh; safe on a zeroed mesh. */
void swe_mesh_free(swe_mesh *mesh);

/* Computes areas, centroids, chi, edge normals, lengths, midpoints, the
 * left/right cells of interior edges and the order of each cell's edges
 * from the nodes and the edge-cell incidence (edge_left/right as found). */
int swe_mesh_compute_geometry(swe_mesh *mesh, swe_error *err);

/* The boundary group index called name, or SWE_MESH_NO_GROUP. */
int swe_mesh_group_find(const swe_mesh *mesh, const char *name);

#endif
