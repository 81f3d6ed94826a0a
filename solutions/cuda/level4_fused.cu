/* Level 4 of the CUDA backend (exercise 06), its fastest: one fused kernel
 * per step. Each warp walks up a strip of rows, one column per lane,
 * shares vertical edges between neighbouring lanes through shuffles,
 * carries the horizontal edge below a cell over from the row before,
 * applies the boundary conditions as it reads the cells (no ghost-layer
 * pass), reduces the new state's wave speed per block and takes dt from
 * the clock on the device (numerics/device_clock.h), so that the host
 * launches 48 steps as one CUDA graph without looking at any of them.
 *
 * Two tuned tricks that the lower levels leave out: the f-wave solver's
 * per-cell quantities (velocities, square roots) are taken once per cell
 * instead of once per edge side (numerics/solver_sides.h), and the
 * registers per thread are capped (__launch_bounds__) so that more blocks
 * share a multiprocessor; both were tuned on an H100 (docs/RESULTS-cuda.md). */
#include "block_max.cuh"

/* Rows of cells that one warp walks through: a strip solves its bottom
 * edges twice (1/rows more horizontal solves), shorter strips give small
 * grids more warps. Blocks per multiprocessor that the register allocation
 * must allow: more blocks, fewer registers per thread. */
#ifndef SWE_CUDA_FUSED_ROWS
#define SWE_CUDA_FUSED_ROWS 16
#endif
#ifndef SWE_CUDA_FUSED_MIN_BLOCKS
#ifdef SWE_PRECISION_DOUBLE
#define SWE_CUDA_FUSED_MIN_BLOCKS 5 /* <= 96 registers; at 80 it spills, 1.8 x slower */
#else
#define SWE_CUDA_FUSED_MIN_BLOCKS 10 /* <= 48 registers: 2 % faster than 64 or 40 */
#endif
#endif
enum { FUSED_ROWS = SWE_CUDA_FUSED_ROWS, FUSED_WARPS = 4 };
/* Lanes 1 to 30 own a column; lanes 0 and 31 only lend their cells. */
enum { FUSED_CELLS_PER_WARP = WARP - 2 };
#define FUSED_LAUNCH_BOUNDS __launch_bounds__(WARP *FUSED_WARPS, SWE_CUDA_FUSED_MIN_BLOCKS)

typedef struct cell_state {
    real h, hu, hv, b;
} cell_state;

/* Cell (i, j) as the edges see it: a ghost of a WALL or OUTFLOW edge is
 * made from its inner neighbour by the host's rules (swe_cell_source_of
 * and swe_cell_as_seen, grid/boundary.h). Indices past the ghost layer
 * (lanes beyond the last column, rows beyond the last strip) read the
 * ghost. */
__device__ __forceinline__ cell_state read_cell(const swe_cuda_grid &grid, swe_cuda_state state,
                                                const real *__restrict__ b, int i, int j)
{
    const swe_cell_source source =
        swe_cell_source_of(min(i, grid.nx + 1), min(j, grid.ny + 1), grid.nx, grid.ny,
                           grid.wall_edges, grid.derived_edges);
    const size_t at = (size_t)source.j * grid.stride + source.i;
    const size_t next = (size_t)source.next_j * grid.stride + source.next_i;
    const swe_ghost_cell seen =
        swe_cell_as_seen(source, __ldg(state.h + at), __ldg(state.hu + at), __ldg(state.hv + at),
                         __ldg(b + at), __ldg(b + next));
    cell_state cell;
    cell.h = seen.h;
    cell.hu = seen.hu;
    cell.hv = seen.hv;
    cell.b = seen.b;
    return cell;
}

/* The cell as a side of its vertical edges (swe_fwave_transposed turns it
 * to its horizontal ones). */
template <int SOLVER> __device__ __forceinline__ swe_fwave_side side_of(cell_state cell)
{
    return swe_side_for(SOLVER, cell.h, cell.hu, cell.hv, cell.b);
}

/* The side of lane - 1 (lane 0 gets its own back, and owns no cell). */
__device__ __forceinline__ swe_fwave_side shuffle_up(swe_fwave_side side)
{
    swe_fwave_side left;
    left.h = __shfl_up_sync(FULL_WARP, side.h, 1);
    left.hn = __shfl_up_sync(FULL_WARP, side.hn, 1);
    left.ht = __shfl_up_sync(FULL_WARP, side.ht, 1);
    left.b = __shfl_up_sync(FULL_WARP, side.b, 1);
    left.u = __shfl_up_sync(FULL_WARP, side.u, 1);
    left.v = __shfl_up_sync(FULL_WARP, side.v, 1);
    left.c = __shfl_up_sync(FULL_WARP, side.c, 1);
    left.root = __shfl_up_sync(FULL_WARP, side.root, 1);
    return left;
}

/* The edge right of this lane's cell is the left edge of lane + 1's: its
 * left-side updates from there (only those are read from the result). */
__device__ __forceinline__ swe_net_updates shuffle_down_left_side(swe_net_updates edge)
{
    swe_net_updates right = edge;
    right.h_left = __shfl_down_sync(FULL_WARP, edge.h_left, 1);
    right.hn_left = __shfl_down_sync(FULL_WARP, edge.hn_left, 1);
    right.ht_left = __shfl_down_sync(FULL_WARP, edge.ht_left, 1);
    return right;
}

/* Warp w of block (bx, by) walks rows j_first .. j_first + FUSED_ROWS - 1
 * of columns bx * 30 .. bx * 30 + 31, one column per lane. Lane l solves
 * the vertical edge on its left, between lanes l - 1 and l, and passes
 * its left-side updates to lane l - 1; the horizontal edge above a cell
 * becomes the edge below the cell of the next row. */
template <int SOLVER>
__global__ static void FUSED_LAUNCH_BOUNDS fused_step_kernel(
    swe_cuda_grid grid, swe_cuda_state state0, swe_cuda_state state1, const real *__restrict__ b,
    swe_clock_slot *slots, int launch, const swe_time *t_target, swe_time cfl, real forced_dt)
{
    const int slot = swe_clock_slot_of(launch);
    const swe_clock_slot now = slots[slot];
    const swe_time target = *t_target;
    const int first_thread = threadIdx.x == 0 && threadIdx.y == 0;
    const int closes_clock = first_thread && blockIdx.x == 0 && blockIdx.y == 0;
    if (!swe_clock_running(now, target)) { /* the same in every block */
        if (closes_clock) {
            swe_clock_close(slots, slot, now, 0, 0, target);
        }
        return;
    }
    const swe_time dt = swe_clock_dt(now, target, cfl, grid.dx, grid.dy, forced_dt);
    const real dt_dx = (real)dt / grid.dx, dt_dy = (real)dt / grid.dy;
    const swe_cuda_state from = now.parity ? state1 : state0;
    const swe_cuda_state to = now.parity ? state0 : state1;

    const int lane = (int)threadIdx.x;
    const int i = (int)blockIdx.x * FUSED_CELLS_PER_WARP + lane;
    const int owns_column = lane >= 1 && lane <= FUSED_CELLS_PER_WARP && i <= grid.nx;
    const int j_first = 1 + ((int)blockIdx.y * FUSED_WARPS + (int)threadIdx.y) * FUSED_ROWS;
    const int j_last = min(j_first + FUSED_ROWS - 1, grid.ny);
    swe_speed_bits fastest = 0;
    /* BEGIN SOLUTION: (1) solve edge_below, the horizontal edge below row j_first, once (sides of
     * read_cell at j_first - 1 and j_first, swe_fwave_transposed); then for j = j_first ..
     * j_last: read the cell two rows up ahead of its use, solve edge_left between shuffle_up(cell)
     * and cell, take edge_right, the right edge's left side, from lane + 1
     * (shuffle_down_left_side), solve edge_above, update the cell (swe_update_from_edges,
     * swe_manning_friction); an owned column writes it to `to` and keeps its wave speed bits in
     * fastest; move up a row */
    const swe_fwave_side below = side_of<SOLVER>(read_cell(grid, from, b, i, j_first - 1));
    swe_fwave_side cell = side_of<SOLVER>(read_cell(grid, from, b, i, j_first));
    cell_state above = read_cell(grid, from, b, i, j_first + 1);
    swe_net_updates edge_below =
        swe_riemann_sides(SOLVER, swe_fwave_transposed(below), swe_fwave_transposed(cell));
    for (int j = j_first; j <= j_last; ++j) {
        const cell_state ahead = read_cell(grid, from, b, i, j + 2);
        const swe_fwave_side upper = side_of<SOLVER>(above);
        const swe_net_updates edge_left = swe_riemann_sides(SOLVER, shuffle_up(cell), cell);
        const swe_net_updates edge_right = shuffle_down_left_side(edge_left);
        const swe_net_updates edge_above =
            swe_riemann_sides(SOLVER, swe_fwave_transposed(cell), swe_fwave_transposed(upper));
        const swe_cell updated = swe_manning_friction(
            swe_update_from_edges(cell.h, cell.hn, cell.ht, dt_dx, dt_dy, edge_left, edge_right,
                                  edge_below, edge_above),
            (real)dt, grid.manning);
        if (owns_column) {
            const size_t at = (size_t)j * grid.stride + i;
            to.h[at] = updated.h;
            to.hu[at] = updated.hu;
            to.hv[at] = updated.hv;
            fastest = swe_max_bits(
                fastest, swe_speed_to_bits(swe_cell_wave_speed(updated.h, updated.hu, updated.hv)));
        }
        edge_below = edge_above;
        cell = upper;
        above = ahead;
    }
    /* END SOLUTION */
    fastest = block_max(fastest);
    if (first_thread) {
        /* BEGIN SOLUTION: (2) combine the block's maximum into the next clock slot's speed_bits
         * with atomicMax */
        atomicMax(&slots[swe_clock_next(slot)].speed_bits, fastest);
        /* END SOLUTION */
        if (closes_clock) {
            swe_clock_close(slots, slot, now, 1, dt, target);
        }
    }
}

cudaError_t swe_cuda_launch_fused_step(enum swe_solver solver, const swe_cuda_grid *grid,
                                       swe_cuda_state state0, swe_cuda_state state1, const real *b,
                                       swe_clock_slot *slots, int launch, const swe_time *t_target,
                                       swe_time cfl, real forced_dt, cudaStream_t stream)
{
    const int strips = (grid->ny + FUSED_ROWS - 1) / FUSED_ROWS;
    const dim3 threads(WARP, FUSED_WARPS);
    const dim3 blocks((unsigned)((grid->nx + FUSED_CELLS_PER_WARP - 1) / FUSED_CELLS_PER_WARP),
                      (unsigned)((strips + FUSED_WARPS - 1) / FUSED_WARPS));
    const auto kernel = KERNEL_FOR_SOLVER(solver, fused_step_kernel);
    kernel<<<blocks, threads, 0, stream>>>(*grid, state0, state1, b, slots, launch, t_target, cfl,
                                           forced_dt);
    return cudaGetLastError();
}
