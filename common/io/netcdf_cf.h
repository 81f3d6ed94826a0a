/* What every NetCDF writer of the project shares, so that the files of
 * all three applications follow CF the same way: a variable described
 * once (name, long_name, units, standard_name) and defined with its
 * attributes in one call, compression (deflate + shuffle over chunks),
 * the fill value of masked cells, and the global attributes that CF and
 * its checkers ask for (Conventions, title, history, source).
 *
 * Every function reports a failed NetCDF call with the call, the object
 * and the file (path) in one line, as SWE_ERROR_RUNTIME. */
#ifndef SWE_NETCDF_CF_H
#define SWE_NETCDF_CF_H

#include "core/error.h"
#include "io/compression.h"

#include <netcdf.h>
#include <stddef.h>

/* The NetCDF type of `real` and the calls that put and get a whole
 * variable of it: state written and read back bit for bit. */
#ifdef SWE_PRECISION_DOUBLE
#define SWE_CF_REAL NC_DOUBLE
#define swe_cf_put_var_real nc_put_var_double
#define swe_cf_get_var_real nc_get_var_double
#else
#define SWE_CF_REAL NC_FLOAT
#define swe_cf_put_var_real nc_put_var_float
#define swe_cf_get_var_real nc_get_var_float
#endif

/* The CF conventions the files follow. */
#define SWE_CF_CONVENTIONS "CF-1.8"

/* The side of the square tiles (chunks) that fields are stored in: a map
 * reads whole tiles, a time series at one point one tile per snapshot. */
enum { SWE_CF_TILE = 256 };

typedef struct swe_cf_variable {
    const char *name;
    const char *long_name;
    const char *units;         /* UDUNITS syntax; NULL: none (a flag or a label) */
    const char *standard_name; /* NULL where no CF standard name fits */
} swe_cf_variable;

/* One open file being written: its id and its name for messages. */
typedef struct swe_cf_file {
    int ncid;
    const char *path;
} swe_cf_file;

/* Fails with a message naming call, object and file when status is not
 * NC_NOERR; returns SWE_OK otherwise. */
int swe_cf_check(const swe_cf_file *file, int nc_status, const char *call, const char *object,
                 swe_error *err);

int swe_cf_put_text(const swe_cf_file *file, int varid, const char *name, const char *value,
                    swe_error *err);
int swe_cf_put_double(const swe_cf_file *file, int varid, const char *name, double value,
                      swe_error *err);

/* Defines variable over dimension_ids with long_name, units and
 * standard_name. */
int swe_cf_define(const swe_cf_file *file, const swe_cf_variable *variable, nc_type type,
                  int dimension_count, const int *dimension_ids, int *varid, swe_error *err);

/* Gives the variable varid the long_name, units and standard_name of
 * variable (its name is not used). */
int swe_cf_describe(const swe_cf_file *file, int varid, const swe_cf_variable *variable,
                    swe_error *err);

/* Stores varid in chunks of chunk_sizes (one per dimension; NULL:
 * contiguous) compressed with the shuffle filter and deflate at level
 * (0: none, 1..9). Before nc_enddef. */
int swe_cf_compress(const swe_cf_file *file, int varid, const char *name, int level,
                    const size_t *chunk_sizes, swe_error *err);

/* The chunk sizes of a field over (..., y, x): 1 along every leading
 * dimension (a snapshot is written at once), tiles of at most
 * SWE_CF_TILE cells along y and x. dimension_count >= 2. */
void swe_cf_tile_chunks(int dimension_count, size_t ny, size_t nx, size_t *chunk_sizes);

/* The time coordinate of every file: seconds from a reference instant
 * (CF and its checkers ask for one; xarray shows the run's start as
 * 1970-01-01), standard_name time, calendar standard. */
#define SWE_CF_TIME_UNITS "seconds since 1970-01-01 00:00:00"
int swe_cf_define_time(const swe_cf_file *file, int dimension, int *varid, swe_error *err);

/* Marks cells where the field is undefined (dry cells of a surface or a
 * velocity) with NaN as _FillValue, which xarray, ncview and ParaView all
 * show as missing. type is NC_FLOAT or NC_DOUBLE. Before nc_enddef. */
int swe_cf_put_nan_fill(const swe_cf_file *file, int varid, nc_type type, swe_error *err);

/* The global attributes of every file: Conventions, title, source
 * ("shallows VERSION"), history (history: a line that says when and by
 * which command the file was made; NULL: only the program and version). */
int swe_cf_put_globals(const swe_cf_file *file, const char *title, const char *history,
                       swe_error *err);

#endif
