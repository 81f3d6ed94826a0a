/* Level 4 of the OpenCL backend (exercise 07, optional TODO 8): one fused
 * kernel per step with dt on the device, as CUDA's level 4 (exercise 06),
 * with local memory where CUDA shuffles. The default on GPUs. A work group
 * walks up a strip of rows, one work item per column; each cell is read
 * once, with the boundary conditions applied (no ghost-layer pass), each
 * edge solved once, the new state's wave speed reduced into the next slot
 * of the clock on the device (cartesian/numerics/device_clock.h), from which the
 * next launch takes its dt: the host only enqueues batches of steps.
 *
 * The tuned tricks that the lower levels leave out: the f-wave solver's
 * per-cell quantities (velocities, square roots) are taken once per cell
 * instead of once per edge side (cartesian/numerics/solver_sides.h), and handed to
 * the neighbours with the cell; and a row in which the whole work group is
 * wet is solved without the dry and wall cases. */
#include "opencl/cartesian/work_group_max.clh"

/* The Riemann problem between two sides; wet (the same in every item of
 * the group: no divergence) picks the f-wave solver's version without the
 * dry and wall cases, which gives the same numbers with fewer
 * instructions. */
SWE_INLINE swe_net_updates swe_strip_solve(swe_fwave_side l, swe_fwave_side r, int wet)
{
    if (SWE_SOLVER == SWE_SOLVER_FWAVE && wet) {
        return swe_riemann_sides_known_wet(SWE_SOLVER, l, r, 1);
    }
    return swe_riemann_sides(SWE_SOLVER, l, r);
}

/* A cell as a side of its vertical edges. */
SWE_INLINE swe_fwave_side swe_side_of_cell(swe_state_cell cell)
{
    return swe_side_for(SWE_SOLVER, cell.h, cell.hu, cell.hv, cell.b);
}

/* Cell (i, j) as stored or as the boundary rules make it (swe_load_cell). */
SWE_INLINE swe_state_cell swe_cell_at(swe_fused_buffers in, __global const real *b, int nx, int ny,
                                      int stride, int wall_edges, int derived_edges, int i, int j)
{
    return swe_load_cell(in.h, in.hu, in.hv, b, nx, ny, stride, wall_edges, derived_edges, i, j);
}

/* Work group (x, y) is a row of SWE_STRIP_LANES work items, one per column
 * from x * (SWE_STRIP_LANES - 2) on, that walks up the rows from
 * y * SWE_STRIP_ROWS + 1 on. Lanes 1 to SWE_STRIP_LANES - 2 own their
 * column; the first and the last only lend their cells to their
 * neighbours. In each row a lane solves the vertical edge on its left, its
 * neighbour's cell read from local memory, hands that edge's left-side
 * updates to the neighbour the same way, and solves the horizontal edge
 * above its cell, which is the edge below the cell of the next row. The
 * launch reads clock slot `slot`; forced_dt > 0 replaces the time-step
 * rule (the step verb). Whether some item of a row, or of the row above
 * it, is dry is gathered in dry_rows[r % 2], which item 0 clears two rows
 * ahead (after the last read of the row before). */
__kernel __attribute__((reqd_work_group_size(SWE_STRIP_LANES, 1, 1))) void
fused_strips_step(int nx, int ny, int stride, real dx, real dy, real manning, swe_time cfl,
                  swe_time t_target, real forced_dt, int slot, int wall_edges, int derived_edges,
                  __global real *h0, __global real *hu0, __global real *hv0, __global real *h1,
                  __global real *hu1, __global real *hv1, __global const real *b,
                  __global swe_clock_slot *clock)
{
    __local real row[SWE_SIDE_FIELDS * SWE_STRIP_LANES]; /* the lanes' cells of a row */
    __local real left_updates[3 * SWE_STRIP_LANES];      /* h, hn, ht of each lane's left edge */
    __local real scratch[SWE_STRIP_LANES];
    __local int dry_rows[2];
    const int lane = (int)get_local_id(0);
    const int closes_clock = get_group_id(0) == 0 && get_group_id(1) == 0 && lane == 0;
    const swe_fused_launch launch = swe_fused_launch_of(
        clock, slot, closes_clock, cfl, t_target, forced_dt, dx, dy, h0, hu0, hv0, h1, hu1, hv1);
    if (!launch.running) { /* the same for every item: no barrier is skipped */
        return;
    }
    const swe_fused_buffers state = launch.state;
    const real dt_dx = launch.dt_dx, dt_dy = launch.dt_dy;

    const int i = (int)get_group_id(0) * (SWE_STRIP_LANES - 2) + lane;
    const int column = min(i, nx + 1); /* past the block: the last ghost again */
    const int owns_column = lane >= 1 && lane <= SWE_STRIP_LANES - 2 && i <= nx;
    const int j_first = (int)get_group_id(1) * SWE_STRIP_ROWS + 1;
    const int left = max(lane - 1, 0), right = min(lane + 1, SWE_STRIP_LANES - 1);
    real fastest = 0;
    if (lane == 0) {
        dry_rows[0] = 0;
        dry_rows[1] = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* BEGIN SOLUTION: (8) solve edge_below, the edge below row j_first, once (swe_fwave_transposed
     * sides at j_first - 1 and j_first, swe_side_of_cell of swe_cell_at); then for each of the
     * SWE_STRIP_ROWS rows (every item the same number, for the barriers): read the cell two rows
     * up (row min(j + 2, ny + 1)) ahead of its use, so that its loads are in flight while this
     * row is solved, take the side above from the cell read a row before, put this cell into row
     * (SWE_PUT_SIDE) and mark dry_rows[r % 2] if this cell or the one above is dry (item 0 clears
     * the other slot), barrier, take wet = !dry_rows[r % 2], solve edge_left against the side of
     * lane `left` (SWE_GET_SIDE, swe_strip_solve), put its left side into left_updates, barrier,
     * solve edge_above; an owned cell with j <= ny is updated (swe_update_from_edges with
     * edge_right, whose left side comes from lane `right`'s left_updates, and
     * swe_manning_friction), written to the output buffers, its speed kept in fastest; then move up
     * a row */
    swe_fwave_side cell = swe_side_of_cell(
        swe_cell_at(state, b, nx, ny, stride, wall_edges, derived_edges, column, j_first));
    swe_net_updates edge_below = swe_riemann_sides(
        SWE_SOLVER,
        swe_fwave_transposed(swe_side_of_cell(
            swe_cell_at(state, b, nx, ny, stride, wall_edges, derived_edges, column, j_first - 1))),
        swe_fwave_transposed(cell));
    swe_state_cell next = swe_cell_at(state, b, nx, ny, stride, wall_edges, derived_edges, column,
                                      min(j_first + 1, ny + 1));
    for (int r = 0; r < SWE_STRIP_ROWS; ++r) {
        const int j = j_first + r;
        const swe_state_cell ahead = swe_cell_at(state, b, nx, ny, stride, wall_edges,
                                                 derived_edges, column, min(j + 2, ny + 1));
        const swe_fwave_side above = swe_side_of_cell(next);
        SWE_PUT_SIDE(row, SWE_STRIP_LANES, lane, cell);
        if (!(cell.h >= SWE_DRY_TOLERANCE) || !(above.h >= SWE_DRY_TOLERANCE)) {
            atomic_or(&dry_rows[r % 2], 1);
        }
        if (lane == 0) {
            dry_rows[(r + 1) % 2] = 0;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        const int wet = !dry_rows[r % 2];
        swe_fwave_side left_side;
        SWE_GET_SIDE(left_side, row, SWE_STRIP_LANES, left);
        const swe_net_updates edge_left = swe_strip_solve(left_side, cell, wet);
        left_updates[lane] = edge_left.h_left;
        left_updates[SWE_STRIP_LANES + lane] = edge_left.hn_left;
        left_updates[2 * SWE_STRIP_LANES + lane] = edge_left.ht_left;
        barrier(CLK_LOCAL_MEM_FENCE);
        const swe_net_updates edge_above =
            swe_strip_solve(swe_fwave_transposed(cell), swe_fwave_transposed(above), wet);
        if (owns_column && j <= ny) {
            swe_net_updates edge_right = edge_left; /* only its left side is read */
            edge_right.h_left = left_updates[right];
            edge_right.hn_left = left_updates[SWE_STRIP_LANES + right];
            edge_right.ht_left = left_updates[2 * SWE_STRIP_LANES + right];
            const swe_cell updated = swe_manning_friction(
                swe_update_from_edges(cell.h, cell.hn, cell.ht, dt_dx, dt_dy, edge_left, edge_right,
                                      edge_below, edge_above),
                (real)launch.dt, manning);
            const size_t at = (size_t)j * (size_t)stride + (size_t)i;
            state.h_out[at] = updated.h;
            state.hu_out[at] = updated.hu;
            state.hv_out[at] = updated.hv;
            fastest =
                swe_max_speed(fastest, swe_cell_wave_speed(updated.h, updated.hu, updated.hv));
        }
        edge_below = edge_above;
        cell = above;
        next = ahead;
    }
    /* END SOLUTION */
    const real group_fastest = swe_work_group_max(scratch, lane, SWE_STRIP_LANES, fastest);
    if (lane == 0) {
        SWE_ATOMIC_MAX_BITS(&clock[swe_clock_next(slot)].speed_bits,
                            swe_speed_to_bits(group_fastest));
    }
    if (closes_clock) {
        swe_clock_close(clock, slot, launch.now, 1, launch.dt, t_target);
    }
}
