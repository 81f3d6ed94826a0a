/* The pictures of a whole run in one colour range (--colour-range run):
 * drawn when the run ends, from the snapshots of its NetCDF file, after a
 * first pass over them finds the range that covers them all. */
#ifndef SWE_RUN_PICTURES_H
#define SWE_RUN_PICTURES_H

#include "cartesian/io/picture.h"

typedef struct swe_run_pictures {
    const char *path_stem;     /* PATH: reads PATH.nc, writes PATH_kkkk.png */
    int first_snapshot;        /* the number of the file's first snapshot */
    const swe_block *geometry; /* the grid (its arrays are not used) */
    const swe_picture_style *style;
} swe_run_pictures;

int swe_draw_run_pictures(const swe_run_pictures *pictures, swe_error *err);

#endif
