/* Level 3 of the CUDA momentum kernel (ns_cuda_momentum_level3.cu): its
 * tile, the slots of planes in shared memory, the copies that fill them
 * and the pair reads that empty them. Included by that file only (and by
 * the emulation of tests/ns/cuda_host/ through it). */
#ifndef NS_CUDA_LEVEL3_TILE_CUH
#define NS_CUDA_LEVEL3_TILE_CUH

#include "backends/cuda/ns/ns_cuda_kernels.h"

#include <cuda_pipeline.h>

namespace
{

constexpr int THREADS_X = 16, THREADS_Y = 8, THREADS = THREADS_X * THREADS_Y;
constexpr int BX = 2 * THREADS_X, BY = 2 * THREADS_Y, HALO = 2; /* cells of a block */
constexpr int TX = BX + 2 * HALO, TY = BY + 2 * HALO; /* 36 x 20: rows of 16-byte pieces */
/* Planes in flight while one is computed (a build may set it, to compare:
 * tools/device/ns_perf_check.sh). One is fastest on an H100 at 256^3: 62.8 %
 * of the copy in double against 51.2 % with two and 51.0 % with three; 39.6 %
 * against 36.3 % and 36.2 % in single (docs/RESULTS-navier-stokes.md). */
#ifndef NS_CUDA_PREFETCH_PLANES
#define NS_CUDA_PREFETCH_PLANES 1
#endif
constexpr int DEPTH = NS_CUDA_PREFETCH_PLANES;
constexpr int SLOTS = 3 + DEPTH; /* planes k, k + 1, k + 2 and those on their way */
static_assert(DEPTH >= 1 && DEPTH <= 4, "1 to 4 planes in flight");

/* Blocks a multiprocessor must hold, hence the registers a thread gets (a
 * build may set it, to compare). */
#if defined(NS_CUDA_LEVEL3_MIN_BLOCKS)
constexpr int MIN_BLOCKS = NS_CUDA_LEVEL3_MIN_BLOCKS;
#elif defined(SWE_PRECISION_DOUBLE)
constexpr int MIN_BLOCKS = 2; /* 255 registers: 8 warps, each with 12 independent cells */
#else
constexpr int MIN_BLOCKS = 4; /* 128 registers: 16 warps */
#endif

/* In dynamic shared memory: the slots outgrow the 48 KB of a static
 * array. */
struct __align__(16) plane_slots
{
    real value[SLOTS][NS_AXES][TY][TX];
};

/* Two neighbours along x, read or written as one 8- or 16-byte access. */
struct __align__(2 * sizeof(real)) pair
{
    real x, y;
};

/* What a launch needs, with the constants of the stencil precomputed. */
struct level3_args {
    real *velocity[NS_AXES];
    real *residual[NS_AXES];
    int n[NS_AXES];
    int stride_y, stride_z;       /* of the padded fields */
    real quarter_inv_h[NS_AXES];  /* the QUICK fluxes below carry a factor 4 */
    real viscous_inv_h2[NS_AXES]; /* viscosity / h^2 */
    real force[NS_AXES];
    int chunk, chunks, blocks_x;
};

/* The slot after slot s: a compare, not a modulo, in the loop. */
__device__ __forceinline__ int next_slot(int s)
{
    return s + 1 == SLOTS ? 0 : s + 1;
}

/* One component of one slot seen from the thread's first cell. */
struct tile_view {
    const real *at_cell;

    __device__ real at(int dy, int dx) const
    {
        return at_cell[dy * TX + dx];
    }
    /* dx even: the pair starts on its own alignment. */
    __device__ pair pair_at(int dy, int dx) const
    {
        return *reinterpret_cast<const pair *>(at_cell + dy * TX + dx);
    }
};

__device__ __forceinline__ tile_view view_of(const plane_slots &slots, int s, int c)
{
    return {&slots.value[s][c][2 * threadIdx.y + HALO][2 * threadIdx.x + HALO]};
}

/* A component around the thread's 2 x 2 cells in one plane: its rows at
 * x offsets -2..3 and its columns at y offsets -2..3 (8 pair reads). */
struct cross {
    real row[2][6];    /* row r: x offsets -2..3 */
    real column[2][4]; /* column q: y offsets -2, -1, 2, 3 */

    __device__ void load(const tile_view &t)
    {
#pragma unroll
        for (int r = 0; r < 2; ++r) {
#pragma unroll
            for (int h = 0; h < 3; ++h) {
                pair p = t.pair_at(r, 2 * h - 2);
                row[r][2 * h] = p.x;
                row[r][2 * h + 1] = p.y;
            }
        }
        const int outer[4] = {-2, -1, 2, 3};
#pragma unroll
        for (int m = 0; m < 4; ++m) {
            pair p = t.pair_at(outer[m], 0);
            column[0][m] = p.x;
            column[1][m] = p.y;
        }
    }
    /* Row r at x offset m (-2..3); column q at y offset m (-2..3). */
    __device__ real x(int r, int m) const
    {
        return row[r][m + 2];
    }
    __device__ real y(int q, int m) const
    {
        return m == 0 || m == 1 ? row[m][q + 2] : column[q][m < 0 ? m + 2 : m];
    }
};

/* The copies of one plane that one thread makes: per component the same
 * pieces of VEC reals (16 bytes, or one real where rows are not aligned),
 * at most LOADS of them, found once. */
template <int VEC> struct plane_copies {
    static constexpr int PER_ROW = TX / VEC, PER_COMPONENT = PER_ROW * TY;
    static constexpr int LOADS = (PER_COMPONENT + THREADS - 1) / THREADS;
    unsigned from[LOADS]; /* the piece's byte offset in a padded plane */
    int to[LOADS];        /* its offset in one component of a slot; -1: none (past the grid) */

    /* Every array indexed by unrolled constants: registers, not memory. */
    __device__ void find(const level3_args &a, int i0, int j0, int thread)
    {
#pragma unroll
        for (int l = 0; l < LOADS; ++l) {
            int q = thread + l * THREADS;
            int ty = q / PER_ROW, tx = (q % PER_ROW) * VEC;
            int row = j0 + ty, column = i0 + tx; /* padded */
            bool inside =
                q < PER_COMPONENT && row < a.n[1] + 2 * HALO && column < a.n[0] + 2 * HALO;
            from[l] = (unsigned)((row * a.stride_y + column) * (int)sizeof(real));
            to[l] = inside ? ty * TX + tx : -1;
        }
    }

    /* Starts the copies of plane k into slot s: one 64-bit address per
     * component, then 32-bit offsets from it. */
    __device__ void start(const level3_args &a, plane_slots &slots, int s, int k) const
    {
        const long plane_bytes = (long)((k + HALO) * a.stride_z) * (long)sizeof(real);
#pragma unroll
        for (int c = 0; c < NS_AXES; ++c) {
            const real *field = c == 0 ? a.velocity[0] : c == 1 ? a.velocity[1] : a.velocity[2];
            const char *plane = reinterpret_cast<const char *>(field) + plane_bytes;
            real *slot = &slots.value[s][c][0][0];
#pragma unroll
            for (int l = 0; l < LOADS; ++l) {
                if (to[l] >= 0) {
                    __pipeline_memcpy_async(slot + to[l], plane + from[l], VEC * sizeof(real));
                }
            }
        }
    }
};

} // namespace

#endif
