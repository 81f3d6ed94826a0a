/* The kernels of the CPU backends of the Navier-Stokes application: each
 * works on one plane k of interior cells, so that the serial backend
 * loops over the planes and the OpenMP backend shares them out among
 * threads, with the same arithmetic in every plane either way. Students
 * write the momentum residual (exercise 11:
 * solutions/serial/ns/ns_serial_momentum.c) and the FFT preconditioner's
 * eigenvalues and divide (exercise 13: ns_serial_spectral.c); the others
 * are ns_serial_planes.c's. */
#ifndef NS_SERIAL_KERNELS_H
#define NS_SERIAL_KERNELS_H

#include "ns/grid/ns_grid.h"

/* The arrays a CPU backend works on (padded fields, ns/grid/ns_grid.h). */
typedef struct ns_cpu_arrays {
    real *velocity[NS_AXES];
    real *residual[NS_AXES]; /* R(u^n) of this step */
    real *history[NS_AXES];  /* R(u^{n-1}) for Adams-Bashforth */
    real *pressure;
    const unsigned char *fluid;
    ns_geometry geometry;
    real viscosity;
    real force[NS_AXES]; /* body force per unit mass, m/s^2 */
} ns_cpu_arrays;

/* Padded index of cell (0, j, k): the start of a row of the plane. */
static inline long ns_row_start(const ns_geometry *g, int j, int k)
{
    return (long)(k + NS_GHOST) * g->stride[2] + (long)(j + NS_GHOST) * g->stride[1] + NS_GHOST;
}

/* A row loop of a plane kernel: inlined into each call, so that a
 * constant argument (the velocity component) reaches the stencil, whose
 * every read is then at a fixed offset from the face and vectorises. */
#define NS_ROW_LOOP static inline __attribute__((always_inline))

/* R(u^n) of the three components in plane k (velocity ghosts filled). */
void ns_serial_momentum_plane(const ns_cpu_arrays *a, int k);

/* u* = (u + dt (weight_new R^n - weight_old R^{n-1})) on open faces, 0 on
 * closed ones; weights 1, 0 on the first step (forward Euler), else those
 * of Adams-Bashforth 2 for the ratio of this dt to the last. */
void ns_serial_predict_plane(const ns_cpu_arrays *a, int k, real dt, real weight_new,
                             real weight_old);

/* out = scale * div(u) in the fluid cells of plane k, 0 in solid ones. */
void ns_serial_divergence_plane(const ns_cpu_arrays *a, int k, real scale, real *out);

/* out = minus the Laplacian of in over open faces (in's ghosts filled). */
void ns_serial_laplacian_plane(const ns_cpu_arrays *a, int k, const real *in, real *out);

/* u -= factor grad(p) on the open faces of plane k (pressure ghosts filled). */
void ns_serial_correct_plane(const ns_cpu_arrays *a, int k, real factor);

/* The sum over the interior of plane k of x * y, accumulated in double in
 * a fixed order (i fastest). */
double ns_serial_dot_plane(const ns_cpu_arrays *a, int k, const real *x, const real *y);

/* The sum of x over the fluid cells of plane k (in double), and the
 * number of those cells. */
double ns_serial_fluid_sum_plane(const ns_cpu_arrays *a, int k, const real *x, long *cells);

/* x -= shift in the fluid cells of plane k. */
void ns_serial_shift_plane(const ns_cpu_arrays *a, int k, real shift, real *x);

/* y += alpha x; and y = x + beta y, over the interior of plane k. */
void ns_serial_axpy_plane(const ns_cpu_arrays *a, int k, real alpha, const real *x, real *y);
void ns_serial_xpay_plane(const ns_cpu_arrays *a, int k, const real *x, real beta, real *y);

/* max |u|, |v|, |w| over the faces of plane k, into speed[0..2]. */
void ns_serial_max_speed_plane(const ns_cpu_arrays *a, int k, real speed[NS_AXES]);

/* Eigenvalue of mode m of minus the 1D Laplacian with n cells of size h:
 * periodic (halfcomplex mode m) or between walls (cosine mode m). */
double ns_serial_eigenvalue(int periodic, int m, int n, double h);

/* Divides plane k of the transformed buffer (nx by ny values) by the sum
 * of the axis eigenvalues and multiplies by scale; the mean mode (the
 * first value of plane 0, with_mean_mode) becomes 0. */
void ns_serial_spectral_divide_plane(real *plane, int nx, int ny, const double *eigenvalue_x,
                                     const double *eigenvalue_y, double eigenvalue_z,
                                     int with_mean_mode, double scale);

#endif
