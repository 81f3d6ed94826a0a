/* Reference OpenCL kernels of shallows. The host builds them with
 * SWE_SOLVER (the Riemann solver, so the dispatch folds away),
 * SWE_TILE_X, SWE_TILE_Y (the fused kernel's work-group shape),
 * SWE_REDUCTION_GROUP (the reduction's work-group size) and
 * SWE_CELLS_PER_ITEM (edges or cells of a row per work item in the level 1
 * kernels: 1 on GPUs; more on CPUs, where the loop over them is what the
 * compiler vectorises), SWE_STRIP_LANES and SWE_STRIP_ROWS (the work-group
 * width and the rows it walks in the level 3 kernel), SWE_ROW_CHUNK and
 * SWE_ROWS_PER_ITEM (the columns and rows of one work item of the level 4
 * kernel) defined.
 *
 * Level 1, one kernel per verb of the time step: net updates on the
 * vertical and on the horizontal edges (into edge planes), the Euler
 * update and bed friction, and a max reduction of the wave speed whose
 * per-group results the host finishes. Levels 2 to 4, one fused kernel per
 * step that solves each edge once, updates the cells into the other state
 * buffer and reduces their wave speed for the next step's dt, which it
 * computes itself, so the host only enqueues. Level 2: a work group loads a
 * tile of the state into local memory and solves its edges there. Level 3
 * (the GPU's): a work group, one item per column, walks up a strip of rows,
 * handing cells and updates to its neighbours through local memory and
 * carrying the edge below a cell over from the row before. Level 4 (the
 * CPU's): a work item sweeps a strip of rows of a column chunk the way the
 * serial backend sweeps the block, in loops along a row that the device
 * compiler vectorises. */
#include "numerics/cell_update.h"
#include "numerics/friction.h"
#include "kernel_support.h"
#include "numerics/riemann.h"

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

/* Euler update and bed friction (Manning coefficient manning, 0: none) of
 * interior cells (i+1, j+1), SWE_CELLS_PER_ITEM of a row per work item, in
 * place: each reads only its own cell and the edge planes. */
__kernel void update_cells(int nx, int ny, int stride, real dt, real dt_dx, real dt_dy,
                           real manning, __global real *restrict h, __global real *restrict hu,
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
         * horizontal ones); sum each pair as the serial kernel does, then swe_euler_update,
         * then bed friction (swe_manning_friction) */
        swe_cell updated = swe_euler_update(
            h[cell], hu[cell], hv[cell], dt_dx, dt_dy,
            v[SWE_PLANE_H_RIGHT * v_plane + left] + v[SWE_PLANE_H_LEFT * v_plane + right],
            v[SWE_PLANE_HN_RIGHT * v_plane + left] + v[SWE_PLANE_HN_LEFT * v_plane + right],
            v[SWE_PLANE_HT_RIGHT * v_plane + left] + v[SWE_PLANE_HT_LEFT * v_plane + right],
            w[SWE_PLANE_H_RIGHT * h_plane + below] + w[SWE_PLANE_H_LEFT * h_plane + above],
            w[SWE_PLANE_HT_RIGHT * h_plane + below] + w[SWE_PLANE_HT_LEFT * h_plane + above],
            w[SWE_PLANE_HN_RIGHT * h_plane + below] + w[SWE_PLANE_HN_LEFT * h_plane + above]);
        updated = swe_manning_friction(updated, dt, manning);
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

/* ---- Levels 2 to 4: the fused step -------------------------------------- */

/* The device clock is three slots of (t, dt, steps, speed bits), rotated
 * by launch: a step reads slot n % 3, fills slot (n+1) % 3 and clears the
 * speed of slot (n+2) % 3, which nobody reads meanwhile. */

/* What a fused step takes from slot `slot` of the clock. Once t reaches
 * t_target a launch only carries the clock over and changes nothing, so
 * the host can enqueue more steps than it needs without reading the clock
 * back. The state is in set 1 after an odd number of steps since
 * first_step, else in set 0. */
typedef struct swe_fused_clock {
    int steps; /* 0: t_target reached, the launch carries the clock over */
    int odd;   /* the current state is set 1 */
    clock_real t, dt, remaining;
} swe_fused_clock;

/* dt is the time-step rule (swe_time_step) applied to the slot, or
 * fixed_dt when the host gives one (> 0). */
SWE_INLINE swe_fused_clock swe_read_clock(clock_real cfl, clock_real t_target, clock_real fixed_dt,
                                          real dx, real dy, int slot, int first_step,
                                          __global const clock_real *clock_time,
                                          __global const int *clock_steps,
                                          __global const speed_bits *clock_speed)
{
    swe_fused_clock clock;
    clock.t = clock_time[slot];
    clock.steps = fixed_dt > 0 || clock.t < t_target;
    clock.odd = (clock_steps[slot] - first_step) & 1;
    clock.remaining = t_target - clock.t;
    clock_real dt = fixed_dt;
    /* BEGIN SOLUTION: the time-step rule of swe_time_step on the clock: cfl * min(dx, dy) /
     * speed of the slot, clock.remaining when that speed is not positive, never past
     * clock.remaining | stub: dt = fixed_dt > 0 ? fixed_dt : clock.remaining; */
    if (fixed_dt <= 0) {
        const clock_real speed = (clock_real)SWE_SPEED_OF_BITS(clock_speed[slot]);
        dt = speed > 0 ? cfl * (clock_real)(dx < dy ? dx : dy) / speed : clock.remaining;
        dt = dt < clock.remaining ? dt : clock.remaining;
    }
    /* END SOLUTION */
    clock.dt = dt;
    return clock;
}

/* One work item of the launch moves the clock on to slot (slot+1) % 3
 * (whose speed every work group has reduced into) and clears the speed of
 * slot (slot+2) % 3 for the next launch. */
SWE_INLINE void swe_write_clock(swe_fused_clock clock, clock_real t_target, clock_real fixed_dt,
                                int slot, __global clock_real *clock_time,
                                __global clock_real *clock_dt, __global int *clock_steps,
                                __global speed_bits *clock_speed)
{
    const int next = (slot + 1) % 3, spare = (slot + 2) % 3;
    if (clock.steps) {
        clock_time[next] =
            fixed_dt > 0 || clock.dt < clock.remaining ? clock.t + clock.dt : t_target;
        clock_dt[next] = clock.dt;
        clock_steps[next] = clock_steps[slot] + 1;
    } else {
        clock_time[next] = clock.t;
        clock_dt[next] = clock_dt[slot];
        clock_steps[next] = clock_steps[slot];
        clock_speed[next] = clock_speed[slot];
    }
    clock_speed[spare] = 0;
}

/* A cell as the solvers see it across its vertical edges (hn = hu,
 * ht = hv). For the f-wave solver it carries the velocities and square
 * roots, taken once per cell instead of once per edge side (four edges
 * meet at a cell); the other solvers derive what they need themselves. */
SWE_INLINE swe_fwave_side swe_side_of(real h, real hu, real hv, real b)
{
    if (SWE_SOLVER == SWE_SOLVER_FWAVE) {
        return swe_fwave_side_of(h, hu, hv, b);
    }
    swe_fwave_side side = {h, hu, hv, b, 0, 0, 0, 0};
    return side;
}

/* The Riemann problem between two sides: the f-wave solver from the
 * sides' own velocities and roots (the same numbers as swe_fwave), the
 * other solvers from their states. */
SWE_INLINE swe_net_updates swe_solve_sides(swe_fwave_side l, swe_fwave_side r)
{
    if (SWE_SOLVER == SWE_SOLVER_FWAVE) {
        return swe_fwave_sides(l, r);
    }
    return swe_riemann(SWE_SOLVER, l.h, r.h, l.hn, r.hn, l.ht, r.ht, l.b, r.b);
}

/* Cells as swe_fwave_sides in local or private memory: one array per
 * field, field f of cell k at f * pitch + k, so that consecutive work
 * items, or consecutive iterations of a loop, touch consecutive values. */
enum {
    SWE_SIDE_H = 0,
    SWE_SIDE_HN,
    SWE_SIDE_HT,
    SWE_SIDE_B,
    SWE_SIDE_U,
    SWE_SIDE_V,
    SWE_SIDE_C,
    SWE_SIDE_ROOT,
    SWE_SIDE_FIELDS
};

SWE_INLINE void swe_local_put(__local real *sides, int pitch, int k, swe_fwave_side side)
{
    sides[SWE_SIDE_H * pitch + k] = side.h;
    sides[SWE_SIDE_HN * pitch + k] = side.hn;
    sides[SWE_SIDE_HT * pitch + k] = side.ht;
    sides[SWE_SIDE_B * pitch + k] = side.b;
    if (SWE_SOLVER == SWE_SOLVER_FWAVE) {
        sides[SWE_SIDE_U * pitch + k] = side.u;
        sides[SWE_SIDE_V * pitch + k] = side.v;
        sides[SWE_SIDE_C * pitch + k] = side.c;
        sides[SWE_SIDE_ROOT * pitch + k] = side.root;
    }
}

SWE_INLINE swe_fwave_side swe_local_side(__local const real *sides, int pitch, int k)
{
    swe_fwave_side side = {sides[SWE_SIDE_H * pitch + k], sides[SWE_SIDE_HN * pitch + k],
                           sides[SWE_SIDE_HT * pitch + k], sides[SWE_SIDE_B * pitch + k], 0, 0, 0,
                           0};
    if (SWE_SOLVER == SWE_SOLVER_FWAVE) {
        side.u = sides[SWE_SIDE_U * pitch + k];
        side.v = sides[SWE_SIDE_V * pitch + k];
        side.c = sides[SWE_SIDE_C * pitch + k];
        side.root = sides[SWE_SIDE_ROOT * pitch + k];
    }
    return side;
}

/* Cell (i, j), ghosts included and derived as the boundary conditions
 * make them (swe_load_cell), across its vertical edges. */
SWE_INLINE swe_fwave_side swe_side_at(__global const real *h, __global const real *hu,
                                      __global const real *hv, __global const real *b, int nx,
                                      int ny, int stride, int wall_edges, int derived_edges, int i,
                                      int j)
{
    swe_state_cell cell =
        swe_load_cell(h, hu, hv, b, nx, ny, stride, wall_edges, derived_edges, i, j);
    return swe_side_of(cell.h, cell.hu, cell.hv, cell.b);
}

/* Level 2: a tile of cells and a halo of one cell in local memory. */
#define SWE_TILE_ROW (SWE_TILE_X + 2)
#define SWE_TILE_CELLS (SWE_TILE_ROW * (SWE_TILE_Y + 2))

/* Level 2, one fused step of a SWE_TILE_X x SWE_TILE_Y tile of cells
 * (the GPU form). Each work item solves the vertical edge left of its cell
 * and the horizontal edge below it; the first SWE_TILE_X + SWE_TILE_Y
 * items also solve the tile's top and right edges. An edge hands its
 * left-side updates to the cell on its other side through local memory
 * and keeps its right-side updates for its own cell. Manning friction
 * with coefficient manning (0: none) follows the update. The state is
 * read from set 0 (h0, hu0, hv0) or set 1 as the clock says and written
 * to the other. */
__kernel __attribute__((reqd_work_group_size(SWE_TILE_X, SWE_TILE_Y, 1))) void
fused_step(int nx, int ny, int stride, real dx, real dy, real manning, clock_real cfl,
           clock_real t_target, clock_real fixed_dt, int slot, int first_step, int wall_edges,
           int derived_edges, __global real *h0, __global real *hu0, __global real *hv0,
           __global real *h1, __global real *hu1, __global real *hv1, __global const real *b,
           __global clock_real *clock_time, __global clock_real *clock_dt,
           __global int *clock_steps, __global speed_bits *clock_speed)
{
    __local real tile[SWE_SIDE_FIELDS * SWE_TILE_CELLS];
    /* Left-side updates (h, hn, ht) of the vertical edges, of the
     * horizontal ones. */
    __local real vertical_left[3][SWE_TILE_Y][SWE_TILE_X + 1];
    __local real horizontal_left[3][SWE_TILE_Y + 1][SWE_TILE_X];
    __local real scratch[SWE_TILE_X * SWE_TILE_Y];
    const int tx = (int)get_local_id(0), ty = (int)get_local_id(1);
    const int item = ty * SWE_TILE_X + tx, items = SWE_TILE_X * SWE_TILE_Y;
    const int first_item = get_group_id(0) == 0 && get_group_id(1) == 0 && item == 0;

    const swe_fused_clock clock = swe_read_clock(cfl, t_target, fixed_dt, dx, dy, slot, first_step,
                                                 clock_time, clock_steps, clock_speed);
    if (!clock.steps) { /* the same for every item: no barrier is skipped */
        if (first_item) {
            swe_write_clock(clock, t_target, fixed_dt, slot, clock_time, clock_dt, clock_steps,
                            clock_speed);
        }
        return;
    }
    __global const real *h = clock.odd ? h1 : h0;
    __global const real *hu = clock.odd ? hu1 : hu0;
    __global const real *hv = clock.odd ? hv1 : hv0;
    __global real *h_out = clock.odd ? h0 : h1;
    __global real *hu_out = clock.odd ? hu0 : hu1;
    __global real *hv_out = clock.odd ? hv0 : hv1;

    /* The tile's cells, ghost-inclusive indices i0+1.., j0+1.., and a halo
     * of one cell around them; past the block's ghosts the last ghost
     * again, so that every edge of the tile has defined sides. */
    const int i0 = (int)get_group_id(0) * SWE_TILE_X, j0 = (int)get_group_id(1) * SWE_TILE_Y;
    for (int k = item; k < SWE_TILE_CELLS; k += items) {
        const int i = min(i0 + k % SWE_TILE_ROW, nx + 1), j = min(j0 + k / SWE_TILE_ROW, ny + 1);
        swe_local_put(tile, SWE_TILE_CELLS, k,
                      swe_side_at(h, hu, hv, b, nx, ny, stride, wall_edges, derived_edges, i, j));
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    real speed = 0; /* the new wave speed of this item's cell; 0 without a cell */
    /* BEGIN SOLUTION: solve the edge left of tile cell own = (tx+1, ty+1) (swe_solve_sides of
     * tile sides own-1 and own) and the one below it (sides own-SWE_TILE_ROW and own,
     * swe_fwave_transposed); items below SWE_TILE_X also solve the top edge of tile column item+1,
     * the next SWE_TILE_Y items the right edge of tile row item-SWE_TILE_X+1; store each
     * edge's left-side updates in vertical_left/horizontal_left, barrier, then update the cell
     * (right-side updates of its own edges plus the left-side ones of its right and top
     * neighbours), apply swe_manning_friction, write it to the output set and set speed */
    const int own = (ty + 1) * SWE_TILE_ROW + tx + 1;
    const swe_fwave_side cell = swe_local_side(tile, SWE_TILE_CELLS, own);
    const swe_net_updates left = swe_solve_sides(swe_local_side(tile, SWE_TILE_CELLS, own - 1), cell);
    const swe_net_updates bottom = swe_solve_sides(
        swe_fwave_transposed(swe_local_side(tile, SWE_TILE_CELLS, own - SWE_TILE_ROW)), swe_fwave_transposed(cell));
    vertical_left[0][ty][tx] = left.h_left;
    vertical_left[1][ty][tx] = left.hn_left;
    vertical_left[2][ty][tx] = left.ht_left;
    horizontal_left[0][ty][tx] = bottom.h_left;
    horizontal_left[1][ty][tx] = bottom.hn_left;
    horizontal_left[2][ty][tx] = bottom.ht_left;
    if (item < SWE_TILE_X) {
        const int lower = SWE_TILE_Y * SWE_TILE_ROW + item + 1;
        const swe_net_updates top =
            swe_solve_sides(swe_fwave_transposed(swe_local_side(tile, SWE_TILE_CELLS, lower)),
                            swe_fwave_transposed(swe_local_side(tile, SWE_TILE_CELLS, lower + SWE_TILE_ROW)));
        horizontal_left[0][SWE_TILE_Y][item] = top.h_left;
        horizontal_left[1][SWE_TILE_Y][item] = top.hn_left;
        horizontal_left[2][SWE_TILE_Y][item] = top.ht_left;
    } else if (item < SWE_TILE_X + SWE_TILE_Y) {
        const int row = item - SWE_TILE_X, l = (row + 1) * SWE_TILE_ROW + SWE_TILE_X;
        const swe_net_updates right =
            swe_solve_sides(swe_local_side(tile, SWE_TILE_CELLS, l), swe_local_side(tile, SWE_TILE_CELLS, l + 1));
        vertical_left[0][row][SWE_TILE_X] = right.h_left;
        vertical_left[1][row][SWE_TILE_X] = right.hn_left;
        vertical_left[2][row][SWE_TILE_X] = right.ht_left;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    const int i = i0 + tx + 1, j = j0 + ty + 1;
    if (i <= nx && j <= ny) {
        const real dt = (real)clock.dt, dt_dx = dt / dx, dt_dy = dt / dy;
        swe_cell updated = swe_euler_update(
            cell.h, cell.hn, cell.ht, dt_dx, dt_dy, left.h_right + vertical_left[0][ty][tx + 1],
            left.hn_right + vertical_left[1][ty][tx + 1],
            left.ht_right + vertical_left[2][ty][tx + 1],
            bottom.h_right + horizontal_left[0][ty + 1][tx],
            bottom.ht_right + horizontal_left[2][ty + 1][tx],
            bottom.hn_right + horizontal_left[1][ty + 1][tx]);
        updated = swe_manning_friction(updated, dt, manning);
        const size_t at = (size_t)j * (size_t)stride + (size_t)i;
        h_out[at] = updated.h;
        hu_out[at] = updated.hu;
        hv_out[at] = updated.hv;
        speed = swe_cell_wave_speed(updated.h, updated.hu, updated.hv);
    }
    /* END SOLUTION */

    real group_fastest = swe_work_group_max(scratch, item, items, speed);
    if (item == 0) {
        SWE_ATOMIC_MAX_BITS(&clock_speed[(slot + 1) % 3], SWE_BITS_OF_SPEED(group_fastest));
    }
    if (first_item) {
        swe_write_clock(clock, t_target, fixed_dt, slot, clock_time, clock_dt, clock_steps,
                        clock_speed);
    }
}

/* Level 3, one fused step (the GPU's form): work group (x, y) is a row
 * of SWE_STRIP_LANES work items, one per column from x * (SWE_STRIP_LANES
 * - 2) on, that walks up the rows from y * SWE_STRIP_ROWS + 1 on. Lanes 1
 * to SWE_STRIP_LANES - 2 own their column; the first and the last only
 * lend their cells to their neighbours. In each row a lane solves the
 * vertical edge on its left, its neighbour's cell read from local memory,
 * hands that edge's left-side updates to the neighbour the same way, and
 * solves the horizontal edge above its cell, which is the edge below the
 * cell of the next row: every edge is solved once, besides the strip's
 * bottom edges and the columns that neighbouring groups share. Each
 * item reads a cell once, a row ahead of its use. Same arguments as
 * fused_step. */
__kernel __attribute__((reqd_work_group_size(SWE_STRIP_LANES, 1, 1))) void
fused_strips_step(int nx, int ny, int stride, real dx, real dy, real manning, clock_real cfl,
                  clock_real t_target, clock_real fixed_dt, int slot, int first_step,
                  int wall_edges, int derived_edges, __global real *h0, __global real *hu0,
                  __global real *hv0, __global real *h1, __global real *hu1, __global real *hv1,
                  __global const real *b, __global clock_real *clock_time,
                  __global clock_real *clock_dt, __global int *clock_steps,
                  __global speed_bits *clock_speed)
{
    __local real row[SWE_SIDE_FIELDS * SWE_STRIP_LANES]; /* the lanes' cells of a row */
    __local real left_updates[3 * SWE_STRIP_LANES];      /* h, hn, ht of each lane's left edge */
    __local real scratch[SWE_STRIP_LANES];
    const int lane = (int)get_local_id(0);
    const int first_item = get_group_id(0) == 0 && get_group_id(1) == 0 && lane == 0;
    const swe_fused_clock clock = swe_read_clock(cfl, t_target, fixed_dt, dx, dy, slot, first_step,
                                                 clock_time, clock_steps, clock_speed);
    if (!clock.steps) { /* the same for every item: no barrier is skipped */
        if (first_item) {
            swe_write_clock(clock, t_target, fixed_dt, slot, clock_time, clock_dt, clock_steps,
                            clock_speed);
        }
        return;
    }
    __global const real *h = clock.odd ? h1 : h0;
    __global const real *hu = clock.odd ? hu1 : hu0;
    __global const real *hv = clock.odd ? hv1 : hv0;
    __global real *h_out = clock.odd ? h0 : h1;
    __global real *hu_out = clock.odd ? hu0 : hu1;
    __global real *hv_out = clock.odd ? hv0 : hv1;

    const int i = (int)get_group_id(0) * (SWE_STRIP_LANES - 2) + lane;
    const int column = min(i, nx + 1); /* past the block: the last ghost again */
    const int owns_column = lane >= 1 && lane <= SWE_STRIP_LANES - 2 && i <= nx;
    const int j_first = (int)get_group_id(1) * SWE_STRIP_ROWS + 1;
    const int left = max(lane - 1, 0), right = min(lane + 1, SWE_STRIP_LANES - 1);
    real fastest = 0;
    /* BEGIN SOLUTION: solve the edge below row j_first once (swe_fwave_transposed sides of the cells
     * at j_first-1 and j_first, from swe_side_at); then for each of the SWE_STRIP_ROWS rows
     * (every item the same number, for the barriers): read the cell above (row min(j+1, ny+1)),
     * put this cell into row (swe_local_put), barrier, solve the edge on the left (side of lane
     * `left`), put its left-side updates into left_updates, barrier, solve the edge above; an
     * owned cell with j <= ny is updated (its edges' right-side updates plus left_updates of lane
     * `right` and the edge above's left side), gets swe_manning_friction, goes to the output
     * set, and its speed into fastest (swe_max_speed); the edge above and the cell above become
     * the next row's edge below and cell */
    swe_fwave_side cell =
        swe_side_at(h, hu, hv, b, nx, ny, stride, wall_edges, derived_edges, column, j_first);
    swe_net_updates edge_below = swe_solve_sides(
        swe_fwave_transposed(swe_side_at(h, hu, hv, b, nx, ny, stride, wall_edges, derived_edges, column,
                                   j_first - 1)),
        swe_fwave_transposed(cell));
    const real dt = (real)clock.dt, dt_dx = dt / dx, dt_dy = dt / dy;
    for (int r = 0; r < SWE_STRIP_ROWS; ++r) {
        const int j = j_first + r;
        const swe_fwave_side above = swe_side_at(h, hu, hv, b, nx, ny, stride, wall_edges,
                                                 derived_edges, column, min(j + 1, ny + 1));
        swe_local_put(row, SWE_STRIP_LANES, lane, cell);
        barrier(CLK_LOCAL_MEM_FENCE);
        const swe_net_updates edge_left =
            swe_solve_sides(swe_local_side(row, SWE_STRIP_LANES, left), cell);
        left_updates[lane] = edge_left.h_left;
        left_updates[SWE_STRIP_LANES + lane] = edge_left.hn_left;
        left_updates[2 * SWE_STRIP_LANES + lane] = edge_left.ht_left;
        barrier(CLK_LOCAL_MEM_FENCE);
        const swe_net_updates edge_above =
            swe_solve_sides(swe_fwave_transposed(cell), swe_fwave_transposed(above));
        if (owns_column && j <= ny) {
            swe_cell updated = swe_euler_update(
                cell.h, cell.hn, cell.ht, dt_dx, dt_dy, edge_left.h_right + left_updates[right],
                edge_left.hn_right + left_updates[SWE_STRIP_LANES + right],
                edge_left.ht_right + left_updates[2 * SWE_STRIP_LANES + right],
                edge_below.h_right + edge_above.h_left, edge_below.ht_right + edge_above.ht_left,
                edge_below.hn_right + edge_above.hn_left);
            updated = swe_manning_friction(updated, dt, manning);
            const size_t at = (size_t)j * (size_t)stride + (size_t)i;
            h_out[at] = updated.h;
            hu_out[at] = updated.hu;
            hv_out[at] = updated.hv;
            fastest = swe_max_speed(fastest, swe_cell_wave_speed(updated.h, updated.hu, updated.hv));
        }
        edge_below = edge_above;
        cell = above;
    }
    /* END SOLUTION */
    real group_fastest = swe_work_group_max(scratch, lane, SWE_STRIP_LANES, fastest);
    if (lane == 0) {
        SWE_ATOMIC_MAX_BITS(&clock_speed[(slot + 1) % 3], SWE_BITS_OF_SPEED(group_fastest));
    }
    if (first_item) {
        swe_write_clock(clock, t_target, fixed_dt, slot, clock_time, clock_dt, clock_steps,
                        clock_speed);
    }
}

/* Level 4: rows of sides in private arrays (swe_local_put's layout). */
typedef real swe_side_row[SWE_SIDE_FIELDS][SWE_ROW_CHUNK + 2];

SWE_INLINE void swe_row_put(swe_side_row row, int k, swe_fwave_side side)
{
    row[SWE_SIDE_H][k] = side.h;
    row[SWE_SIDE_HN][k] = side.hn;
    row[SWE_SIDE_HT][k] = side.ht;
    row[SWE_SIDE_B][k] = side.b;
    row[SWE_SIDE_U][k] = side.u;
    row[SWE_SIDE_V][k] = side.v;
    row[SWE_SIDE_C][k] = side.c;
    row[SWE_SIDE_ROOT][k] = side.root;
}

SWE_INLINE swe_fwave_side swe_row_side(swe_side_row row, int k)
{
    swe_fwave_side side = {row[SWE_SIDE_H][k], row[SWE_SIDE_HN][k], row[SWE_SIDE_HT][k],
                           row[SWE_SIDE_B][k], row[SWE_SIDE_U][k],  row[SWE_SIDE_V][k],
                           row[SWE_SIDE_C][k], row[SWE_SIDE_ROOT][k]};
    return side;
}

/* Sides of cells i0 .. i0+count+1 (ghost-inclusive) of row j, as
 * swe_load_cell makes them: the ghost row of a WALL or OUTFLOW edge is
 * swe_boundary_ghost of the row beside it, its ghost columns are fixed up
 * after the loop, everything else is read as stored. */
SWE_INLINE void swe_load_row(swe_side_row row, __global const real *restrict h,
                             __global const real *restrict hu, __global const real *restrict hv,
                             __global const real *restrict b, int nx, int ny, int stride,
                             int wall_edges, int derived_edges, int i0, int count, int j)
{
    int source_j = j, next_j = j, mirror = 0;
    if (j == 0 && (derived_edges & SWE_EDGE_BIT_BOTTOM)) {
        source_j = 1;
        next_j = ny > 1 ? 2 : 1;
        mirror = (wall_edges & SWE_EDGE_BIT_BOTTOM) != 0;
    } else if (j == ny + 1 && (derived_edges & SWE_EDGE_BIT_TOP)) {
        source_j = ny;
        next_j = ny > 1 ? ny - 1 : ny;
        mirror = (wall_edges & SWE_EDGE_BIT_TOP) != 0;
    }
    const size_t first = (size_t)source_j * (size_t)stride + (size_t)i0;
    const size_t next = (size_t)next_j * (size_t)stride + (size_t)i0;
    const int ghost_row = source_j != j;
    for (int k = 0; k < count + 2; ++k) {
        if (ghost_row) {
            swe_ghost_cell cell = swe_boundary_ghost(mirror, 0, h[first + k], hu[first + k],
                                                     hv[first + k], b[first + k], b[next + k]);
            swe_row_put(row, k, swe_side_of(cell.h, cell.hu, cell.hv, cell.b));
        } else {
            swe_row_put(row, k, swe_side_of(h[first + k], hu[first + k], hv[first + k], b[first + k]));
        }
    }
    const int fixed[2] = {i0 == 0 && (derived_edges & SWE_EDGE_BIT_LEFT),
                          i0 + count == nx && (derived_edges & SWE_EDGE_BIT_RIGHT)};
    for (int end = 0; end < 2; ++end) {
        if (fixed[end]) {
            const int k = end ? count + 1 : 0;
            swe_state_cell cell = swe_load_cell(h, hu, hv, b, nx, ny, stride, wall_edges,
                                                derived_edges, i0 + k, j);
            swe_row_put(row, k, swe_side_of(cell.h, cell.hu, cell.hv, cell.b));
        }
    }
}

/* Level 4, one fused step (the CPU's form): work item (x, y) sweeps the
 * rows from y * SWE_ROWS_PER_ITEM + 1 on of the SWE_ROW_CHUNK cells from
 * x * SWE_ROW_CHUNK + 1 on, as the serial backend sweeps a block: for each
 * row the sides of the row above, the horizontal edges between them, the
 * vertical edges of the row and its cells, each a loop along the row that
 * the device compiler vectorises. The horizontal edges above a row are the
 * next row's edges below, so every edge is solved once, the strip's bottom
 * edges and the chunk's side edges twice. Same arguments as fused_step. */
__kernel __attribute__((reqd_work_group_size(1, 1, 1))) void
fused_rows_step(int nx, int ny, int stride, real dx, real dy, real manning, clock_real cfl,
                clock_real t_target, clock_real fixed_dt, int slot, int first_step,
                int wall_edges, int derived_edges, __global real *restrict h0,
                __global real *restrict hu0, __global real *restrict hv0,
                __global real *restrict h1, __global real *restrict hu1,
                __global real *restrict hv1, __global const real *restrict b,
                __global clock_real *clock_time, __global clock_real *clock_dt,
                __global int *clock_steps, __global speed_bits *clock_speed)
{
    const int first_item = get_global_id(0) == 0 && get_global_id(1) == 0;
    const swe_fused_clock clock = swe_read_clock(cfl, t_target, fixed_dt, dx, dy, slot, first_step,
                                                 clock_time, clock_steps, clock_speed);
    if (!clock.steps) {
        if (first_item) {
            swe_write_clock(clock, t_target, fixed_dt, slot, clock_time, clock_dt, clock_steps,
                            clock_speed);
        }
        return;
    }
    __global const real *restrict h = clock.odd ? h1 : h0;
    __global const real *restrict hu = clock.odd ? hu1 : hu0;
    __global const real *restrict hv = clock.odd ? hv1 : hv0;
    __global real *restrict h_out = clock.odd ? h0 : h1;
    __global real *restrict hu_out = clock.odd ? hu0 : hu1;
    __global real *restrict hv_out = clock.odd ? hv0 : hv1;

    const int i0 = (int)get_global_id(0) * SWE_ROW_CHUNK;
    const int j_first = (int)get_global_id(1) * SWE_ROWS_PER_ITEM + 1;
    const int count = min(SWE_ROW_CHUNK, nx - i0);
    const int j_last = min(j_first + SWE_ROWS_PER_ITEM - 1, ny);
    const real dt = (real)clock.dt, dt_dx = dt / dx, dt_dy = dt / dy;
    swe_side_row row, above; /* sides of the row being updated, of the row above it */
    real vertical[6][SWE_ROW_CHUNK + 1];   /* net updates of the row's vertical edges */
    real edges_above[6][SWE_ROW_CHUNK];    /* of the horizontal edges above the row */
    real below_right[3][SWE_ROW_CHUNK];    /* right-side h, hn, ht of the edges below it */
    speed_bits fastest = 0;
    swe_load_row(row, h, hu, hv, b, nx, ny, stride, wall_edges, derived_edges, i0, count,
                 j_first - 1);
    for (int j = j_first - 1; j <= j_last; ++j) {
        swe_load_row(above, h, hu, hv, b, nx, ny, stride, wall_edges, derived_edges, i0, count,
                     j + 1);
        /* BEGIN SOLUTION: the horizontal edges between row and above (swe_fwave_transposed sides, cells
         * k = 1..count) into edges_above[plane][k-1]; then, for rows j >= j_first, the vertical
         * edges e = 0..count of row into vertical[plane][e] and the update of cells k = 1..count
         * (as update_cells: vertical right of edge k-1 plus left of edge k, below_right plus the
         * left side of edges_above) with swe_manning_friction, written to the output set, their
         * speed bits kept in fastest (max) */
        for (int k = 1; k <= count; ++k) {
            swe_net_updates u = swe_solve_sides(swe_fwave_transposed(swe_row_side(row, k)),
                                                swe_fwave_transposed(swe_row_side(above, k)));
            edges_above[SWE_PLANE_H_LEFT][k - 1] = u.h_left;
            edges_above[SWE_PLANE_H_RIGHT][k - 1] = u.h_right;
            edges_above[SWE_PLANE_HN_LEFT][k - 1] = u.hn_left;
            edges_above[SWE_PLANE_HN_RIGHT][k - 1] = u.hn_right;
            edges_above[SWE_PLANE_HT_LEFT][k - 1] = u.ht_left;
            edges_above[SWE_PLANE_HT_RIGHT][k - 1] = u.ht_right;
        }
        if (j >= j_first) {
            for (int e = 0; e <= count; ++e) {
                swe_net_updates u = swe_solve_sides(swe_row_side(row, e), swe_row_side(row, e + 1));
                vertical[SWE_PLANE_H_LEFT][e] = u.h_left;
                vertical[SWE_PLANE_H_RIGHT][e] = u.h_right;
                vertical[SWE_PLANE_HN_LEFT][e] = u.hn_left;
                vertical[SWE_PLANE_HN_RIGHT][e] = u.hn_right;
                vertical[SWE_PLANE_HT_LEFT][e] = u.ht_left;
                vertical[SWE_PLANE_HT_RIGHT][e] = u.ht_right;
            }
            const size_t first = (size_t)j * (size_t)stride + (size_t)i0;
            for (int k = 1; k <= count; ++k) {
                swe_cell updated = swe_euler_update(
                    row[SWE_SIDE_H][k], row[SWE_SIDE_HN][k], row[SWE_SIDE_HT][k], dt_dx, dt_dy,
                    vertical[SWE_PLANE_H_RIGHT][k - 1] + vertical[SWE_PLANE_H_LEFT][k],
                    vertical[SWE_PLANE_HN_RIGHT][k - 1] + vertical[SWE_PLANE_HN_LEFT][k],
                    vertical[SWE_PLANE_HT_RIGHT][k - 1] + vertical[SWE_PLANE_HT_LEFT][k],
                    below_right[0][k - 1] + edges_above[SWE_PLANE_H_LEFT][k - 1],
                    below_right[2][k - 1] + edges_above[SWE_PLANE_HT_LEFT][k - 1],
                    below_right[1][k - 1] + edges_above[SWE_PLANE_HN_LEFT][k - 1]);
                updated = swe_manning_friction(updated, dt, manning);
                h_out[first + k] = updated.h;
                hu_out[first + k] = updated.hu;
                hv_out[first + k] = updated.hv;
                const speed_bits speed =
                    SWE_BITS_OF_SPEED(swe_cell_wave_speed(updated.h, updated.hu, updated.hv));
                fastest = max(fastest, speed);
            }
        }
        /* END SOLUTION */
        for (int k = 0; k < count + 2; ++k) {
            for (int field = 0; field < SWE_SIDE_FIELDS; ++field) {
                row[field][k] = above[field][k];
            }
        }
        for (int k = 0; k < count; ++k) {
            below_right[0][k] = edges_above[SWE_PLANE_H_RIGHT][k];
            below_right[1][k] = edges_above[SWE_PLANE_HN_RIGHT][k];
            below_right[2][k] = edges_above[SWE_PLANE_HT_RIGHT][k];
        }
    }
    SWE_ATOMIC_MAX_BITS(&clock_speed[(slot + 1) % 3], fastest);
    if (first_item) {
        swe_write_clock(clock, t_target, fixed_dt, slot, clock_time, clock_dt, clock_steps,
                        clock_speed);
    }
}
