/* The serial sweep over one band of rows, for the CPU models that split a
 * block into bands and sweep them at once (C threads). The serial sweep
 * updates each row in place as soon as the edges around it are known;
 * split into bands naively, a band would update its last row before the
 * band above had read it for the edges between the two. So each band
 * first solves the edges along both of its borders from the old state
 * (swe_serial_band_borders); once every band has, each sweeps its rows
 * (swe_serial_band_sweep). Every edge then sees the inputs it sees in the
 * serial sweep: the results are serial's bits for any split. */
#ifndef SWE_SERIAL_BAND_H
#define SWE_SERIAL_BAND_H

#include "backends/serial/cartesian/serial_kernels.h"
#include "shallow_water/speed_bits.h"

/* The edge rows of one band: the three the serial sweep works with, the
 * edges along the band's top, solved before any row changes, and two
 * side rows. */
typedef struct swe_band_rows {
    swe_edge_row vertical, below, above, band_top;
    swe_side_row sides[2];
} swe_band_rows;

enum { SWE_BAND_EDGE_ROWS = 4, SWE_BAND_SIDE_ROWS = 2 };

/* Values one band's rows take for rows of nx cells. */
static inline size_t swe_band_rows_values(int nx)
{
    return SWE_BAND_EDGE_ROWS * SWE_EDGE_ROW_ARRAYS * ((size_t)nx + 1) +
           SWE_BAND_SIDE_ROWS * SWE_SIDE_ROW_ARRAYS * ((size_t)nx + 2);
}

/* One band's rows for rows of nx cells, one after another in storage
 * (swe_band_rows_values(nx) values). */
swe_band_rows swe_band_rows_in(real *storage, int nx);

/* Rows first..last (1..ny; none when last < first) of band `band` of
 * `bands`: contiguous and as even as whole rows allow. */
static inline void swe_band_split(int ny, int band, int bands, int *first, int *last)
{
    *first = 1 + (int)((long)ny * band / bands);
    *last = (int)((long)ny * (band + 1) / bands);
}

/* The edges below row first and above row last, from the block as it is
 * (ghost layers set): into rows->below and rows->band_top. Nothing for an
 * empty band. */
void swe_serial_band_borders(const swe_block *block, int first, int last, enum swe_solver solver,
                             swe_band_rows *rows);

/* The serial sweep over rows first..last with dt, after every band's
 * borders were solved: returns the bits of the band's max wave speed
 * (0 for an empty band). */
swe_speed_bits swe_serial_band_sweep(swe_block *block, int first, int last, enum swe_solver solver,
                                     real dt, real manning, swe_band_rows *rows);

#endif
