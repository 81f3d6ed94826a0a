/* Level 3 of the CUDA momentum kernel (ns_cuda_momentum_level3.cu): the
 * arithmetic of one thread's 2 x 2 cells, QUICK as the centred value
 * minus an upwind curvature, the z fluxes handed on along its columns.
 * Included by that file only. */
#ifndef NS_CUDA_LEVEL3_STENCIL_CUH
#define NS_CUDA_LEVEL3_STENCIL_CUH

#include "cuda/ns/ns_cuda_level3_tile.cuh"

namespace
{

/* a - 2 b + c as one fused multiply-add. */
__device__ __forceinline__ real second_difference(real a, real b, real c)
{
    return fma((real)-2, b, a + c);
}

/* 4 x the QUICK flux through a face: carrier2 is twice the carrier, sum
 * the two values beside the face, the curvatures those of the node
 * upstream for either sign. */
__device__ __forceinline__ real flux4(real carrier2, real sum, real curvature_if_positive,
                                      real curvature_if_negative)
{
    real upwind = carrier2 >= (real)0 ? curvature_if_positive : curvature_if_negative;
    return carrier2 * fma((real)-0.25, upwind, sum);
}

/* The thread's columns along z, per component and cell (r, q). */
struct columns {
    real above[NS_AXES][2][2];     /* the value at k + 1 */
    real curvature[NS_AXES][2][2]; /* the second difference at k */
    real flux_below[NS_AXES][2][2];
};

/* Climbs one plane: the flux through the top face of cell k (carrier2 and
 * the value at k, a0), the column moved up (a2 at k + 2); returns the
 * flux through the bottom face. */
__device__ __forceinline__ real climb(columns &col, int c, int r, int q, real carrier2, real a0,
                                      real a2)
{
    real a1 = col.above[c][r][q];
    real next = second_difference(a0, a1, a2);
    real top = flux4(carrier2, a0 + a1, col.curvature[c][r][q], next);
    real below = col.flux_below[c][r][q];
    col.flux_below[c][r][q] = top;
    col.curvature[c][r][q] = next;
    col.above[c][r][q] = a2;
    return below;
}

/* The z carriers (2 x the mean velocity through the top face of cell k)
 * of component C at cell (r, q), from w of plane k. */
template <int C>
__device__ __forceinline__ real z_carrier(const cross &w, const columns &col, real a0, int r, int q)
{
    return C == 0   ? w.x(r, q) + w.x(r, q + 1)
           : C == 1 ? w.y(q, r) + w.y(q, r + 1)
                    : a0 + col.above[2][r][q];
}

/* What component C needs beyond the crosses of plane k: u and v of plane
 * k + 1 (w's carriers), or one value of the other component's cross. */
struct extras {
    real u_next[2][3]; /* C == 2: u of plane k + 1, rows 0, 1, x offsets -1..1 */
    real v_next[3][2]; /* C == 2: v of plane k + 1, y offsets -1..1, columns 0, 1 */
    real corner;       /* C == 0: v at (2, -1); C == 1: u at (-1, 2) */
};

template <int C>
__device__ __forceinline__ void load_extras(const plane_slots &slots, int sk, int s1, extras &e)
{
    if (C == 0) {
        e.corner = view_of(slots, sk, 1).pair_at(-1, 2).x;
    } else if (C == 1) {
        e.corner = view_of(slots, sk, 0).pair_at(2, -2).y;
    } else {
        const tile_view u = view_of(slots, s1, 0), v = view_of(slots, s1, 1);
#pragma unroll
        for (int r = 0; r < 2; ++r) {
            pair left = u.pair_at(r, -2), right = u.pair_at(r, 0);
            e.u_next[r][0] = left.y;
            e.u_next[r][1] = right.x;
            e.u_next[r][2] = right.y;
        }
#pragma unroll
        for (int m = -1; m <= 1; ++m) {
            pair p = v.pair_at(m, 0);
            e.v_next[m + 1][0] = p.x;
            e.v_next[m + 1][1] = p.y;
        }
    }
}

/* 2 x the carrier through the face between x offsets m and m + 1 of row
 * r (m = -1..1), and through the face between y offsets m and m + 1 of
 * column q. */
template <int C>
__device__ __forceinline__ real x_carrier(const cross &u, const extras &e, int r, int m)
{
    return C == 0   ? u.x(r, m) + u.x(r, m + 1)
           : C == 1 ? u.x(r, m) + (r == 0  ? u.x(1, m)
                                   : m < 0 ? e.corner
                                           : u.y(m, 2))
                    : u.x(r, m) + e.u_next[r][m + 1];
}
template <int C>
__device__ __forceinline__ real y_carrier(const cross &v, const extras &e, int q, int m)
{
    return C == 1   ? v.y(q, m) + v.y(q, m + 1)
           : C == 0 ? v.y(q, m) + (q == 0  ? v.y(1, m)
                                   : m < 0 ? e.corner
                                           : v.x(m, 2))
                    : v.y(q, m) + e.v_next[m + 1][q];
}

/* The terms along one line through the thread's two cells (offsets 0
 * and 1), from the values value(m) at offsets m = -2..3 and the carriers
 * carrier2(m) through the faces between m and m + 1 (m = -1..1): the
 * three fluxes are computed once for both cells. */
template <typename Value, typename Carrier>
__device__ __forceinline__ void line_terms(Value value, Carrier carrier2, real viscous_inv_h2,
                                           real quarter_inv_h, real &out0, real &out1)
{
    real curvature[4]; /* at offsets -1..2 */
#pragma unroll
    for (int m = 0; m < 4; ++m) {
        curvature[m] = second_difference(value(m - 2), value(m - 1), value(m));
    }
    real flux[3]; /* through the faces -1|0, 0|1, 1|2 */
#pragma unroll
    for (int f = 0; f < 3; ++f) {
        flux[f] = flux4(carrier2(f - 1), value(f - 1) + value(f), curvature[f], curvature[f + 1]);
    }
    out0 = fma(viscous_inv_h2, curvature[1], out0);
    out0 = fma(-quarter_inv_h, flux[1] - flux[0], out0);
    out1 = fma(viscous_inv_h2, curvature[2], out1);
    out1 = fma(-quarter_inv_h, flux[2] - flux[1], out1);
}

/* The residuals of component C at the thread's 2 x 2 cells of plane k:
 * out[r][q] += the x and y terms (the z term is already in it). */
template <int C>
__device__ __forceinline__ void xy_terms(const level3_args &a, const cross &own, const cross &u,
                                         const cross &v, const extras &e, real out[2][2])
{
#pragma unroll
    for (int r = 0; r < 2; ++r) { /* along x, row r */
        line_terms([&](int m) { return own.x(r, m); },
                   [&](int m) { return x_carrier<C>(u, e, r, m); }, a.viscous_inv_h2[0],
                   a.quarter_inv_h[0], out[r][0], out[r][1]);
    }
#pragma unroll
    for (int q = 0; q < 2; ++q) { /* along y, column q */
        line_terms([&](int m) { return own.y(q, m); },
                   [&](int m) { return y_carrier<C>(v, e, q, m); }, a.viscous_inv_h2[1],
                   a.quarter_inv_h[1], out[0][q], out[1][q]);
    }
}

} // namespace

#endif
