/* One input field (a bathymetry or a displacement) read from a CF NetCDF
 * file as CF says to read it, into plain arrays that netcdf_input.c
 * samples onto the grid. Everything the file says is honoured or the file
 * is refused with one line naming it and the fix:
 *
 *   - the variable: the one --bathymetry-var / --displacement-var names,
 *     else the one whose standard_name says what it is, else the only 2D
 *     variable over two coordinate axes;
 *   - the axes: the coordinate variables of its two dimensions, in either
 *     order, identified by units, standard_name or axis; lengths in any
 *     unit (io/units.h) become metres, longitude and latitude stay degrees
 *     (geographic = 1); an axis without units is refused;
 *   - the values: scale_factor and add_offset applied; _FillValue,
 *     missing_value, valid_min/valid_max/valid_range, NaN and the default
 *     fill of the type mark missing values; units converted to metres;
 *     positive = "down" or a depth standard_name flips the sign, so that
 *     values rise upwards; values without units are taken in metres where
 *     the variable's grid mapping says its lengths are metres (GDAL's
 *     NetCDF export: "Band1" without units, a "crs" with the WKT);
 *   - the grid mapping the variable names (a projected input's UTM or
 *     transverse_mercator, or its WKT), kept for the outputs.
 *
 * Missing values of a bathymetry are refused (no rule could guess the
 * ground); those of a displacement count as 0 (no displacement), as
 * outside the file's extent. */
#ifndef SWE_NETCDF_INPUT_FIELD_H
#define SWE_NETCDF_INPUT_FIELD_H

#include "core/error.h"
#include "io/grid_mapping.h"

#include <stddef.h>

enum swe_input_role { SWE_INPUT_BATHYMETRY, SWE_INPUT_DISPLACEMENT };

/* A 2D field on a rectilinear grid of points, x fastest, both axes rising. */
typedef struct swe_input_field {
    size_t nx, ny;
    double *x, *y;            /* metres, or degrees east and north when geographic */
    double *values;           /* ny * nx, metres, positive upwards */
    int geographic;           /* x, y are longitude and latitude */
    size_t filled;            /* missing values set to 0 (displacement only) */
    char variable[64];        /* the variable read, for messages */
    swe_grid_mapping mapping; /* the variable's grid mapping (projected inputs); may be empty */
} swe_input_field;

/* Reads the field of role from path; variable names it (NULL: chosen as
 * above). Refusals are SWE_ERROR_USAGE. On failure *field is empty. */
int swe_input_field_read(enum swe_input_role role, const char *path, const char *variable,
                         swe_input_field *field, swe_error *err);

/* The same, read in a child process (io/untrusted_file.h): a file that is
 * not a regular file, a truncated classic file, or one that crashes or
 * hangs the library is refused with one line, as is a field larger than
 * the memory budget. */
int swe_input_field_read_untrusted(enum swe_input_role role, const char *path, const char *variable,
                                   swe_input_field *field, swe_error *err);

void swe_input_field_free(swe_input_field *field);

/* "bathymetry" or "displacement", and the option that names the variable. */
const char *swe_input_role_name(enum swe_input_role role);

/* Internal to the reader (netcdf_input_field.c, netcdf_input_axes.c). */
typedef struct swe_input_file {
    int ncid;
    const char *path;
    enum swe_input_role role;
} swe_input_file;

/* Refuses the file: "<role> file '<path>' <problem> (<fix>)". */
int swe_input_refuse(const swe_input_file *file, swe_error *err, const char *fix,
                     const char *problem_format, ...) __attribute__((format(printf, 4, 5)));

/* Text attribute name of varid into text ("" when absent or not text). */
void swe_input_text_attribute(int ncid, int varid, const char *name, char *text, size_t size);

/* The variable to read: wanted (NULL: the one a bed's standard name
 * identifies, or the only 2D variable over two coordinate axes). */
int swe_input_choose_variable(const swe_input_file *file, const char *wanted, int *varid,
                              swe_error *err);

/* Whether a standard name is one of CF's depths (positive downwards). */
int swe_input_is_depth_name(const char *standard_name);

/* Reads the coordinate axes of the 2D variable varid into field (x, y,
 * nx, ny, geographic); *transposed is set when its dimensions are (x, y). */
int swe_input_read_axes(const swe_input_file *file, int varid, swe_input_field *field,
                        int *transposed, swe_error *err);

/* Reverses a falling axis and the field along it, so both axes rise. */
void swe_input_make_rising(swe_input_field *field);

#endif
