/* Reference momentum kernels of the Navier-Stokes CUDA backend: the
 * residual R(u^n) of the three velocity components (staggered/
 * ns_stencils.h) at every face of the grid.
 *
 * Level 1: one thread per cell, every value from global memory (the
 * caches catch the reuse, or not).
 * Level 2, after figures 3-4 of Costarelli et al. n.d.: a block of 32 x 8
 * threads owns a column of cells and marches along z. The xy-planes k-1, k
 * and k+1 of u, v and w (with a halo of two cells in x and y) sit in
 * shared memory in three rotating slots, so each value is read from global
 * memory once per block instead of up to 19 times; the two planes further
 * out along z (k-2, k+2), which only the cell's own column needs, stay in
 * registers. */
#include "backends/cuda/ns/ns_cuda_kernels.h"

#include "backends/cuda/cuda_check.h"

extern "C" {
#include "ns/grid/ns_stencils.h"
}

namespace
{

__device__ long padded_index(const ns_geometry &g, int i, int j, int k)
{
    return (long)(k + NS_GHOST) * g.stride[2] + (long)(j + NS_GHOST) * g.stride[1] + (i + NS_GHOST);
}

__global__ void momentum_global(ns_device_fields f)
{
    const ns_geometry &g = f.geometry;
    int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y,
        k = blockIdx.z;
    if (i >= g.n[0] || j >= g.n[1]) {
        return;
    }
    long c = padded_index(g, i, j, k);
    for (int component = 0; component < NS_AXES; ++component) {
        ns_neighbourhood s;
        ns_gather(f.velocity[0], f.velocity[1], f.velocity[2], component, c, g.stride, &s);
        f.residual[component][c] =
            ns_momentum_residual(&s, g.inv_h, f.viscosity, f.force[component]);
    }
}

constexpr int HALO = 2;
constexpr int TILE_X = NS_CUDA_BLOCK_X + 2 * HALO, TILE_Y = NS_CUDA_BLOCK_Y + 2 * HALO;

/* The three slots of xy-planes, each with u, v and w. */
struct plane_tiles {
    real value[3][NS_AXES][TILE_Y][TILE_X];
};

__device__ int slot_of(int k)
{
    return (k % 3 + 3) % 3;
}

/* Every thread of the block helps to copy plane k (padded rows j0 - 2 ..
 * j0 + BY + 1, columns i0 - 2 .. i0 + BX + 1, clipped to the padded grid)
 * into its slot. */
__device__ void load_plane(const ns_device_fields &f, plane_tiles &tiles, int i0, int j0, int k)
{
    const ns_geometry &g = f.geometry;
    int slot = slot_of(k);
    int thread = threadIdx.y * NS_CUDA_BLOCK_X + threadIdx.x;
    /* BEGIN SOLUTION: copy the tile of plane k into tiles.value[slot]: loop `cell` from thread to
     * TILE_X * TILE_Y - 1 in steps of the block's thread count (NS_CUDA_BLOCK_X *
     * NS_CUDA_BLOCK_Y); cell is row ty = cell / TILE_X, column tx = cell % TILE_X of the tile,
     * which is cell (i0 - HALO + tx, j0 - HALO + ty, k) of the grid. Skip cells beyond the padded
     * grid (i or j > n + 1 along its axis): no thread of the block needs them. Otherwise copy the
     * three components f.velocity[c][padded_index(g, i, j, k)] into
     * tiles.value[slot][c][ty][tx]. Consecutive threads take consecutive x: coalesced reads. */
    for (int cell = thread; cell < TILE_X * TILE_Y; cell += NS_CUDA_BLOCK_X * NS_CUDA_BLOCK_Y) {
        int ty = cell / TILE_X, tx = cell % TILE_X;
        int i = i0 - HALO + tx, j = j0 - HALO + ty;
        if (i > g.n[0] + 1 || j > g.n[1] + 1) {
            continue;
        }
        long c = padded_index(g, i, j, k);
        for (int component = 0; component < NS_AXES; ++component) {
            tiles.value[slot][component][ty][tx] = f.velocity[component][c];
        }
    }
    /* END SOLUTION */
}

/* Fills s for one component from the tiles (planes k - 1 .. k + 1) and
 * the thread's column (planes k - 2 .. k + 2 in column[c][0..4]). */
__device__ void gather_from_tiles(const plane_tiles &tiles, const real column[NS_AXES][5],
                                  int component, int k, int tx, int ty, ns_neighbourhood *s)
{
#pragma unroll
    for (int axis = 0; axis < NS_AXES; ++axis) {
#pragma unroll
        for (int o = 0; o < 5; ++o) {
            int d[NS_AXES] = {0, 0, 0};
            d[axis] = o - 2;
            s->line[axis][o] = axis == 2 ? column[component][o]
                                         : tiles.value[slot_of(k)][component][ty + d[1]][tx + d[0]];
        }
#pragma unroll
        for (int which = 0; which < 4; ++which) {
            int d[NS_AXES];
            ns_carrier_offset(component, axis, which, d);
            s->carrier[axis][which] = tiles.value[slot_of(k + d[2])][axis][ty + d[1]][tx + d[0]];
        }
    }
}

__global__ void __launch_bounds__(NS_CUDA_BLOCK_X *NS_CUDA_BLOCK_Y)
    momentum_planes(ns_device_fields f)
{
    NS_CUDA_DYNAMIC_SHARED(plane_tiles, shared);
    plane_tiles &tiles = shared[0];
    const ns_geometry &g = f.geometry;
    int i0 = blockIdx.x * NS_CUDA_BLOCK_X, j0 = blockIdx.y * NS_CUDA_BLOCK_Y;
    int i = i0 + threadIdx.x, j = j0 + threadIdx.y;
    int k_begin = blockIdx.z * NS_CUDA_Z_CHUNK;
    int k_end = min(k_begin + NS_CUDA_Z_CHUNK, g.n[2]);
    bool active = i < g.n[0] && j < g.n[1];
    /* The column k - 2 .. k + 2 of this thread's cell, in registers. */
    real column[NS_AXES][5] = {};
#pragma unroll
    for (int o = 0; o < 4; ++o) {
#pragma unroll
        for (int c = 0; c < NS_AXES; ++c) {
            column[c][o + 1] =
                active ? f.velocity[c][padded_index(g, i, j, k_begin - 2 + o)] : (real)0;
        }
    }
    load_plane(f, tiles, i0, j0, k_begin - 1);
    load_plane(f, tiles, i0, j0, k_begin);
    for (int k = k_begin; k < k_end; ++k) {
#pragma unroll
        for (int c = 0; c < NS_AXES; ++c) {
#pragma unroll
            for (int o = 0; o < 4; ++o) {
                column[c][o] = column[c][o + 1];
            }
            column[c][4] = active ? f.velocity[c][padded_index(g, i, j, k + 2)] : (real)0;
        }
        /* BEGIN SOLUTION: the slot of plane k + 1 held plane k - 2, which the previous step read:
         * wait until every thread of the block is done with it (__syncthreads()), load plane
         * k + 1 into it (load_plane), and wait again before any thread reads the new plane. */
        __syncthreads();
        load_plane(f, tiles, i0, j0, k + 1);
        __syncthreads();
        /* END SOLUTION */
        if (active) {
            long c = padded_index(g, i, j, k);
#pragma unroll
            for (int component = 0; component < NS_AXES; ++component) {
                ns_neighbourhood s;
                gather_from_tiles(tiles, column, component, k, threadIdx.x + HALO,
                                  threadIdx.y + HALO, &s);
                f.residual[component][c] =
                    ns_momentum_residual(&s, g.inv_h, f.viscosity, f.force[component]);
            }
        }
    }
}

} // namespace

#ifndef NS_CUDA_HOST_EMULATION
int ns_cuda_momentum(const ns_device_fields *f, int level, cudaStream_t stream, swe_error *err)
{
    const ns_geometry &g = f->geometry;
    dim3 block(NS_CUDA_BLOCK_X, NS_CUDA_BLOCK_Y);
    unsigned blocks_x = (g.n[0] + NS_CUDA_BLOCK_X - 1) / NS_CUDA_BLOCK_X;
    unsigned blocks_y = (g.n[1] + NS_CUDA_BLOCK_Y - 1) / NS_CUDA_BLOCK_Y;
    if (level == 3) {
        return ns_cuda_momentum_level3(f, stream, err);
    }
    if (level == 1) {
        momentum_global<<<dim3(blocks_x, blocks_y, g.n[2]), block, 0, stream>>>(*f);
    } else {
        unsigned chunks = (g.n[2] + NS_CUDA_Z_CHUNK - 1) / NS_CUDA_Z_CHUNK;
        momentum_planes<<<dim3(blocks_x, blocks_y, chunks), block, sizeof(plane_tiles), stream>>>(
            *f);
    }
    CUDA_CHECK(cudaGetLastError(), err);
    return SWE_OK;
}
#endif
