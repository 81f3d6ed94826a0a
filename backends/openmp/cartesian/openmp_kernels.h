/* The kernels of the OpenMP backend, the part students write: the serial
 * row sweep split into bands of rows, one band per thread, with the max
 * wave speed as an OpenMP reduction (solutions/openmp/cartesian/openmp_kernels.c).
 * Inside a row they call the serial row kernels, which are vectorised. */
#ifndef SWE_OPENMP_KERNELS_H
#define SWE_OPENMP_KERNELS_H

#include "backends/serial/cartesian/serial_band.h"

/* The edge rows of one thread: those of one band of the serial sweep
 * (backends/serial/cartesian/serial_band.h): the three its sweep works
 * with, the edges along the top of its band, which it computes before any
 * thread changes a row, and two side rows. */
typedef swe_band_rows swe_openmp_edges;

/* Values one thread's rows take for rows of nx cells. */
static inline size_t swe_openmp_edges_values(int nx)
{
    return swe_band_rows_values(nx);
}

/* One thread's rows for rows of nx cells, one after another in storage
 * (swe_openmp_edges_values(nx) values). */
static inline swe_openmp_edges swe_openmp_edges_in(real *storage, int nx)
{
    return swe_band_rows_in(storage, nx);
}

/* Rows first..last (1..ny; none when last < first) of band `band` of
 * `bands`: contiguous and as even as whole rows allow. The plumbing uses
 * the same split to place each band's memory with its thread. */
static inline void swe_openmp_band(int ny, int band, int bands, int *first, int *last)
{
    swe_band_split(ny, band, bands, first, last);
}

/* How the sweep splits the rows: band t is rows first_row[t] ..
 * first_row[t + 1] - 1. Cores of one machine differ in speed, and equal
 * bands would wait for the slowest at every barrier, so the plumbing sizes
 * the bands to the rows per second each thread showed (openmp_plan.c). Any
 * split into contiguous bands gives the same bits. */
typedef struct swe_openmp_plan {
    int bands;               /* the team size it was made for */
    int *first_row;          /* bands + 1 entries, from 1 to ny + 1 */
    double *seconds;         /* each band's sweep time in the last step, written by the sweep */
    double *rows_per_second; /* each thread's speed so far (openmp_plan.c) */
} swe_openmp_plan;

/* Rows first..last of band `band` of a team of `bands` threads on ny
 * rows: the plan's bands when it was made for that team and those rows,
 * else even ones (swe_openmp_band). plan may be NULL. */
static inline void swe_openmp_planned_band(const swe_openmp_plan *plan, int ny, int band, int bands,
                                           int *first, int *last)
{
    if (plan != NULL && plan->bands == bands && plan->first_row[bands] == ny + 1) {
        *first = plan->first_row[band];
        *last = plan->first_row[band + 1] - 1;
    } else {
        swe_openmp_band(ny, band, bands, first, last);
    }
}

/* Net updates and Euler update with dt of the interior (ghost layers set)
 * by up to `threads` threads; thread t works with edges[t] on the rows
 * plan gives it (even bands when plan is NULL) and writes its time into
 * the plan. Returns the max wave speed of the new state. */
real swe_openmp_sweep(swe_block *block, enum swe_solver solver, real dt, real manning,
                      swe_openmp_edges *edges, swe_openmp_plan *plan, int threads);

/* Max cell wave speed over the interior, by up to `threads` threads. */
real swe_openmp_max_wave_speed(const swe_block *block, int threads);

#endif
