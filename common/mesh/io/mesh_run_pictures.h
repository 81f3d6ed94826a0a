/* The pictures of a whole triangle run in one colour range (--colour-range
 * run): drawn when the run ends, from the snapshots of its UGRID file,
 * after a first pass over them finds the range that covers them all, as
 * the maps' (cartesian/io/run_pictures.h). */
#ifndef SWE_MESH_RUN_PICTURES_H
#define SWE_MESH_RUN_PICTURES_H

#include "core/error.h"
#include "mesh/geometry/mesh.h"

typedef struct swe_mesh_run_pictures {
    const char *path_stem;  /* PATH: reads PATH.nc, writes PATH_kkkk.png */
    int last_snapshot;      /* the number of the file's last snapshot (a restart's file
                               into a new place starts at its checkpoint) */
    const swe_mesh *mesh;   /* in the run's cell order */
    const int *run_of_file; /* the run's cell of each face of the file */
} swe_mesh_run_pictures;

int swe_mesh_draw_run_pictures(const swe_mesh_run_pictures *pictures, swe_error *err);

#endif
