/* Reference kernels of the triangle solver's serial backend. The work of
 * a step is two sweeps: over edges, each reading its two cells and
 * writing its own fluxes, then over cells, each gathering the fluxes of
 * its three edges. Each element kernel writes only its own element, so
 * the sweeps could run in any order - what the parallel backends rely on.
 * The element kernels (common/mesh/numerics) are the numerics; the loops
 * here, and the gather of a cell's edges through indirect addressing, are
 * the exercise (exercises/15-mesh-edge-flux-and-gather): which elements,
 * in which sweep, and which edge flux enters a cell with which sign. */
#include "backends/serial/mesh/mesh_serial_kernels.h"

#include "mesh/numerics/mesh_cell_kernels.h"
#include "mesh/numerics/mesh_edge_kernels.h"

void swe_mesh_serial_gradients(const swe_mesh_arrays *arrays)
{
    /* BEGIN SOLUTION: the gradient sweep. Call swe_mesh_gradient(arrays, c) for every cell
     * c = 0..arrays->cell_count-1. (Faster, the same bits: swe_mesh_interior_gradient on every
     * cell in a loop the compiler vectorises, `#pragma omp simd`, then
     * swe_mesh_boundary_gradient(arrays, e) on every boundary edge.) */
#pragma omp simd
    for (int c = 0; c < arrays->cell_count; ++c) {
        swe_mesh_interior_gradient(arrays, c);
    }
    for (int e = arrays->interior_edge_count; e < arrays->edge_count; ++e) {
        swe_mesh_boundary_gradient(arrays, e);
    }
    /* END SOLUTION */
}

void swe_mesh_serial_edge_fluxes(const swe_mesh_arrays *arrays, swe_mesh_launch launch)
{
    /* BEGIN SOLUTION: the edge sweep. Interior edges come first: call
     * swe_mesh_interior_edge(arrays, launch, e) for e = 0..interior_edge_count-1, then
     * swe_mesh_boundary_edge(arrays, launch, e) for the boundary edges, e = interior_edge_count
     * ..edge_count-1. Two loops instead of one with a test: no branch per edge, and on a GPU no
     * warp that mixes the two kinds. (Faster, the same bits: swe_mesh_inviscid_edge in one
     * `#pragma omp simd` loop per order - with the order fixed the compiler vectorises it - then,
     * where arrays->viscosity > 0, swe_mesh_viscous_edge(arrays, e) on the interior edges.) */
    if (launch.second_order) {
#pragma omp simd
        for (int e = 0; e < arrays->interior_edge_count; ++e) {
            swe_mesh_inviscid_edge(arrays, launch, e);
        }
    } else {
#pragma omp simd
        for (int e = 0; e < arrays->interior_edge_count; ++e) {
            swe_mesh_inviscid_edge(arrays, launch, e);
        }
    }
    if (arrays->viscosity > 0) {
#pragma omp simd
        for (int e = 0; e < arrays->interior_edge_count; ++e) {
            swe_mesh_viscous_edge(arrays, e);
        }
    }
    for (int e = arrays->interior_edge_count; e < arrays->edge_count; ++e) {
        swe_mesh_boundary_edge(arrays, launch, e);
    }
    /* END SOLUTION */
}

real swe_mesh_serial_min_time_step(const swe_mesh_arrays *arrays)
{
    real smallest = SWE_MESH_NO_TIME_LIMIT;
    /* BEGIN SOLUTION: the time step (Optimized GPU n.d., equation 15). The step is limited by
     * the edge that allows the least: set smallest to the minimum of arrays->edge_time_step[e]
     * over all edges, with smallest = swe_mesh_min_step(smallest, step), which keeps a NaN (an
     * unstable state) once it has seen one. */
    for (int e = 0; e < arrays->edge_count; ++e) {
        smallest = swe_mesh_min_step(smallest, arrays->edge_time_step[e]);
    }
    /* END SOLUTION */
    return smallest;
}

swe_mesh_flux_sum swe_mesh_serial_gather(const swe_mesh_arrays *arrays, int c)
{
    swe_mesh_flux_sum sum = {(real)0, (real)0, (real)0};
    /* BEGIN SOLUTION: the gather, indirect addressing. Visit the cell's three edges in its listed
     * order, e = arrays->cell_edge_0[c], then cell_edge_1[c], then cell_edge_2[c] (sorted by
     * midpoint: the same order for every numbering of the mesh, so the same bits). An edge's
     * fluxes are per unit of time through its whole length, from its left cell
     * (arrays->edge_left[e]) towards its right one. If c is the edge's left cell, what leaves it
     * is flux_left_h[e], flux_left_hu[e], flux_left_hv[e]: subtract them from sum.h, sum.hu,
     * sum.hv; otherwise c is the right cell and receives flux_right_h[e], ...: add them. (The two
     * sides differ by the bed's source term, so neither is the other's negative.) */
    const int edges[3] = {arrays->cell_edge_0[c], arrays->cell_edge_1[c], arrays->cell_edge_2[c]};
    for (int k = 0; k < 3; ++k) {
        int e = edges[k];
        if (arrays->edge_left[e] == c) {
            sum.h -= arrays->flux_left_h[e];
            sum.hu -= arrays->flux_left_hu[e];
            sum.hv -= arrays->flux_left_hv[e];
        } else {
            sum.h += arrays->flux_right_h[e];
            sum.hu += arrays->flux_right_hu[e];
            sum.hv += arrays->flux_right_hv[e];
        }
    }
    /* END SOLUTION */
    return sum;
}

void swe_mesh_serial_update_cells(const swe_mesh_arrays *arrays, swe_mesh_launch launch)
{
    /* BEGIN SOLUTION: the cell sweep. For every cell c, gather its edges' fluxes with
     * swe_mesh_serial_gather(arrays, c) and hand the sum to swe_mesh_cell_apply(arrays, launch,
     * c, sum), which divides by the area and writes the cell. A gather: the cell reads its edges,
     * nobody else writes it. */
    for (int c = 0; c < arrays->cell_count; ++c) {
        swe_mesh_cell_apply(arrays, launch, c, swe_mesh_serial_gather(arrays, c));
    }
    /* END SOLUTION */
}
