/* The interface between the CUDA backend's plumbing (cuda_backend.cu and
 * the files beside it: memory, transfers, the pipeline of each level) and
 * its kernels, which students write, one file per level in solutions/cuda/:
 *   level1_kernels.cu   net updates and cell updates (exercise 03);
 *   level2_reduction.cu the max wave speed reduced on the device, with
 *                       block_max.cuh, which levels 3 and 4 use too (04);
 *   level3_tiles.cu     one step on shared-memory tiles (05);
 *   level4_fused.cu     one fused kernel per step, dt on the device (06).
 * Each launcher starts one kernel on a stream and returns
 * cudaGetLastError(), which the caller checks with CUDA_CHECK. Arrays are
 * device arrays of rows like the block's host arrays, ghost cells
 * included, but with the device's stride: cell (i, j) at
 * j * grid.stride + i, where the stride is a whole number of 128-byte
 * lines and column 1 starts one (backends/cuda/cartesian/cuda_fields.cu). */
#ifndef SWE_CUDA_KERNELS_H
#define SWE_CUDA_KERNELS_H

#include <cuda_runtime.h>

extern "C" {
#include "cartesian/grid/block.h"
#include "cartesian/numerics/device_clock.h"
#include "shallow_water/riemann.h"
}

/* Threads per block of the cell-wise kernels (levels 1 to 3), and so the
 * tile of cells that one block of the per-block maxima covers. */
enum { SWE_CUDA_TILE_X = 32, SWE_CUDA_TILE_Y = 8 };

/* The shape of a block, its boundary masks (cartesian/grid/boundary.h) and its bed
 * friction (Manning coefficient, 0: none; shallow_water/friction.h), passed to
 * the kernels by value. */
typedef struct swe_cuda_grid {
    int nx, ny, stride; /* stride: the device's, >= nx + 2 */
    real dx, dy;
    real manning;
    int wall_edges, derived_edges;
} swe_cuda_grid;

/* One copy of the state. */
typedef struct swe_cuda_state {
    real *h, *hu, *hv;
} swe_cuda_state;

/* Values per array, ghost cells included: also the plane size of the edge
 * arrays of levels 1 and 2, six planes (cartesian/numerics/edge_updates.h) in which
 * the edge right of (or above) cell (i, j) is stored at j * stride + i. */
__host__ __device__ inline size_t swe_cuda_values(const swe_cuda_grid &grid)
{
    return (size_t)grid.stride * (size_t)(grid.ny + 2);
}

/* Blocks of SWE_CUDA_TILE_X x SWE_CUDA_TILE_Y threads over the interior
 * cells and `extra` more columns and rows: the launch shape of the
 * cell-wise kernels. */
inline dim3 swe_cuda_cell_blocks(const swe_cuda_grid &grid, int extra)
{
    return dim3((unsigned)((grid.nx + extra + SWE_CUDA_TILE_X - 1) / SWE_CUDA_TILE_X),
                (unsigned)((grid.ny + extra + SWE_CUDA_TILE_Y - 1) / SWE_CUDA_TILE_Y));
}

/* Number of per-block maxima the cell-wise kernels write. */
inline size_t swe_cuda_block_count(const swe_cuda_grid &grid)
{
    const dim3 blocks = swe_cuda_cell_blocks(grid, 0);
    return (size_t)blocks.x * (size_t)blocks.y;
}

/* Plumbing (cuda_ghost_layers.cu): ghost layers of WALL and OUTFLOW edges
 * from the interior (b as well when it is not NULL), levels 1 to 3. */
cudaError_t swe_cuda_launch_ghost_layers(const swe_cuda_grid *grid, swe_cuda_state state, real *b,
                                         cudaStream_t stream);

/* Plumbing: one layer of a CONNECT edge (cells first + k * step,
 * k < length) of h, hu, hv and b to or from a device buffer of
 * 4 * length values laid out as common/cartesian/grid/copy_layer.h describes. */
cudaError_t swe_cuda_launch_pack_layer(swe_cuda_state state, const real *b, size_t first,
                                       size_t step, int length, real *buffer, cudaStream_t stream);
cudaError_t swe_cuda_launch_unpack_layer(swe_cuda_state state, real *b, size_t first, size_t step,
                                         int length, const real *buffer, cudaStream_t stream);

/* Level 1: net updates of every vertical and horizontal edge into the
 * edge arrays. */
cudaError_t swe_cuda_launch_net_updates(enum swe_solver solver, const swe_cuda_grid *grid,
                                        swe_cuda_state state, const real *b, real *vertical,
                                        real *horizontal, cudaStream_t stream);

/* Level 1: Euler update and bed friction of every cell, in place. */
cudaError_t swe_cuda_launch_update(const swe_cuda_grid *grid, swe_cuda_state state, real dt,
                                   const real *vertical, const real *horizontal,
                                   cudaStream_t stream);

/* Level 2: the max wave speed of each block's cells, as bits
 * (shallow_water/speed_bits.h), into block_max[block number]. */
cudaError_t swe_cuda_launch_block_wave_speeds(const swe_cuda_grid *grid, swe_cuda_state state,
                                              swe_speed_bits *block_max, cudaStream_t stream);

/* Level 2: the max of count per-block maxima into *speed. */
cudaError_t swe_cuda_launch_final_max(const swe_speed_bits *block_max, size_t count,
                                      swe_speed_bits *speed, cudaStream_t stream);

/* Level 3: one step on shared-memory tiles, from state `from` (ghost
 * layers set) into `to`, with each block's max wave speed in block_max. */
cudaError_t swe_cuda_launch_tile_step(enum swe_solver solver, const swe_cuda_grid *grid,
                                      swe_cuda_state from, const real *b, swe_cuda_state to,
                                      real dt, swe_speed_bits *block_max, cudaStream_t stream);

/* Level 4: one fused step that reads the clock slot of launch number
 * `launch` (cartesian/numerics/device_clock.h) and steps from state0 or state1, as
 * the slot's parity says, into the other, applying the boundary
 * conditions as it reads the cells; dt by the time-step rule, or
 * forced_dt when that is positive. Once the slot's t reaches *t_target
 * the launch changes nothing but the clock slots. */
cudaError_t swe_cuda_launch_fused_step(enum swe_solver solver, const swe_cuda_grid *grid,
                                       swe_cuda_state state0, swe_cuda_state state1, const real *b,
                                       swe_clock_slot *slots, int launch, const swe_time *t_target,
                                       swe_time cfl, real forced_dt, cudaStream_t stream);

#endif
