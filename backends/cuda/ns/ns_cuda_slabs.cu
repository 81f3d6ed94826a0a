#include "backends/cuda/ns/ns_cuda_slabs.h"

#include "backends/cuda/cuda_model.h"

#include "backends/cuda/cuda_check.h"

#include <cstdio>

namespace
{

size_t ghost_bytes(const ns_grid *grid)
{
    return NS_GHOST * grid->stride[2] * sizeof(real);
}

/* Where the slab meets another: its z faces of kind neighbour. */
bool below(const ns_grid *grid)
{
    return grid->wall[NS_BOTTOM].kind == NS_NEIGHBOUR;
}

bool above(const ns_grid *grid)
{
    return grid->wall[NS_TOP].kind == NS_NEIGHBOUR;
}

} // namespace

int ns_cuda_slabs_create(ns_cuda_slabs *staging, const ns_solver *solver, cudaStream_t stream,
                         swe_error *err)
{
    *staging = ns_cuda_slabs{};
    if (solver->slabs == nullptr) {
        return SWE_OK;
    }
    size_t bytes = ghost_bytes(&solver->grid);
    for (char *&planes : staging->planes) {
        planes = static_cast<char *>(swe_cuda_alloc_staging(bytes));
        if (planes == nullptr) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "the pinned host staging of the slab's ghost planes (%.1f MiB) "
                            "cannot be allocated",
                            4.0 * (double)bytes / 1048576.0);
        }
    }
    staging->have_poisson = true;
    return ns_cufft_slabs_create(&staging->poisson, solver, stream, err);
}

void ns_cuda_slabs_destroy(ns_cuda_slabs *staging)
{
    for (char *planes : staging->planes) {
        swe_cuda_free_staging(planes);
    }
    if (staging->have_poisson) {
        ns_cufft_slabs_destroy(&staging->poisson);
    }
    *staging = ns_cuda_slabs{};
}

int ns_cuda_slabs_exchange(const ns_solver *solver, ns_cuda_slabs *staging, real *field,
                           cudaStream_t stream, swe_error *err)
{
    const ns_slabs *slabs = solver->slabs;
    if (slabs == nullptr) {
        return SWE_OK;
    }
    const ns_grid *g = &solver->grid;
    size_t bytes = ghost_bytes(g), plane = g->stride[2];
    size_t n = (size_t)g->n[2];
    /* Padded planes 0..1 are the ghosts below, 2..3 the first interior
     * ones; n..n+1 the last interior ones, n+2..n+3 the ghosts above. */
    real *ghosts_below = field, *ghosts_above = field + (n + NS_GHOST) * plane;
    const real *first = field + NS_GHOST * plane, *last = field + n * plane;
    if (slabs->device_pointers) {
        CUDA_CHECK(cudaStreamSynchronize(stream), err);
        return slabs->exchange_planes(slabs->context, first, last, ghosts_below, ghosts_above,
                                      bytes, err);
    }
    char **out = staging->planes;
    if (below(g)) {
        CUDA_CHECK(cudaMemcpyAsync(out[0], first, bytes, cudaMemcpyDeviceToHost, stream), err);
    }
    if (above(g)) {
        CUDA_CHECK(cudaMemcpyAsync(out[1], last, bytes, cudaMemcpyDeviceToHost, stream), err);
    }
    CUDA_CHECK(cudaStreamSynchronize(stream), err);
    int status = slabs->exchange_planes(slabs->context, out[0], out[1], out[2], out[3], bytes, err);
    if (status != SWE_OK) {
        return status;
    }
    if (below(g)) {
        CUDA_CHECK(cudaMemcpyAsync(ghosts_below, out[2], bytes, cudaMemcpyHostToDevice, stream),
                   err);
    }
    if (above(g)) {
        CUDA_CHECK(cudaMemcpyAsync(ghosts_above, out[3], bytes, cudaMemcpyHostToDevice, stream),
                   err);
    }
    return SWE_OK;
}

int ns_cuda_slabs_sum(const ns_solver *solver, double *values, int count, swe_error *err)
{
    const ns_slabs *slabs = solver->slabs;
    return slabs != nullptr ? slabs->sum(slabs->context, values, count, err) : SWE_OK;
}

int ns_cuda_slabs_precondition(const ns_solver *solver, ns_cuda_slabs *staging,
                               const ns_device_fields *fields, const real *in, real *out,
                               cudaStream_t stream, swe_error *err)
{
    if (solver->slabs == nullptr || !staging->have_poisson) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: the slabs' preconditioner without slabs");
    }
    return ns_cufft_slabs_apply(&staging->poisson, solver, fields, in, out, stream, err);
}
