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
 * itself. An OUTFLOW ghost also needs the bed of the cell after that one,
 * inwards (next_i, next_j; the inner cell itself where the block is one
 * cell wide): see swe_outflow_ghost. Corner ghosts lie beside no edge's
 * interior and are never read by an edge. */
typedef struct swe_cell_source {
    int i, j;
    int mirror_hu, mirror_hv;
    int outflow;        /* an OUTFLOW ghost: swe_outflow_ghost applies */
    int next_i, next_j; /* the cell whose bed it needs */
} swe_cell_source;

/* Index k (0 .. n + 1) along one axis: a ghost at the low or the high end
 * whose edge (bit low or high) derives its ghosts takes index 1 or n, and
 * mirrors the momentum normal to it when that edge is a wall; *next is the
 * index after it inwards, *open whether that edge is an OUTFLOW. */
SWE_INLINE int swe_source_index(int k, int n, int low, int high, int wall_edges, int derived_edges,
                                int *mirror, int *next, int *open)
{
    const int edge = k == 0 ? low : (k == n + 1 ? high : 0);
    const int derived = (derived_edges & edge) != 0;
    *mirror = derived && (wall_edges & edge) != 0;
    *open = derived && !*mirror;
    const int inner = k == 0 ? 1 : n;
    *next = derived ? (k == 0 ? (n > 1 ? 2 : 1) : (n > 1 ? n - 1 : n)) : k;
    return derived ? inner : k;
}

SWE_INLINE swe_cell_source swe_cell_source_of(int i, int j, int nx, int ny, int wall_edges,
                                              int derived_edges)
{
    swe_cell_source source;
    int open_x, open_y;
    source.i = swe_source_index(i, nx, SWE_EDGE_BIT_LEFT, SWE_EDGE_BIT_RIGHT, wall_edges,
                                derived_edges, &source.mirror_hu, &source.next_i, &open_x);
    source.j = swe_source_index(j, ny, SWE_EDGE_BIT_BOTTOM, SWE_EDGE_BIT_TOP, wall_edges,
                                derived_edges, &source.mirror_hv, &source.next_j, &open_y);
    source.outflow = open_x || open_y;
    return source;
}

/* The ghost cell of an OUTFLOW edge, from the inner cell beside it (h, hu,
 * hv, b) and the bed b_next of the cell after that, inwards: the inner
 * cell's surface and velocities, on the higher of the two inner beds. A
 * copied ghost (the zero-gradient rule) keeps a lake at rest too, but
 * where the boundary cell lies below its inner neighbour it is a pit that
 * the hydrostatic reconstruction of HLLE and Rusanov opens to the inside
 * only through the neighbour's sill and to the outside with its whole
 * depth; that feedback grows from round-off without bound. On the higher
 * bed both sides of the boundary cell see the same sill; on a flat bed the
 * ghost is the copy, bit for bit. */
typedef struct swe_ghost_cell {
    real h, hu, hv, b;
} swe_ghost_cell;

SWE_INLINE swe_ghost_cell swe_outflow_ghost(real h, real hu, real hv, real b, real b_next)
{
    swe_ghost_cell ghost;
    ghost.b = SWE_FMAX(b, b_next);
    ghost.h = SWE_FMAX((real)0, h - (ghost.b - b));
    real kept = h > (real)0 ? ghost.h / h : (real)0; /* exactly 1 on a flat bed */
    ghost.hu = hu * kept;
    ghost.hv = hv * kept;
    return ghost;
}

/* Cell (i, j) as the edges see it, from the values stored at its source
 * (h, hu, hv, b) and the bed at its source's next cell. */
SWE_INLINE swe_ghost_cell swe_cell_as_seen(swe_cell_source source, real h, real hu, real hv, real b,
                                           real b_next)
{
    swe_ghost_cell cell;
    if (source.outflow) {
        cell = swe_outflow_ghost(h, hu, hv, b, b_next);
    } else {
        cell.h = h;
        cell.hu = swe_ghost_value(source.mirror_hu, 1, hu);
        cell.hv = swe_ghost_value(source.mirror_hv, 1, hv);
        cell.b = b;
    }
    return cell;
}

/* Fills ghost k of every WALL and OUTFLOW edge from its source: cells
 * (0, k) and (nx + 1, k) for 1 <= k <= ny, (k, 0) and (k, ny + 1) for
 * 1 <= k <= nx, the bed's ghosts included (rewriting them writes the same
 * values). Corners are left alone. */
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
        const size_t next = (size_t)source.next_j * (size_t)stride + (size_t)source.next_i;
        const swe_ghost_cell cell =
            swe_cell_as_seen(source, h[inner], hu[inner], hv[inner], b[inner], b[next]);
        h[ghost] = cell.h;
        hu[ghost] = cell.hu;
        hv[ghost] = cell.hv;
        b[ghost] = cell.b;
    }
}

#ifndef __OPENCL_VERSION__
#include "cartesian/grid/block.h"

/* The masks of block's boundary types (see SWE_EDGE_BIT_LEFT). */
void swe_boundary_masks(const swe_block *block, int *wall_edges, int *derived_edges);

/* Fills the ghost layers of the host arrays on every WALL and OUTFLOW
 * edge; CONNECT edges are left to the neighbour exchange. */
void swe_set_boundary_layers(swe_block *block);
#endif

#endif
