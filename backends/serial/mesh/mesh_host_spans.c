#include "backends/serial/mesh/mesh_host_spans.h"

#include "mesh/numerics/mesh_cell_kernels.h"
#include "mesh/numerics/mesh_edge_kernels.h"

/* A span inside the run's numbering, on at least one thread. */
static int check_span(const swe_mesh_run *run, const swe_mesh_span *span, int threads,
                      swe_error *err)
{
    return run != NULL && threads >= 1 && swe_mesh_span_inside(&run->host, span)
               ? SWE_OK
               : swe_fail(err, SWE_ERROR_USAGE, "internal error: no run, or a span outside it");
}

int swe_mesh_host_gradients_span(swe_mesh_run *run, const swe_mesh_span *span, int threads,
                                 swe_error *err)
{
    int status = check_span(run, span, threads, err);
    if (status != SWE_OK) {
        return status;
    }
    /* As the full sweep does it: every cell as if off the boundary in a
     * loop that vectorises, then the span's cells on the boundary again
     * with their ghosts (few: the boundary edges are scanned for them). */
    const swe_mesh_arrays *arrays = &run->host;
#pragma omp parallel num_threads(threads)
    {
#pragma omp for simd schedule(static)
        for (int c = span->cell_begin; c < span->cell_end; ++c) {
            swe_mesh_interior_gradient(arrays, c);
        }
#pragma omp for schedule(static)
        for (int e = arrays->interior_edge_count; e < arrays->edge_count; ++e) {
            int c = arrays->edge_left[e];
            if (c >= span->cell_begin && c < span->cell_end) {
                swe_mesh_boundary_gradient(arrays, e);
            }
        }
    }
    return SWE_OK;
}

int swe_mesh_host_edge_fluxes_span(swe_mesh_run *run, swe_mesh_launch launch,
                                   const swe_mesh_span *span, int threads, swe_error *err)
{
    int status = check_span(run, span, threads, err);
    if (status != SWE_OK) {
        return status;
    }
    const swe_mesh_arrays *arrays = &run->host;
    /* The loops of the full sweeps (solutions/serial/mesh): one simd loop
     * per order, so that the order is a constant the compiler vectorises
     * for, and the viscous part after it; the same bits as
     * swe_mesh_interior_edge, which took 1.8 times as long here. */
#pragma omp parallel num_threads(threads) firstprivate(launch)
    {
        if (launch.second_order) {
#pragma omp for simd schedule(static)
            for (int e = span->interior_begin; e < span->interior_end; ++e) {
                swe_mesh_inviscid_edge(arrays, launch, e);
            }
        } else {
#pragma omp for simd schedule(static)
            for (int e = span->interior_begin; e < span->interior_end; ++e) {
                swe_mesh_inviscid_edge(arrays, launch, e);
            }
        }
        if (arrays->viscosity > 0) {
#pragma omp for simd schedule(static)
            for (int e = span->interior_begin; e < span->interior_end; ++e) {
                swe_mesh_viscous_edge(arrays, e);
            }
        }
#pragma omp for schedule(static)
        for (int e = span->boundary_begin; e < span->boundary_end; ++e) {
            swe_mesh_boundary_edge(arrays, launch, e);
        }
    }
    return SWE_OK;
}
