/* The stencils of one fractional step on the staggered grid
 * (Costarelli et al. n.d., eqs. 10-17), written once as inline functions
 * that compile as C, as CUDA and as OpenCL C (SWE_GLOBAL: the address
 * space of the fields there): every backend calls these, so every
 * backend does the same arithmetic. Indices are padded indices
 * (ns/grid/ns_grid.h), strides per axis. */
#ifndef NS_STENCILS_H
#define NS_STENCILS_H

#include "core/real.h"
#include "ns/grid/ns_grid.h"

/* The loops over axes and offsets below are unrolled, so that the loops
 * over cells around them see straight-line code (and vectorise). */
#if defined(__CUDA_ARCH__)
#define NS_UNROLL _Pragma("unroll")
#elif defined(__CUDACC__)
#define NS_UNROLL /* the host pass of a .cu file: nvcc knows no GCC pragma */
#elif defined(__GNUC__) && !defined(__clang__)
#define NS_UNROLL _Pragma("GCC unroll 8")
#else
#define NS_UNROLL
#endif

/* QUICK (Leonard 1979; Costarelli et al. n.d., eqs. 7-8): the value at the
 * face between b and c of the line a b | c d, from the quadratic through
 * the two points upstream of the face and the one downstream. */
#define NS_QUICK_DOWNSTREAM ((real)0.375)
#define NS_QUICK_UPSTREAM ((real)0.75)
#define NS_QUICK_FAR_UPSTREAM ((real)-0.125)

SWE_INLINE real ns_quick(real carrier, real a, real b, real c, real d)
{
    return carrier >= (real)0
               ? NS_QUICK_DOWNSTREAM * c + NS_QUICK_UPSTREAM * b + NS_QUICK_FAR_UPSTREAM * a
               : NS_QUICK_DOWNSTREAM * b + NS_QUICK_UPSTREAM * c + NS_QUICK_FAR_UPSTREAM * d;
}

/* What the momentum residual of one velocity component needs at one face:
 * the component along each axis at offsets -2..2 (line[axis][2] is the
 * face itself), and per axis the two values of that axis' velocity whose
 * mean carries the component through the minus face of its control volume
 * (carrier[axis][0..1]) and through the plus face (carrier[axis][2..3]).
 * A backend fills it from wherever it keeps the values (global memory,
 * shared-memory planes); ns_momentum_residual does the rest. */
typedef struct ns_neighbourhood {
    real line[NS_AXES][5];
    real carrier[NS_AXES][4];
} ns_neighbourhood;

/* R(u) (Costarelli et al. n.d., eqs. 6 and 10-12) for one component: minus
 * the QUICK convective flux difference plus nu times the 7-point Laplacian,
 * plus the body force (acceleration) along the component (f_e of
 * Costarelli et al. n.d., eq. 1). */
SWE_INLINE real ns_momentum_residual(const ns_neighbourhood *s, const real inv_h[NS_AXES], real nu,
                                     real force)
{
    real convection = (real)0, diffusion = (real)0;
    NS_UNROLL
    for (int axis = 0; axis < NS_AXES; ++axis) {
        const real *a = s->line[axis];
        const real *c = s->carrier[axis];
        real minus = (real)0.5 * (c[0] + c[1]);
        real plus = (real)0.5 * (c[2] + c[3]);
        real flux_minus = minus * ns_quick(minus, a[0], a[1], a[2], a[3]);
        real flux_plus = plus * ns_quick(plus, a[1], a[2], a[3], a[4]);
        convection += (flux_plus - flux_minus) * inv_h[axis];
        diffusion += (a[3] - (real)2 * a[2] + a[1]) * (inv_h[axis] * inv_h[axis]);
    }
    return nu * diffusion - convection + force;
}

/* Where carrier[axis][which] of component `component` comes from, in
 * cells along x, y and z from the component's own face: along the
 * component's own axis the component itself at the cell centres on either
 * side (minus face: the mean of -1 and 0, plus face: of 0 and +1); across
 * it, the axis' velocity at the two faces beside the component's face,
 * one step back along axis for the minus face. Every offset is -1, 0 or 1:
 * the shared-memory kernels rely on it. */
SWE_INLINE void ns_carrier_offset(int component, int axis, int which, int offset[NS_AXES])
{
    offset[0] = offset[1] = offset[2] = 0;
    if (which < 2) {
        offset[axis] -= 1;
    }
    if (which == 1 || which == 3) {
        offset[axis == component ? axis : component] += 1;
    }
}

/* Velocity component `axis` of u, v and w: a select, not an array, so
 * that with constant axes (unrolled loops) no pointer is loaded. */
SWE_INLINE const SWE_GLOBAL real *ns_component(const SWE_GLOBAL real *u, const SWE_GLOBAL real *v,
                                               const SWE_GLOBAL real *w, int axis)
{
    return axis == 0 ? u : axis == 1 ? v : w;
}

/* Fills s for component `component` (0 u, 1 v, 2 w) at padded index c
 * from the velocity arrays u, v, w in global memory. */
SWE_INLINE void ns_gather(const SWE_GLOBAL real *u, const SWE_GLOBAL real *v,
                          const SWE_GLOBAL real *w, int component, long c,
                          const long stride[NS_AXES], ns_neighbourhood *s)
{
    const SWE_GLOBAL real *own = ns_component(u, v, w, component);
    NS_UNROLL
    for (int axis = 0; axis < NS_AXES; ++axis) {
        NS_UNROLL
        for (int o = 0; o < 5; ++o) {
            s->line[axis][o] = own[c + (o - 2) * stride[axis]];
        }
        const SWE_GLOBAL real *carrier = ns_component(u, v, w, axis);
        NS_UNROLL
        for (int which = 0; which < 4; ++which) {
            int d[NS_AXES];
            ns_carrier_offset(component, axis, which, d);
            s->carrier[axis][which] =
                carrier[c + d[0] * stride[0] + d[1] * stride[1] + d[2] * stride[2]];
        }
    }
}

/* Discrete divergence of the face velocities around cell c (Costarelli et al. n.d., eq. 15). */
SWE_INLINE real ns_divergence(const SWE_GLOBAL real *u, const SWE_GLOBAL real *v,
                              const SWE_GLOBAL real *w, long c, const ns_geometry *g)
{
    return (u[c] - u[c - g->stride[0]]) * g->inv_h[0] + (v[c] - v[c - g->stride[1]]) * g->inv_h[1] +
           (w[c] - w[c - g->stride[2]]) * g->inv_h[2];
}

/* Minus the Laplacian of p at cell c over the faces open to flow: a face
 * between two fluid cells (fluid[] is 1 for fluid, 0 for solid cells and
 * for the ghost cells behind a wall) carries the difference; a closed face
 * none, which is the homogeneous Neumann condition at walls and obstacles.
 * 0 in solid cells. Positive semi-definite: conjugate gradients apply. */
SWE_INLINE real ns_minus_laplacian(const SWE_GLOBAL real *p, const SWE_GLOBAL unsigned char *fluid,
                                   long c, const ns_geometry *g)
{
    real sum = (real)0;
    NS_UNROLL
    for (int axis = 0; axis < NS_AXES; ++axis) {
        long s = g->stride[axis];
        real weight = g->inv_h[axis] * g->inv_h[axis];
        sum += weight *
               ((real)fluid[c + s] * (p[c] - p[c + s]) + (real)fluid[c - s] * (p[c] - p[c - s]));
    }
    return (real)fluid[c] * sum;
}

/* 1 when the face of component `axis` at padded index c (between cell c and
 * the next cell along axis) is open to flow, 0 when it is closed. */
SWE_INLINE real ns_face_open(const SWE_GLOBAL unsigned char *fluid, long c, long stride)
{
    return (real)(fluid[c] & fluid[c + stride]);
}

#endif
