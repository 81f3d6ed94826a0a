/* Level 3 of the momentum kernel: level 2's shared-memory planes
 * (Costarelli et al. n.d., figures 3-4), made to stream at the memory's
 * speed. Level 2 spends about 270 instructions per cell (360 in double,
 * most of them at half rate); the memory needs under 300 per cell at 80 %
 * of an H100's bandwidth, so this level is built to issue half as many.
 *
 * - Each thread owns 2 x 2 cells of a plane (a block 32 x 16 cells): the
 *   face fluxes between its cells are computed once and shared, rows and
 *   columns come out of shared memory as 8- or 16-byte pairs, and the
 *   halo of a 36 x 20 tile is 41 % of its cells instead of 69 %.
 * - Along z each thread keeps its columns in registers and hands the flux
 *   through the top face of cell k on as the flux through the bottom face
 *   of cell k + 1, with the second differences of its column.
 * - The planes ahead are copied into shared memory while the current one
 *   is computed (cp.async, 16 bytes per copy where the rows are aligned):
 *   3 + NS_CUDA_PREFETCH_PLANES slots hold planes k, k + 1, k + 2 and the
 *   ones on their way; one barrier per plane.
 * - QUICK as the centred value minus an upwind curvature,
 *   (b + c) / 2 - (a - 2 b + c) / 8, whose second differences are also
 *   the diffusion's (the same function as ns/grid/ns_stencils.h,
 *   rounded differently).
 * - 32-bit indices; the columns are cut into as many z chunks as fill
 *   the device's block slots in whole waves.
 * docs/RESULTS-navier-stokes.md counts its instructions and bytes. */
#include "cuda/ns/ns_cuda_level3_stencil.cuh"

#include "backends/cuda/cuda_check.h"

namespace
{

/* Where the thread's cells are and which of them are inside the grid. */
struct cells {
    int centre; /* padded index of cell (0, 0) in plane 0 */
    bool row_inside[2], column_inside[2];
};

/* Writes out[r][q] of component c at plane k: a pair per row where the
 * rows are aligned (then both columns are inside or neither is). */
template <int VEC>
__device__ __forceinline__ void store(const level3_args &a, const cells &at, int c, int k,
                                      const real out[2][2])
{
    real *field = c == 0 ? a.residual[0] : c == 1 ? a.residual[1] : a.residual[2];
#pragma unroll
    for (int r = 0; r < 2; ++r) {
        real *to = field + at.centre + (k + HALO) * a.stride_z + r * a.stride_y;
        if (!at.row_inside[r] || !at.column_inside[0]) {
            continue;
        }
        if (VEC > 1) {
            *reinterpret_cast<pair *>(to) = pair{out[r][0], out[r][1]};
        } else {
            to[0] = out[r][0];
            if (at.column_inside[1]) {
                to[1] = out[r][1];
            }
        }
    }
}

/* Component C's residuals at plane k (slots sk, s1, s2 hold k, k + 1,
 * k + 2), the columns moved up one plane. */
template <int C, int VEC>
__device__ __forceinline__ void component_step(const level3_args &a, const plane_slots &slots,
                                               columns &col, const cells &at, int k, int sk, int s1,
                                               int s2)
{
    /* The other components' crosses only where their carriers are read
     * (the compiler drops the rest of the loads, and reads each pair
     * once for the three components). */
    cross plane[NS_AXES];
#pragma unroll
    for (int c = 0; c < NS_AXES; ++c) {
        plane[c].load(view_of(slots, sk, c));
    }
    extras e;
    load_extras<C>(slots, sk, s1, e);
    const tile_view ahead = view_of(slots, s2, C);
    real out[2][2];
#pragma unroll
    for (int r = 0; r < 2; ++r) {
        pair a2 = ahead.pair_at(r, 0);
#pragma unroll
        for (int q = 0; q < 2; ++q) {
            real a0 = plane[C].x(r, q), curvature = col.curvature[C][r][q];
            real carrier2 = z_carrier<C>(plane[2], col, a0, r, q);
            real below = climb(col, C, r, q, carrier2, a0, q == 0 ? a2.x : a2.y);
            out[r][q] = fma(a.viscous_inv_h2[2], curvature, a.force[C]);
            out[r][q] = fma(-a.quarter_inv_h[2], col.flux_below[C][r][q] - below, out[r][q]);
        }
    }
    xy_terms<C>(a, plane[C], plane[0], plane[1], e, out);
    store<VEC>(a, at, C, k, out);
}

/* The columns at plane k_begin - 1 (slot s; k_begin, k_begin + 1 in the
 * slots after it), the plane below from device memory: the flux through
 * the bottom face of k_begin and the curvature at k_begin. */
__device__ __forceinline__ void start_columns(const level3_args &a, const plane_slots &slots,
                                              const cells &at, int k_begin, int s, columns &col)
{
    const int s1 = next_slot(s), s2 = next_slot(s1);
    cross w;
    w.load(view_of(slots, s, 2));
#pragma unroll
    for (int c = 0; c < NS_AXES; ++c) {
        const real *field = c == 0 ? a.velocity[0] : c == 1 ? a.velocity[1] : a.velocity[2];
        const tile_view here = view_of(slots, s, c), up = view_of(slots, s1, c),
                        up2 = view_of(slots, s2, c);
#pragma unroll
        for (int r = 0; r < 2; ++r) {
#pragma unroll
            for (int q = 0; q < 2; ++q) {
                bool inside = at.row_inside[r] && at.column_inside[q];
                real below = inside ? field[at.centre + k_begin * a.stride_z + r * a.stride_y + q]
                                    : (real)0; /* padded plane k_begin: interior k_begin - 2 */
                real a0 = here.at(r, q);
                col.above[c][r][q] = up.at(r, q);
                col.curvature[c][r][q] = second_difference(below, a0, up.at(r, q));
                real carrier2 = c == 0   ? w.x(r, q) + w.x(r, q + 1)
                                : c == 1 ? w.y(q, r) + w.y(q, r + 1)
                                         : a0 + up.at(r, q);
                climb(col, c, r, q, carrier2, a0, up2.at(r, q));
            }
        }
    }
}

template <int VEC>
__global__ void __launch_bounds__(THREADS, MIN_BLOCKS) momentum_level3(level3_args a)
{
    NS_CUDA_DYNAMIC_SHARED(plane_slots, shared);
    plane_slots &slots = shared[0];
    const int chunk = blockIdx.x % a.chunks, block_column = blockIdx.x / a.chunks;
    const int i0 = (block_column % a.blocks_x) * BX, j0 = (block_column / a.blocks_x) * BY;
    const int i = i0 + 2 * threadIdx.x, j = j0 + 2 * threadIdx.y;
    const int k_begin = chunk * a.chunk, k_end = min(k_begin + a.chunk, a.n[2]);
    cells at;
    at.centre = (j + HALO) * a.stride_y + (i + HALO);
    for (int d = 0; d < 2; ++d) {
        at.row_inside[d] = j + d < a.n[1];
        at.column_inside[d] = i + d < a.n[0];
    }
    plane_copies<VEC> copies;
    copies.find(a, i0, j0, threadIdx.y * THREADS_X + threadIdx.x);
    /* Every slot, one copy group per plane; the last plane needed is
     * k_end + 1 (empty groups keep the count). */
    for (int k = k_begin - 1; k < k_begin - 1 + SLOTS; ++k) {
        if (k <= k_end + 1) {
            copies.start(a, slots, k - (k_begin - 1), k);
        }
        __pipeline_commit();
    }
    __pipeline_wait_prior(DEPTH - 1); /* planes up to k_begin + 2 are in */
    __syncthreads();
    columns col;
    start_columns(a, slots, at, k_begin, 0, col);
    __syncthreads(); /* slot 0 is read: the first copy may go there */
    int free_slot = 0, sk = 1;
#pragma unroll 2
    for (int k = k_begin; k < k_end; ++k) {
        /* Plane k + 2 + DEPTH goes into the slot that plane k - 1 left. */
        if (k + 2 + DEPTH <= k_end + 1) {
            copies.start(a, slots, free_slot, k + 2 + DEPTH);
        }
        __pipeline_commit();
        const int s1 = next_slot(sk), s2 = next_slot(s1);
        component_step<0, VEC>(a, slots, col, at, k, sk, s1, s2);
        component_step<1, VEC>(a, slots, col, at, k, sk, s1, s2);
        component_step<2, VEC>(a, slots, col, at, k, sk, s1, s2);
        __pipeline_wait_prior(DEPTH - 1); /* plane k + 3 is in */
        __syncthreads();
        free_slot = sk;
        sk = s1;
    }
}

/* Z chunks of the columns: as many as make the blocks fill the device's
 * slots (multiprocessors x resident blocks) in whole waves, counted as
 * waves x (planes + the 2 each chunk loads twice). */
int chunks_for(int block_columns, int nz, int slots)
{
    int best = 1;
    long best_cost = -1;
    for (int chunks = 1; chunks <= (nz + 3) / 4; ++chunks) {
        long blocks = (long)block_columns * chunks;
        long cost = ((blocks + slots - 1) / slots) * ((nz + chunks - 1) / chunks + 2);
        if (best_cost < 0 || cost < best_cost) {
            best = chunks;
            best_cost = cost;
        }
    }
    return best;
}

/* The kernel's arguments for the fields f, with blocks_per_multiprocessor
 * resident at once (host code: the emulation of tests/ns/cuda_host/
 * runs the kernel with them too). */
level3_args level3_args_of(const ns_device_fields *f, int blocks_per_multiprocessor)
{
    const ns_geometry &g = f->geometry;
    level3_args a;
    for (int c = 0; c < NS_AXES; ++c) {
        a.velocity[c] = f->velocity[c];
        a.residual[c] = f->residual[c];
        a.n[c] = g.n[c];
        a.quarter_inv_h[c] = (real)0.25 * g.inv_h[c];
        a.viscous_inv_h2[c] = f->viscosity * g.inv_h[c] * g.inv_h[c];
        a.force[c] = f->force[c];
    }
    a.stride_y = (int)g.stride[1];
    a.stride_z = (int)g.stride[2];
    a.blocks_x = (g.n[0] + BX - 1) / BX;
    int block_columns = a.blocks_x * ((g.n[1] + BY - 1) / BY);
    a.chunks = chunks_for(block_columns, g.n[2], f->multiprocessors * blocks_per_multiprocessor);
    a.chunk = (g.n[2] + a.chunks - 1) / a.chunks;
    a.chunks = (g.n[2] + a.chunk - 1) / a.chunk;
    return a;
}

/* Rows start on 16 bytes where the padded width is a multiple of it. */
constexpr int VECTOR = 16 / (int)sizeof(real);

bool rows_aligned(const ns_geometry &g)
{
    return (g.n[0] + 2 * HALO) % VECTOR == 0;
}

unsigned blocks_of(const level3_args &a)
{
    return (unsigned)(a.blocks_x * ((a.n[1] + BY - 1) / BY) * a.chunks);
}

} // namespace

#ifndef NS_CUDA_HOST_EMULATION
int ns_cuda_momentum_level3(const ns_device_fields *f, cudaStream_t stream, swe_error *err)
{
    const int bytes = (int)sizeof(plane_slots);
    auto kernel = rows_aligned(f->geometry) ? momentum_level3<VECTOR> : momentum_level3<1>;
    CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes),
               err);
    int resident = 0;
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, kernel, THREADS, bytes),
               err);
    const level3_args a = level3_args_of(f, resident > 0 ? resident : 1);
    kernel<<<blocks_of(a), dim3(THREADS_X, THREADS_Y), bytes, stream>>>(a);
    CUDA_CHECK(cudaGetLastError(), err);
    return SWE_OK;
}
#endif
