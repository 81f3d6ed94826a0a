/* The reductions of the CUDA backend's CG and the preconditioner's
 * divide in Fourier space, from their source (solutions/cuda/staggered/
 * ns_cuda_kernels.cu), on the emulation's blocks (ns_cuda_host.h), with
 * the launch geometry of their launchers. */
#include <cuda_runtime.h>

#include "ns_cuda_host.h"

#define NS_CUDA_HOST_EMULATION
#include "ns_cuda_kernels.cu"

#include <vector>

namespace
{

struct reduction_launch {
    ns_device_fields fields;
    enum ns_reduction operation;
    const real *x, *y;
    double *partials;
    int count;
    double result;
};

void cells(void *context)
{
    reduction_launch *r = static_cast<reduction_launch *>(context);
    reduce_cells(r->fields, r->operation, r->x, r->y, r->partials);
}

void partials(void *context)
{
    reduction_launch *r = static_cast<reduction_launch *>(context);
    reduce_partials(r->operation, r->partials, r->count, &r->result);
}

struct complex_value {
    real x, y;
};

struct divide_launch {
    extension e;
    const double *eigenvalues;
    complex_value *spectrum;
    double scale;
};

void divide(void *context)
{
    divide_launch *d = static_cast<divide_launch *>(context);
    spectral_divide(d->e, d->eigenvalues, d->spectrum, d->scale);
}

} // namespace

extern "C" double ns_cuda_host_reduce(int operation, const ns_cpu_arrays *arrays, const real *x,
                                      const real *y)
{
    reduction_launch r = {};
    r.fields.fluid = arrays->fluid;
    r.fields.geometry = arrays->geometry;
    r.operation = static_cast<enum ns_reduction>(operation);
    r.x = x;
    r.y = y;
    dim3 grid = cell_grid(arrays->geometry);
    r.count = (int)(grid.x * grid.y * grid.z);
    std::vector<double> storage((size_t)r.count);
    r.partials = storage.data();
    ns_cuda_host_launch(grid, cell_block, 0, cells, &r);
    ns_cuda_host_launch(dim3(1), cell_block, 0, partials, &r);
    return r.result;
}

extern "C" void ns_cuda_host_spectral_divide(const int n_extended[NS_AXES],
                                             const double *eigenvalues, real *spectrum,
                                             double scale)
{
    divide_launch d = {};
    for (int axis = 0; axis < NS_AXES; ++axis) {
        d.e.n[axis] = n_extended[axis];
    }
    d.eigenvalues = eigenvalues;
    d.spectrum = reinterpret_cast<complex_value *>(spectrum);
    d.scale = scale;
    long modes = (long)(d.e.n[0] / 2 + 1) * d.e.n[1] * d.e.n[2];
    ns_cuda_host_launch(dim3(blocks_for(modes)), dim3(NS_CUDA_REDUCE), 0, divide, &d);
}
