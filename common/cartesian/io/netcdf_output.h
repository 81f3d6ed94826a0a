/* Snapshots of one block in a CF-1.8 NetCDF-4 (classic model) file, in
 * the layout of cartesian/io/netcdf_layout.h: h, hu, hv, eta, u, v over (time, y,
 * x), the bed b over (y, x), compressed; optionally the maxima of the run.
 * Fields are stored in the precision of `real`. Global attributes record
 * the scenario (name, title, one "scenario_<name>" per parameter with its
 * units in "scenario_<name>_units"), solver, backend, precision, CFL
 * number, dry tolerance, gravity and the history of the file.
 *
 * The file is written under a fresh temporary name next to PATH.nc,
 * created exclusively, and renamed to PATH.nc only when the run keeps it,
 * so an aborted run never leaves a truncated PATH.nc behind. Every
 * snapshot is synced to disk once written. */
#ifndef SWE_NETCDF_OUTPUT_H
#define SWE_NETCDF_OUTPUT_H

#include "cartesian/grid/block.h"
#include "cartesian/io/output_fields.h"
#include "cartesian/scenarios/scenario.h"
#include "core/error.h"
#include "io/map_projection.h"

typedef struct swe_output_info {
    const swe_scenario *scenario; /* name, title, parameters */
    const char *solver;           /* "fwave" */
    const char *backend;          /* "serial" */
    double cfl;
    int compression;                      /* deflate level 0..9 (--compress) */
    const char *history;                  /* CF history: when and how; NULL: none */
    const swe_map_projection *projection; /* geographic inputs; NULL: a metric grid */
    int with_maxima;                      /* max_depth, max_speed, arrival_time too */
} swe_output_info;

typedef struct swe_netcdf_output swe_netcdf_output; /* opaque */

/* Creates the temporary file of path_stem + ".nc" for the grid of block,
 * writes the metadata, the coordinates and the bathymetry b (taken from
 * this block, once), and stores the new writer in *output. An unwritable
 * path is SWE_ERROR_USAGE. */
int swe_netcdf_create(swe_netcdf_output **output, const char *path_stem, const swe_block *block,
                      const swe_output_info *info, swe_error *err);

/* The same at path itself, which must not exist (not even as a link):
 * a file that keeps its name (a part of a series, cartesian/io/netcdf_series.h). */
int swe_netcdf_create_file(swe_netcdf_output **output, const char *path, const swe_block *block,
                           const swe_output_info *info, swe_error *err);

/* Opens a file written by swe_netcdf_create_file for more snapshots of a
 * block of its grid; closing it keeps it in place. */
int swe_netcdf_open_append(swe_netcdf_output **output, const char *path, const swe_block *block,
                           swe_error *err);

/* Appends one snapshot (interior cells only) at simulated time t, seconds;
 * times must increase from one snapshot to the next. The block must have
 * the grid size given to swe_netcdf_create. The snapshot is on disk when
 * this returns (nc_sync, fsync). */
int swe_netcdf_write(swe_netcdf_output *output, const swe_block *block, double time,
                     swe_error *err);

/* Writes the maxima of the run so far (planes of the interior, indexed by
 * enum swe_maxima_field) and the period they cover (first and last time
 * sampled) over those written before. Only for a writer
 * created with info->with_maxima. */
int swe_netcdf_write_maxima(swe_netcdf_output *output, const swe_block *block,
                            const real *const maxima[SWE_MAXIMA_COUNT], const double period[2],
                            swe_error *err);

/* Closes the file; when keep is nonzero puts the temporary file in place
 * as PATH.nc (synced, renamed, the folder synced), otherwise removes it.
 * Frees output. Safe with output == NULL. */
int swe_netcdf_close(swe_netcdf_output *output, int keep, swe_error *err);

/* Reads snapshot index (0-based) of the file at path back into the interior
 * of a block of the same nx, ny (h, hu, hv, b) and its time into *time.
 * Ghost cells are left as they are. Refuses with SWE_ERROR_USAGE, leaving
 * the block untouched, a file that is missing, not NetCDF, lacks a variable,
 * has other sizes, or has fewer snapshots. */
int swe_netcdf_read(const char *path, int index, swe_block *block, double *time, swe_error *err);

/* Number of snapshots in the file at path, or -1 with err filled. */
int swe_netcdf_snapshot_count(const char *path, swe_error *err);

#endif
