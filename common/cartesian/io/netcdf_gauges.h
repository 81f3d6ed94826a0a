/* The time series of a run's gauges (--gauge X,Y), as GeoClaw records
 * them: PATH_gauges.nc, a CF file with the dimensions gauge and time
 * (unlimited), the position asked for (x, y) and the centre of the cell
 * sampled (cell_x, cell_y) per gauge, and h, eta (missing where dry),
 * u and v over (time, gauge), each sampled at the times the run gives
 * (every step, or every --sample-every seconds). Written as
 * PATH_gauges.nc.tmp and renamed when the run keeps its files. */
#ifndef SWE_NETCDF_GAUGES_H
#define SWE_NETCDF_GAUGES_H

#include "core/error.h"
#include "core/real.h"

typedef struct swe_gauge_file swe_gauge_file; /* opaque */

/* Where the gauges are: count of them, asked and sampled positions. */
typedef struct swe_gauge_places {
    int count;
    const double *x, *y;           /* asked for, metres */
    const double *cell_x, *cell_y; /* centre of the cell sampled */
} swe_gauge_places;

/* One sample of every gauge: h, eta, u, v (count values each). */
typedef struct swe_gauge_sample {
    double time;
    const real *h, *eta, *u, *v;
} swe_gauge_sample;

int swe_gauge_file_create(swe_gauge_file **file, const char *path_stem,
                          const swe_gauge_places *places, const char *title, const char *history,
                          int compression, swe_error *err);

/* Appends a sample; times must increase. */
int swe_gauge_file_append(swe_gauge_file *file, const swe_gauge_sample *sample, swe_error *err);

/* Closes, and renames into place when keep is nonzero (removes
 * otherwise). Frees file; safe with NULL. */
int swe_gauge_file_close(swe_gauge_file *file, int keep, swe_error *err);

#endif
