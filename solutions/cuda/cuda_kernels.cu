/* Reference kernels of the CUDA backend, one set per optimisation level:
 *   levels 1 and 2: one thread per edge computes net updates into edge
 *     arrays, one thread per cell applies them (the two kernels of the
 *     first CUDA exercise); the update also reduces the max wave speed;
 *   level 3: one block per tile of cells loads the tile and its halo into
 *     shared memory once, solves the tile's edges there and writes the
 *     updated tile to a second copy of the state;
 *   level 4: one fused kernel per step: each warp walks up a strip of rows,
 *     shares vertical edges between neighbouring lanes through shuffles,
 *     carries the horizontal edge below a cell over from the row before,
 *     takes the f-wave's per-cell quantities (velocities, roots) once per
 *     cell instead of once per edge side,
 *     reduces the new state's wave speed per block and takes dt from the
 *     device-side clock, so the host need not look at any step.
 * The solvers, the Euler update and the wave speed come from common/:
 * these kernels only decide which thread solves which edge. */
#include "cuda_kernels.h"

extern "C" {
#include "grid/boundary.h"
#include "numerics/cell_update.h"
#include "numerics/friction.h"
#include "numerics/time_step.h"
}

/* Rows of cells that one warp of the fused kernel walks through: a strip
 * solves its bottom edges twice (1/rows more horizontal solves), shorter
 * strips give small grids more warps. Blocks per multiprocessor that the
 * register allocation must allow (__launch_bounds__): more blocks, fewer
 * registers per thread. Both were tuned on an H100 (docs/RESULTS-cuda.md). */
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
#define FUSED_LAUNCH_BOUNDS __launch_bounds__(WARP * FUSED_WARPS, SWE_CUDA_FUSED_MIN_BLOCKS)
enum { FUSED_ROWS = SWE_CUDA_FUSED_ROWS, FUSED_WARPS = 4, WARP = 32 };
enum { FUSED_CELLS_PER_WARP = WARP - 2 };
enum { FINAL_MAX_THREADS = 1024 };

#define FULL_WARP 0xffffffffu

__device__ __forceinline__ swe_speed_bits bits_of(real speed)
{
#ifdef SWE_PRECISION_DOUBLE
    return (swe_speed_bits)__double_as_longlong(speed);
#else
    return __float_as_uint(speed);
#endif
}

__device__ __forceinline__ real speed_of(swe_speed_bits bits)
{
#ifdef SWE_PRECISION_DOUBLE
    return __longlong_as_double((long long)bits);
#else
    return __uint_as_float(bits);
#endif
}

__device__ __forceinline__ swe_speed_bits max_bits(swe_speed_bits a, swe_speed_bits b)
{
    return a > b ? a : b;
}

/* Max over the threads of a block, valid in thread 0: first within each
 * warp by shuffles, then over the warps' maxima in shared memory. Every
 * thread of the block must call it. */
__device__ static swe_speed_bits block_max(swe_speed_bits value)
{
    __shared__ swe_speed_bits warp_max[WARP];
    const unsigned thread = threadIdx.y * blockDim.x + threadIdx.x;
    const unsigned warps = (blockDim.x * blockDim.y + WARP - 1) / WARP;
    /* BEGIN SOLUTION: reduce value over the warp with __shfl_xor_sync, let lane 0 of each warp
     * store it in warp_max, synchronise, and reduce warp_max in the first warp */
    for (int offset = WARP / 2; offset > 0; offset /= 2) {
        value = max_bits(value, __shfl_xor_sync(FULL_WARP, value, offset));
    }
    if (thread % WARP == 0) {
        warp_max[thread / WARP] = value;
    }
    __syncthreads();
    if (thread < WARP) {
        value = thread < warps ? warp_max[thread] : 0;
        for (int offset = WARP / 2; offset > 0; offset /= 2) {
            value = max_bits(value, __shfl_xor_sync(FULL_WARP, value, offset));
        }
    }
    /* END SOLUTION */
    return value;
}

__device__ __forceinline__ void store_updates(swe_cuda_edges edges, size_t at, swe_net_updates u)
{
    edges.h_left[at] = u.h_left;
    edges.h_right[at] = u.h_right;
    edges.hn_left[at] = u.hn_left;
    edges.hn_right[at] = u.hn_right;
    edges.ht_left[at] = u.ht_left;
    edges.ht_right[at] = u.ht_right;
}

size_t swe_cuda_block_count(const swe_cuda_grid *grid)
{
    size_t blocks_x = ((size_t)grid->nx + SWE_CUDA_TILE_X - 1) / SWE_CUDA_TILE_X;
    size_t blocks_y = ((size_t)grid->ny + SWE_CUDA_TILE_Y - 1) / SWE_CUDA_TILE_Y;
    return blocks_x * blocks_y;
}

static dim3 cell_blocks(const swe_cuda_grid *grid, int extra)
{
    return dim3((unsigned)((grid->nx + extra + SWE_CUDA_TILE_X - 1) / SWE_CUDA_TILE_X),
                (unsigned)((grid->ny + extra + SWE_CUDA_TILE_Y - 1) / SWE_CUDA_TILE_Y));
}

/* ---- Levels 1 and 2 ---------------------------------------------------- */

/* Thread (i, j), 0 <= i <= nx, 0 <= j <= ny, solves the vertical edge
 * right of cell (i, j) when j >= 1 and the horizontal edge above it when
 * i >= 1. */
template <int SOLVER>
__global__ static void net_updates_kernel(swe_cuda_grid grid, swe_cuda_state state, const real *b,
                                          swe_cuda_edges vertical, swe_cuda_edges horizontal)
{
    const int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
    const int j = (int)(blockIdx.y * blockDim.y + threadIdx.y);
    if (i > grid.nx || j > grid.ny) {
        return;
    }
    const size_t here = (size_t)j * grid.stride + i;
    const real *h = state.h, *hu = state.hu, *hv = state.hv;
    /* BEGIN SOLUTION: solve the vertical edge between cells here and here + 1 (hu normal) when
     * j >= 1, the horizontal edge between here and here + stride (hv normal) when i >= 1, and
     * store both with store_updates */
    if (j >= 1) {
        const size_t right = here + 1;
        store_updates(vertical, here,
                      swe_riemann(SOLVER, h[here], h[right], hu[here], hu[right], hv[here],
                                  hv[right], b[here], b[right]));
    }
    if (i >= 1) {
        const size_t above = here + (size_t)grid.stride;
        store_updates(horizontal, here,
                      swe_riemann(SOLVER, h[here], h[above], hv[here], hv[above], hu[here],
                                  hu[above], b[here], b[above]));
    }
    /* END SOLUTION */
}

__global__ static void update_kernel(swe_cuda_grid grid, swe_cuda_state state, real dt,
                                     swe_cuda_edges vertical, swe_cuda_edges horizontal,
                                     swe_speed_bits *block_max_out)
{
    const int i = 1 + (int)(blockIdx.x * blockDim.x + threadIdx.x);
    const int j = 1 + (int)(blockIdx.y * blockDim.y + threadIdx.y);
    swe_speed_bits speed = 0;
    if (i <= grid.nx && j <= grid.ny) {
        const size_t here = (size_t)j * grid.stride + i;
        const size_t left = here - 1, below = here - (size_t)grid.stride;
        const real dt_dx = dt / grid.dx, dt_dy = dt / grid.dy;
        /* BEGIN SOLUTION: the cell gets the right-side updates of the edges left of and below it
         * and the left-side updates of the edges right of and above it; write the new state and
         * keep its wave speed in speed */
        swe_cell cell = swe_euler_update(
            state.h[here], state.hu[here], state.hv[here], dt_dx, dt_dy,
            vertical.h_right[left] + vertical.h_left[here],
            vertical.hn_right[left] + vertical.hn_left[here],
            vertical.ht_right[left] + vertical.ht_left[here],
            horizontal.h_right[below] + horizontal.h_left[here],
            horizontal.ht_right[below] + horizontal.ht_left[here],
            horizontal.hn_right[below] + horizontal.hn_left[here]);
        cell = swe_manning_friction(cell, dt, grid.manning);
        state.h[here] = cell.h;
        state.hu[here] = cell.hu;
        state.hv[here] = cell.hv;
        speed = bits_of(swe_cell_wave_speed(cell.h, cell.hu, cell.hv));
        /* END SOLUTION */
    }
    if (block_max_out != NULL) {
        swe_speed_bits fastest = block_max(speed);
        if (threadIdx.x == 0 && threadIdx.y == 0) {
            block_max_out[blockIdx.y * gridDim.x + blockIdx.x] = fastest;
        }
    }
}

__global__ static void block_wave_speeds_kernel(swe_cuda_grid grid, swe_cuda_state state,
                                                swe_speed_bits *block_max_out)
{
    const int i = 1 + (int)(blockIdx.x * blockDim.x + threadIdx.x);
    const int j = 1 + (int)(blockIdx.y * blockDim.y + threadIdx.y);
    swe_speed_bits speed = 0;
    if (i <= grid.nx && j <= grid.ny) {
        const size_t here = (size_t)j * grid.stride + i;
        speed = bits_of(swe_cell_wave_speed(state.h[here], state.hu[here], state.hv[here]));
    }
    swe_speed_bits fastest = block_max(speed);
    if (threadIdx.x == 0 && threadIdx.y == 0) {
        block_max_out[blockIdx.y * gridDim.x + blockIdx.x] = fastest;
    }
}

__global__ static void final_max_kernel(const swe_speed_bits *block_max_in, size_t count,
                                        swe_speed_bits *speed)
{
    swe_speed_bits fastest = 0;
    /* BEGIN SOLUTION: each thread takes the max of every blockDim.x-th value, then the block
     * reduces these with block_max and thread 0 writes the result */
    for (size_t k = threadIdx.x; k < count; k += blockDim.x) {
        fastest = max_bits(fastest, block_max_in[k]);
    }
    fastest = block_max(fastest);
    if (threadIdx.x == 0) {
        *speed = fastest;
    }
    /* END SOLUTION */
}

/* ---- Level 3 ------------------------------------------------------------- */

enum {
    TILE_X = SWE_CUDA_TILE_X,
    TILE_Y = SWE_CUDA_TILE_Y,
    HALO_X = TILE_X + 2,
    HALO_Y = TILE_Y + 2,
    VERTICAL_EDGES = (TILE_X + 1) * TILE_Y,
    HORIZONTAL_EDGES = TILE_X * (TILE_Y + 1)
};

/* The net updates of a tile's edges in shared memory. */
typedef struct tile_edges {
    real h_left[TILE_Y + 1][TILE_X + 1], h_right[TILE_Y + 1][TILE_X + 1];
    real hn_left[TILE_Y + 1][TILE_X + 1], hn_right[TILE_Y + 1][TILE_X + 1];
    real ht_left[TILE_Y + 1][TILE_X + 1], ht_right[TILE_Y + 1][TILE_X + 1];
} tile_edges;

__device__ __forceinline__ void store_tile_updates(tile_edges *edges, int y, int x,
                                                   swe_net_updates u)
{
    edges->h_left[y][x] = u.h_left;
    edges->h_right[y][x] = u.h_right;
    edges->hn_left[y][x] = u.hn_left;
    edges->hn_right[y][x] = u.hn_right;
    edges->ht_left[y][x] = u.ht_left;
    edges->ht_right[y][x] = u.ht_right;
}

/* Block (bx, by) updates cells 1 + bx*TILE_X .. and 1 + by*TILE_Y ..; its
 * shared tile holds them with one halo cell on each side: tile cell
 * (x, y) is block cell (x0 - 1 + x, y0 - 1 + y). Vertical edge (y, x) lies
 * between tile cells (x, y + 1) and (x + 1, y + 1), horizontal edge
 * (y, x) between (x + 1, y) and (x + 1, y + 1). */
template <int SOLVER>
__global__ static void tile_step_kernel(swe_cuda_grid grid, swe_cuda_state from, const real *b,
                                        swe_cuda_state to, real dt,
                                        swe_speed_bits *block_max_out)
{
    __shared__ real h[HALO_Y][HALO_X], hu[HALO_Y][HALO_X], hv[HALO_Y][HALO_X],
        bed[HALO_Y][HALO_X];
    __shared__ tile_edges vertical, horizontal;
    const int x0 = 1 + (int)blockIdx.x * TILE_X, y0 = 1 + (int)blockIdx.y * TILE_Y;
    const int thread = (int)(threadIdx.y * blockDim.x + threadIdx.x);
    const int threads = (int)(blockDim.x * blockDim.y);
    /* BEGIN SOLUTION: load the tile with its halo (rows of consecutive cells, so the loads are
     * coalesced; clamp to the ghost layer), synchronise, solve every vertical and horizontal edge
     * of the tile into shared memory, synchronise */
    for (int k = thread; k < HALO_X * HALO_Y; k += threads) {
        const int x = k % HALO_X, y = k / HALO_X;
        const int i = min(x0 - 1 + x, grid.nx + 1), j = min(y0 - 1 + y, grid.ny + 1);
        const size_t at = (size_t)j * grid.stride + i;
        h[y][x] = from.h[at];
        hu[y][x] = from.hu[at];
        hv[y][x] = from.hv[at];
        bed[y][x] = b[at];
    }
    __syncthreads();
    for (int k = thread; k < VERTICAL_EDGES + HORIZONTAL_EDGES; k += threads) {
        if (k < VERTICAL_EDGES) {
            const int x = k % (TILE_X + 1), y = k / (TILE_X + 1);
            store_tile_updates(&vertical, y, x,
                               swe_riemann(SOLVER, h[y + 1][x], h[y + 1][x + 1], hu[y + 1][x],
                                           hu[y + 1][x + 1], hv[y + 1][x], hv[y + 1][x + 1],
                                           bed[y + 1][x], bed[y + 1][x + 1]));
        } else {
            const int x = (k - VERTICAL_EDGES) % TILE_X, y = (k - VERTICAL_EDGES) / TILE_X;
            store_tile_updates(&horizontal, y, x,
                               swe_riemann(SOLVER, h[y][x + 1], h[y + 1][x + 1], hv[y][x + 1],
                                           hv[y + 1][x + 1], hu[y][x + 1], hu[y + 1][x + 1],
                                           bed[y][x + 1], bed[y + 1][x + 1]));
        }
    }
    __syncthreads();
    /* END SOLUTION */
    const int x = (int)threadIdx.x, y = (int)threadIdx.y;
    const int i = x0 + x, j = y0 + y;
    swe_speed_bits speed = 0;
    if (i <= grid.nx && j <= grid.ny) {
        const real dt_dx = dt / grid.dx, dt_dy = dt / grid.dy;
        /* BEGIN SOLUTION: update tile cell (x + 1, y + 1) from vertical edges (y, x) and
         * (y, x + 1) and horizontal edges (y, x) and (y + 1, x); write it to `to` and keep its
         * wave speed in speed */
        swe_cell cell = swe_euler_update(
            h[y + 1][x + 1], hu[y + 1][x + 1], hv[y + 1][x + 1], dt_dx, dt_dy,
            vertical.h_right[y][x] + vertical.h_left[y][x + 1],
            vertical.hn_right[y][x] + vertical.hn_left[y][x + 1],
            vertical.ht_right[y][x] + vertical.ht_left[y][x + 1],
            horizontal.h_right[y][x] + horizontal.h_left[y + 1][x],
            horizontal.ht_right[y][x] + horizontal.ht_left[y + 1][x],
            horizontal.hn_right[y][x] + horizontal.hn_left[y + 1][x]);
        cell = swe_manning_friction(cell, dt, grid.manning);
        const size_t at = (size_t)j * grid.stride + i;
        to.h[at] = cell.h;
        to.hu[at] = cell.hu;
        to.hv[at] = cell.hv;
        speed = bits_of(swe_cell_wave_speed(cell.h, cell.hu, cell.hv));
        /* END SOLUTION */
    }
    swe_speed_bits fastest = block_max(speed);
    if (thread == 0) {
        block_max_out[blockIdx.y * gridDim.x + blockIdx.x] = fastest;
    }
}

/* ---- Level 4 ------------------------------------------------------------- */

typedef struct cell_state {
    real h, hu, hv, b;
} cell_state;

/* Cell (i, j) as the edges see it: a ghost cell of a WALL or OUTFLOW edge
 * is swe_boundary_ghost of its inner neighbour and the bed of the cell
 * after it (as in the ghost layers of the other levels), so this level
 * never writes ghost layers. Indices past the ghost layer (lanes
 * beyond the last column, rows beyond the last strip) read the ghost. */
__device__ __forceinline__ cell_state read_cell(const swe_cuda_grid &grid, swe_cuda_state state,
                                                const real *__restrict__ b, int i, int j)
{
    i = min(i, grid.nx + 1);
    j = min(j, grid.ny + 1);
    int wall_x = 0, wall_y = 0, ghost_x = 0, ghost_y = 0, next_i = i, next_j = j;
    if (i == 0 && grid.boundary[SWE_EDGE_LEFT] != SWE_BOUNDARY_CONNECT) {
        wall_x = grid.boundary[SWE_EDGE_LEFT] == SWE_BOUNDARY_WALL;
        ghost_x = 1;
        i = 1;
        next_i = min(2, grid.nx);
    } else if (i == grid.nx + 1 && grid.boundary[SWE_EDGE_RIGHT] != SWE_BOUNDARY_CONNECT) {
        wall_x = grid.boundary[SWE_EDGE_RIGHT] == SWE_BOUNDARY_WALL;
        ghost_x = 1;
        i = grid.nx;
        next_i = max(grid.nx - 1, 1);
    }
    if (j == 0 && grid.boundary[SWE_EDGE_BOTTOM] != SWE_BOUNDARY_CONNECT) {
        wall_y = grid.boundary[SWE_EDGE_BOTTOM] == SWE_BOUNDARY_WALL;
        ghost_y = 1;
        j = 1;
        next_j = min(2, grid.ny);
    } else if (j == grid.ny + 1 && grid.boundary[SWE_EDGE_TOP] != SWE_BOUNDARY_CONNECT) {
        wall_y = grid.boundary[SWE_EDGE_TOP] == SWE_BOUNDARY_WALL;
        ghost_y = 1;
        j = grid.ny;
        next_j = max(grid.ny - 1, 1);
    }
    const size_t at = (size_t)j * grid.stride + i;
    cell_state cell;
    cell.h = __ldg(state.h + at);
    cell.hu = __ldg(state.hu + at);
    cell.hv = __ldg(state.hv + at);
    cell.b = __ldg(b + at);
    if (ghost_x | ghost_y) {
        /* Corner ghosts touch no edge: either rule will do for them. */
        const swe_ghost_cell ghost =
            swe_boundary_ghost(ghost_x ? wall_x : wall_y, ghost_x, cell.h, cell.hu, cell.hv,
                               cell.b, __ldg(b + (size_t)next_j * grid.stride + next_i));
        cell.h = ghost.h;
        cell.hu = ghost.hu;
        cell.hv = ghost.hv;
        cell.b = ghost.b;
    }
    return cell;
}

/* A cell as its vertical edges see it (hn = hu, ht = hv), with the
 * velocities and square roots that the f-wave solver derives from one
 * cell, taken once per cell instead of once per edge side; the other
 * solvers read h, hn, ht and b only, and the compiler drops the rest. */
__device__ __forceinline__ swe_fwave_side side_of(cell_state cell)
{
    return swe_fwave_side_of(cell.h, cell.hu, cell.hv, cell.b);
}

template <int SOLVER>
__device__ __forceinline__ swe_net_updates solve_edge(const swe_fwave_side &l,
                                                      const swe_fwave_side &r)
{
    if constexpr (SOLVER == SWE_SOLVER_FWAVE) {
        return swe_fwave_sides(l, r);
    } else {
        return swe_riemann(SOLVER, l.h, r.h, l.hn, r.hn, l.ht, r.ht, l.b, r.b);
    }
}

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

/* Block 0's first thread moves the clock on: slot (launch + 1) % 3 gets
 * the new time (its speed is reduced into it by every block), and the
 * speed of slot (launch + 2) % 3 is cleared for the next launch. */
__device__ static void advance_clock(swe_cuda_clock *slots, int launch, double t, double dt,
                                     long long steps, int parity)
{
    swe_cuda_clock *next = &slots[(launch + 1) % 3];
    next->t = t;
    next->last_dt = dt;
    next->steps = steps;
    next->parity = parity;
    slots[(launch + 2) % 3].speed_bits = 0;
}

/* Warp w of block (bx, by) walks rows j_first .. j_first + FUSED_ROWS - 1
 * of columns bx*30 .. bx*30 + 31, one column per lane; lanes 1 to 30 own
 * their cells, lanes 0 and 31 only lend their states to their neighbours.
 * Lane l solves the vertical edge on its left, between lanes l-1 and l,
 * and passes its left-side updates to lane l-1; the horizontal edge above
 * a cell becomes the edge below the cell of the next row. */
template <int SOLVER>
__global__ static void FUSED_LAUNCH_BOUNDS
    fused_step_kernel(swe_cuda_grid grid, swe_cuda_state state0, swe_cuda_state state1,
                      const real *__restrict__ b, swe_cuda_clock *slots, int launch,
                      const double *t_target, double cfl, int use_forced_dt, real forced_dt)
{
    const swe_cuda_clock now = slots[launch % 3];
    const double target = *t_target;
    const int first_thread = threadIdx.x == 0 && threadIdx.y == 0;
    if (!(now.t < target)) {
        if (first_thread && blockIdx.x == 0 && blockIdx.y == 0) {
            advance_clock(slots, launch, now.t, now.last_dt, now.steps, now.parity);
            slots[(launch + 1) % 3].speed_bits = now.speed_bits;
        }
        return; /* the whole grid sees the same clock, so no block steps */
    }
    const double dt = use_forced_dt ? (double)forced_dt
                                    : swe_time_step_rule(now.t, target, speed_of(now.speed_bits),
                                                         cfl, grid.dx, grid.dy);
    const real dt_dx = (real)dt / grid.dx, dt_dy = (real)dt / grid.dy;
    const swe_cuda_state from = now.parity ? state1 : state0;
    const swe_cuda_state to = now.parity ? state0 : state1;

    const int lane = (int)threadIdx.x;
    const int i = (int)blockIdx.x * FUSED_CELLS_PER_WARP + lane;
    const int owns_column = lane >= 1 && lane <= FUSED_CELLS_PER_WARP && i <= grid.nx;
    const int j_first = 1 + ((int)blockIdx.y * FUSED_WARPS + (int)threadIdx.y) * FUSED_ROWS;
    const int j_last = min(j_first + FUSED_ROWS - 1, grid.ny);
    swe_speed_bits fastest = 0;
    /* BEGIN SOLUTION: walk up the rows j_first..j_last: solve the horizontal edge below the first
     * row once, then per row the vertical edge left of the lane (left state by __shfl_up_sync),
     * take the right edge's left-side updates from lane + 1 (__shfl_down_sync), solve the edge
     * above, update owned cells into `to`, keep the max wave speed in fastest; read the next row
     * ahead so that its loads are in flight while this row computes */
    const swe_fwave_side below = side_of(read_cell(grid, from, b, i, j_first - 1));
    swe_fwave_side cell = side_of(read_cell(grid, from, b, i, j_first));
    cell_state above = read_cell(grid, from, b, i, j_first + 1);
    swe_net_updates edge_below = solve_edge<SOLVER>(swe_fwave_transposed(below), swe_fwave_transposed(cell));
    for (int j = j_first; j <= j_last; ++j) {
        const cell_state ahead = read_cell(grid, from, b, i, j + 2);
        const swe_fwave_side upper = side_of(above);
        const swe_fwave_side left = shuffle_up(cell);
        const swe_net_updates edge_left = solve_edge<SOLVER>(left, cell);
        const real right_h = __shfl_down_sync(FULL_WARP, edge_left.h_left, 1);
        const real right_hn = __shfl_down_sync(FULL_WARP, edge_left.hn_left, 1);
        const real right_ht = __shfl_down_sync(FULL_WARP, edge_left.ht_left, 1);
        const swe_net_updates edge_above = solve_edge<SOLVER>(swe_fwave_transposed(cell), swe_fwave_transposed(upper));
        const swe_cell updated = swe_manning_friction(
            swe_euler_update(cell.h, cell.hn, cell.ht, dt_dx, dt_dy, edge_left.h_right + right_h,
                             edge_left.hn_right + right_hn, edge_left.ht_right + right_ht,
                             edge_below.h_right + edge_above.h_left,
                             edge_below.ht_right + edge_above.ht_left,
                             edge_below.hn_right + edge_above.hn_left),
            (real)dt, grid.manning);
        if (owns_column) {
            const size_t at = (size_t)j * grid.stride + i;
            to.h[at] = updated.h;
            to.hu[at] = updated.hu;
            to.hv[at] = updated.hv;
            fastest = max_bits(fastest,
                               bits_of(swe_cell_wave_speed(updated.h, updated.hu, updated.hv)));
        }
        edge_below = edge_above;
        cell = upper;
        above = ahead;
    }
    /* END SOLUTION */
    fastest = block_max(fastest);
    if (first_thread) {
        /* BEGIN SOLUTION: combine the blocks' maxima in the next clock slot */
        atomicMax(&slots[(launch + 1) % 3].speed_bits, fastest);
        /* END SOLUTION */
        if (blockIdx.x == 0 && blockIdx.y == 0) {
            advance_clock(slots, launch, swe_time_after_step(now.t, dt, target), dt,
                          now.steps + 1, !now.parity);
        }
    }
}

/* ---- Launchers ------------------------------------------------------------ */

/* The instance of a kernel template for a solver chosen at run time. */
template <typename Kernel>
static Kernel for_solver(enum swe_solver solver, Kernel hlle, Kernel rusanov, Kernel augrie,
                         Kernel fwave)
{
    return solver == SWE_SOLVER_HLLE      ? hlle
           : solver == SWE_SOLVER_RUSANOV ? rusanov
           : solver == SWE_SOLVER_AUGRIE  ? augrie
                                          : fwave;
}

#define KERNEL_FOR_SOLVER(solver, kernel)                                                          \
    for_solver(solver, kernel<SWE_SOLVER_HLLE>, kernel<SWE_SOLVER_RUSANOV>,                        \
               kernel<SWE_SOLVER_AUGRIE>, kernel<SWE_SOLVER_FWAVE>)

cudaError_t swe_cuda_launch_net_updates(enum swe_solver solver, const swe_cuda_grid *grid,
                                        swe_cuda_state state, const real *b,
                                        swe_cuda_edges vertical, swe_cuda_edges horizontal,
                                        cudaStream_t stream)
{
    const dim3 threads(SWE_CUDA_TILE_X, SWE_CUDA_TILE_Y);
    const dim3 blocks = cell_blocks(grid, 1);
    const auto kernel = KERNEL_FOR_SOLVER(solver, net_updates_kernel);
    kernel<<<blocks, threads, 0, stream>>>(*grid, state, b, vertical, horizontal);
    return cudaGetLastError();
}

cudaError_t swe_cuda_launch_update(const swe_cuda_grid *grid, swe_cuda_state state, real dt,
                                   swe_cuda_edges vertical, swe_cuda_edges horizontal,
                                   swe_speed_bits *block_max_out, cudaStream_t stream)
{
    const dim3 threads(SWE_CUDA_TILE_X, SWE_CUDA_TILE_Y);
    update_kernel<<<cell_blocks(grid, 0), threads, 0, stream>>>(*grid, state, dt, vertical,
                                                                 horizontal, block_max_out);
    return cudaGetLastError();
}

cudaError_t swe_cuda_launch_tile_step(enum swe_solver solver, const swe_cuda_grid *grid,
                                      swe_cuda_state from, const real *b, swe_cuda_state to,
                                      real dt, swe_speed_bits *block_max_out, cudaStream_t stream)
{
    const dim3 threads(SWE_CUDA_TILE_X, SWE_CUDA_TILE_Y);
    const dim3 blocks = cell_blocks(grid, 0);
    const auto kernel = KERNEL_FOR_SOLVER(solver, tile_step_kernel);
    kernel<<<blocks, threads, 0, stream>>>(*grid, from, b, to, dt, block_max_out);
    return cudaGetLastError();
}

cudaError_t swe_cuda_launch_block_wave_speeds(const swe_cuda_grid *grid, swe_cuda_state state,
                                              swe_speed_bits *block_max_out, cudaStream_t stream)
{
    const dim3 threads(SWE_CUDA_TILE_X, SWE_CUDA_TILE_Y);
    block_wave_speeds_kernel<<<cell_blocks(grid, 0), threads, 0, stream>>>(*grid, state,
                                                                            block_max_out);
    return cudaGetLastError();
}

cudaError_t swe_cuda_launch_final_max(const swe_speed_bits *block_max_in, size_t count,
                                      swe_speed_bits *speed, cudaStream_t stream)
{
    final_max_kernel<<<1, FINAL_MAX_THREADS, 0, stream>>>(block_max_in, count, speed);
    return cudaGetLastError();
}

cudaError_t swe_cuda_launch_fused_step(enum swe_solver solver, const swe_cuda_grid *grid,
                                       swe_cuda_state state0, swe_cuda_state state1,
                                       const real *b, swe_cuda_clock *slots, int launch,
                                       const double *t_target, double cfl, int use_forced_dt,
                                       real forced_dt, cudaStream_t stream)
{
    const int strips = (grid->ny + FUSED_ROWS - 1) / FUSED_ROWS;
    const dim3 threads(WARP, FUSED_WARPS);
    const dim3 blocks((unsigned)((grid->nx + FUSED_CELLS_PER_WARP - 1) / FUSED_CELLS_PER_WARP),
                      (unsigned)((strips + FUSED_WARPS - 1) / FUSED_WARPS));
    const auto kernel = KERNEL_FOR_SOLVER(solver, fused_step_kernel);
    kernel<<<blocks, threads, 0, stream>>>(*grid, state0, state1, b, slots, launch, t_target, cfl,
                                           use_forced_dt, forced_dt);
    return cudaGetLastError();
}
