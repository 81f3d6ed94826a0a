/* A CF NetCDF time series of cell-centred fields on a uniform 3D grid
 * (dimensions time, z, y, x; coordinates at the cell centres, in metres,
 * described as io/netcdf_cf.h describes every file; float variables with
 * units and long names, compressed in tiles), written as a sealed series
 * (io/netcdf_sealed.h: each record by a child process into a part sealed
 * at each checkpoint, a restart taking the earlier ones over) and joined
 * into PATH.nc when it is closed. Every NetCDF call is checked; a failure
 * names the call, the object and the file. */
#ifndef SWE_NETCDF_VOLUME_H
#define SWE_NETCDF_VOLUME_H

#include "core/error.h"
#include "io/netcdf_sealed.h"

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

/* Prepares the series of plan for description's grid (its texts stay
 * alive until closed; its arrays are copied); a restart's earlier
 * snapshots are found here (swe_sealed_series_open). */
int swe_netcdf_volume_open(swe_netcdf_volume **out, const swe_sealed_plan *plan,
                           const swe_volume_description *description, swe_error *err);

/* Appends snapshot number snapshot (the next one) at time: values[v]
 * holds variable v, x fastest. */
int swe_netcdf_volume_append(swe_netcdf_volume *volume, int snapshot, double time,
                             const float *const *values, swe_error *err);

/* At a checkpoint, or when the run is stopped: seals the records so far. */
int swe_netcdf_volume_seal(swe_netcdf_volume *volume, swe_error *err);

/* Closes; keep: joins the records into PATH.nc, else keeps only the
 * sealed parts. Frees volume (NULL is fine). */
int swe_netcdf_volume_close(swe_netcdf_volume *volume, int keep, swe_error *err);

#endif
