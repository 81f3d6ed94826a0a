/* The interface between the CUDA backend's plumbing (cuda_backend.cu:
 * memory, transfers, the level pipelines) and its kernels, which students
 * write (solutions/cuda/cuda_kernels.cu). Each launcher starts one kernel
 * on a stream and returns cudaGetLastError(), which the caller checks with
 * CUDA_CHECK. Arrays are device arrays laid out like the block's host
 * arrays: cell (i, j) at j * stride + i, ghost cells included. */
#ifndef SWE_CUDA_KERNELS_H
#define SWE_CUDA_KERNELS_H

#include <cuda_runtime.h>

extern "C" {
#include "grid/block.h"
#include "numerics/riemann.h"
}

/* Wave speeds are never negative, so their bit patterns order like the
 * speeds, with every NaN above infinity: an unsigned max (atomicMax
 * included) finds the fastest speed and keeps a NaN. */
#ifdef SWE_PRECISION_DOUBLE
typedef unsigned long long swe_speed_bits;
#else
typedef unsigned int swe_speed_bits;
#endif

/* Threads per block of the cell-wise kernels, and so the tile of cells that
 * one block of the per-block maxima covers. */
enum { SWE_CUDA_TILE_X = 32, SWE_CUDA_TILE_Y = 8 };

/* The shape of a block, its boundary types and its bed friction (Manning
 * coefficient, 0: none; common/numerics/friction.h), passed by value. */
typedef struct swe_cuda_grid {
    int nx, ny, stride;
    real dx, dy;
    real manning;
    enum swe_boundary boundary[SWE_EDGE_COUNT];
} swe_cuda_grid;

/* One copy of the state. */
typedef struct swe_cuda_state {
    real *h, *hu, *hv;
} swe_cuda_state;

/* Net updates of a set of edges (levels 1 and 2), one array per quantity:
 * the edge right of (or above) cell (i, j) is stored at j * stride + i.
 * n is the momentum normal to the edge, t the one along it. */
typedef struct swe_cuda_edges {
    real *h_left, *h_right, *hn_left, *hn_right, *ht_left, *ht_right;
} swe_cuda_edges;

/* Where a simulation stands, kept on the device by the fused level. Three
 * slots rotate: launch k reads slot k % 3, writes slot (k + 1) % 3 and
 * clears the speed of slot (k + 2) % 3 for launch k + 1. */
typedef struct swe_cuda_clock {
    double t, last_dt;
    long long steps;
    int parity;                /* which state copy holds the current state */
    swe_speed_bits speed_bits; /* max wave speed of that state */
} swe_cuda_clock;

/* Number of per-block maxima the cell-wise kernels write. */
size_t swe_cuda_block_count(const swe_cuda_grid *grid);

/* Ghost layers of WALL and OUTFLOW edges from the interior (b as well when
 * it is not NULL); levels 1 to 3. */
cudaError_t swe_cuda_launch_ghost_layers(const swe_cuda_grid *grid, swe_cuda_state state, real *b,
                                         cudaStream_t stream);

/* One layer of a CONNECT edge (cells first + k * step, k < length) of h,
 * hu, hv and b to or from a device buffer of 4 * length values laid out
 * as common/grid/copy_layer.h describes: pack reads the layer into the buffer,
 * unpack writes the buffer into the layer. */
cudaError_t swe_cuda_launch_pack_layer(swe_cuda_state state, const real *b, size_t first,
                                       size_t step, int length, real *buffer, cudaStream_t stream);
cudaError_t swe_cuda_launch_unpack_layer(swe_cuda_state state, real *b, size_t first, size_t step,
                                         int length, const real *buffer, cudaStream_t stream);

/* Levels 1 and 2: net updates of every vertical and horizontal edge. */
cudaError_t swe_cuda_launch_net_updates(enum swe_solver solver, const swe_cuda_grid *grid,
                                        swe_cuda_state state, const real *b,
                                        swe_cuda_edges vertical, swe_cuda_edges horizontal,
                                        cudaStream_t stream);

/* Levels 1 and 2: Euler update of every cell in place; when block_max is
 * not NULL, each block writes the max wave speed of its new cells there. */
cudaError_t swe_cuda_launch_update(const swe_cuda_grid *grid, swe_cuda_state state, real dt,
                                   swe_cuda_edges vertical, swe_cuda_edges horizontal,
                                   swe_speed_bits *block_max, cudaStream_t stream);

/* Level 3: one step on shared-memory tiles, from state `from` (ghost
 * layers set) into `to`, with each block's max wave speed in block_max. */
cudaError_t swe_cuda_launch_tile_step(enum swe_solver solver, const swe_cuda_grid *grid,
                                      swe_cuda_state from, const real *b, swe_cuda_state to,
                                      real dt, swe_speed_bits *block_max, cudaStream_t stream);

/* Max wave speed of each block's cells (the whole state). */
cudaError_t swe_cuda_launch_block_wave_speeds(const swe_cuda_grid *grid, swe_cuda_state state,
                                              swe_speed_bits *block_max, cudaStream_t stream);

/* The max of count per-block maxima into *speed (one block of threads). */
cudaError_t swe_cuda_launch_final_max(const swe_speed_bits *block_max, size_t count,
                                      swe_speed_bits *speed, cudaStream_t stream);

/* Level 4: one fused step from states[parity] into states[1 - parity]
 * (parity from the clock slot launch % 3), boundary values applied as the
 * cells are read, dt from the slot's wave speed by the time-step rule
 * (or forced_dt when use_forced_dt), and the new state's max wave speed
 * reduced into slot (launch + 1) % 3. Once the slot's t reaches
 * *t_target the launch changes nothing but the clock slots. */
cudaError_t swe_cuda_launch_fused_step(enum swe_solver solver, const swe_cuda_grid *grid,
                                       swe_cuda_state state0, swe_cuda_state state1, const real *b,
                                       swe_cuda_clock *slots, int launch, const double *t_target,
                                       double cfl, int use_forced_dt, real forced_dt,
                                       cudaStream_t stream);

#endif
