/* The scatter of exercise 16 (exercises/16-mesh-scatter-race): edges add
 * their fluxes into cell accumulators (mesh/numerics/mesh_scatter.h) on
 * OpenMP threads. */
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
    /* The race, on purpose: two edges of one cell on two threads both read the old sum, and one
     * of the two additions is lost. */
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int e = 0; e < arrays->edge_count; ++e) {
        swe_mesh_scatter_edge(arrays, sums, e);
    }
}

void swe_mesh_openmp_scatter_atomic(const swe_mesh_arrays *arrays, swe_mesh_cell_sums sums,
                                    int threads)
{
    /* BEGIN SOLUTION: (1) the scatter with atomics. The naive scatter's loop over every edge,
     * `#pragma omp parallel for num_threads(threads) schedule(static)`, but each of the six
     * read-modify-writes of an accumulator (sums.h[l] -= flux_left_h[e], ..., and for an
     * interior edge, e < interior_edge_count, sums.h[r] += flux_right_h[e], ...) under its own
     * `#pragma omp atomic`, so that no thread's addition to a cell is lost. */
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int e = 0; e < arrays->edge_count; ++e) {
        int l = arrays->edge_left[e];
#pragma omp atomic
        sums.h[l] -= arrays->flux_left_h[e];
#pragma omp atomic
        sums.hu[l] -= arrays->flux_left_hu[e];
#pragma omp atomic
        sums.hv[l] -= arrays->flux_left_hv[e];
        if (e < arrays->interior_edge_count) {
            int r = arrays->edge_right[e];
#pragma omp atomic
            sums.h[r] += arrays->flux_right_h[e];
#pragma omp atomic
            sums.hu[r] += arrays->flux_right_hu[e];
#pragma omp atomic
            sums.hv[r] += arrays->flux_right_hv[e];
        }
    }
    /* END SOLUTION */
}

void swe_mesh_openmp_scatter_coloured(const swe_mesh_arrays *arrays,
                                      const swe_mesh_colouring *colouring, swe_mesh_cell_sums sums,
                                      int threads)
{
    /* BEGIN SOLUTION: (2) the coloured scatter. One parallel region; in it, for each colour k =
     * 0..colouring->colour_count-1, an `omp for schedule(static)` over i = colour_start[k] ..
     * colour_start[k+1]-1 that scatters edge colouring->edges[i] with plain additions (as the
     * naive scatter does: swe_mesh_scatter_edge). No two edges of a colour share a cell, so no
     * atomics; the implicit barrier at the end of each `omp for` keeps the colours apart. */
#pragma omp parallel num_threads(threads)
    for (int k = 0; k < colouring->colour_count; ++k) {
#pragma omp for schedule(static)
        for (int i = colouring->colour_start[k]; i < colouring->colour_start[k + 1]; ++i) {
            swe_mesh_scatter_edge(arrays, sums, colouring->edges[i]);
        }
    }
    /* END SOLUTION */
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
