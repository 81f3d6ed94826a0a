/* Reference kernels of the triangle solver's OpenMP backend. Every edge
 * writes only its own fluxes and every cell only itself, so each sweep is
 * a parallel loop with no race: the cell sweep gathers (a cell reads its
 * edges) instead of letting edges scatter into cells, where two threads
 * could add to the same cell at once. The result does not depend on which
 * thread takes which element, so it is the serial backend's, bit for bit,
 * for any thread count; the minimum of the time steps is exact in any
 * order. */
#include "backends/openmp/mesh/mesh_openmp_kernels.h"

#include "mesh/numerics/mesh_cell_kernels.h"
#include "mesh/numerics/mesh_edge_kernels.h"
#include "shallow_water/speed_bits.h"

#include <omp.h>

void swe_mesh_openmp_gradients(const swe_mesh_arrays *arrays, int threads)
{
#pragma omp parallel num_threads(threads)
    {
#pragma omp for simd schedule(static)
        for (int c = 0; c < arrays->cell_count; ++c) {
            swe_mesh_interior_gradient(arrays, c);
        }
#pragma omp for schedule(static)
        for (int e = arrays->interior_edge_count; e < arrays->edge_count; ++e) {
            swe_mesh_boundary_gradient(arrays, e);
        }
    }
}

void swe_mesh_openmp_edge_fluxes(const swe_mesh_arrays *arrays, swe_mesh_launch launch, int threads)
{
    /* launch private: read from the caller's copy, its fields would be
     * loaded again in every iteration, and the loops would not vectorise */
#pragma omp parallel num_threads(threads) firstprivate(launch)
    {
        if (launch.second_order) {
#pragma omp for simd schedule(static)
            for (int e = 0; e < arrays->interior_edge_count; ++e) {
                swe_mesh_inviscid_edge(arrays, launch, e);
            }
        } else {
#pragma omp for simd schedule(static)
            for (int e = 0; e < arrays->interior_edge_count; ++e) {
                swe_mesh_inviscid_edge(arrays, launch, e);
            }
        }
        if (arrays->viscosity > 0) {
#pragma omp for simd schedule(static)
            for (int e = 0; e < arrays->interior_edge_count; ++e) {
                swe_mesh_viscous_edge(arrays, e);
            }
        }
#pragma omp for schedule(static)
        for (int e = arrays->interior_edge_count; e < arrays->edge_count; ++e) {
            swe_mesh_boundary_edge(arrays, launch, e);
        }
    }
}

real swe_mesh_openmp_min_time_step(const swe_mesh_arrays *arrays, int threads)
{
    swe_speed_bits smallest = swe_speed_to_bits(SWE_MESH_NO_TIME_LIMIT);
    int unstable = 0;
#pragma omp parallel for num_threads(threads) schedule(static) reduction(min                       \
                                                                         : smallest)               \
    reduction(|                                                                                    \
              : unstable)
    for (int e = 0; e < arrays->edge_count; ++e) {
        real step = arrays->edge_time_step[e];
        swe_speed_bits bits = swe_speed_to_bits(step);
        smallest = bits < smallest ? bits : smallest;
        unstable |= step != step;
    }
    return unstable ? (real)NAN : swe_speed_from_bits(smallest);
}

void swe_mesh_openmp_update_cells(const swe_mesh_arrays *arrays, swe_mesh_launch launch,
                                  int threads)
{
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int c = 0; c < arrays->cell_count; ++c) {
        swe_mesh_cell_update(arrays, launch, c);
    }
}
