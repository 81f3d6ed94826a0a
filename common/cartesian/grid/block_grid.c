#include "cartesian/grid/block_grid.h"

int swe_block_grid_choose(int nx, int ny, int block_count, swe_block_grid *grid, swe_error *err)
{
    if (grid == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no block grid given");
    }
    if (nx < 1 || ny < 1 || block_count < 1) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "cannot split %d x %d cells into %d blocks (all must be positive)", nx, ny,
                        block_count);
    }
    long best_cut = -1;
    for (int blocks_x = block_count; blocks_x >= 1; --blocks_x) {
        if (block_count % blocks_x != 0) {
            continue;
        }
        int blocks_y = block_count / blocks_x;
        if (blocks_x > nx || blocks_y > ny) {
            continue;
        }
        long cut = (long)(blocks_x - 1) * ny + (long)(blocks_y - 1) * nx;
        if (best_cut < 0 || cut < best_cut) {
            best_cut = cut;
            *grid = (swe_block_grid){nx, ny, blocks_x, blocks_y};
        }
    }
    if (best_cut < 0) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "%d ranks cannot share a grid of %d x %d cells with at least one cell "
                        "each (use fewer ranks or more cells)",
                        block_count, nx, ny);
    }
    return SWE_OK;
}

int swe_block_grid_count(const swe_block_grid *grid)
{
    return grid->blocks_x * grid->blocks_y;
}

/* First cell and length of part `part` when `cells` are shared by `parts`. */
static void share(int cells, int parts, int part, int *first, int *length)
{
    int base = cells / parts, extra = cells % parts;
    *first = part * base + (part < extra ? part : extra);
    *length = base + (part < extra ? 1 : 0);
}

swe_block_extent swe_block_grid_extent(const swe_block_grid *grid, int index)
{
    swe_block_extent extent;
    share(grid->nx, grid->blocks_x, index % grid->blocks_x, &extent.first_i, &extent.nx);
    share(grid->ny, grid->blocks_y, index / grid->blocks_x, &extent.first_j, &extent.ny);
    return extent;
}

int swe_block_grid_neighbour(const swe_block_grid *grid, int index, enum swe_edge edge)
{
    int column = index % grid->blocks_x, row = index / grid->blocks_x;
    switch (edge) {
    case SWE_EDGE_LEFT:
        column -= 1;
        break;
    case SWE_EDGE_RIGHT:
        column += 1;
        break;
    case SWE_EDGE_BOTTOM:
        row -= 1;
        break;
    default:
        row += 1;
        break;
    }
    if (column < 0 || column >= grid->blocks_x || row < 0 || row >= grid->blocks_y) {
        return -1;
    }
    return row * grid->blocks_x + column;
}
