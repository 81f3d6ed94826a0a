/* The .pvd collection of VTK files (a time series for ParaView), apart
 * from the block writers so that every application can list its files. */
#ifndef SWE_VTK_COLLECTION_H
#define SWE_VTK_COLLECTION_H

#include "core/error.h"

/* One entry of a .pvd collection: a data file (relative to the .pvd) and
 * its simulated time. */
typedef struct swe_vtk_series_entry {
    const char *file;
    double time;
} swe_vtk_series_entry;

/* Writes the .pvd collection at path (through path.tmp and a rename). */
int swe_vtk_write_series(const char *path, const swe_vtk_series_entry *entries, int count,
                         swe_error *err);

#endif
