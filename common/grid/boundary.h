/* Boundary conditions: ghost cells filled from the interior cells next to
 * them, on WALL (reflecting) and OUTFLOW (transmissive) edges. The rules
 * are written once, compiled as C, CUDA and OpenCL C: the host fills the
 * ghost layers with them, the GPU ghost-layer kernels fill the same cells,
 * and the fused GPU levels apply them as they read a cell. */
#ifndef SWE_BOUNDARY_H
#define SWE_BOUNDARY_H

#include "core/real.h"

#ifndef __OPENCL_VERSION__
#include <stddef.h>
#endif

/* Ghost value for a quantity of the inner cell beside it: the momentum
 * normal to a wall changes sign, everything else is copied. */
SWE_INLINE real swe_ghost_value(int boundary_is_wall, int is_normal_momentum, real inner)
{
    return (boundary_is_wall && is_normal_momentum) ? -inner : inner;
}

/* The boundary types of a block as two masks, which device code takes
 * instead of the block: bit SWE_EDGE_BIT_<edge> (1 << enum swe_edge) of
 * wall_edges marks a WALL edge, of derived_edges an edge whose ghosts come
 * from the interior (WALL and OUTFLOW, not CONNECT). */
enum {
    SWE_EDGE_BIT_LEFT = 1,
    SWE_EDGE_BIT_RIGHT = 2,
    SWE_EDGE_BIT_BOTTOM = 4,
    SWE_EDGE_BIT_TOP = 8
};

/* Where cell (i, j), ghosts included, takes its values: a ghost of a WALL
 * or OUTFLOW edge from the interior cell beside it, its normal momentum
 * mirrored at a wall; every other cell (interior, CONNECT ghosts) from
 * itself. Corner ghosts lie beside no edge's interior and are never read
 * by an edge. */
typedef struct swe_cell_source {
    int i, j;
    int mirror_hu, mirror_hv;
} swe_cell_source;

/* Index k (0 .. n + 1) along one axis: a ghost at the low or the high end
 * whose edge (bit low or high) derives its ghosts takes index 1 or n, and
 * mirrors the momentum normal to it when that edge is a wall. */
SWE_INLINE int swe_source_index(int k, int n, int low, int high, int wall_edges, int derived_edges,
                                int *mirror)
{
    const int edge = k == 0 ? low : (k == n + 1 ? high : 0);
    const int derived = (derived_edges & edge) != 0;
    *mirror = derived && (wall_edges & edge) != 0;
    return derived ? (k == 0 ? 1 : n) : k;
}

SWE_INLINE swe_cell_source swe_cell_source_of(int i, int j, int nx, int ny, int wall_edges,
                                              int derived_edges)
{
    swe_cell_source source;
    source.i = swe_source_index(i, nx, SWE_EDGE_BIT_LEFT, SWE_EDGE_BIT_RIGHT, wall_edges,
                                derived_edges, &source.mirror_hu);
    source.j = swe_source_index(j, ny, SWE_EDGE_BIT_BOTTOM, SWE_EDGE_BIT_TOP, wall_edges,
                                derived_edges, &source.mirror_hv);
    return source;
}

/* Fills ghost k of every WALL and OUTFLOW edge from its source: cells
 * (0, k) and (nx + 1, k) for 1 <= k <= ny, (k, 0) and (k, ny + 1) for
 * 1 <= k <= nx; b as well when it is not null. Corners are left alone. */
SWE_INLINE void swe_fill_ghosts(SWE_GLOBAL real *h, SWE_GLOBAL real *hu, SWE_GLOBAL real *hv,
                                SWE_GLOBAL real *b, int nx, int ny, int stride, int wall_edges,
                                int derived_edges, int k)
{
    const int ghost_i[4] = {0, nx + 1, k, k}, ghost_j[4] = {k, k, 0, ny + 1};
    for (int edge = 0; edge < 4; ++edge) {
        const int length = edge < 2 ? ny : nx;
        if (!(derived_edges & (1 << edge)) || k < 1 || k > length) {
            continue;
        }
        const swe_cell_source source =
            swe_cell_source_of(ghost_i[edge], ghost_j[edge], nx, ny, wall_edges, derived_edges);
        const size_t ghost = (size_t)ghost_j[edge] * (size_t)stride + (size_t)ghost_i[edge];
        const size_t inner = (size_t)source.j * (size_t)stride + (size_t)source.i;
        h[ghost] = h[inner];
        hu[ghost] = swe_ghost_value(source.mirror_hu, 1, hu[inner]);
        hv[ghost] = swe_ghost_value(source.mirror_hv, 1, hv[inner]);
        if (b) {
            b[ghost] = b[inner];
        }
    }
}

#ifndef __OPENCL_VERSION__
#include "grid/block.h"

/* The masks of block's boundary types (see SWE_EDGE_BIT_LEFT). */
void swe_boundary_masks(const swe_block *block, int *wall_edges, int *derived_edges);

/* Fills the ghost layers of the host arrays on every WALL and OUTFLOW
 * edge; CONNECT edges are left to the neighbour exchange. */
void swe_set_boundary_layers(swe_block *block);
#endif

#endif
