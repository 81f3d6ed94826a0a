/* Level 5 of the OpenCL backend (exercise 07, optional TODO 9): the fused
 * step of level 4, with dt on the device, in the shape that suits a CPU
 * (PoCL), where it is the default. A CPU runs the items of a work group
 * as a loop, which its compiler fails to vectorise around the Riemann
 * solvers; so here a single work item sweeps a strip of rows of a chunk of
 * columns the way the serial backend sweeps a block: for each row the
 * sides of the row above, the horizontal edges between them, the vertical
 * edges of the row and its cells, each a loop along the row that the
 * device compiler vectorises. The CUDA backend has no such level: a GPU
 * wants the work spread over items (level 4). */
#include "backends/opencl/cartesian/kernel_support.h"

/* Values of one field of a chunk's row of sides: its cells and a ghost or
 * neighbour cell at each end. */
enum { ROW_PITCH = SWE_ROW_CHUNK + 2 };

/* The sides of cells i0 .. i0 + count + 1 (ghosts included) of row j, as
 * swe_load_cell makes them: the ghost row of a WALL or OUTFLOW edge is
 * made from the row beside it (swe_cell_as_seen), its ghost columns are fixed up
 * after the loop, everything else is read as stored. */
SWE_INLINE void swe_load_row(real *row, swe_fused_buffers in, __global const real *restrict b,
                             int nx, int ny, int stride, int wall_edges, int derived_edges, int i0,
                             int count, int j)
{
    const swe_cell_source source = swe_cell_source_of(1, j, nx, ny, wall_edges, derived_edges);
    const size_t first = (size_t)source.j * (size_t)stride + (size_t)i0;
    const size_t next = (size_t)source.next_j * (size_t)stride + (size_t)i0;
    for (int k = 0; k < count + 2; ++k) {
        const swe_ghost_cell cell = swe_cell_as_seen(source, in.h[first + k], in.hu[first + k],
                                                     in.hv[first + k], b[first + k], b[next + k]);
        SWE_PUT_SIDE(row, ROW_PITCH, k, swe_side_for(SWE_SOLVER, cell.h, cell.hu, cell.hv, cell.b));
    }
    const int fixed[2] = {i0 == 0 && (derived_edges & SWE_EDGE_BIT_LEFT),
                          i0 + count == nx && (derived_edges & SWE_EDGE_BIT_RIGHT)};
    for (int end = 0; end < 2; ++end) {
        if (fixed[end]) {
            const int k = end ? count + 1 : 0;
            const swe_state_cell cell = swe_load_cell(in.h, in.hu, in.hv, b, nx, ny, stride,
                                                      wall_edges, derived_edges, i0 + k, j);
            SWE_PUT_SIDE(row, ROW_PITCH, k,
                         swe_side_for(SWE_SOLVER, cell.h, cell.hu, cell.hv, cell.b));
        }
    }
}

/* Work item (x, y) sweeps the rows from y * SWE_ROWS_PER_ITEM + 1 on of the
 * SWE_ROW_CHUNK cells from x * SWE_ROW_CHUNK + 1 on. The horizontal edges
 * above a row are the next row's edges below, so every edge is solved
 * once, the strip's bottom edges and the chunk's side edges twice. Same
 * arguments as fused_strips_step (level 4). */
__kernel __attribute__((reqd_work_group_size(1, 1, 1))) void
fused_rows_step(int nx, int ny, int stride, real dx, real dy, real manning, swe_time cfl,
                swe_time t_target, real forced_dt, int slot, int wall_edges, int derived_edges,
                __global real *h0, __global real *hu0, __global real *hv0, __global real *h1,
                __global real *hu1, __global real *hv1, __global const real *restrict b,
                __global swe_clock_slot *clock)
{
    const int closes_clock = get_global_id(0) == 0 && get_global_id(1) == 0;
    const swe_fused_launch launch = swe_fused_launch_of(
        clock, slot, closes_clock, cfl, t_target, forced_dt, dx, dy, h0, hu0, hv0, h1, hu1, hv1);
    if (!launch.running) {
        return;
    }
    const swe_fused_buffers state = launch.state;
    const real dt_dx = launch.dt_dx, dt_dy = launch.dt_dy;

    const int i0 = (int)get_global_id(0) * SWE_ROW_CHUNK;
    const int j_first = (int)get_global_id(1) * SWE_ROWS_PER_ITEM + 1;
    const int count = min(SWE_ROW_CHUNK, nx - i0);
    const int j_last = min(j_first + SWE_ROWS_PER_ITEM - 1, ny);
    real row[SWE_SIDE_FIELDS * ROW_PITCH], row_above[SWE_SIDE_FIELDS * ROW_PITCH];
    /* Net updates of the row's vertical edges, and of the horizontal edges
     * below and above it (two buffers that swap roles row by row). */
    real vertical[SWE_NET_UPDATE_PLANES * (SWE_ROW_CHUNK + 1)];
    real horizontal[2][SWE_NET_UPDATE_PLANES * SWE_ROW_CHUNK];
    swe_speed_bits fastest = 0;
    swe_load_row(row, state, b, nx, ny, stride, wall_edges, derived_edges, i0, count, j_first - 1);
    for (int j = j_first - 1; j <= j_last; ++j) {
        real *below = horizontal[(j - j_first + 2) % 2], *above = horizontal[(j - j_first + 1) % 2];
        swe_load_row(row_above, state, b, nx, ny, stride, wall_edges, derived_edges, i0, count,
                     j + 1);
        /* BEGIN SOLUTION: (9) the horizontal edges between row and row_above (cells k = 1 ..
         * count, swe_fwave_transposed sides from SWE_GET_SIDE) into the planes `above` at k - 1;
         * then, for rows j >= j_first, the vertical edges e = 0 .. count of row into the planes
         * `vertical` at e, and the update of cells k = 1 .. count from vertical edges k - 1 and k
         * and horizontal edges k - 1 of `below` and `above` (swe_update_from_edges,
         * swe_manning_friction), written to the output buffers, their speed bits kept in fastest
         * (swe_max_bits) */
        for (int k = 1; k <= count; ++k) {
            swe_fwave_side lower, upper;
            SWE_GET_SIDE(lower, row, ROW_PITCH, k);
            SWE_GET_SIDE(upper, row_above, ROW_PITCH, k);
            SWE_STORE_NET_UPDATES(above, SWE_ROW_CHUNK, k - 1,
                                  swe_riemann_sides(SWE_SOLVER, swe_fwave_transposed(lower),
                                                    swe_fwave_transposed(upper)));
        }
        if (j >= j_first) {
            for (int e = 0; e <= count; ++e) {
                swe_fwave_side left, right;
                SWE_GET_SIDE(left, row, ROW_PITCH, e);
                SWE_GET_SIDE(right, row, ROW_PITCH, e + 1);
                SWE_STORE_NET_UPDATES(vertical, SWE_ROW_CHUNK + 1, e,
                                      swe_riemann_sides(SWE_SOLVER, left, right));
            }
            const size_t first = (size_t)j * (size_t)stride + (size_t)i0;
            for (int k = 1; k <= count; ++k) {
                swe_net_updates left, right, lower, upper;
                SWE_LOAD_NET_UPDATES(left, vertical, SWE_ROW_CHUNK + 1, k - 1);
                SWE_LOAD_NET_UPDATES(right, vertical, SWE_ROW_CHUNK + 1, k);
                SWE_LOAD_NET_UPDATES(lower, below, SWE_ROW_CHUNK, k - 1);
                SWE_LOAD_NET_UPDATES(upper, above, SWE_ROW_CHUNK, k - 1);
                const swe_cell updated = swe_manning_friction(
                    swe_update_from_edges(
                        row[SWE_SIDE_H * ROW_PITCH + k], row[SWE_SIDE_HN * ROW_PITCH + k],
                        row[SWE_SIDE_HT * ROW_PITCH + k], dt_dx, dt_dy, left, right, lower, upper),
                    (real)launch.dt, manning);
                state.h_out[first + k] = updated.h;
                state.hu_out[first + k] = updated.hu;
                state.hv_out[first + k] = updated.hv;
                fastest = swe_max_bits(fastest, swe_speed_to_bits(swe_cell_wave_speed(
                                                    updated.h, updated.hu, updated.hv)));
            }
        }
        /* END SOLUTION */
        for (int v = 0; v < SWE_SIDE_FIELDS * ROW_PITCH; ++v) {
            row[v] = row_above[v];
        }
    }
    SWE_ATOMIC_MAX_BITS(&clock[swe_clock_next(slot)].speed_bits, fastest);
    if (closes_clock) {
        swe_clock_close(clock, slot, launch.now, 1, launch.dt, t_target);
    }
}
