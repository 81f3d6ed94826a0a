/* Reference kernels of the triangle solver's OpenMP target backend: the
 * loops of the OpenMP backend (solutions/openmp/mesh/mesh_openmp_kernels.c)
 * with `target teams distribute parallel for` in front. An edge writes only
 * its own fluxes and a cell only itself, so no loop races; `simd` gives the
 * lanes of each GPU warp work (GCC runs an OpenMP thread as one warp; the
 * gradient loop has none: GCC 12's nvptx compiler stops with an internal
 * error on it). The boundary loops rewrite the gradients or fluxes of
 * boundary elements and run, as in the OpenMP backend, after the interior
 * loop has finished. The sweeps take a span (a part's cells and edges over
 * MPI ranks; every element otherwise). */
#include "backends/omptarget/mesh/mesh_omptarget_kernels.h"

#include "mesh/numerics/mesh_cell_kernels.h"
#include "mesh/numerics/mesh_edge_kernels.h"
#include "shallow_water/speed_bits.h"

#include <math.h>

void swe_mesh_omptarget_gradients(const swe_mesh_arrays *device_arrays, swe_mesh_span span,
                                  int device)
{
    const swe_mesh_arrays arrays = *device_arrays;
    const int interior = arrays.interior_edge_count, edges = arrays.edge_count;
    const int *edge_left = arrays.edge_left;
    /* BEGIN SOLUTION: (1) the gradients on the device. Two loops, each with `#pragma omp target
     * teams distribute parallel for` and device(device) firstprivate(arrays, span): every cell c
     * of the span (span.cell_begin .. span.cell_end - 1) gets swe_mesh_interior_gradient(&arrays,
     * c); then every boundary edge e (interior .. edges - 1) whose cell edge_left[e] lies in the
     * span gets swe_mesh_boundary_gradient(&arrays, e). */
#pragma omp target teams distribute parallel for device(device) firstprivate(arrays, span)
    for (int c = span.cell_begin; c < span.cell_end; ++c) {
        swe_mesh_interior_gradient(&arrays, c);
    }
#pragma omp target teams distribute parallel for device(device) firstprivate(arrays, span)         \
    is_device_ptr(edge_left)
    for (int e = interior; e < edges; ++e) {
        const int c = edge_left[e];
        if (c >= span.cell_begin && c < span.cell_end) {
            swe_mesh_boundary_gradient(&arrays, e);
        }
    }
    /* END SOLUTION */
}

void swe_mesh_omptarget_edge_fluxes(const swe_mesh_arrays *device_arrays, swe_mesh_launch launch,
                                    swe_mesh_span span, int device)
{
    const swe_mesh_arrays arrays = *device_arrays;
    /* BEGIN SOLUTION: (2) the edge sweep on the device: swe_mesh_inviscid_edge(&arrays, launch,
     * e) on the span's interior edges (span.interior_begin .. span.interior_end - 1); where
     * arrays.viscosity > 0, swe_mesh_viscous_edge(&arrays, e) on them; then
     * swe_mesh_boundary_edge(&arrays, launch, e) on the
     * span's boundary edges. Each loop a `target teams distribute parallel for` with
     * device(device) and firstprivate of what it reads (add simd to the interior loops). */
#pragma omp target teams distribute parallel for simd device(device)                               \
    firstprivate(arrays, launch, span)
    for (int e = span.interior_begin; e < span.interior_end; ++e) {
        swe_mesh_inviscid_edge(&arrays, launch, e);
    }
    if (arrays.viscosity > 0) {
#pragma omp target teams distribute parallel for simd device(device) firstprivate(arrays, span)
        for (int e = span.interior_begin; e < span.interior_end; ++e) {
            swe_mesh_viscous_edge(&arrays, e);
        }
    }
#pragma omp target teams distribute parallel for device(device) firstprivate(arrays, launch, span)
    for (int e = span.boundary_begin; e < span.boundary_end; ++e) {
        swe_mesh_boundary_edge(&arrays, launch, e);
    }
    /* END SOLUTION */
}

real swe_mesh_omptarget_min_time_step(const swe_mesh_arrays *device_arrays, int device)
{
    const real *edge_time_step = device_arrays->edge_time_step;
    const int edges = device_arrays->edge_count;
    swe_speed_bits smallest = swe_speed_to_bits(SWE_MESH_NO_TIME_LIMIT);
    int unstable = 0;
    /* BEGIN SOLUTION: (3) a minimum as a reduction on the device: over the edges, with
     * `#pragma omp target teams distribute parallel for simd device(device)
     * is_device_ptr(edge_time_step) reduction(min : smallest)`, the smaller of smallest and
     * swe_speed_to_bits(step); then, in a second such loop with reduction(| : unstable), whether a
     * step is a NaN (step != step), which the bits would hide. (Two reductions on one GCC 12
     * target loop need a 16-byte atomic that the GPU lacks: the program does not link.) */
#pragma omp target teams distribute parallel for simd device(device) is_device_ptr(edge_time_step) \
    reduction(min                                                                                  \
              : smallest)
    for (int e = 0; e < edges; ++e) {
        const swe_speed_bits bits = swe_speed_to_bits(edge_time_step[e]);
        smallest = bits < smallest ? bits : smallest;
    }
#pragma omp target teams distribute parallel for simd device(device) is_device_ptr(edge_time_step) \
    reduction(|                                                                                    \
              : unstable)
    for (int e = 0; e < edges; ++e) {
        unstable |= edge_time_step[e] != edge_time_step[e];
    }
    /* END SOLUTION */
    return unstable ? (real)NAN : swe_speed_from_bits(smallest);
}

void swe_mesh_omptarget_update_cells(const swe_mesh_arrays *device_arrays, swe_mesh_launch launch,
                                     int device)
{
    const swe_mesh_arrays arrays = *device_arrays;
    const int cells = arrays.cell_count;
    /* BEGIN SOLUTION: (4) the cell sweep on the device: swe_mesh_cell_update(&arrays, launch, c)
     * on every cell, a `target teams distribute parallel for simd` with device(device) and
     * firstprivate(arrays, launch). */
#pragma omp target teams distribute parallel for simd device(device) firstprivate(arrays, launch)
    for (int c = 0; c < cells; ++c) {
        swe_mesh_cell_update(&arrays, launch, c);
    }
    /* END SOLUTION */
}

void swe_mesh_omptarget_pack_halo(const swe_mesh_arrays *device_arrays, const int *cells, int count,
                                  real *values, int device)
{
    const real *h = device_arrays->h, *hu = device_arrays->hu, *hv = device_arrays->hv;
    const size_t length = 3 * (size_t)count;
#pragma omp target teams distribute parallel for simd device(device)                               \
    is_device_ptr(h, hu, hv, cells) map(from                                                       \
                                        : values [0:length])
    for (int k = 0; k < count; ++k) {
        const int c = cells[k];
        values[3 * k] = h[SWE_MESH_AT(c)];
        values[3 * k + 1] = hu[SWE_MESH_AT(c)];
        values[3 * k + 2] = hv[SWE_MESH_AT(c)];
    }
}

void swe_mesh_omptarget_unpack_halo(const swe_mesh_arrays *device_arrays, const int *cells,
                                    int count, const real *values, int device)
{
    real *h = device_arrays->h, *hu = device_arrays->hu, *hv = device_arrays->hv;
    const size_t length = 3 * (size_t)count;
#pragma omp target teams distribute parallel for simd device(device)                               \
    is_device_ptr(h, hu, hv, cells) map(to                                                         \
                                        : values [0:length])
    for (int k = 0; k < count; ++k) {
        const int c = cells[k];
        h[SWE_MESH_AT(c)] = values[3 * k];
        hu[SWE_MESH_AT(c)] = values[3 * k + 1];
        hv[SWE_MESH_AT(c)] = values[3 * k + 2];
    }
}
