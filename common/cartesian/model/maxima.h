/* The maximum-inundation fields of a run (--maxima), as GeoClaw's fgmax
 * records them: per cell the largest depth and speed seen, and the first
 * time the surface moved by more than SWE_ARRIVAL_THRESHOLD from its
 * initial height (a wave's arrival, or a dry cell's flooding). Sampled
 * from the host arrays at the times the run samples (every step, or every
 * --sample-every seconds); written into PATH.nc with every snapshot. A
 * restarted run records its own part of the run. */
#ifndef SWE_CARTESIAN_MAXIMA_H
#define SWE_CARTESIAN_MAXIMA_H

#include "cartesian/grid/block.h"
#include "cartesian/io/output_fields.h"

typedef struct swe_maxima {
    int nx, ny;
    real *field[SWE_MAXIMA_COUNT]; /* planes of the interior, x fastest; NaN: not yet */
    real *initial_surface;         /* h + b of the initial state */
    double period[2];              /* first and last time sampled; NaN: none yet */
} swe_maxima;

/* Prepares the maxima of the grid of initial (the state at t = 0). */
int swe_maxima_create(swe_maxima *maxima, const swe_block *initial, swe_error *err);

/* Takes in the state of block (host arrays current) at time. */
void swe_maxima_update(swe_maxima *maxima, const swe_block *block, double time);

void swe_maxima_free(swe_maxima *maxima);

#endif
