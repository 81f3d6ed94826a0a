/* Reference kernels of the Navier-Stokes CUDA backend besides the
 * momentum residual: the predictor, divergence, Laplacian, correction and
 * vector updates (one thread per interior cell, the arithmetic of
 * ns/grid/ns_stencils.h), the ghost layers, the reductions of the CG
 * iteration, and the preconditioner's steps around cuFFT. */
#include "backends/cuda/ns/ns_cuda_kernels.h"

#include "backends/cuda/cuda_check.h"
#include "backends/cuda/ns/ns_cuda_cells.cuh"

extern "C" {
#include "ns/grid/ns_boundary.h"
#include "ns/grid/ns_stencils.h"
}

namespace
{

__global__ void predict(ns_device_fields f, real dt, real weight_new, real weight_old)
{
    long c;
    if (!interior_cell(f.geometry, &c)) {
        return;
    }
#pragma unroll
    for (int component = 0; component < NS_AXES; ++component) {
        real *u = f.velocity[component];
        u[c] = (u[c] + dt * (weight_new * f.residual[component][c] -
                             weight_old * f.history[component][c])) *
               ns_face_open(f.fluid, c, f.geometry.stride[component]);
    }
}

__global__ void divergence(ns_device_fields f, real scale, real *out)
{
    long c;
    if (interior_cell(f.geometry, &c)) {
        out[c] = scale * (real)f.fluid[c] *
                 ns_divergence(f.velocity[0], f.velocity[1], f.velocity[2], c, &f.geometry);
    }
}

__global__ void laplacian(ns_device_fields f, const real *in, real *out)
{
    long c;
    if (interior_cell(f.geometry, &c)) {
        out[c] = ns_minus_laplacian(in, f.fluid, c, &f.geometry);
    }
}

__global__ void correct(ns_device_fields f, const real *p, real factor)
{
    long c;
    if (!interior_cell(f.geometry, &c)) {
        return;
    }
#pragma unroll
    for (int component = 0; component < NS_AXES; ++component) {
        long step = f.geometry.stride[component];
        f.velocity[component][c] -= factor * f.geometry.inv_h[component] * (p[c + step] - p[c]) *
                                    ns_face_open(f.fluid, c, step);
    }
}

/* y = a x + b y, the vector updates of CG (a = alpha, b = 1: axpy; a = 1,
 * b = beta: xpay), and x -= shift on fluid cells (x = null). */
__global__ void combine(ns_device_fields f, real a, const real *x, real b, real *y, real shift)
{
    long c;
    if (!interior_cell(f.geometry, &c)) {
        return;
    }
    if (x != nullptr) {
        y[c] = b == (real)1 ? y[c] + a * x[c] : x[c] + b * y[c];
    } else {
        y[c] -= shift * (real)f.fluid[c];
    }
}

__global__ void fill_ghost_axis(real *field, ns_grid grid, int axis, int what)
{
    int a1 = (axis + 1) % NS_AXES, a2 = (axis + 2) % NS_AXES;
    long across = (long)grid.padded[a1] * grid.padded[a2];
    long thread = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (thread >= across) {
        return;
    }
    size_t base = (size_t)(thread % grid.padded[a1]) * grid.stride[a1] +
                  (size_t)(thread / grid.padded[a1]) * grid.stride[a2];
    /* Side by side and layer by layer, as the host does (ns_ghost.c). */
    for (int side = 0; side < 2; ++side) {
        const ns_wall &wall = grid.wall[2 * axis + side];
        real velocity = what < NS_FILL_SCALAR ? (real)wall.velocity[what] : (real)0;
        for (int layer = 0; layer < NS_GHOST; ++layer) {
            ns_ghost_rule rule =
                ns_ghost_rule_for(axis, side, layer, grid.n[axis], wall.kind, what, velocity);
            int ghost = side == 0 ? -1 - layer : grid.n[axis] + layer;
            field[base + (size_t)(ghost + NS_GHOST) * grid.stride[axis]] =
                rule.sign * field[base + (size_t)(rule.source + NS_GHOST) * grid.stride[axis]] +
                rule.offset;
        }
    }
}

__device__ int mirror(int index, int n)
{
    return index < n ? index : 2 * n - 1 - index;
}

/* One thread per point of the extended grid (x fastest). */
__device__ bool extended_point(const int n_extended[NS_AXES], long point, int ijk[NS_AXES])
{
    ijk[0] = (int)(point % n_extended[0]);
    ijk[1] = (int)(point / n_extended[0] % n_extended[1]);
    ijk[2] = (int)(point / ((long)n_extended[0] * n_extended[1]));
    return ijk[2] < n_extended[2];
}

struct extension {
    int n[NS_AXES];
};

__global__ void extend(ns_device_fields f, extension e, const real *in, real *extended)
{
    long point = (long)blockIdx.x * blockDim.x + threadIdx.x;
    int ijk[NS_AXES];
    if (!extended_point(e.n, point, ijk)) {
        return;
    }
    const ns_geometry &g = f.geometry;
    long c = NS_GHOST;
    for (int axis = 0; axis < NS_AXES; ++axis) {
        c += (long)(mirror(ijk[axis], g.n[axis]) + (axis > 0 ? NS_GHOST : 0)) * g.stride[axis];
    }
    extended[point] = (real)f.fluid[c] * in[c];
}

__global__ void restrict_to_grid(ns_device_fields f, extension e, const real *extended, real *out)
{
    long c;
    if (!interior_cell(f.geometry, &c)) {
        return;
    }
    int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y,
        k = blockIdx.z;
    out[c] = (real)f.fluid[c] * extended[((long)k * e.n[1] + j) * e.n[0] + i];
}

/* The spectrum of the R2C transform: n[0] / 2 + 1 modes along x. */
template <typename complex_type>
__global__ void spectral_divide(extension e, const double *eigenvalues, complex_type *spectrum,
                                double scale)
{
    long point = (long)blockIdx.x * blockDim.x + threadIdx.x;
    int half = e.n[0] / 2 + 1;
    int m0 = (int)(point % half), m1 = (int)(point / half % e.n[1]);
    int m2 = (int)(point / ((long)half * e.n[1]));
    if (m2 >= e.n[2]) {
        return;
    }
    /* BEGIN SOLUTION: minus the Laplacian is diagonal in Fourier space: divide the mode
     * spectrum[point] (both its .x and .y parts) by the sum of the axis eigenvalues
     * eigenvalues[m0] + eigenvalues[e.n[0] + m1] + eigenvalues[e.n[0] + e.n[1] + m2] and
     * multiply by scale (cuFFT does not normalise). The mean mode (m0 = m1 = m2 = 0) has
     * eigenvalue 0: set it to 0, which fixes the pressure's mean. */
    double eigenvalue =
        eigenvalues[m0] + eigenvalues[e.n[0] + m1] + eigenvalues[e.n[0] + e.n[1] + m2];
    double factor = point == 0 ? 0.0 : scale / eigenvalue;
    spectrum[point].x = (real)(spectrum[point].x * factor);
    spectrum[point].y = (real)(spectrum[point].y * factor);
    /* END SOLUTION */
}

} // namespace

#ifndef NS_CUDA_HOST_EMULATION
int ns_cuda_predict(const ns_device_fields *f, real dt, real weight_new, real weight_old,
                    cudaStream_t stream, swe_error *err)
{
    predict<<<cell_grid(f->geometry), cell_block, 0, stream>>>(*f, dt, weight_new, weight_old);
    CUDA_CHECK(cudaGetLastError(), err);
    return SWE_OK;
}

int ns_cuda_divergence(const ns_device_fields *f, real scale, real *out, cudaStream_t stream,
                       swe_error *err)
{
    divergence<<<cell_grid(f->geometry), cell_block, 0, stream>>>(*f, scale, out);
    CUDA_CHECK(cudaGetLastError(), err);
    return SWE_OK;
}

int ns_cuda_laplacian(const ns_device_fields *f, const real *in, real *out, cudaStream_t stream,
                      swe_error *err)
{
    laplacian<<<cell_grid(f->geometry), cell_block, 0, stream>>>(*f, in, out);
    CUDA_CHECK(cudaGetLastError(), err);
    return SWE_OK;
}

int ns_cuda_correct(const ns_device_fields *f, const real *pressure, real factor,
                    cudaStream_t stream, swe_error *err)
{
    correct<<<cell_grid(f->geometry), cell_block, 0, stream>>>(*f, pressure, factor);
    CUDA_CHECK(cudaGetLastError(), err);
    return SWE_OK;
}

int ns_cuda_axpy(const ns_device_fields *f, real alpha, const real *x, real *y, cudaStream_t stream,
                 swe_error *err)
{
    combine<<<cell_grid(f->geometry), cell_block, 0, stream>>>(*f, alpha, x, (real)1, y, (real)0);
    CUDA_CHECK(cudaGetLastError(), err);
    return SWE_OK;
}

int ns_cuda_xpay(const ns_device_fields *f, const real *x, real beta, real *y, cudaStream_t stream,
                 swe_error *err)
{
    if (beta == (real)1) { /* x + 1 y is an axpy with alpha 1 */
        return ns_cuda_axpy(f, (real)1, x, y, stream, err);
    }
    combine<<<cell_grid(f->geometry), cell_block, 0, stream>>>(*f, (real)1, x, beta, y, (real)0);
    CUDA_CHECK(cudaGetLastError(), err);
    return SWE_OK;
}

int ns_cuda_shift(const ns_device_fields *f, real shift, real *x, cudaStream_t stream,
                  swe_error *err)
{
    combine<<<cell_grid(f->geometry), cell_block, 0, stream>>>(*f, (real)0, nullptr, (real)0, x,
                                                               shift);
    CUDA_CHECK(cudaGetLastError(), err);
    return SWE_OK;
}

int ns_cuda_fill_ghosts(const ns_grid *grid, real *field, int what, cudaStream_t stream,
                        swe_error *err)
{
    for (int axis = 0; axis < NS_AXES; ++axis) {
        long across = (long)grid->padded[(axis + 1) % 3] * grid->padded[(axis + 2) % 3];
        fill_ghost_axis<<<blocks_for(across), NS_CUDA_REDUCE, 0, stream>>>(field, *grid, axis,
                                                                           what);
        CUDA_CHECK(cudaGetLastError(), err);
    }
    return SWE_OK;
}

int ns_cuda_extend(const ns_device_fields *f, const int n_extended[NS_AXES], const real *in,
                   real *extended, cudaStream_t stream, swe_error *err)
{
    extension e = {{n_extended[0], n_extended[1], n_extended[2]}};
    long points = (long)e.n[0] * e.n[1] * e.n[2];
    extend<<<blocks_for(points), NS_CUDA_REDUCE, 0, stream>>>(*f, e, in, extended);
    CUDA_CHECK(cudaGetLastError(), err);
    return SWE_OK;
}

int ns_cuda_spectral_divide(const int n_extended[NS_AXES], const double *eigenvalues,
                            void *spectrum, double scale, cudaStream_t stream, swe_error *err)
{
    extension e = {{n_extended[0], n_extended[1], n_extended[2]}};
    long modes = (long)(e.n[0] / 2 + 1) * e.n[1] * e.n[2];
#ifdef SWE_PRECISION_DOUBLE
    typedef double2 complex_type;
#else
    typedef float2 complex_type;
#endif
    spectral_divide<<<blocks_for(modes), NS_CUDA_REDUCE, 0, stream>>>(
        e, eigenvalues, static_cast<complex_type *>(spectrum), scale);
    CUDA_CHECK(cudaGetLastError(), err);
    return SWE_OK;
}

int ns_cuda_restrict(const ns_device_fields *f, const int n_extended[NS_AXES], const real *extended,
                     real *out, cudaStream_t stream, swe_error *err)
{
    extension e = {{n_extended[0], n_extended[1], n_extended[2]}};
    restrict_to_grid<<<cell_grid(f->geometry), cell_block, 0, stream>>>(*f, e, extended, out);
    CUDA_CHECK(cudaGetLastError(), err);
    return SWE_OK;
}
#endif
