/* Reference kernels of the CPU backends of the Navier-Stokes application:
 * one plane k of interior cells each (backends/serial/ns/
 * ns_serial_kernels.h). The arithmetic is that of ns/grid/ns_stencils.h,
 * shared with the CUDA kernels. */
#include "backends/serial/ns/ns_serial_kernels.h"

#include "ns/grid/ns_stencils.h"

#include <math.h>

/* Padded index of cell (0, j, k). */
static long row_start(const ns_geometry *g, int j, int k)
{
    return (long)(k + NS_GHOST) * g->stride[2] + (long)(j + NS_GHOST) * g->stride[1] + NS_GHOST;
}

/* The residual of one component along the row of cells from padded index
 * start; called with a constant component, so that once inlined every
 * value the stencil reads is at a fixed offset from c and the loop
 * vectorises. */
static inline __attribute__((always_inline)) void
momentum_row(const ns_geometry *g, const real *restrict u, const real *restrict v,
             const real *restrict w, real *restrict residual, real viscosity, real force,
             int component, long start)
{
    const long stride[NS_AXES] = {g->stride[0], g->stride[1], g->stride[2]};
    const real inv_h[NS_AXES] = {g->inv_h[0], g->inv_h[1], g->inv_h[2]};
    const long end = start + g->n[0];
    /* The residual is written, the velocities only read: no dependence
     * between the cells of the row (more than GCC's alias checks can see). */
#pragma GCC ivdep
    for (long c = start; c < end; ++c) {
        /* BEGIN SOLUTION: the momentum residual of this component at face c. Fill an
         * ns_neighbourhood with ns_gather (u, v, w, the component, c, the strides) and store
         * ns_momentum_residual(&neighbourhood, inv_h, viscosity, force) in residual[c]. */
        ns_neighbourhood neighbourhood;
        ns_gather(u, v, w, component, c, stride, &neighbourhood);
        residual[c] = ns_momentum_residual(&neighbourhood, inv_h, viscosity, force);
        /* END SOLUTION */
    }
}

void ns_serial_momentum_plane(const ns_cpu_arrays *a, int k)
{
    /* A local copy: the stores to the residuals cannot change it. */
    const ns_geometry geometry = a->geometry;
    real *const *u = a->velocity;
    for (int j = 0; j < geometry.n[1]; ++j) {
        long start = row_start(&geometry, j, k);
        momentum_row(&geometry, u[0], u[1], u[2], a->residual[0], a->viscosity, a->force[0], 0,
                     start);
        momentum_row(&geometry, u[0], u[1], u[2], a->residual[1], a->viscosity, a->force[1], 1,
                     start);
        momentum_row(&geometry, u[0], u[1], u[2], a->residual[2], a->viscosity, a->force[2], 2,
                     start);
    }
}

void ns_serial_predict_plane(const ns_cpu_arrays *a, int k, real dt, real weight_new,
                             real weight_old)
{
    const ns_geometry *g = &a->geometry;
    for (int component = 0; component < NS_AXES; ++component) {
        real *u = a->velocity[component];
        const real *now = a->residual[component], *before = a->history[component];
        long step = g->stride[component];
        for (int j = 0; j < g->n[1]; ++j) {
            long start = row_start(g, j, k);
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
        long start = row_start(g, j, k);
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
        long start = row_start(g, j, k);
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
            long start = row_start(g, j, k);
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
        long start = row_start(g, j, k);
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
        long start = row_start(g, j, k);
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
        long start = row_start(g, j, k);
        for (long c = start; c < start + g->n[0]; ++c) {
            x[c] -= shift * (real)a->fluid[c];
        }
    }
}

void ns_serial_axpy_plane(const ns_cpu_arrays *a, int k, real alpha, const real *x, real *y)
{
    const ns_geometry *g = &a->geometry;
    for (int j = 0; j < g->n[1]; ++j) {
        long start = row_start(g, j, k);
        for (long c = start; c < start + g->n[0]; ++c) {
            y[c] += alpha * x[c];
        }
    }
}

void ns_serial_xpay_plane(const ns_cpu_arrays *a, int k, const real *x, real beta, real *y)
{
    const ns_geometry *g = &a->geometry;
    for (int j = 0; j < g->n[1]; ++j) {
        long start = row_start(g, j, k);
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
            long start = row_start(g, j, k);
            for (long c = start; c < start + g->n[0]; ++c) {
                real speed_here = SWE_FABS(u[c]);
                /* A NaN wins and stays: the time step then reports it. */
                fastest = speed_here > fastest || speed_here != speed_here ? speed_here : fastest;
            }
        }
        speed[component] = fastest;
    }
}

double ns_serial_eigenvalue(int periodic, int m, int n, double h)
{
    /* BEGIN SOLUTION: the eigenvalue of minus the 1D Laplacian (-p[i-1] + 2 p[i] - p[i+1]) / h^2
     * for mode m of n cells: (2 - 2 cos(theta)) / h^2, with theta = 2 pi m / n on a periodic axis
     * (the DFT; halfcomplex slots m and n - m hold the same frequency, and the cosine is the same
     * for both) and theta = pi m / n between walls (the cosine transform DCT-II, whose modes
     * cos(pi m (i + 1/2) / n) have zero slope at the walls).
     * | stub: SWE_TODO("the eigenvalue of minus the 1D Laplacian"); return 1.0; */
    const double pi = 3.14159265358979323846;
    double theta = periodic ? 2.0 * pi * m / n : pi * m / n;
    return (2.0 - 2.0 * cos(theta)) / (h * h);
    /* END SOLUTION */
}

void ns_serial_spectral_divide_plane(real *plane, int nx, int ny, const double *eigenvalue_x,
                                     const double *eigenvalue_y, double eigenvalue_z,
                                     int with_mean_mode, double scale)
{
    for (int j = 0; j < ny; ++j) {
        real *row = plane + (size_t)j * (size_t)nx;
        for (int i = 0; i < nx; ++i) {
            /* BEGIN SOLUTION: the divide by the eigenvalues. In the transformed space minus the
             * Laplacian is diagonal: divide row[i] by the sum of the three axis eigenvalues and
             * multiply by scale (the transforms are not normalised). The mean mode (i = j = 0 in
             * the plane with with_mean_mode) has eigenvalue 0: set it to 0, which fixes the
             * pressure's mean. */
            double eigenvalue = eigenvalue_x[i] + eigenvalue_y[j] + eigenvalue_z;
            row[i] = with_mean_mode && i == 0 && j == 0 ? (real)0
                                                        : (real)(row[i] * (scale / eigenvalue));
            /* END SOLUTION */
        }
    }
}
