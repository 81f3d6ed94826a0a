/* Level 4 of the CUDA backend (exercise 06), its fastest: one fused kernel
 * per step. Each warp walks up a strip of rows, one or two adjacent
 * columns per lane, shares vertical edges between neighbouring lanes
 * through shuffles, carries the horizontal edge below a cell over from the
 * row before, applies the boundary conditions as it reads the cells (no
 * ghost-layer pass), reduces the new state's wave speed per block and takes
 * dt from the clock on the device (cartesian/numerics/device_clock.h), so that the
 * host launches 48 steps as one CUDA graph without looking at any of them.
 *
 * Tuned tricks that the lower levels leave out: the f-wave solver's
 * per-cell quantities (velocities, square roots) are taken once per cell
 * instead of once per edge side (cartesian/numerics/solver_sides.h); a row in which
 * the whole warp is wet is solved without the dry and wall cases; the rows
 * ahead are copied into shared memory asynchronously, so that the loads in
 * flight hold no registers; and the registers per thread are capped
 * (__launch_bounds__) so that more blocks share a multiprocessor; in single
 * precision a lane takes two adjacent columns, loaded and stored as pairs.
 * All were tuned on an H100 (docs/RESULTS-cuda.md). */
#include "cuda/cartesian/block_max.cuh"

#include <cuda_pipeline.h>

/* Rows of cells that one warp walks through: a strip reads the rows below
 * and above it too (2 / rows more bytes) and solves its bottom edges
 * twice; taller strips give small grids fewer warps. The warps of a block
 * (SWE_CUDA_FUSED_WARPS) lie side by side, so that they read the same
 * rows at the same time and the columns they share come from the cache. */
#ifndef SWE_CUDA_FUSED_ROWS
#define SWE_CUDA_FUSED_ROWS 32
#endif
#ifndef SWE_CUDA_FUSED_WARPS
#define SWE_CUDA_FUSED_WARPS 4
#endif
/* Adjacent columns per lane, 1 or 2: the edge between a lane's two cells
 * needs no shuffle, a pair moves in one load or store, and the warp's two
 * lent columns serve 62 owned ones instead of 30 (fp32 +1.5 %; fp64 keeps
 * one, its registers would halve the blocks again). */
#ifndef SWE_CUDA_FUSED_CELLS
#ifdef SWE_PRECISION_DOUBLE
#define SWE_CUDA_FUSED_CELLS 1
#else
#define SWE_CUDA_FUSED_CELLS 2
#endif
#endif
/* Blocks per multiprocessor that the register allocation must allow: more
 * blocks, fewer registers per thread. */
#ifndef SWE_CUDA_FUSED_MIN_BLOCKS
#ifdef SWE_PRECISION_DOUBLE
/* <= 96 registers, 132 B spilled; 4 blocks spill nothing but lose 4-6 % */
#define SWE_CUDA_FUSED_MIN_BLOCKS 5
#elif SWE_CUDA_FUSED_CELLS == 1
/* <= 64 registers: at 10 blocks (48) it spilled, and ran 12 % slower */
#define SWE_CUDA_FUSED_MIN_BLOCKS 8
#else
/* two cells a lane: 80 registers, nothing spilled; 7 blocks (72, spilling) ran 17 % slower */
#define SWE_CUDA_FUSED_MIN_BLOCKS 6
#endif
#endif
/* A warp reads WARP * FUSED_CELLS columns; the first and the last only
 * lend their cells. */
static_assert(SWE_CUDA_FUSED_CELLS == 1 || SWE_CUDA_FUSED_CELLS == 2, "one or two cells a lane");
/* Rows whose copies a warp keeps in flight ahead of their use. fp32, its
 * solvers quicker, needs 2 to hide the memory's latency; fp64 runs best
 * with 1; more take shared memory and the cache's room for no gain
 * (docs/RESULTS-cuda.md, round 9). */
#ifndef SWE_CUDA_FUSED_AHEAD
#ifdef SWE_PRECISION_DOUBLE
#define SWE_CUDA_FUSED_AHEAD 1
#else
#define SWE_CUDA_FUSED_AHEAD 2
#endif
#endif
enum {
    FUSED_ROWS = SWE_CUDA_FUSED_ROWS,
    FUSED_WARPS = SWE_CUDA_FUSED_WARPS,
    FUSED_CELLS = SWE_CUDA_FUSED_CELLS,
    FUSED_CELLS_PER_WARP = WARP * FUSED_CELLS - 2,
    FUSED_COLUMNS_PER_BLOCK = FUSED_WARPS * FUSED_CELLS_PER_WARP,
    FUSED_AHEAD = SWE_CUDA_FUSED_AHEAD,
    /* one slot more than the rows in flight: a slot is refilled the
     * iteration after the one that read it */
    FUSED_SLOTS = FUSED_AHEAD + 1
};
#define FUSED_LAUNCH_BOUNDS __launch_bounds__(WARP *FUSED_WARPS, SWE_CUDA_FUSED_MIN_BLOCKS)

typedef struct cell_state {
    real h, hu, hv, b;
} cell_state;

/* The cell stored at offset at, as it is. */
__device__ __forceinline__ cell_state stored_cell(swe_cuda_state state, const real *__restrict__ b,
                                                  size_t at)
{
    cell_state cell;
    cell.h = __ldg(state.h + at);
    cell.hu = __ldg(state.hu + at);
    cell.hv = __ldg(state.hv + at);
    cell.b = __ldg(b + at);
    return cell;
}

/* Cell (i, j) as the edges see it: an interior cell as stored, a ghost of
 * a WALL or OUTFLOW edge made from its inner neighbour by the host's rules
 * (swe_cell_source_of and swe_cell_as_seen, cartesian/grid/boundary.h), which leave
 * every other cell as stored too; only warps at the block's edges take
 * that way. Indices past the ghost layer (lanes beyond the last column,
 * rows beyond the last strip) read the ghost. */
__device__ __forceinline__ cell_state read_cell(const swe_cuda_grid &grid, swe_cuda_state state,
                                                const real *__restrict__ b, int i, int j)
{
    i = min(max(i, 0), grid.nx + 1);
    j = min(j, grid.ny + 1);
    if (i >= 1 && i <= grid.nx && j >= 1 && j <= grid.ny) {
        return stored_cell(state, b, (size_t)j * grid.stride + i);
    }
    const swe_cell_source source =
        swe_cell_source_of(i, j, grid.nx, grid.ny, grid.wall_edges, grid.derived_edges);
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

/* Two adjacent values of an array, one load or store. */
template <typename T> struct real_pair;
template <> struct real_pair<float> {
    typedef float2 type;
};
template <> struct real_pair<double> {
    typedef double2 type;
};
typedef real_pair<real>::type pair;

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

/* The Riemann problem between two sides; wet (the same in every lane: no
 * divergence) picks the f-wave solver's version without the dry and wall
 * cases, which gives the same numbers with fewer instructions. */
template <int SOLVER>
__device__ __forceinline__ swe_net_updates solve(swe_fwave_side l, swe_fwave_side r, int wet)
{
    if (SOLVER == SWE_SOLVER_FWAVE && wet) {
        return swe_riemann_sides_known_wet(SOLVER, l, r, 1);
    }
    return swe_riemann_sides(SOLVER, l, r);
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

/* The owned cells of a lane's new state: a pair where the lane owns both. */
__device__ __forceinline__ void write_cells(swe_cuda_state to, size_t at,
                                            const int owns[FUSED_CELLS],
                                            const swe_cell cells[FUSED_CELLS])
{
    if constexpr (FUSED_CELLS == 2) {
        if (owns[0] && owns[1]) {
            *(pair *)(to.h + at) = pair{cells[0].h, cells[1].h};
            *(pair *)(to.hu + at) = pair{cells[0].hu, cells[1].hu};
            *(pair *)(to.hv + at) = pair{cells[0].hv, cells[1].hv};
            return;
        }
    }
#pragma unroll
    for (int k = 0; k < FUSED_CELLS; ++k) {
        if (owns[k]) {
            to.h[at + k] = cells[k].h;
            to.hu[at + k] = cells[k].hu;
            to.hv[at + k] = cells[k].hv;
        }
    }
}

/* A lane's cells of one array in one row, as one 8-byte copy moves them:
 * two floats are aligned as a pair because a lane's first column is odd
 * and the device layout starts column 1 of every row on a 128-byte line. */
typedef struct lane_values {
    alignas(sizeof(real) * FUSED_CELLS) real v[FUSED_CELLS];
} lane_values;
/* One row of a warp's cells in shared memory, array by array. */
typedef struct staged_row {
    lane_values h[WARP], hu[WARP], hv[WARP], b[WARP];
} staged_row;

/* A warp's rows read ahead of their use: asynchronous copies (cp.async)
 * into a ring of FUSED_SLOTS rows in shared memory, FUSED_AHEAD of them in
 * flight, so that no register waits for a load. A lane copies and reads
 * back only its own cells, so the warp needs no barrier. Rows are staged
 * where a lane's cells all lie inside the block; the others (ghosts, lanes
 * past the edge) read_cell reads as the row is used. */
typedef struct row_ring {
    staged_row *slots; /* the warp's FUSED_SLOTS rows */
    /* the slot of the next row used, and of the next row copied (the slot
     * used the row before: carried, not derived from used, which spilled
     * the HLLE kernel's registers and cost it 1 %, docs/RESULTS-cuda.md) */
    int used, filled;
    int last_staged; /* rows up to this one are staged (0: none) */
} row_ring;

/* Starts copying the lane's cells of the row at offset at into row. */
__device__ __forceinline__ void stage_row(staged_row *row, swe_cuda_state state,
                                          const real *__restrict__ b, int lane, size_t at)
{
    __pipeline_memcpy_async(&row->h[lane], state.h + at, sizeof(lane_values));
    __pipeline_memcpy_async(&row->hu[lane], state.hu + at, sizeof(lane_values));
    __pipeline_memcpy_async(&row->hv[lane], state.hv + at, sizeof(lane_values));
    __pipeline_memcpy_async(&row->b[lane], b + at, sizeof(lane_values));
}

/* A ring over slots for the strip of rows j_first .. j_last (at: the
 * offset of the lane's first cell in row j_first), with the copies of the
 * rows j_first + 1 .. j_first + FUSED_AHEAD started; each row is one
 * commit group, also when it copies nothing, so that the count of groups
 * in flight says which row has landed. */
__device__ __forceinline__ row_ring ring_start(staged_row *slots, const swe_cuda_grid &grid,
                                               swe_cuda_state state, const real *__restrict__ b,
                                               int lane, int cells_inside, int j_first, int j_last,
                                               size_t at)
{
    const row_ring ring = {slots, 1, 0, cells_inside ? min(j_last + 1, grid.ny) : 0};
#pragma unroll
    for (int r = 1; r <= FUSED_AHEAD; ++r) {
        if (j_first + r <= ring.last_staged) {
            stage_row(&slots[r], state, b, lane, at + (size_t)r * grid.stride);
        }
        __pipeline_commit();
    }
    return ring;
}

/* The lane's cells of row j + 1 (at: the offset of its first cell in row
 * j), as read_cell sees them; starts the copy of row j + 1 + FUSED_AHEAD
 * into the slot that the row before read. */
__device__ __forceinline__ void ring_next(row_ring *ring, const swe_cuda_grid &grid,
                                          swe_cuda_state state, const real *__restrict__ b,
                                          int lane, int i, int j, size_t at,
                                          cell_state cells[FUSED_CELLS])
{
    __pipeline_wait_prior(FUSED_AHEAD - 1); /* row j + 1's group was the oldest in flight */
    if (j + 1 <= ring->last_staged) {
        const staged_row *row = &ring->slots[ring->used];
        const lane_values h = row->h[lane], hu = row->hu[lane], hv = row->hv[lane];
        const lane_values bed = row->b[lane];
#pragma unroll
        for (int k = 0; k < FUSED_CELLS; ++k) {
            cells[k] = cell_state{h.v[k], hu.v[k], hv.v[k], bed.v[k]};
        }
    } else {
#pragma unroll
        for (int k = 0; k < FUSED_CELLS; ++k) {
            cells[k] = read_cell(grid, state, b, i + k, j + 1);
        }
    }
    if (j + 1 + FUSED_AHEAD <= ring->last_staged) {
        stage_row(&ring->slots[ring->filled], state, b, lane,
                  at + (size_t)(1 + FUSED_AHEAD) * grid.stride);
    }
    __pipeline_commit();
    ring->used = ring->used + 1 == FUSED_SLOTS ? 0 : ring->used + 1;
    ring->filled = ring->filled + 1 == FUSED_SLOTS ? 0 : ring->filled + 1;
}

/* Warp w of block (bx, by) walks rows by * FUSED_ROWS + 1 on, up to
 * FUSED_ROWS of them, owning FUSED_CELLS_PER_WARP columns from
 * (bx * FUSED_WARPS + w) * FUSED_CELLS_PER_WARP + 1 on (the first warp from
 * 1), FUSED_CELLS adjacent ones per lane. A cell solves the vertical edge on
 * its left (the first cell of a lane with the last of lane - 1) and the right
 * edge's left-side updates come from the cell beside it (the last cell of a
 * lane takes them from lane + 1); the horizontal edge above a cell becomes
 * the edge below the cell of the next row. */
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
    const int warp = (int)blockIdx.x * FUSED_WARPS + (int)threadIdx.y;
    /* column of this lane's first cell (from -1 for two cells a lane, whose
     * first lane's first cell lends nothing); its k-th is i + k */
    const int i = warp * FUSED_CELLS_PER_WARP + 1 - FUSED_CELLS + lane * FUSED_CELLS;
    const int j_first = 1 + (int)blockIdx.y * FUSED_ROWS;
    const int j_last = min(j_first + FUSED_ROWS - 1, grid.ny);
    swe_speed_bits fastest = 0;
    /* BEGIN SOLUTION: (1) start the warp's ring of rows read ahead (a __shared__
     * staged_row[FUSED_WARPS][FUSED_SLOTS], ring_start; the offset at of row j carried from row
     * to row); per cell k of the lane: solve edge_below[k], the horizontal edge below row
     * j_first, once (sides of read_cell at j_first - 1 and j_first, swe_fwave_transposed); then
     * for j = j_first .. j_last: take the row above from the ring (ring_next), ask whether all
     * of the warp's cells are wet (__all_sync), solve edge_left[k] between the cell on the left
     * (shuffle_up of the last cell for k = 0) and cell k, take the right edge's left side from
     * edge_left[k + 1] (from lane + 1's edge_left[0], shuffle_down_left_side, for the last cell),
     * solve edge_above[k], update the cell (swe_update_from_edges, swe_manning_friction); an
     * owned column writes it to `to` and keeps its wave speed bits in fastest; move up a row */
    int owns[FUSED_CELLS], cells_inside = 1;
#pragma unroll
    for (int k = 0; k < FUSED_CELLS; ++k) {
        const int column = lane * FUSED_CELLS + k;
        const int inside = i + k >= 1 && i + k <= grid.nx;
        owns[k] = column >= 1 && column <= FUSED_CELLS_PER_WARP && inside;
        cells_inside &= inside;
    }
    /* the copies start first, to land while the strip's first rows are read */
    __shared__ staged_row staged[FUSED_WARPS][FUSED_SLOTS];
    size_t at = (size_t)j_first * grid.stride + (size_t)i;
    row_ring ring =
        ring_start(staged[threadIdx.y], grid, from, b, lane, cells_inside, j_first, j_last, at);
    swe_fwave_side cell[FUSED_CELLS];
    swe_net_updates edge_below[FUSED_CELLS];
#pragma unroll
    for (int k = 0; k < FUSED_CELLS; ++k) {
        const swe_fwave_side below = side_of<SOLVER>(read_cell(grid, from, b, i + k, j_first - 1));
        cell[k] = side_of<SOLVER>(read_cell(grid, from, b, i + k, j_first));
        edge_below[k] =
            swe_riemann_sides(SOLVER, swe_fwave_transposed(below), swe_fwave_transposed(cell[k]));
    }
    for (int j = j_first; j <= j_last; ++j, at += grid.stride) {
        cell_state above[FUSED_CELLS];
        ring_next(&ring, grid, from, b, lane, i, j, at, above);
        swe_fwave_side upper[FUSED_CELLS];
        int wet_here = 1;
#pragma unroll
        for (int k = 0; k < FUSED_CELLS; ++k) {
            upper[k] = side_of<SOLVER>(above[k]);
            wet_here &= (cell[k].h >= SWE_DRY_TOLERANCE) & (upper[k].h >= SWE_DRY_TOLERANCE);
        }
        /* every cell of the warp wet in this row and the next: no edge it
         * solves in the row touches a dry cell */
        const int wet = __all_sync(FULL_WARP, wet_here);
        swe_net_updates edge_left[FUSED_CELLS];
        edge_left[0] = solve<SOLVER>(shuffle_up(cell[FUSED_CELLS - 1]), cell[0], wet);
#pragma unroll
        for (int k = 1; k < FUSED_CELLS; ++k) {
            edge_left[k] = solve<SOLVER>(cell[k - 1], cell[k], wet);
        }
        swe_net_updates edge_right[FUSED_CELLS];
#pragma unroll
        for (int k = 0; k + 1 < FUSED_CELLS; ++k) {
            edge_right[k] = edge_left[k + 1];
        }
        edge_right[FUSED_CELLS - 1] = shuffle_down_left_side(edge_left[0]);
        swe_cell new_cells[FUSED_CELLS];
#pragma unroll
        for (int k = 0; k < FUSED_CELLS; ++k) {
            const swe_net_updates edge_above =
                solve<SOLVER>(swe_fwave_transposed(cell[k]), swe_fwave_transposed(upper[k]), wet);
            const swe_cell updated = swe_manning_friction(
                swe_update_from_edges(cell[k].h, cell[k].hn, cell[k].ht, dt_dx, dt_dy, edge_left[k],
                                      edge_right[k], edge_below[k], edge_above),
                (real)dt, grid.manning);
            if (owns[k]) {
                fastest = swe_max_bits(fastest, swe_speed_to_bits(swe_cell_wave_speed(
                                                    updated.h, updated.hu, updated.hv)));
            }
            new_cells[k] = updated;
            edge_below[k] = edge_above;
            cell[k] = upper[k];
        }
        write_cells(to, at, owns, new_cells);
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
    const dim3 threads(WARP, FUSED_WARPS);
    const dim3 blocks(
        (unsigned)((grid->nx + FUSED_COLUMNS_PER_BLOCK - 1) / FUSED_COLUMNS_PER_BLOCK),
        (unsigned)((grid->ny + FUSED_ROWS - 1) / FUSED_ROWS));
    const auto kernel = KERNEL_FOR_SOLVER(solver, fused_step_kernel);
    kernel<<<blocks, threads, 0, stream>>>(*grid, state0, state1, b, slots, launch, t_target, cfl,
                                           forced_dt);
    return cudaGetLastError();
}
