/* The kernels of the serial backend: net updates on the edges of one row
 * of cells and the Euler update of that row, made from the loops that
 * students write (serial/cartesian/serial_kernels.c, through
 * serial_row_loops.h), and the side rows and wave speeds around them
 * (serial_rows.c). The backend sweeps the block row by row with them
 * (serial_backend.c). */
#ifndef SWE_SERIAL_KERNELS_H
#define SWE_SERIAL_KERNELS_H

#include "cartesian/grid/block.h"
#include "shallow_water/riemann.h"

/* Net updates of a row of edges, one array per quantity (structure of
 * arrays, so that the loops vectorise). "left"/"right" are the cells on
 * either side: left/below and right/above. "n" is the momentum normal to
 * the edge (hu on vertical edges, hv on horizontal ones), "t" the other.
 * fallback: 1 where the vectorised loop left an edge to be solved again
 * in full (swe_riemann_sides_deferred), set and used inside one kernel. */
typedef struct swe_edge_row {
    real *h_left, *h_right;
    real *hn_left, *hn_right;
    real *ht_left, *ht_right;
    real *fallback;
} swe_edge_row;

/* An edge row holds this many arrays. */
enum { SWE_EDGE_ROW_ARRAYS = 7 };

/* The edge row whose arrays of length values lie one after another in
 * storage (SWE_EDGE_ROW_ARRAYS * length values). */
static inline swe_edge_row swe_edge_row_in(real *storage, size_t length)
{
    swe_edge_row row = {storage,
                        storage + length,
                        storage + 2 * length,
                        storage + 3 * length,
                        storage + 4 * length,
                        storage + 5 * length,
                        storage + 6 * length};
    return row;
}

/* The cells of a row as the edges around them see them
 * (cartesian/numerics/solver_sides.h): the row's state, and the velocities and
 * square roots derived from it, one array per quantity; slot i is cell
 * (i, j), ghost cells included. The sweep builds each row once per step,
 * so that the divisions and square roots of a cell are taken once instead
 * of once at each of its edges. */
typedef struct swe_side_row {
    const real *h, *hn, *ht, *b; /* the block's row (hn = hu, ht = hv: as vertical edges see it) */
    real *u, *v;                 /* velocities (0 when dry) */
    real *c, *root;              /* sqrt(g h), sqrt(h) */
} swe_side_row;

/* A side row owns this many arrays: u, v, c, root. */
enum { SWE_SIDE_ROW_ARRAYS = 4 };

/* The side row whose own arrays of length values lie one after another
 * in storage (SWE_SIDE_ROW_ARRAYS * length values); swe_serial_row_sides
 * points it at a row of the block. */
static inline swe_side_row swe_side_row_in(real *storage, size_t length)
{
    swe_side_row row = {NULL,
                        NULL,
                        NULL,
                        NULL,
                        storage,
                        storage + length,
                        storage + 2 * length,
                        storage + 3 * length};
    return row;
}

/* The nx+2 cells (0..nx+1) of row j (0..ny+1) as sides for solver. */
void swe_serial_row_sides(const swe_block *block, int j, enum swe_solver solver,
                          swe_side_row *sides);

/* Net updates on the nx+1 vertical edges of a row of nx cells, from its
 * sides: edge e (0..nx) lies between cells e and e+1 and is stored at e. */
void swe_serial_vertical_edges(const swe_side_row *row, int nx, enum swe_solver solver,
                               swe_edge_row *edges);

/* Net updates on the nx horizontal edges between two rows, from their
 * sides: the edge between cell i of `lower` and cell i of `upper`
 * (1..nx) is stored at i-1. */
void swe_serial_horizontal_edges(const swe_side_row *lower, const swe_side_row *upper, int nx,
                                 enum swe_solver solver, swe_edge_row *edges);

/* The horizontal edges between rows j and j+1 (0..ny) straight from the
 * block: both rows' sides into the two scratch rows, then the edges. */
void swe_serial_edges_between_rows(const swe_block *block, int j, enum swe_solver solver,
                                   swe_side_row scratch[2], swe_edge_row *edges);

/* Euler update of the interior cells of row j with time step dt from the
 * vertical edges of the row and the horizontal edges below and above it,
 * then Manning friction with coefficient manning (0: none).
 * Returns the max cell wave speed of the updated row. */
real swe_serial_update_row(swe_block *block, int j, real dt, real manning,
                           const swe_edge_row *vertical, const swe_edge_row *below,
                           const swe_edge_row *above);

/* Max cell wave speed over the interior cells of row j. */
real swe_serial_row_wave_speed(const swe_block *block, int j);

#endif
