/* The gauges of a run (--gauge X,Y): each samples the cell that holds its
 * point (on a cell edge, the cell above and to the right) at the times
 * the run samples, into PATH_gauges.nc (cartesian/io/netcdf_gauges.h). A point
 * outside the domain is refused. */
#ifndef SWE_CARTESIAN_GAUGES_H
#define SWE_CARTESIAN_GAUGES_H

#include "cartesian/grid/block.h"
#include "cartesian/io/netcdf_gauges.h"

typedef struct swe_gauges {
    int count;
    int *cell_i, *cell_j; /* interior indices, 1-based */
    double *places;       /* x, y, cell_x, cell_y: count values each */
    real *samples;        /* h, eta, u, v: count values each */
    swe_gauge_file *file;
} swe_gauges;

typedef struct swe_gauge_request {
    int count;
    const double *x, *y;
    const char *path_stem, *title, *history;
    int compression;
} swe_gauge_request;

/* Finds the cells of the gauges on the grid of block and creates the
 * file. */
int swe_gauges_create(swe_gauges *gauges, const swe_gauge_request *request, const swe_block *block,
                      swe_error *err);

/* Samples every gauge from block (host arrays current) at time. */
int swe_gauges_sample(swe_gauges *gauges, const swe_block *block, double time, swe_error *err);

/* Closes the file (kept or removed) and frees; safe on a zeroed one. */
int swe_gauges_close(swe_gauges *gauges, int keep, swe_error *err);

#endif
