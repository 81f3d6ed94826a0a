/* Reference OpenCL kernels of shallows. The host builds them with
 * SWE_SOLVER (the Riemann solver, so the dispatch folds away),
 * SWE_TILE_X, SWE_TILE_Y (the fused kernel's work-group shape),
 * SWE_REDUCTION_GROUP (the reduction's work-group size) and
 * SWE_CELLS_PER_ITEM (edges or cells of a row per work item in the level 1
 * kernels: 1 on GPUs; more on CPUs, where the loop over them is what the
 * compiler vectorises) defined.
 *
 * Level 1, one kernel per verb of the time step: net updates on the
 * vertical and on the horizontal edges (into edge planes), the Euler
 * update, and a max reduction of the wave speed whose per-group results
 * the host finishes. Level 2, one fused kernel per step: it loads a tile of
 * the state into local memory, solves its edges there, updates its cells
 * into the other state buffer and reduces their wave speed for the next
 * step's dt, which it computes itself, so the host only enqueues. */
#include "cell_update.h"
#include "kernel_support.h"
#include "riemann.h"

/* Max over the work group of every item's value (NaN wins, as in
 * swe_max_speed); scratch holds one value per item. All items return it. */
SWE_INLINE real swe_work_group_max(__local real *scratch, int item, int items, real value)
{
    real result = value;
    /* BEGIN SOLUTION: store value in scratch[item], then halve the active items until one
     * is left, each keeping swe_max_speed of its value and its partner's (barrier between) */
    scratch[item] = value;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int active = items / 2; active > 0; active /= 2) {
        if (item < active) {
            scratch[item] = swe_max_speed(scratch[item], scratch[item + active]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    result = scratch[0];
    /* END SOLUTION */
    barrier(CLK_LOCAL_MEM_FENCE); /* scratch may be reused after this */
    return result;
}

/* Vertical edge e (0..nx) of row `row` (0..ny-1) lies between cells
 * (e, row+1) and (e+1, row+1); its net updates go to index
 * row*(nx+1) + e of planes of (nx+1)*ny values. Each work item takes
 * SWE_CELLS_PER_ITEM edges of a row. */
__kernel void vertical_net_updates(int nx, int ny, int stride, __global const real *restrict h,
                                   __global const real *restrict hu,
                                   __global const real *restrict hv,
                                   __global const real *restrict b, __global real *restrict edges)
{
    const int row = (int)get_global_id(1), first = (int)get_global_id(0) * SWE_CELLS_PER_ITEM;
    if (row >= ny) {
        return;
    }
    const int end = min(first + SWE_CELLS_PER_ITEM, nx + 1);
    const size_t plane = (size_t)(nx + 1) * (size_t)ny;
    for (int e = first; e < end; ++e) {
        const size_t left = (size_t)(row + 1) * (size_t)stride + (size_t)e;
        /* BEGIN SOLUTION: solve the Riemann problem between cells left and left+1 (hu is the
         * normal momentum, hv the one along the edge) and store its net updates */
        swe_net_updates updates =
            swe_riemann(SWE_SOLVER, h[left], h[left + 1], hu[left], hu[left + 1], hv[left],
                        hv[left + 1], b[left], b[left + 1]);
        swe_store_net_updates(edges, plane, (size_t)row * (size_t)(nx + 1) + e, updates);
        /* END SOLUTION */
    }
}

/* Horizontal edge i (0..nx-1) of row `row` (0..ny) lies between cells
 * (i+1, row) and (i+1, row+1); its net updates go to index row*nx + i of
 * planes of nx*(ny+1) values. Each work item takes SWE_CELLS_PER_ITEM
 * edges of a row. */
__kernel void horizontal_net_updates(int nx, int ny, int stride, __global const real *restrict h,
                                     __global const real *restrict hu,
                                     __global const real *restrict hv,
                                     __global const real *restrict b,
                                     __global real *restrict edges)
{
    const int row = (int)get_global_id(1), first = (int)get_global_id(0) * SWE_CELLS_PER_ITEM;
    if (row > ny) {
        return;
    }
    const int end = min(first + SWE_CELLS_PER_ITEM, nx);
    const size_t plane = (size_t)nx * (size_t)(ny + 1);
    for (int i = first; i < end; ++i) {
        const size_t below = (size_t)row * (size_t)stride + (size_t)(i + 1);
        const size_t above = below + (size_t)stride;
        /* BEGIN SOLUTION: solve the Riemann problem between cells below and above (hv is the
         * normal momentum, hu the one along the edge) and store its net updates */
        swe_net_updates updates = swe_riemann(SWE_SOLVER, h[below], h[above], hv[below],
                                              hv[above], hu[below], hu[above], b[below], b[above]);
        swe_store_net_updates(edges, plane, (size_t)row * (size_t)nx + i, updates);
        /* END SOLUTION */
    }
}

/* Euler update of interior cells (i+1, j+1), SWE_CELLS_PER_ITEM of a row
 * per work item, in place: each reads only its own cell and the edge
 * planes. */
__kernel void update_cells(int nx, int ny, int stride, real dt_dx, real dt_dy,
                           __global real *restrict h, __global real *restrict hu,
                           __global real *restrict hv, __global const real *restrict vertical,
                           __global const real *restrict horizontal)
{
    const int j = (int)get_global_id(1), first = (int)get_global_id(0) * SWE_CELLS_PER_ITEM;
    if (j >= ny) {
        return;
    }
    const int end = min(first + SWE_CELLS_PER_ITEM, nx);
    const size_t v_plane = (size_t)(nx + 1) * (size_t)ny, h_plane = (size_t)nx * (size_t)(ny + 1);
    __global const real *v = vertical;
    __global const real *w = horizontal;
    for (int i = first; i < end; ++i) {
        const size_t cell = (size_t)(j + 1) * (size_t)stride + (size_t)(i + 1);
        const size_t left = (size_t)j * (size_t)(nx + 1) + i, right = left + 1;
        const size_t below = (size_t)j * (size_t)nx + i, above = below + (size_t)nx;
        /* BEGIN SOLUTION: the cell gets the right-side updates of its left and bottom edges and
         * the left-side updates of its right and top edges (hn is hu on vertical edges, hv on
         * horizontal ones); sum each pair as the serial kernel does, then swe_euler_update */
        swe_cell updated = swe_euler_update(
            h[cell], hu[cell], hv[cell], dt_dx, dt_dy,
            v[SWE_PLANE_H_RIGHT * v_plane + left] + v[SWE_PLANE_H_LEFT * v_plane + right],
            v[SWE_PLANE_HN_RIGHT * v_plane + left] + v[SWE_PLANE_HN_LEFT * v_plane + right],
            v[SWE_PLANE_HT_RIGHT * v_plane + left] + v[SWE_PLANE_HT_LEFT * v_plane + right],
            w[SWE_PLANE_H_RIGHT * h_plane + below] + w[SWE_PLANE_H_LEFT * h_plane + above],
            w[SWE_PLANE_HT_RIGHT * h_plane + below] + w[SWE_PLANE_HT_LEFT * h_plane + above],
            w[SWE_PLANE_HN_RIGHT * h_plane + below] + w[SWE_PLANE_HN_LEFT * h_plane + above]);
        h[cell] = updated.h;
        hu[cell] = updated.hu;
        hv[cell] = updated.hv;
        /* END SOLUTION */
    }
}

/* Max cell wave speed of the interior: each work group strides over the
 * cells and writes its maximum to group_max[group]; the host takes the
 * max of those. */
__kernel __attribute__((reqd_work_group_size(SWE_REDUCTION_GROUP, 1, 1))) void
max_wave_speed(int nx, int ny, int stride, __global const real *h, __global const real *hu,
               __global const real *hv, __global real *group_max)
{
    __local real scratch[SWE_REDUCTION_GROUP];
    const size_t cells = (size_t)nx * (size_t)ny;
    real fastest = 0;
    /* BEGIN SOLUTION: visit cells get_global_id(0), + get_global_size(0), ...; keep the
     * swe_max_speed of their swe_cell_wave_speed (cell k is (k % nx + 1, k / nx + 1)) */
    for (size_t k = get_global_id(0); k < cells; k += get_global_size(0)) {
        const size_t cell = (k / (size_t)nx + 1) * (size_t)stride + k % (size_t)nx + 1;
        fastest = swe_max_speed(fastest, swe_cell_wave_speed(h[cell], hu[cell], hv[cell]));
    }
    /* END SOLUTION */
    const int item = (int)get_local_id(0);
    real group_fastest = swe_work_group_max(scratch, item, SWE_REDUCTION_GROUP, fastest);
    if (item == 0) {
        group_max[get_group_id(0)] = group_fastest;
    }
}

/* The device clock is three slots of (t, dt, steps, speed bits), rotated
 * by launch: a step reads slot n % 3, fills slot (n+1) % 3 and clears the
 * speed of slot (n+2) % 3, which nobody reads meanwhile. */

/* One fused step of a SWE_TILE_X x SWE_TILE_Y tile of cells. dt is the
 * time-step rule (swe_time_step) applied to slot `slot` of the clock, or
 * fixed_dt when the host gives one (> 0). Once t reaches t_target the
 * step carries the clock over and changes nothing, so the host can
 * enqueue more steps than it needs without reading the clock back. The
 * state is read from set 0 (h0, hu0, hv0) after an even number of steps
 * since first_step, from set 1 after an odd one, and written to the other. */
__kernel __attribute__((reqd_work_group_size(SWE_TILE_X, SWE_TILE_Y, 1))) void
fused_step(int nx, int ny, int stride, real dx, real dy, clock_real cfl, clock_real t_target,
           clock_real fixed_dt, int slot, int first_step, int wall_edges, int derived_edges,
           __global real *h0, __global real *hu0, __global real *hv0, __global real *h1,
           __global real *hu1, __global real *hv1, __global const real *b,
           __global clock_real *clock_time, __global clock_real *clock_dt,
           __global int *clock_steps, __global speed_bits *clock_speed)
{
    __local real tile_h[SWE_TILE_Y + 2][SWE_TILE_X + 2], tile_hu[SWE_TILE_Y + 2][SWE_TILE_X + 2];
    __local real tile_hv[SWE_TILE_Y + 2][SWE_TILE_X + 2], tile_b[SWE_TILE_Y + 2][SWE_TILE_X + 2];
    __local real vertical[6][SWE_TILE_Y][SWE_TILE_X + 1];
    __local real horizontal[6][SWE_TILE_Y + 1][SWE_TILE_X];
    __local real scratch[SWE_TILE_X * SWE_TILE_Y];
    const int next = (slot + 1) % 3, spare = (slot + 2) % 3;
    const int tx = (int)get_local_id(0), ty = (int)get_local_id(1);
    const int item = ty * SWE_TILE_X + tx, items = SWE_TILE_X * SWE_TILE_Y;
    const int first_item = get_group_id(0) == 0 && get_group_id(1) == 0 && item == 0;

    const clock_real t = clock_time[slot];
    if (fixed_dt <= 0 && t >= t_target) { /* the same for every item: no barrier is skipped */
        if (first_item) {
            clock_time[next] = t;
            clock_dt[next] = clock_dt[slot];
            clock_steps[next] = clock_steps[slot];
            clock_speed[next] = clock_speed[slot];
            clock_speed[spare] = 0;
        }
        return;
    }
    const clock_real remaining = t_target - t;
    clock_real dt = fixed_dt;
    /* BEGIN SOLUTION: the time-step rule of swe_time_step on the clock: cfl * min(dx, dy) /
     * speed of the slot, remaining when that speed is not positive, never past remaining
     * | stub: dt = fixed_dt > 0 ? fixed_dt : remaining; */
    if (fixed_dt <= 0) {
        const clock_real speed = (clock_real)SWE_SPEED_OF_BITS(clock_speed[slot]);
        dt = speed > 0 ? cfl * (clock_real)(dx < dy ? dx : dy) / speed : remaining;
        dt = dt < remaining ? dt : remaining;
    }
    /* END SOLUTION */
    const int odd = (clock_steps[slot] - first_step) & 1;
    __global const real *h = odd ? h1 : h0;
    __global const real *hu = odd ? hu1 : hu0;
    __global const real *hv = odd ? hv1 : hv0;
    __global real *h_out = odd ? h0 : h1;
    __global real *hu_out = odd ? hu0 : hu1;
    __global real *hv_out = odd ? hv0 : hv1;

    /* The tile's cells, ghost-inclusive indices i0+1.., j0+1.., and a halo
     * of one cell around them. */
    const int i0 = (int)get_group_id(0) * SWE_TILE_X, j0 = (int)get_group_id(1) * SWE_TILE_Y;
    for (int k = item; k < (SWE_TILE_X + 2) * (SWE_TILE_Y + 2); k += items) {
        const int lx = k % (SWE_TILE_X + 2), ly = k / (SWE_TILE_X + 2);
        const int i = i0 + lx, j = j0 + ly;
        if (i <= nx + 1 && j <= ny + 1) {
            swe_state_cell cell = swe_load_cell(h, hu, hv, b, nx, ny, stride, wall_edges,
                                                derived_edges, i, j);
            tile_h[ly][lx] = cell.h;
            tile_hu[ly][lx] = cell.hu;
            tile_hv[ly][lx] = cell.hv;
            tile_b[ly][lx] = cell.b;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    real speed = 0; /* the new wave speed of this item's cell; 0 without a cell */
    /* BEGIN SOLUTION: solve every edge of the tile once from local memory into vertical[][ey][ex]
     * (between tile cells (ex, ey+1) and (ex+1, ey+1)) and horizontal[][ey][ex] (between
     * (ex+1, ey) and (ex+1, ey+1)), skipping edges outside the block; then update cell
     * (tx+1, ty+1) of the tile into the output set and take its wave speed */
    for (int k = item; k < (SWE_TILE_X + 1) * SWE_TILE_Y; k += items) {
        const int ex = k % (SWE_TILE_X + 1), ey = k / (SWE_TILE_X + 1);
        if (i0 + ex <= nx && j0 + ey < ny) {
            swe_net_updates u = swe_riemann(
                SWE_SOLVER, tile_h[ey + 1][ex], tile_h[ey + 1][ex + 1], tile_hu[ey + 1][ex],
                tile_hu[ey + 1][ex + 1], tile_hv[ey + 1][ex], tile_hv[ey + 1][ex + 1],
                tile_b[ey + 1][ex], tile_b[ey + 1][ex + 1]);
            vertical[SWE_PLANE_H_LEFT][ey][ex] = u.h_left;
            vertical[SWE_PLANE_H_RIGHT][ey][ex] = u.h_right;
            vertical[SWE_PLANE_HN_LEFT][ey][ex] = u.hn_left;
            vertical[SWE_PLANE_HN_RIGHT][ey][ex] = u.hn_right;
            vertical[SWE_PLANE_HT_LEFT][ey][ex] = u.ht_left;
            vertical[SWE_PLANE_HT_RIGHT][ey][ex] = u.ht_right;
        }
    }
    for (int k = item; k < SWE_TILE_X * (SWE_TILE_Y + 1); k += items) {
        const int ex = k % SWE_TILE_X, ey = k / SWE_TILE_X;
        if (i0 + ex < nx && j0 + ey <= ny) {
            swe_net_updates u = swe_riemann(
                SWE_SOLVER, tile_h[ey][ex + 1], tile_h[ey + 1][ex + 1], tile_hv[ey][ex + 1],
                tile_hv[ey + 1][ex + 1], tile_hu[ey][ex + 1], tile_hu[ey + 1][ex + 1],
                tile_b[ey][ex + 1], tile_b[ey + 1][ex + 1]);
            horizontal[SWE_PLANE_H_LEFT][ey][ex] = u.h_left;
            horizontal[SWE_PLANE_H_RIGHT][ey][ex] = u.h_right;
            horizontal[SWE_PLANE_HN_LEFT][ey][ex] = u.hn_left;
            horizontal[SWE_PLANE_HN_RIGHT][ey][ex] = u.hn_right;
            horizontal[SWE_PLANE_HT_LEFT][ey][ex] = u.ht_left;
            horizontal[SWE_PLANE_HT_RIGHT][ey][ex] = u.ht_right;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    const int i = i0 + tx + 1, j = j0 + ty + 1;
    if (i <= nx && j <= ny) {
        const real dt_dx = (real)dt / dx, dt_dy = (real)dt / dy;
        swe_cell updated = swe_euler_update(
            tile_h[ty + 1][tx + 1], tile_hu[ty + 1][tx + 1], tile_hv[ty + 1][tx + 1], dt_dx, dt_dy,
            vertical[SWE_PLANE_H_RIGHT][ty][tx] + vertical[SWE_PLANE_H_LEFT][ty][tx + 1],
            vertical[SWE_PLANE_HN_RIGHT][ty][tx] + vertical[SWE_PLANE_HN_LEFT][ty][tx + 1],
            vertical[SWE_PLANE_HT_RIGHT][ty][tx] + vertical[SWE_PLANE_HT_LEFT][ty][tx + 1],
            horizontal[SWE_PLANE_H_RIGHT][ty][tx] + horizontal[SWE_PLANE_H_LEFT][ty + 1][tx],
            horizontal[SWE_PLANE_HT_RIGHT][ty][tx] + horizontal[SWE_PLANE_HT_LEFT][ty + 1][tx],
            horizontal[SWE_PLANE_HN_RIGHT][ty][tx] + horizontal[SWE_PLANE_HN_LEFT][ty + 1][tx]);
        const size_t cell = (size_t)j * (size_t)stride + (size_t)i;
        h_out[cell] = updated.h;
        hu_out[cell] = updated.hu;
        hv_out[cell] = updated.hv;
        speed = swe_cell_wave_speed(updated.h, updated.hu, updated.hv);
    }
    /* END SOLUTION */

    real group_fastest = swe_work_group_max(scratch, item, items, speed);
    if (item == 0) {
        SWE_ATOMIC_MAX_BITS(&clock_speed[next], SWE_BITS_OF_SPEED(group_fastest));
    }
    if (first_item) {
        clock_time[next] = fixed_dt > 0 || dt < remaining ? t + dt : t_target;
        clock_dt[next] = dt;
        clock_steps[next] = clock_steps[slot] + 1;
        clock_speed[spare] = 0;
    }
}
