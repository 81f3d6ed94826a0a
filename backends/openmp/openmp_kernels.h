/* The kernels of the OpenMP backend, the part students write: the serial
 * row sweep split into bands of rows, one band per thread, with the max
 * wave speed as an OpenMP reduction (solutions/openmp/openmp_kernels.c).
 * Inside a row they call the serial row kernels, which are vectorised. */
#ifndef SWE_OPENMP_KERNELS_H
#define SWE_OPENMP_KERNELS_H

#include "serial_kernels.h"

/* The edge rows of one thread: the three its sweep works with, as in the
 * serial backend, and the edges along the top of its band, which it
 * computes before any thread changes a row. */
typedef struct swe_openmp_edges {
    swe_edge_row vertical, below, above, band_top;
} swe_openmp_edges;

/* Rows first..last (1..ny; none when last < first) of band `band` of
 * `bands`: contiguous and as even as whole rows allow. The plumbing uses
 * the same split to place each band's memory with its thread. */
static inline void swe_openmp_band(int ny, int band, int bands, int *first, int *last)
{
    *first = 1 + (int)((long)ny * band / bands);
    *last = (int)((long)ny * (band + 1) / bands);
}

/* Net updates and Euler update with dt of the interior (ghost layers set)
 * by up to `threads` threads; thread t works with edges[t]. Returns the
 * max wave speed of the new state. */
real swe_openmp_sweep(swe_block *block, enum swe_solver solver, real dt, real manning,
                      swe_openmp_edges *edges, int threads);

/* Max cell wave speed over the interior, by up to `threads` threads. */
real swe_openmp_max_wave_speed(const swe_block *block, int threads);

#endif
