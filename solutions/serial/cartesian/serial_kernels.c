/* Exercise 01: the three loops of the serial sweep over one row of cells,
 * in plain C. The backend calls them through the kernels of
 * backends/serial/cartesian/serial_kernels.h, which the last line of this
 * file makes out of them (backends/serial/cartesian/serial_row_loops.h: a
 * copy of each loop per solver, so that the compiler inlines and
 * vectorises it). A row reaches a loop as a view, a struct of pointers
 * to its arrays: cells.h[i] is the depth of cell i. */
#include "backends/serial/cartesian/serial_row_loops.h"

/* Net updates on the nx+1 vertical edges of a row: edge e (0..nx) lies
 * between cells e and e+1 of `cells` (the row's sides, ghost cells
 * included) and goes to slot e of `edges`. */
SWE_ROW_LOOP void vertical_edges(swe_side_view cells, int nx, swe_edge_view edges, int solver,
                                 int known_wet)
{
    /* BEGIN SOLUTION: loop over the vertical edges e = 0..nx of the row, between cells e and e+1
     * (swe_side_at(&cells, e) and swe_side_at(&cells, e + 1)): solve each with
     * swe_riemann_sides_deferred(solver, left, right, known_wet, &edges.fallback[e]) and store
     * its updates with swe_store_updates(&edges, e, updates) */
    for (int e = 0; e <= nx; ++e) {
        swe_net_updates updates =
            swe_riemann_sides_deferred(solver, swe_side_at(&cells, e), swe_side_at(&cells, e + 1),
                                       known_wet, &edges.fallback[e]);
        swe_store_updates(&edges, e, updates);
    }
    /* END SOLUTION */
}

/* Net updates on the nx horizontal edges between two rows of sides: the
 * edge between cell i of `lower` and cell i of `upper` (i = 1..nx) goes
 * to slot i-1 of `edges`. */
SWE_ROW_LOOP void horizontal_edges(swe_side_view lower, swe_side_view upper, int nx,
                                   swe_edge_view edges, int solver, int known_wet)
{
    /* BEGIN SOLUTION: loop over the nx edges between cell i of the lower row and cell i of the
     * upper row (i = 1..nx, slot i-1); hv is their normal momentum: turn both sides with
     * swe_fwave_transposed; solve and store as in the vertical edges (the flag at slot i-1) */
    for (int i = 1; i <= nx; ++i) {
        swe_net_updates updates = swe_riemann_sides_deferred(
            solver, swe_fwave_transposed(swe_side_at(&lower, i)),
            swe_fwave_transposed(swe_side_at(&upper, i)), known_wet, &edges.fallback[i - 1]);
        swe_store_updates(&edges, i - 1, updates);
    }
    /* END SOLUTION */
}

/* Euler update of the nx cells of a row (cells.h[0] is cell (1, j)) with
 * time step dt from the row's vertical edges x and the horizontal edges
 * below and above it (slot i: the edge under/over cell i), then, if
 * friction, Manning friction. */
SWE_ROW_LOOP void update_row(swe_cell_view cells, int nx, real dt, real dt_dx, real dt_dy,
                             real manning, swe_edge_view x, swe_edge_view y_below,
                             swe_edge_view y_above, int friction)
{
    /* BEGIN SOLUTION: cell i (0-based in the row) gets the right-side updates of vertical edge i
     * and of the edge below, and the left-side updates of vertical edge i+1 and of the edge above;
     * then, if friction, bed friction (swe_manning_friction) */
    for (int i = 0; i < nx; ++i) {
        swe_cell cell = swe_euler_update(
            cells.h[i], cells.hu[i], cells.hv[i], dt_dx, dt_dy, x.h_right[i] + x.h_left[i + 1],
            x.hn_right[i] + x.hn_left[i + 1], x.ht_right[i] + x.ht_left[i + 1],
            y_below.h_right[i] + y_above.h_left[i], y_below.ht_right[i] + y_above.ht_left[i],
            y_below.hn_right[i] + y_above.hn_left[i]);
        if (friction) {
            cell = swe_manning_friction(cell, dt, manning);
        }
        cells.h[i] = cell.h;
        cells.hu[i] = cell.hu;
        cells.hv[i] = cell.hv;
    }
    /* END SOLUTION */
}

SWE_SERIAL_ROW_KERNELS(vertical_edges, horizontal_edges, update_row)
