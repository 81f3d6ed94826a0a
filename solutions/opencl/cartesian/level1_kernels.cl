/* Level 1 of the OpenCL backend (exercise 07, TODOs 1 to 3): the loops of
 * a time step as kernels, net updates on the vertical and on the
 * horizontal edges into edge planes (cartesian/numerics/edge_updates.h), then the
 * update of every cell from its four edges. The plumbing
 * (backends/opencl/cartesian/opencl_steps.c) copies the state to the device before
 * every step and back after it, and sets the ghost layers; level 2 runs
 * these kernels on a state that stays on the device.
 *
 * On a GPU each work item takes one edge or cell. On a CPU (PoCL) each
 * takes SWE_CELLS_PER_ITEM consecutive ones of a row: a loop that the
 * device compiler vectorises, which it fails to do over work items around
 * the Riemann solvers. */
#include "backends/opencl/cartesian/kernel_support.h"

/* Vertical edge e (0..nx) of row `row` (0..ny-1) lies between cells
 * (e, row+1) and (e+1, row+1); its net updates go to index
 * row*(nx+1) + e of planes of (nx+1)*ny values. */
__kernel void vertical_net_updates(int nx, int ny, int stride, __global const real *restrict h,
                                   __global const real *restrict hu,
                                   __global const real *restrict hv,
                                   __global const real *restrict b, __global real *restrict edges)
{
    const int row = (int)get_global_id(1), first = (int)get_global_id(0) * SWE_CELLS_PER_ITEM;
    if (row >= ny) {
        return;
    }
    const int end = min(first + SWE_CELLS_PER_ITEM, nx + 1);
    const size_t plane = (size_t)(nx + 1) * (size_t)ny;
    for (int e = first; e < end; ++e) {
        const size_t left = (size_t)(row + 1) * (size_t)stride + (size_t)e;
        /* BEGIN SOLUTION: (1) solve the Riemann problem between cells left and left + 1 with
         * swe_riemann(SWE_SOLVER, ...) (hu is the normal momentum, hv the one along the edge) and
         * store its net updates with SWE_STORE_NET_UPDATES(edges, plane, row * (nx + 1) + e, ...)
         */
        SWE_STORE_NET_UPDATES(edges, plane, (size_t)row * (size_t)(nx + 1) + (size_t)e,
                              swe_riemann(SWE_SOLVER, h[left], h[left + 1], hu[left], hu[left + 1],
                                          hv[left], hv[left + 1], b[left], b[left + 1]));
        /* END SOLUTION */
    }
}

/* Horizontal edge i (0..nx-1) of row `row` (0..ny) lies between cells
 * (i+1, row) and (i+1, row+1); its net updates go to index row*nx + i of
 * planes of nx*(ny+1) values. */
__kernel void horizontal_net_updates(int nx, int ny, int stride, __global const real *restrict h,
                                     __global const real *restrict hu,
                                     __global const real *restrict hv,
                                     __global const real *restrict b, __global real *restrict edges)
{
    const int row = (int)get_global_id(1), first = (int)get_global_id(0) * SWE_CELLS_PER_ITEM;
    if (row > ny) {
        return;
    }
    const int end = min(first + SWE_CELLS_PER_ITEM, nx);
    const size_t plane = (size_t)nx * (size_t)(ny + 1);
    for (int i = first; i < end; ++i) {
        const size_t below = (size_t)row * (size_t)stride + (size_t)(i + 1);
        const size_t above = below + (size_t)stride;
        /* BEGIN SOLUTION: (2) solve the Riemann problem between cells below and above (hv is the
         * normal momentum, hu the one along the edge) and store its net updates at row * nx + i */
        SWE_STORE_NET_UPDATES(edges, plane, (size_t)row * (size_t)nx + (size_t)i,
                              swe_riemann(SWE_SOLVER, h[below], h[above], hv[below], hv[above],
                                          hu[below], hu[above], b[below], b[above]));
        /* END SOLUTION */
    }
}

/* Euler update and bed friction (Manning coefficient manning, 0: none) of
 * interior cells (i+1, j+1), in place: each reads only its own cell and
 * the edge planes. */
__kernel void update_cells(int nx, int ny, int stride, real dt, real dt_dx, real dt_dy,
                           real manning, __global real *restrict h, __global real *restrict hu,
                           __global real *restrict hv, __global const real *restrict vertical,
                           __global const real *restrict horizontal)
{
    const int j = (int)get_global_id(1), first = (int)get_global_id(0) * SWE_CELLS_PER_ITEM;
    if (j >= ny) {
        return;
    }
    const int end = min(first + SWE_CELLS_PER_ITEM, nx);
    const size_t v_plane = (size_t)(nx + 1) * (size_t)ny, h_plane = (size_t)nx * (size_t)(ny + 1);
    for (int i = first; i < end; ++i) {
        const size_t cell = (size_t)(j + 1) * (size_t)stride + (size_t)(i + 1);
        const size_t left = (size_t)j * (size_t)(nx + 1) + (size_t)i;
        const size_t below = (size_t)j * (size_t)nx + (size_t)i;
        /* BEGIN SOLUTION: (3) load the net updates of the cell's vertical edges (left and left + 1)
         * and horizontal edges (below and below + nx) with SWE_LOAD_NET_UPDATES, update the cell
         * with swe_update_from_edges, then swe_manning_friction, and write it back */
        swe_net_updates left_edge, right_edge, lower_edge, upper_edge;
        SWE_LOAD_NET_UPDATES(left_edge, vertical, v_plane, left);
        SWE_LOAD_NET_UPDATES(right_edge, vertical, v_plane, left + 1);
        SWE_LOAD_NET_UPDATES(lower_edge, horizontal, h_plane, below);
        SWE_LOAD_NET_UPDATES(upper_edge, horizontal, h_plane, below + (size_t)nx);
        const swe_cell updated = swe_manning_friction(
            swe_update_from_edges(h[cell], hu[cell], hv[cell], dt_dx, dt_dy, left_edge, right_edge,
                                  lower_edge, upper_edge),
            dt, manning);
        h[cell] = updated.h;
        hu[cell] = updated.hu;
        hv[cell] = updated.hv;
        /* END SOLUTION */
    }
}
