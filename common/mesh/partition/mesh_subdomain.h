/* One part of a partitioned mesh as its rank runs it: the cells it owns
 * and `layers` layers of halo cells around them (the neighbours of the
 * owned cells, their neighbours, ...), built as a mesh of its own with
 * the geometry of the whole mesh, bit for bit (mesh.h: geometry depends
 * on coordinates alone). Edges between a halo cell and a cell outside
 * the part become walls of the part; only the outermost layer has them,
 * and nothing that the owned cells read depends on it.
 *
 * Halo cells carry chi = +infinity: an edge's time step limit,
 * min(chi_l, chi_r) / speed, then comes from the parts owning its cells,
 * and the minimum over parts is the whole mesh's bit for bit (division
 * rounds monotonically, so min(a / s, b / s) = min(a, b) / s), with no
 * halo edge adding a limit of its own. */
#ifndef SWE_MESH_SUBDOMAIN_H
#define SWE_MESH_SUBDOMAIN_H

#include "core/error.h"
#include "mesh/geometry/mesh.h"
#include "mesh/partition/mesh_dual_graph.h"

typedef struct swe_mesh_subdomain {
    /* The owned cells, then the halo layer by layer, each in the whole
     * mesh's order; cell_file_index numbers them so (k below). */
    swe_mesh mesh;
    int cell_count;  /* owned and halo */
    int owned_count; /* cells k < owned_count are this part's */
    int *whole_cell; /* per k: its triangle in the whole mesh's file order */
    int *owner;      /* per k: the part that owns it */
    int *layer;      /* per k: 0 owned, 1 .. layers halo */
} swe_mesh_subdomain;

/* Part `rank` of whole (read, not renumbered: cell c is file triangle
 * cell_file_index[c]) split by part[] (graph: whole's dual graph), with
 * layers >= 1 halo layers. */
int swe_mesh_subdomain_create(const swe_mesh *whole, const swe_mesh_dual_graph *graph,
                              const int *part, int rank, int layers, swe_mesh_subdomain *sub,
                              swe_error *err);

/* Frees and zeroes sub; safe on a zeroed one. */
void swe_mesh_subdomain_free(swe_mesh_subdomain *sub);

#endif
