/* Ghost layers of the state on WALL and OUTFLOW edges, filled on the
 * device before the separate net-update kernels run (the fused kernel
 * derives them while loading instead). Work item k fills row k+1 of the
 * left and right ghost columns and column k+1 of the bottom and top ghost
 * rows: the same cells as the host's swe_set_boundary_layers, corners
 * untouched. */
#include "kernel_support.h"

SWE_INLINE void swe_fill_ghost(__global real *h, __global real *hu, __global real *hv,
                               __global real *b, size_t ghost, size_t inner, size_t next,
                               int wall, int normal_is_hu)
{
    swe_ghost_cell cell =
        swe_boundary_ghost(wall, normal_is_hu, h[inner], hu[inner], hv[inner], b[inner], b[next]);
    h[ghost] = cell.h;
    hu[ghost] = cell.hu;
    hv[ghost] = cell.hv;
    b[ghost] = cell.b;
}

__kernel void set_ghost_layers(int nx, int ny, int stride, int wall_edges, int derived_edges,
                               __global real *h, __global real *hu, __global real *hv,
                               __global real *b)
{
    const int k = (int)get_global_id(0);
    const size_t row = (size_t)stride;
    if (k < ny) {
        const size_t first = (size_t)(k + 1) * row;
        if (derived_edges & SWE_EDGE_BIT_LEFT) {
            swe_fill_ghost(h, hu, hv, b, first, first + 1, first + (nx > 1 ? 2 : 1),
                           (wall_edges & SWE_EDGE_BIT_LEFT) != 0, 1);
        }
        if (derived_edges & SWE_EDGE_BIT_RIGHT) {
            swe_fill_ghost(h, hu, hv, b, first + nx + 1, first + nx, first + (nx > 1 ? nx - 1 : nx),
                           (wall_edges & SWE_EDGE_BIT_RIGHT) != 0, 1);
        }
    }
    if (k < nx) {
        const size_t column = (size_t)(k + 1);
        if (derived_edges & SWE_EDGE_BIT_BOTTOM) {
            swe_fill_ghost(h, hu, hv, b, column, column + row, column + (ny > 1 ? 2 : 1) * row,
                           (wall_edges & SWE_EDGE_BIT_BOTTOM) != 0, 0);
        }
        if (derived_edges & SWE_EDGE_BIT_TOP) {
            swe_fill_ghost(h, hu, hv, b, column + (size_t)(ny + 1) * row, column + (size_t)ny * row,
                           column + (size_t)(ny > 1 ? ny - 1 : ny) * row,
                           (wall_edges & SWE_EDGE_BIT_TOP) != 0, 0);
        }
    }
}
