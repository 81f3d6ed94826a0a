/* The plane kernels of the CPU backends of the Navier-Stokes application
 * that no exercise writes (ns_serial_kernels.h): the prediction, the
 * divergence, the Laplacian, the correction and the reductions of the
 * CG. The arithmetic is that of ns/grid/ns_stencils.h, shared with the
 * CUDA kernels. */
#include "backends/serial/ns/ns_serial_kernels.h"

#include "ns/grid/ns_stencils.h"

void ns_serial_predict_plane(const ns_cpu_arrays *a, int k, real dt, real weight_new,
                             real weight_old)
{
    const ns_geometry *g = &a->geometry;
    for (int component = 0; component < NS_AXES; ++component) {
        real *u = a->velocity[component];
        const real *now = a->residual[component], *before = a->history[component];
        long step = g->stride[component];
        for (int j = 0; j < g->n[1]; ++j) {
            long start = ns_row_start(g, j, k);
            for (long c = start; c < start + g->n[0]; ++c) {
                u[c] = (u[c] + dt * (weight_new * now[c] - weight_old * before[c])) *
                       ns_face_open(a->fluid, c, step);
            }
        }
    }
}

void ns_serial_divergence_plane(const ns_cpu_arrays *a, int k, real scale, real *out)
{
    const ns_geometry *g = &a->geometry;
    for (int j = 0; j < g->n[1]; ++j) {
        long start = ns_row_start(g, j, k);
        for (long c = start; c < start + g->n[0]; ++c) {
            out[c] = scale * (real)a->fluid[c] *
                     ns_divergence(a->velocity[0], a->velocity[1], a->velocity[2], c, g);
        }
    }
}

void ns_serial_laplacian_plane(const ns_cpu_arrays *a, int k, const real *in, real *out)
{
    const ns_geometry *g = &a->geometry;
    for (int j = 0; j < g->n[1]; ++j) {
        long start = ns_row_start(g, j, k);
        for (long c = start; c < start + g->n[0]; ++c) {
            out[c] = ns_minus_laplacian(in, a->fluid, c, g);
        }
    }
}

void ns_serial_correct_plane(const ns_cpu_arrays *a, int k, real factor)
{
    const ns_geometry *g = &a->geometry;
    const real *p = a->pressure;
    for (int component = 0; component < NS_AXES; ++component) {
        real *u = a->velocity[component];
        long step = g->stride[component];
        real scaled = factor * g->inv_h[component];
        for (int j = 0; j < g->n[1]; ++j) {
            long start = ns_row_start(g, j, k);
            for (long c = start; c < start + g->n[0]; ++c) {
                u[c] -= scaled * (p[c + step] - p[c]) * ns_face_open(a->fluid, c, step);
            }
        }
    }
}

double ns_serial_dot_plane(const ns_cpu_arrays *a, int k, const real *x, const real *y)
{
    const ns_geometry *g = &a->geometry;
    double sum = 0.0;
    for (int j = 0; j < g->n[1]; ++j) {
        long start = ns_row_start(g, j, k);
        for (long c = start; c < start + g->n[0]; ++c) {
            sum += (double)x[c] * (double)y[c];
        }
    }
    return sum;
}

double ns_serial_fluid_sum_plane(const ns_cpu_arrays *a, int k, const real *x, long *cells)
{
    const ns_geometry *g = &a->geometry;
    double sum = 0.0;
    long count = 0;
    for (int j = 0; j < g->n[1]; ++j) {
        long start = ns_row_start(g, j, k);
        for (long c = start; c < start + g->n[0]; ++c) {
            sum += a->fluid[c] ? (double)x[c] : 0.0;
            count += a->fluid[c];
        }
    }
    *cells = count;
    return sum;
}

void ns_serial_shift_plane(const ns_cpu_arrays *a, int k, real shift, real *x)
{
    const ns_geometry *g = &a->geometry;
    for (int j = 0; j < g->n[1]; ++j) {
        long start = ns_row_start(g, j, k);
        for (long c = start; c < start + g->n[0]; ++c) {
            x[c] -= shift * (real)a->fluid[c];
        }
    }
}

void ns_serial_axpy_plane(const ns_cpu_arrays *a, int k, real alpha, const real *x, real *y)
{
    const ns_geometry *g = &a->geometry;
    for (int j = 0; j < g->n[1]; ++j) {
        long start = ns_row_start(g, j, k);
        for (long c = start; c < start + g->n[0]; ++c) {
            y[c] += alpha * x[c];
        }
    }
}

void ns_serial_xpay_plane(const ns_cpu_arrays *a, int k, const real *x, real beta, real *y)
{
    const ns_geometry *g = &a->geometry;
    for (int j = 0; j < g->n[1]; ++j) {
        long start = ns_row_start(g, j, k);
        for (long c = start; c < start + g->n[0]; ++c) {
            y[c] = x[c] + beta * y[c];
        }
    }
}

void ns_serial_max_speed_plane(const ns_cpu_arrays *a, int k, real speed[NS_AXES])
{
    const ns_geometry *g = &a->geometry;
    for (int component = 0; component < NS_AXES; ++component) {
        const real *u = a->velocity[component];
        real fastest = speed[component];
        for (int j = 0; j < g->n[1]; ++j) {
            long start = ns_row_start(g, j, k);
            for (long c = start; c < start + g->n[0]; ++c) {
                real speed_here = SWE_FABS(u[c]);
                /* A NaN wins and stays: the time step then reports it. */
                fastest = speed_here > fastest || speed_here != speed_here ? speed_here : fastest;
            }
        }
        speed[component] = fastest;
    }
}
