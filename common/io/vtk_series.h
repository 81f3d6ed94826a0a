/* The .pvd collection of a run's VTK snapshots: snapshot k is the file
 * PATH_kkkk + suffix (.vtr for one block, .pvtr for the pieces of an MPI
 * run, .vtu for a triangle mesh), listed by its name relative to PATH.pvd with its simulated time.
 * The .pvd is rewritten after every snapshot, so a stopped run leaves a
 * usable one. */
#ifndef SWE_VTK_SERIES_H
#define SWE_VTK_SERIES_H

#include "core/error.h"
#include "io/vtk_xml.h"

typedef struct swe_vtk_series {
    const char *path_stem; /* PATH, not owned */
    const char *suffix;    /* ".vtr" or ".pvtr", not owned */
    double t_end;
    int outputs;
    char *pvd_path;                /* PATH.pvd */
    swe_vtk_series_entry *entries; /* outputs + 1 */
    char **files;                  /* the names the entries point to */
    int count;
} swe_vtk_series;

/* Prepares the series of a run of outputs snapshots after the initial one
 * up to t_end. A run that restarts at snapshot first_snapshot lists the
 * earlier snapshots whose files exist. */
int swe_vtk_series_create(swe_vtk_series *series, const char *path_stem, const char *suffix,
                          int outputs, double t_end, int first_snapshot, swe_error *err);

/* Adds snapshot (whose file is written) at time and rewrites the .pvd. */
int swe_vtk_series_add(swe_vtk_series *series, int snapshot, double time, swe_error *err);

/* Frees what create allocated; safe on a zeroed series. */
void swe_vtk_series_free(swe_vtk_series *series);

#endif
