/* The kernels of the serial backend, the part students write: net updates
 * on the edges of one row of cells and the Euler update of that row. The
 * backend sweeps the block row by row with them (serial_backend.c). */
#ifndef SWE_SERIAL_KERNELS_H
#define SWE_SERIAL_KERNELS_H

#include "grid/block.h"
#include "numerics/riemann.h"

/* Net updates of a row of edges, one array per quantity (structure of
 * arrays, so that the loops vectorise). "left"/"right" are the cells on
 * either side: left/below and right/above. "n" is the momentum normal to
 * the edge (hu on vertical edges, hv on horizontal ones), "t" the other. */
typedef struct swe_edge_row {
    real *h_left, *h_right;
    real *hn_left, *hn_right;
    real *ht_left, *ht_right;
} swe_edge_row;

/* An edge row holds this many arrays. */
enum { SWE_EDGE_ROW_ARRAYS = 6 };

/* The edge row whose arrays of length values lie one after another in
 * storage (SWE_EDGE_ROW_ARRAYS * length values). */
static inline swe_edge_row swe_edge_row_in(real *storage, size_t length)
{
    swe_edge_row row = {storage,
                        storage + length,
                        storage + 2 * length,
                        storage + 3 * length,
                        storage + 4 * length,
                        storage + 5 * length};
    return row;
}

/* Net updates on the nx+1 vertical edges of row j (1..ny): edge e
 * (0..nx) lies between cells (e, j) and (e+1, j) and is stored at e. */
void swe_serial_vertical_edges(const swe_block *block, int j, enum swe_solver solver,
                               swe_edge_row *edges);

/* Net updates on the nx horizontal edges between rows j and j+1 (0..ny):
 * the edge above cell (i, j) is stored at i-1. */
void swe_serial_horizontal_edges(const swe_block *block, int j, enum swe_solver solver,
                                 swe_edge_row *edges);

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
