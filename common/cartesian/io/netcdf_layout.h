/* The CF layout of the output file of the Cartesian model (PATH.nc), in
 * one place for every writer: shallows (one process), and shallows-mpi
 * (each rank writing its part through parallel NetCDF, or rank 0 the
 * gathered domain).
 *
 * Dimensions time (unlimited), y, x and nv (2, for cell bounds).
 * Coordinates x, y (cell centres, m, projection_x/y_coordinate, with
 * bounds x_bnds, y_bnds; no axis attribute, which ParaView would take for
 * longitude and latitude) and time (seconds since a conventional origin,
 * 1970-01-01: CF and its checkers want a date, a simulation has none).
 * Fields over (time, y, x): h, hu, hv, eta, u, v (eta, u, v are NaN
 * where dry); the bed b over (y, x); with maxima, max_depth, max_speed
 * and arrival_time over (maxima_period, y, x), maxima_period a dimension
 * of one value (seconds since the start) with the bounds of the period
 * they cover, over which their cell_methods take the maximum (the
 * minimum: the first arrival). Geographic inputs add the grid mapping
 * crs (Mercator, io/map_projection.h) and lon(x), lat(y). Fields are
 * compressed (deflate + shuffle) in tiles (io/netcdf_cf.h). */
#ifndef SWE_NETCDF_LAYOUT_H
#define SWE_NETCDF_LAYOUT_H

#include "cartesian/io/netcdf_output.h"
#include "cartesian/io/output_fields.h"
#include "io/netcdf_cf.h"

#ifdef SWE_PRECISION_DOUBLE
#define SWE_NC_REAL NC_DOUBLE
#else
#define SWE_NC_REAL NC_FLOAT
#endif

typedef struct swe_output_layout {
    int time_id, b_id;
    int field_id[SWE_FIELD_COUNT];
    int maxima_id[SWE_MAXIMA_COUNT];        /* -1: the file holds no maxima */
    int maxima_period_id, maxima_bounds_id; /* the period they cover */
    int x_id, y_id, x_bounds_id, y_bounds_id;
    int lon_id, lat_id; /* -1: a metric input */
} swe_output_layout;

/* The variable names of the fields, as the file holds them. */
const char *swe_output_field_name(enum swe_output_field field);

/* How the file describes a field and the bed (the checkpoints too). */
const swe_cf_variable *swe_output_field_variable(enum swe_output_field field);
const swe_cf_variable *swe_output_bed_variable(void);
const char *swe_maxima_field_name(enum swe_maxima_field field);

/* Defines dimensions, variables and attributes for the whole domain of
 * block (which may be a part of it), in define mode. */
int swe_output_layout_define(const swe_cf_file *file, const swe_block *block,
                             const swe_output_info *info, swe_output_layout *layout,
                             swe_error *err);

/* Writes what does not change (coordinates, bounds, lon and lat, the bed)
 * for the cells of block; plane holds nx * ny values of scratch. A part
 * writes x when it lies at the bottom of the domain and y at its left, so
 * that under MPI every coordinate is written once. */
int swe_output_layout_write_static(const swe_cf_file *file, const swe_output_layout *layout,
                                   const swe_block *block, const swe_output_info *info, real *plane,
                                   swe_error *err);

/* Writes plane (the interior of block) into varid at snapshot (or, with
 * snapshot < 0, into a variable over (y, x) only). */
int swe_output_layout_write_plane(const swe_cf_file *file, int varid, const char *name,
                                  const swe_block *block, long snapshot, const real *plane,
                                  swe_error *err);

#endif
