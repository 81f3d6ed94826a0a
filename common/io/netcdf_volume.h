/* A CF NetCDF time series of cell-centred fields on a uniform 3D grid
 * (dimensions time, z, y, x; coordinates at the cell centres, in metres,
 * described as io/netcdf_cf.h describes every file; float variables with
 * units and long names, compressed in tiles), written under a fresh
 * temporary name while the run goes on (io/netcdf_create.h) and put in
 * place as PATH when it is closed. Every NetCDF
 * call is checked; a failure names the call, the object and the file. */
#ifndef SWE_NETCDF_VOLUME_H
#define SWE_NETCDF_VOLUME_H

#include "core/error.h"

#include <stddef.h>

typedef struct swe_volume_variable {
    const char *name, *long_name, *units;
} swe_volume_variable;

typedef struct swe_volume_description {
    int cells[3];
    double origin[3], spacing[3]; /* corner of the first cell, cell size (m) */
    const swe_volume_variable *variables;
    int count;
    const char *const *attributes; /* global text attributes: name, value, ..., NULL */
    int compression;               /* deflate level 0..9 (io/compression.h) */
} swe_volume_description;

typedef struct swe_netcdf_volume swe_netcdf_volume;

int swe_netcdf_volume_create(swe_netcdf_volume **out, const char *path,
                             const swe_volume_description *description, swe_error *err);

/* A restart's file: a copy of the complete PATH of the run it continues
 * (never changed until this one ends; io/netcdf_restart.h says when it is
 * one), checked to hold description's grid, written on from first_record. */
int swe_netcdf_volume_continue(swe_netcdf_volume **out, const char *path,
                               const swe_volume_description *description, size_t first_record,
                               swe_error *err);

/* Appends one record: values[v] holds variable v, x fastest. */
int swe_netcdf_volume_append(swe_netcdf_volume *volume, double time, const float *const *values,
                             swe_error *err);

/* Closes the file; keep: rename it into place, else remove it. Frees
 * volume (NULL is fine). */
int swe_netcdf_volume_close(swe_netcdf_volume *volume, int keep, swe_error *err);

#endif
