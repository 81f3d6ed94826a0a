/* The reductions of the CUDA backend's CG, from their source
 * (solutions/cuda/ns/ns_cuda_reductions.cu), on the emulation's
 * blocks (ns_cuda_host.h), with the launch geometry of ns_cuda_reduce. */
#include <cuda_runtime.h>

#include "tests/ns/cuda_host/ns_cuda_host.h"

#define NS_CUDA_HOST_EMULATION
#include "cuda/ns/ns_cuda_reductions.cu"

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
