/* Level 3 of the OpenCL backend (exercise 07, TODOs 6 and 7): one kernel
 * per step on local-memory tiles, as CUDA's level 3. A work group loads
 * its tile of SWE_TILE_X x SWE_TILE_Y cells and a halo of one cell around
 * it into local memory once, solves every edge of the tile there, updates
 * its cells into the other state buffer (the plumbing swaps them every
 * step) and reduces their wave speed per group; the host takes the max of
 * the groups' maxima. No edge planes in global memory. */
#include "opencl/cartesian/work_group_max.clh"

enum {
    HALO_X = SWE_TILE_X + 2,
    HALO_Y = SWE_TILE_Y + 2,
    VERTICAL_EDGES = (SWE_TILE_X + 1) * SWE_TILE_Y,
    HORIZONTAL_EDGES = SWE_TILE_X * (SWE_TILE_Y + 1)
};

/* Group (gx, gy) updates cells 1 + gx * SWE_TILE_X .. and
 * 1 + gy * SWE_TILE_Y ..; tile cell (x, y) is block cell
 * (x0 - 1 + x, y0 - 1 + y). Vertical edge (y, x), stored at
 * y * (SWE_TILE_X + 1) + x, lies between tile cells (x, y + 1) and
 * (x + 1, y + 1); horizontal edge (y, x), stored at y * SWE_TILE_X + x,
 * between (x + 1, y) and (x + 1, y + 1). Reads h, hu, hv (ghost layers
 * set), writes h_out, hu_out, hv_out, and group g's max wave speed to
 * group_max[g]. */
__kernel __attribute__((reqd_work_group_size(SWE_TILE_X, SWE_TILE_Y, 1))) void
tile_step(int nx, int ny, int stride, real dt, real dt_dx, real dt_dy, real manning,
          __global const real *restrict h, __global const real *restrict hu,
          __global const real *restrict hv, __global const real *restrict b,
          __global real *restrict h_out, __global real *restrict hu_out,
          __global real *restrict hv_out, __global real *restrict group_max)
{
    __local real tile_h[HALO_Y][HALO_X], tile_hu[HALO_Y][HALO_X], tile_hv[HALO_Y][HALO_X],
        tile_b[HALO_Y][HALO_X];
    __local real vertical[SWE_NET_UPDATE_PLANES * VERTICAL_EDGES];
    __local real horizontal[SWE_NET_UPDATE_PLANES * HORIZONTAL_EDGES];
    __local real scratch[SWE_TILE_X * SWE_TILE_Y];
    const int x = (int)get_local_id(0), y = (int)get_local_id(1);
    const int item = y * SWE_TILE_X + x, items = SWE_TILE_X * SWE_TILE_Y;
    const int x0 = 1 + (int)get_group_id(0) * SWE_TILE_X,
              y0 = 1 + (int)get_group_id(1) * SWE_TILE_Y;
    /* BEGIN SOLUTION: (6) load the tile with its halo, k = item, item + items, ... <
     * HALO_X * HALO_Y as rows of consecutive cells, clamping block cells to the ghost layer
     * (min(..., nx + 1)); barrier(CLK_LOCAL_MEM_FENCE); solve every vertical edge (hu normal) and
     * every horizontal edge (hv normal) of the tile into the local planes with
     * SWE_STORE_NET_UPDATES; barrier(CLK_LOCAL_MEM_FENCE) */
    for (int k = item; k < HALO_X * HALO_Y; k += items) {
        const int tx = k % HALO_X, ty = k / HALO_X;
        const int i = min(x0 - 1 + tx, nx + 1), j = min(y0 - 1 + ty, ny + 1);
        const size_t at = (size_t)j * (size_t)stride + (size_t)i;
        tile_h[ty][tx] = h[at];
        tile_hu[ty][tx] = hu[at];
        tile_hv[ty][tx] = hv[at];
        tile_b[ty][tx] = b[at];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = item; k < VERTICAL_EDGES + HORIZONTAL_EDGES; k += items) {
        if (k < VERTICAL_EDGES) {
            const int ex = k % (SWE_TILE_X + 1), ey = k / (SWE_TILE_X + 1);
            SWE_STORE_NET_UPDATES(
                vertical, VERTICAL_EDGES, k,
                swe_riemann(SWE_SOLVER, tile_h[ey + 1][ex], tile_h[ey + 1][ex + 1],
                            tile_hu[ey + 1][ex], tile_hu[ey + 1][ex + 1], tile_hv[ey + 1][ex],
                            tile_hv[ey + 1][ex + 1], tile_b[ey + 1][ex], tile_b[ey + 1][ex + 1]));
        } else {
            const int edge = k - VERTICAL_EDGES, ex = edge % SWE_TILE_X, ey = edge / SWE_TILE_X;
            SWE_STORE_NET_UPDATES(
                horizontal, HORIZONTAL_EDGES, edge,
                swe_riemann(SWE_SOLVER, tile_h[ey][ex + 1], tile_h[ey + 1][ex + 1],
                            tile_hv[ey][ex + 1], tile_hv[ey + 1][ex + 1], tile_hu[ey][ex + 1],
                            tile_hu[ey + 1][ex + 1], tile_b[ey][ex + 1], tile_b[ey + 1][ex + 1]));
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* END SOLUTION */
    const int i = x0 + x, j = y0 + y;
    real speed = 0; /* the new wave speed of this item's cell; 0 without a cell */
    if (i <= nx && j <= ny) {
        /* BEGIN SOLUTION: (7) update tile cell (x + 1, y + 1) from vertical edges (y, x) and
         * (y, x + 1) and horizontal edges (y, x) and (y + 1, x) (SWE_LOAD_NET_UPDATES,
         * swe_update_from_edges, swe_manning_friction), write it to the output buffers and set
         * speed to its swe_cell_wave_speed */
        swe_net_updates left, right, below, above;
        SWE_LOAD_NET_UPDATES(left, vertical, VERTICAL_EDGES, y * (SWE_TILE_X + 1) + x);
        SWE_LOAD_NET_UPDATES(right, vertical, VERTICAL_EDGES, y * (SWE_TILE_X + 1) + x + 1);
        SWE_LOAD_NET_UPDATES(below, horizontal, HORIZONTAL_EDGES, y * SWE_TILE_X + x);
        SWE_LOAD_NET_UPDATES(above, horizontal, HORIZONTAL_EDGES, (y + 1) * SWE_TILE_X + x);
        const swe_cell cell = swe_manning_friction(
            swe_update_from_edges(tile_h[y + 1][x + 1], tile_hu[y + 1][x + 1],
                                  tile_hv[y + 1][x + 1], dt_dx, dt_dy, left, right, below, above),
            dt, manning);
        const size_t at = (size_t)j * (size_t)stride + (size_t)i;
        h_out[at] = cell.h;
        hu_out[at] = cell.hu;
        hv_out[at] = cell.hv;
        speed = swe_cell_wave_speed(cell.h, cell.hu, cell.hv);
        /* END SOLUTION */
    }
    const real group_fastest = swe_work_group_max(scratch, item, items, speed);
    if (item == 0) {
        group_max[get_group_id(1) * get_num_groups(0) + get_group_id(0)] = group_fastest;
    }
}
