/* Level 3 of the momentum kernel: level 2's shared-memory planes (002
 * figures 3-4), made to stream at the memory's speed.
 *
 * - The planes ahead are copied into shared memory while the current one
 *   is computed (cp.async, 16 bytes per copy where the rows are aligned):
 *   3 + NS_CUDA_PREFETCH_PLANES slots hold planes k, k + 1, k + 2 and the
 *   ones on their way; one barrier per plane.
 * - Along z each thread keeps its column in registers and hands the flux
 *   through the top face of cell k on as the flux through the bottom face
 *   of cell k + 1, with the second differences of its column: the z terms
 *   cost a third of the x and y ones.
 * - QUICK as the centred value minus an upwind curvature,
 *   (b + c) / 2 - (a - 2 b + c) / 8, whose second differences are also
 *   the diffusion's: 51 operations per component instead of 75 (the same
 *   function as staggered/ns_stencils.h, rounded differently).
 * - 32-bit indices, computed once; blocks ordered chunk-fastest, so that
 *   the chunks of one column, which share planes at their ends, run
 *   together and meet in L2.
 * docs/RESULTS-navier-stokes.md counts its instructions and bytes. */
#include "ns_cuda_kernels.h"

#include "cuda_check.h"

#include <cuda_pipeline.h>

namespace
{

constexpr int BX = NS_CUDA_BLOCK_X, BY = NS_CUDA_BLOCK_Y, HALO = 2;
constexpr int TX = BX + 2 * HALO, TY = BY + 2 * HALO; /* 36 x 12: a multiple of 16 bytes wide */
constexpr int THREADS = BX * BY;
/* Planes in flight while one is computed (a build may set it, to compare:
 * tools/device/navier_stokes_check.sh). */
#ifndef NS_CUDA_PREFETCH_PLANES
#define NS_CUDA_PREFETCH_PLANES 2
#endif
constexpr int DEPTH = NS_CUDA_PREFETCH_PLANES;
constexpr int SLOTS = 3 + DEPTH; /* planes k, k + 1, k + 2 and those on their way */
static_assert(DEPTH >= 1 && DEPTH <= 4, "1 to 4 planes in flight");

#ifdef SWE_PRECISION_DOUBLE
constexpr int MIN_BLOCKS = 2; /* 128 registers */
#else
constexpr int MIN_BLOCKS = 4; /* 64 registers: 32 warps per multiprocessor */
#endif

/* In dynamic shared memory: in double precision the slots outgrow the 48
 * KB of a static array. */
struct __align__(16) plane_slots
{
    real value[SLOTS][NS_AXES][TY][TX];
};

/* What a launch needs, with the constants of the stencil precomputed. */
struct level3_args {
    real *velocity[NS_AXES];
    real *residual[NS_AXES];
    int n[NS_AXES];
    int stride_y, stride_z; /* of the padded fields */
    real quarter_inv_h[NS_AXES], inv_h2[NS_AXES];
    real viscosity;
    real force[NS_AXES];
    int chunk, chunks, blocks_x;
};

__device__ __forceinline__ int slot_of(int k)
{
    return (k + 2 * SLOTS) % SLOTS; /* k >= -2 */
}

/* The slot after slot s: a compare, not a modulo, in the loop. */
__device__ __forceinline__ int next_slot(int s)
{
    return s + 1 == SLOTS ? 0 : s + 1;
}

/* a - 2 b + c as one fused multiply-add (nvcc turns 2 b into b + b,
 * which it does not fuse). */
__device__ __forceinline__ real second_difference(real a, real b, real c)
{
    return fma((real)-2, b, a + c);
}

/* 2 x the QUICK value at a face whose carrier is carrier2 / 2: the sum of
 * the two values beside it minus a quarter of the curvature upstream. */
__device__ __forceinline__ real quick2(real carrier2, real sum, real curvature_if_positive,
                                       real curvature_if_negative)
{
    return sum - (real)0.25 * (carrier2 >= (real)0 ? curvature_if_positive : curvature_if_negative);
}

/* The convection and diffusion along one axis for a line a0 .. a4 (a2 the
 * face itself) and the sums of the carriers through its minus and plus
 * faces. */
__device__ __forceinline__ void axis_terms(real a0, real a1, real a2, real a3, real a4, real minus,
                                           real plus, real quarter_inv_h, real inv_h2,
                                           real &convection, real &diffusion)
{
    real c1 = second_difference(a0, a1, a2), c2 = second_difference(a1, a2, a3);
    real c3 = second_difference(a2, a3, a4);
    real flux_minus = minus * quick2(minus, a1 + a2, c1, c2);
    real flux_plus = plus * quick2(plus, a2 + a3, c2, c3);
    convection += (flux_plus - flux_minus) * quarter_inv_h;
    diffusion += c2 * inv_h2;
}

/* The copies of one plane that one thread makes: the tile's 16-byte
 * pieces (VEC reals), at most LOADS of them, found once. */
template <int VEC> struct plane_copies {
    static constexpr int PER_ROW = TX / VEC, PER_COMPONENT = PER_ROW * TY;
    static constexpr int LOADS = (NS_AXES * PER_COMPONENT + THREADS - 1) / THREADS;
    const real *from[LOADS]; /* plane 0's piece in global memory (padded plane HALO) */
    int to[LOADS];           /* the piece's offset in one slot; -1: none (past the grid) */

    /* Every array indexed by unrolled constants: registers, not memory. */
    __device__ void find(const level3_args &a, int i0, int j0, int thread)
    {
#pragma unroll
        for (int l = 0; l < LOADS; ++l) {
            int q = thread + l * THREADS;
            int c = q / PER_COMPONENT, r = q % PER_COMPONENT;
            int ty = r / PER_ROW, tx = (r % PER_ROW) * VEC;
            int row = j0 + ty, column = i0 + tx; /* padded */
            bool inside = q < NS_AXES * PER_COMPONENT && row < a.n[1] + 2 * HALO &&
                          column < a.n[0] + 2 * HALO;
            /* A select, not a.velocity[c]: a run-time index into the
             * kernel's parameters would copy them to local memory. */
            const real *field = c == 1 ? a.velocity[1] : c == 2 ? a.velocity[2] : a.velocity[0];
            from[l] = field + HALO * a.stride_z + row * a.stride_y + column;
            to[l] = inside ? (c * TY + ty) * TX + tx : -1;
        }
    }

    /* Starts the copies of plane k into slot s. */
    __device__ void start(plane_slots &slots, int s, int k, int stride_z) const
    {
        real *slot = &slots.value[s][0][0][0];
#pragma unroll
        for (int l = 0; l < LOADS; ++l) {
            if (to[l] >= 0) {
                __pipeline_memcpy_async(slot + to[l], from[l] + k * stride_z, VEC * sizeof(real));
            }
        }
    }
};

/* What a thread keeps of its column from one plane to the next. */
struct column {
    real a0[NS_AXES], a1[NS_AXES]; /* the component at k, k + 1 */
    real curvature[NS_AXES];       /* its second difference at k */
    real flux_below[NS_AXES];      /* 4 x its flux through the face below k */
};

/* The centre of this thread's cell in slot s. */
__device__ __forceinline__ real centre_of(const plane_slots &slots, int s, int c)
{
    return slots.value[s][c][threadIdx.y + HALO][threadIdx.x + HALO];
}

/* The flux of component c through the face above plane k (the carriers'
 * sum plus_z through it) and the column moved up one plane; returns the
 * flux below plane k. */
__device__ __forceinline__ real climb(column &col, int c, real plus_z, real above)
{
    real next = second_difference(col.a0[c], col.a1[c], above);
    real flux_above = plus_z * quick2(plus_z, col.a0[c] + col.a1[c], col.curvature[c], next);
    real flux_below = col.flux_below[c];
    col.flux_below[c] = flux_above;
    col.curvature[c] = next;
    col.a0[c] = col.a1[c];
    col.a1[c] = above;
    return flux_below;
}

/* The carriers' sum through the face above plane k (slot sk) of each
 * component: w beside u's and v's faces, w itself for w. */
__device__ __forceinline__ real plus_z_of(const plane_slots &slots, const column &col, int sk,
                                          int c)
{
    const int cx = threadIdx.x + HALO, cy = threadIdx.y + HALO;
    return c == 2   ? col.a0[c] + col.a1[c]
           : c == 0 ? slots.value[sk][2][cy][cx] + slots.value[sk][2][cy][cx + 1]
                    : slots.value[sk][2][cy][cx] + slots.value[sk][2][cy + 1][cx];
}

/* The residuals of plane k from the slots of planes k (sk), k + 1, k + 2. */
__device__ __forceinline__ void plane_step(const level3_args &a, const plane_slots &slots,
                                           column &col, int k, int sk, bool active, long centre)
{
    const int cx = threadIdx.x + HALO, cy = threadIdx.y + HALO;
    const int s1 = next_slot(sk), s2 = next_slot(s1);
    auto at = [&](int s, int c, int dy, int dx) { return slots.value[s][c][cy + dy][cx + dx]; };
#pragma unroll
    for (int c = 0; c < NS_AXES; ++c) {
        real plus_z = plus_z_of(slots, col, sk, c);
        real curvature = col.curvature[c];
        real flux_below = climb(col, c, plus_z, centre_of(slots, s2, c));
        real convection = (col.flux_below[c] - flux_below) * a.quarter_inv_h[2];
        real diffusion = curvature * a.inv_h2[2];
        /* The carriers through the minus and plus faces along x and y. */
        real minus_x = c == 0   ? at(sk, 0, 0, -1) + at(sk, 0, 0, 0)
                       : c == 1 ? at(sk, 0, 0, -1) + at(sk, 0, 1, -1)
                                : at(sk, 0, 0, -1) + at(s1, 0, 0, -1);
        real plus_x = c == 0   ? at(sk, 0, 0, 0) + at(sk, 0, 0, 1)
                      : c == 1 ? at(sk, 0, 0, 0) + at(sk, 0, 1, 0)
                               : at(sk, 0, 0, 0) + at(s1, 0, 0, 0);
        real minus_y = c == 0   ? at(sk, 1, -1, 0) + at(sk, 1, -1, 1)
                       : c == 1 ? at(sk, 1, -1, 0) + at(sk, 1, 0, 0)
                                : at(sk, 1, -1, 0) + at(s1, 1, -1, 0);
        real plus_y = c == 0   ? at(sk, 1, 0, 0) + at(sk, 1, 0, 1)
                      : c == 1 ? at(sk, 1, 0, 0) + at(sk, 1, 1, 0)
                               : at(sk, 1, 0, 0) + at(s1, 1, 0, 0);
        axis_terms(at(sk, c, 0, -2), at(sk, c, 0, -1), at(sk, c, 0, 0), at(sk, c, 0, 1),
                   at(sk, c, 0, 2), minus_x, plus_x, a.quarter_inv_h[0], a.inv_h2[0], convection,
                   diffusion);
        axis_terms(at(sk, c, -2, 0), at(sk, c, -1, 0), at(sk, c, 0, 0), at(sk, c, 1, 0),
                   at(sk, c, 2, 0), minus_y, plus_y, a.quarter_inv_h[1], a.inv_h2[1], convection,
                   diffusion);
        if (active) {
            a.residual[c][centre + (long)(k + HALO) * a.stride_z] =
                a.viscosity * diffusion - convection + a.force[c];
        }
    }
}

template <int VEC>
__global__ void __launch_bounds__(THREADS, MIN_BLOCKS) momentum_level3(level3_args a)
{
    NS_CUDA_DYNAMIC_SHARED(plane_slots, shared);
    plane_slots &slots = shared[0];
    const int chunk = blockIdx.x % a.chunks, columns = blockIdx.x / a.chunks;
    const int i0 = (columns % a.blocks_x) * BX, j0 = (columns / a.blocks_x) * BY;
    const int i = i0 + threadIdx.x, j = j0 + threadIdx.y;
    const int k_begin = chunk * a.chunk, k_end = min(k_begin + a.chunk, a.n[2]);
    const bool active = i < a.n[0] && j < a.n[1];
    plane_copies<VEC> copies;
    copies.find(a, i0, j0, threadIdx.y * BX + threadIdx.x);
    /* Every slot, one copy group per plane; the last plane needed is
     * k_end + 1 (empty groups keep the count). */
    for (int k = k_begin - 1; k < k_begin - 1 + SLOTS; ++k) {
        if (k <= k_end + 1) {
            copies.start(slots, slot_of(k), k, a.stride_z);
        }
        __pipeline_commit();
    }
    const long centre = (long)(j + HALO) * a.stride_y + (i + HALO);
    real below[NS_AXES]; /* the column at k_begin - 2, in no slot */
#pragma unroll
    for (int c = 0; c < NS_AXES; ++c) {
        below[c] = active ? a.velocity[c][centre + (long)k_begin * a.stride_z] : (real)0;
    }
    __pipeline_wait_prior(DEPTH - 1); /* planes up to k_begin + 2 are in */
    __syncthreads();
    /* The column at plane k_begin - 1: its flux through the face below
     * k_begin, its curvature at k_begin. */
    column col;
    const int s = slot_of(k_begin - 1);
#pragma unroll
    for (int c = 0; c < NS_AXES; ++c) {
        col.a0[c] = centre_of(slots, s, c);
        col.a1[c] = centre_of(slots, slot_of(k_begin), c);
        col.curvature[c] = second_difference(below[c], col.a0[c], col.a1[c]);
        climb(col, c, plus_z_of(slots, col, s, c), centre_of(slots, slot_of(k_begin + 1), c));
    }
    __syncthreads(); /* slot s is read: the first copy may go there */
    int free_slot = s, sk = next_slot(s);
    for (int k = k_begin; k < k_end; ++k) {
        /* Plane k + 2 + DEPTH goes into the slot that plane k - 1 left. */
        if (k + 2 + DEPTH <= k_end + 1) {
            copies.start(slots, free_slot, k + 2 + DEPTH, a.stride_z);
        }
        __pipeline_commit();
        plane_step(a, slots, col, k, sk, active, centre);
        __pipeline_wait_prior(DEPTH - 1); /* plane k + 3 is in */
        __syncthreads();
        free_slot = sk;
        sk = next_slot(sk);
    }
}

/* Planes per block: chunks of the columns, as long as there are enough
 * blocks to fill every multiprocessor eight times over. */
int chunk_for(int blocks_xy, int nz, int multiprocessors)
{
    int chunk = 64;
    while (chunk > 8 && (long)blocks_xy * ((nz + chunk - 1) / chunk) < 8L * multiprocessors) {
        chunk /= 2;
    }
    return chunk;
}

/* The kernel's arguments for the fields f (host code: the emulation of
 * tests/staggered/cuda_host/ runs the kernel with them too). */
level3_args level3_args_of(const ns_device_fields *f)
{
    const ns_geometry &g = f->geometry;
    level3_args a;
    for (int c = 0; c < NS_AXES; ++c) {
        a.velocity[c] = f->velocity[c];
        a.residual[c] = f->residual[c];
        a.n[c] = g.n[c];
        a.quarter_inv_h[c] = (real)0.25 * g.inv_h[c];
        a.inv_h2[c] = g.inv_h[c] * g.inv_h[c];
        a.force[c] = f->force[c];
    }
    a.stride_y = (int)g.stride[1];
    a.stride_z = (int)g.stride[2];
    a.viscosity = f->viscosity;
    a.blocks_x = (g.n[0] + BX - 1) / BX;
    int blocks_xy = a.blocks_x * ((g.n[1] + BY - 1) / BY);
    a.chunk = chunk_for(blocks_xy, g.n[2], f->multiprocessors);
    a.chunks = (g.n[2] + a.chunk - 1) / a.chunk;
    return a;
}

/* Rows start on 16 bytes where the padded width is a multiple of it. */
constexpr int VECTOR = 16 / (int)sizeof(real);

bool rows_aligned(const level3_args &a)
{
    return (a.n[0] + 2 * HALO) % VECTOR == 0;
}

unsigned blocks_of(const level3_args &a)
{
    return (unsigned)(a.blocks_x * ((a.n[1] + BY - 1) / BY) * a.chunks);
}

} // namespace

#ifndef NS_CUDA_HOST_EMULATION
int ns_cuda_momentum_level3(const ns_device_fields *f, cudaStream_t stream, swe_error *err)
{
    const level3_args a = level3_args_of(f);
    const int bytes = (int)sizeof(plane_slots);
    auto kernel = rows_aligned(a) ? momentum_level3<VECTOR> : momentum_level3<1>;
    CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes),
               err);
    kernel<<<blocks_of(a), dim3(BX, BY), bytes, stream>>>(a);
    CUDA_CHECK(cudaGetLastError(), err);
    return SWE_OK;
}
#endif
