/* The scatter alternative to the gather (exercises 16 and 18): each edge
 * adds its fluxes into its cells' accumulators. What leaves the left cell
 * is subtracted from it, what enters the right cell (interior edges only)
 * is added to it: the signs of the gather (mesh_cell_kernels.h), in the
 * order of the edges instead of the order of each cell's edges. Written
 * once for the OpenMP and the CUDA scatters (compiled as C and CUDA). */
#ifndef SWE_MESH_SCATTER_H
#define SWE_MESH_SCATTER_H

#include "mesh/numerics/mesh_arrays.h"

/* One accumulator per cell and quantity, cell_count long each (host or
 * device memory, as the kernel that uses them runs). */
typedef struct swe_mesh_cell_sums {
    real *h, *hu, *hv;
} swe_mesh_cell_sums;

/* Edge e's fluxes into its cells with plain additions: a race wherever
 * another edge of one of its cells adds at the same moment. */
SWE_INLINE void swe_mesh_scatter_edge(const swe_mesh_arrays *a, swe_mesh_cell_sums sums, int e)
{
    int l = a->edge_left[e];
    sums.h[l] -= a->flux_left_h[e];
    sums.hu[l] -= a->flux_left_hu[e];
    sums.hv[l] -= a->flux_left_hv[e];
    if (e < a->interior_edge_count) {
        int r = a->edge_right[e];
        sums.h[r] += a->flux_right_h[e];
        sums.hu[r] += a->flux_right_hu[e];
        sums.hv[r] += a->flux_right_hv[e];
    }
}

#endif
