/* The kernels of the Navier-Stokes OpenCL backend: one work-item per
 * interior cell running the stencils of ns/grid/ns_stencils.h (the same
 * source as the C and CUDA kernels), the ghost layers by the rules of
 * ns/grid/ns_boundary.h, and the reductions of the conjugate gradients:
 * one partial per work-group from a tree in local memory, then one
 * work-group over the partials, in double, always in the same order. The
 * host builds the program with the precision and NS_CL_REDUCE (the
 * work-group size of the reductions, a power of two) defined
 * (ns_opencl_setup.c). */

/* Before any code: the same bits as the C backends where the device
 * allows, no contraction of a * b + c into one rounding, unless the math
 * options ask for it (backends/opencl/cl_math.h). */
#ifndef SWE_CL_CONTRACT
#pragma OPENCL FP_CONTRACT OFF
#endif
/* The reductions sum in double in either precision (the device is checked
 * for it at init). */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#include "backends/opencl/ns/ns_reduction.h"
#include "ns/grid/ns_boundary.h"
#include "ns/grid/ns_stencils.h"

/* The padded index of this work-item's interior cell; the launch is
 * n[0] x n[1] x n[2] work-items exactly. */
static long cell_index(const ns_geometry *g)
{
    return (long)(get_global_id(2) + NS_GHOST) * g->stride[2] +
           (long)(get_global_id(1) + NS_GHOST) * g->stride[1] + (long)(get_global_id(0) + NS_GHOST);
}

/* R(u^n) of the three components at this cell's faces, every value from
 * global memory (the CUDA backend's level 1). */
__kernel void ns_momentum(ns_geometry g, __global const real *u, __global const real *v,
                          __global const real *w, __global real *ru, __global real *rv,
                          __global real *rw, real viscosity, real fx, real fy, real fz)
{
    long c = cell_index(&g);
    ns_neighbourhood s;
    ns_gather(u, v, w, 0, c, g.stride, &s);
    ru[c] = ns_momentum_residual(&s, g.inv_h, viscosity, fx);
    ns_gather(u, v, w, 1, c, g.stride, &s);
    rv[c] = ns_momentum_residual(&s, g.inv_h, viscosity, fy);
    ns_gather(u, v, w, 2, c, g.stride, &s);
    rw[c] = ns_momentum_residual(&s, g.inv_h, viscosity, fz);
}

/* u* = u + dt (weight_new R^n - weight_old R^{n-1}) on open faces. */
__kernel void ns_predict(ns_geometry g, __global real *u, __global real *v, __global real *w,
                         __global const real *ru, __global const real *rv, __global const real *rw,
                         __global const real *hu, __global const real *hv, __global const real *hw,
                         __global const unsigned char *fluid, real dt, real weight_new,
                         real weight_old)
{
    long c = cell_index(&g);
    u[c] = (u[c] + dt * (weight_new * ru[c] - weight_old * hu[c])) *
           ns_face_open(fluid, c, g.stride[0]);
    v[c] = (v[c] + dt * (weight_new * rv[c] - weight_old * hv[c])) *
           ns_face_open(fluid, c, g.stride[1]);
    w[c] = (w[c] + dt * (weight_new * rw[c] - weight_old * hw[c])) *
           ns_face_open(fluid, c, g.stride[2]);
}

__kernel void ns_divergence_cells(ns_geometry g, __global const real *u, __global const real *v,
                                  __global const real *w, __global const unsigned char *fluid,
                                  real scale, __global real *out)
{
    long c = cell_index(&g);
    out[c] = scale * (real)fluid[c] * ns_divergence(u, v, w, c, &g);
}

__kernel void ns_laplacian(ns_geometry g, __global const real *in,
                           __global const unsigned char *fluid, __global real *out)
{
    long c = cell_index(&g);
    out[c] = ns_minus_laplacian(in, fluid, c, &g);
}

/* u -= factor grad(p) on open faces. */
__kernel void ns_correct(ns_geometry g, __global real *u, __global real *v, __global real *w,
                         __global const unsigned char *fluid, __global const real *p, real factor)
{
    long c = cell_index(&g);
    u[c] -= factor * g.inv_h[0] * (p[c + g.stride[0]] - p[c]) * ns_face_open(fluid, c, g.stride[0]);
    v[c] -= factor * g.inv_h[1] * (p[c + g.stride[1]] - p[c]) * ns_face_open(fluid, c, g.stride[1]);
    w[c] -= factor * g.inv_h[2] * (p[c + g.stride[2]] - p[c]) * ns_face_open(fluid, c, g.stride[2]);
}

/* The vector updates of CG: y += a x (b = 1), y = x + b y (a = 1). */
__kernel void ns_combine(ns_geometry g, real a, __global const real *x, real b, __global real *y)
{
    long c = cell_index(&g);
    y[c] = b == (real)1 ? y[c] + a * x[c] : x[c] + b * y[c];
}

/* x -= shift on fluid cells. */
__kernel void ns_shift(ns_geometry g, __global const unsigned char *fluid, real shift,
                       __global real *x)
{
    long c = cell_index(&g);
    x[c] -= shift * (real)fluid[c];
}

/* The ghost layers of one axis of field (what: component 0..2 or
 * NS_FILL_SCALAR), one work-item per line along the axis over the full
 * padded extent of the other two axes, side by side and layer by layer as
 * the host does (ns_ghost.c). across: padded cells of the next axis;
 * lines: across times the padded cells of the one after. */
__kernel void ns_fill_ghost_axis(__global real *field, int axis, int what, int n, long stride_axis,
                                 long stride_next, long stride_after, int across, long lines,
                                 int kind_minus, int kind_plus, real velocity_minus,
                                 real velocity_plus)
{
    long line = get_global_id(0);
    if (line >= lines) {
        return;
    }
    long base = (line % across) * stride_next + (line / across) * stride_after;
    for (int side = 0; side < 2; ++side) {
        enum ns_wall_kind kind = (enum ns_wall_kind)(side == 0 ? kind_minus : kind_plus);
        real velocity = side == 0 ? velocity_minus : velocity_plus;
        for (int layer = 0; layer < NS_GHOST; ++layer) {
            ns_ghost_rule rule = ns_ghost_rule_for(axis, side, layer, n, kind, what, velocity);
            int ghost = side == 0 ? -1 - layer : n + layer;
            field[base + (long)(ghost + NS_GHOST) * stride_axis] =
                rule.sign * field[base + (long)(rule.source + NS_GHOST) * stride_axis] +
                rule.offset;
        }
    }
}

/* The value interior cell c adds to a reduction, in double. */
static double reduction_term(int operation, __global const real *x, __global const real *y,
                             __global const unsigned char *fluid, long c)
{
    switch (operation) {
    case NS_CL_REDUCE_DOT:
        return (double)x[c] * (double)y[c];
    case NS_CL_REDUCE_FLUID_SUM:
        return fluid[c] ? (double)x[c] : 0.0;
    case NS_CL_REDUCE_FLUID_COUNT:
        return (double)fluid[c];
    default:
        return fabs((double)x[c]);
    }
}

/* Two partial results into one: the sum, or the larger, where a NaN wins
 * (the time step must see a state that went wrong). */
static double combine_terms(int operation, double a, double b)
{
    return operation == NS_CL_REDUCE_MAX_ABS ? (a > b || a != a ? a : b) : a + b;
}

/* The work-group's values into one, by a tree in local memory in a fixed
 * order; every work-item returns the result. */
static double reduce_group(double value, int operation, __local double *partial)
{
    int item = (int)get_local_id(0);
    partial[item] = value;
    for (int span = NS_CL_REDUCE / 2; span > 0; span /= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (item < span) {
            partial[item] = combine_terms(operation, partial[item], partial[item + span]);
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    return partial[0];
}

/* One partial per work-group of NS_CL_REDUCE interior cells, numbered x
 * fastest; work-items past the last cell add the identity 0. */
__kernel __attribute__((reqd_work_group_size(NS_CL_REDUCE, 1, 1))) void
ns_reduce_cells(ns_geometry g, int operation, __global const real *x, __global const real *y,
                __global const unsigned char *fluid, __global double *partials)
{
    __local double partial[NS_CL_REDUCE];
    long cell = get_global_id(0);
    long plane = (long)g.n[0] * g.n[1];
    double value = 0.0;
    if (cell < plane * g.n[2]) {
        long i = cell % g.n[0], j = cell / g.n[0] % g.n[1], k = cell / plane;
        long c = (k + NS_GHOST) * g.stride[2] + (j + NS_GHOST) * g.stride[1] + (i + NS_GHOST);
        value = reduction_term(operation, x, y, fluid, c);
    }
    double group = reduce_group(value, operation, partial);
    if (get_local_id(0) == 0) {
        partials[get_group_id(0)] = group;
    }
}

/* One work-group adds the partials, each work-item a fixed stride of
 * them; the result goes after them, at partials[count]. */
__kernel __attribute__((reqd_work_group_size(NS_CL_REDUCE, 1, 1))) void
ns_reduce_partials(int operation, __global double *partials, int count)
{
    __local double partial[NS_CL_REDUCE];
    int item = (int)get_local_id(0);
    double value = 0.0;
    for (int p = item; p < count; p += NS_CL_REDUCE) {
        value = combine_terms(operation, value, partials[p]);
    }
    double total = reduce_group(value, operation, partial);
    if (item == 0) {
        partials[count] = total;
    }
}
