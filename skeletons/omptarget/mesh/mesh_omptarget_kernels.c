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
}

void swe_mesh_omptarget_edge_fluxes(const swe_mesh_arrays *device_arrays, swe_mesh_launch launch,
                                    swe_mesh_span span, int device)
{
    const swe_mesh_arrays arrays = *device_arrays;
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
}

real swe_mesh_omptarget_min_time_step(const swe_mesh_arrays *device_arrays, int device)
{
    const real *edge_time_step = device_arrays->edge_time_step;
    const int edges = device_arrays->edge_count;
    swe_speed_bits smallest = swe_speed_to_bits(SWE_MESH_NO_TIME_LIMIT);
    int unstable = 0;
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
    return unstable ? (real)NAN : swe_speed_from_bits(smallest);
}

void swe_mesh_omptarget_update_cells(const swe_mesh_arrays *device_arrays, swe_mesh_launch launch,
                                     int device)
{
    const swe_mesh_arrays arrays = *device_arrays;
    const int cells = arrays.cell_count;
#pragma omp target teams distribute parallel for simd device(device) firstprivate(arrays, launch)
    for (int c = 0; c < cells; ++c) {
        swe_mesh_cell_update(&arrays, launch, c);
    }
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
