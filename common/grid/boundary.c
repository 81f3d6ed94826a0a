#include "grid/boundary.h"

/* Fills ghost cell `ghost` from cell `inner` and the bed of `next`, the
 * cell after it inwards. */
static void fill_ghost(swe_block *block, size_t ghost, size_t inner, size_t next, int wall,
                       int normal_is_hu)
{
    swe_ghost_cell cell = swe_boundary_ghost(wall, normal_is_hu, block->h[inner], block->hu[inner],
                                             block->hv[inner], block->b[inner], block->b[next]);
    block->h[ghost] = cell.h;
    block->hu[ghost] = cell.hu;
    block->hv[ghost] = cell.hv;
    block->b[ghost] = cell.b;
}

void swe_set_boundary_layers(swe_block *block)
{
    if (block == NULL || block->h == NULL) {
        return;
    }
    const int nx = block->nx, ny = block->ny;
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        enum swe_boundary type = block->boundary[edge];
        if (type == SWE_BOUNDARY_CONNECT) {
            continue;
        }
        const int wall = type == SWE_BOUNDARY_WALL;
        if (edge == SWE_EDGE_LEFT || edge == SWE_EDGE_RIGHT) {
            int ghost_i = edge == SWE_EDGE_LEFT ? 0 : nx + 1;
            int inner_i = edge == SWE_EDGE_LEFT ? 1 : nx;
            int next_i = edge == SWE_EDGE_LEFT ? (nx > 1 ? 2 : 1) : (nx > 1 ? nx - 1 : nx);
            for (int j = 1; j <= ny; ++j) {
                fill_ghost(block, SWE_INDEX(block, ghost_i, j), SWE_INDEX(block, inner_i, j),
                           SWE_INDEX(block, next_i, j), wall, 1);
            }
        } else {
            int ghost_j = edge == SWE_EDGE_BOTTOM ? 0 : ny + 1;
            int inner_j = edge == SWE_EDGE_BOTTOM ? 1 : ny;
            int next_j = edge == SWE_EDGE_BOTTOM ? (ny > 1 ? 2 : 1) : (ny > 1 ? ny - 1 : ny);
            for (int i = 1; i <= nx; ++i) {
                fill_ghost(block, SWE_INDEX(block, i, ghost_j), SWE_INDEX(block, i, inner_j),
                           SWE_INDEX(block, i, next_j), wall, 0);
            }
        }
    }
}
