/* The kernels of the OpenMP backend, the part students write: the serial
 * row sweep split into bands of rows that the threads share out, with the
 * max wave speed as an OpenMP reduction (solutions/openmp/openmp_kernels.c).
 * Inside a row they call the serial row kernels, which are vectorised. */
#ifndef SWE_OPENMP_KERNELS_H
#define SWE_OPENMP_KERNELS_H

#include "serial_kernels.h"

/* A sweep's work space: one set of edge rows per thread, and the edges
 * along the border below each band and above the last one. */
typedef struct swe_openmp_work {
    int bands;              /* 1..ny */
    swe_edge_row *borders;  /* bands + 1: border k lies below band k */
    swe_edge_row *vertical; /* one per thread */
    swe_edge_row *inner[2]; /* two per thread: the horizontal edges inside a band */
} swe_openmp_work;

/* Rows first..last (1..ny) of band `band` of `bands` (1..ny): contiguous
 * and as even as whole rows allow. Border k, the row of edges below band
 * k (and above band `bands - 1` for k = bands), lies between rows
 * swe_openmp_border_row(k) and the one above it. */
static inline void swe_openmp_band(int ny, int band, int bands, int *first, int *last)
{
    *first = 1 + (int)((long)ny * band / bands);
    *last = (int)((long)ny * (band + 1) / bands);
}

static inline int swe_openmp_border_row(int ny, int border, int bands)
{
    return (int)((long)ny * border / bands);
}

/* Net updates and Euler update with dt of the interior (ghost layers set)
 * by up to `threads` threads. Returns the max wave speed of the new state. */
real swe_openmp_sweep(swe_block *block, enum swe_solver solver, real dt, real manning,
                      const swe_openmp_work *work, int threads);

/* Max cell wave speed over the interior, by up to `threads` threads. */
real swe_openmp_max_wave_speed(const swe_block *block, int threads);

#endif
