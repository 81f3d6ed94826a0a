#include "io/netcdf_input_field.h"
#include "io/library_versions.h"

#include "core/memory_budget.h"
#include "io/netcdf_grid_mapping.h"
#include "io/units.h"

#include <math.h>
#include <netcdf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* At most this many values are read (a GEBCO subset of 20 x 20 degrees
 * at 15 arc seconds has 23 million). */
#define MAX_FIELD_POINTS ((size_t)1 << 28)

const char *swe_input_role_name(enum swe_input_role role)
{
    return role == SWE_INPUT_BATHYMETRY ? "bathymetry" : "displacement";
}

int swe_input_refuse(const swe_input_file *file, swe_error *err, const char *fix,
                     const char *problem_format, ...)
{
    char problem[320];
    va_list arguments;
    va_start(arguments, problem_format);
    vsnprintf(problem, sizeof problem, problem_format, arguments);
    va_end(arguments);
    return swe_fail(err, SWE_ERROR_USAGE, "%s file '%s' %s (%s)", swe_input_role_name(file->role),
                    file->path, problem, fix);
}

void swe_input_text_attribute(int ncid, int varid, const char *name, char *text, size_t size)
{
    size_t length = 0;
    nc_type type;
    text[0] = '\0';
    if (nc_inq_att(ncid, varid, name, &type, &length) == NC_NOERR && type == NC_CHAR &&
        length < size && nc_get_att_text(ncid, varid, name, text) == NC_NOERR) {
        text[length] = '\0';
    }
}

void swe_input_field_free(swe_input_field *field)
{
    if (field != NULL) {
        free(field->x);
        free(field->y);
        free(field->values);
        *field = (swe_input_field){0};
    }
}

/* What marks a missing value, in the numbers as stored (before
 * scale_factor and add_offset, as CF defines them). */
typedef struct missing_rule {
    int has_fill;
    double fill;
    size_t missing_count;
    double missing[8];
    double valid_min, valid_max;
} missing_rule;

/* The fill value of a variable without _FillValue (NetCDF's default);
 * bytes have none that counts (the NetCDF User Guide). */
static int default_fill(nc_type type, double *fill)
{
    switch (type) {
    case NC_SHORT:
        *fill = NC_FILL_SHORT;
        return 1;
    case NC_USHORT:
        *fill = NC_FILL_USHORT;
        return 1;
    case NC_INT:
        *fill = NC_FILL_INT;
        return 1;
    case NC_UINT:
        *fill = NC_FILL_UINT;
        return 1;
    case NC_FLOAT:
        *fill = NC_FILL_FLOAT;
        return 1;
    case NC_DOUBLE:
        *fill = NC_FILL_DOUBLE;
        return 1;
    default:
        return 0;
    }
}

static void read_missing_rule(int ncid, int varid, nc_type type, missing_rule *rule)
{
    *rule = (missing_rule){.valid_min = -INFINITY, .valid_max = INFINITY};
    rule->has_fill = nc_get_att_double(ncid, varid, "_FillValue", &rule->fill) == NC_NOERR ||
                     default_fill(type, &rule->fill);
    size_t length = 0;
    if (nc_inq_attlen(ncid, varid, "missing_value", &length) == NC_NOERR && length >= 1 &&
        length <= sizeof rule->missing / sizeof rule->missing[0] &&
        nc_get_att_double(ncid, varid, "missing_value", rule->missing) == NC_NOERR) {
        rule->missing_count = length;
    }
    double range[2];
    if (nc_inq_attlen(ncid, varid, "valid_range", &length) == NC_NOERR && length == 2 &&
        nc_get_att_double(ncid, varid, "valid_range", range) == NC_NOERR) {
        rule->valid_min = range[0];
        rule->valid_max = range[1];
    }
    nc_get_att_double(ncid, varid, "valid_min", &rule->valid_min);
    nc_get_att_double(ncid, varid, "valid_max", &rule->valid_max);
}

static int is_missing(const missing_rule *rule, double stored)
{
    int missing = !isfinite(stored) || (rule->has_fill && stored == rule->fill) ||
                  stored < rule->valid_min || stored > rule->valid_max;
    for (size_t k = 0; k < rule->missing_count; ++k) {
        missing = missing || stored == rule->missing[k];
    }
    return missing;
}

/* The factor from stored numbers to metres, positive upwards:
 * scale_factor, units and the sign from positive or the standard name. */
typedef struct value_transform {
    double scale, offset, to_metres, sign;
} value_transform;

static int read_transform(const swe_input_file *file, int varid, const char *name,
                          const swe_grid_mapping *mapping, value_transform *transform,
                          swe_error *err)
{
    char units[128], positive[32], standard_name[128];
    swe_input_text_attribute(file->ncid, varid, "units", units, sizeof units);
    swe_input_text_attribute(file->ncid, varid, "positive", positive, sizeof positive);
    swe_input_text_attribute(file->ncid, varid, "standard_name", standard_name,
                             sizeof standard_name);
    *transform = (value_transform){.scale = 1.0, .offset = 0.0, .sign = 1.0};
    nc_get_att_double(file->ncid, varid, "scale_factor", &transform->scale);
    nc_get_att_double(file->ncid, varid, "add_offset", &transform->offset);
    if (units[0] == '\0' && swe_grid_mapping_in_metres(mapping)) {
        transform->to_metres = 1.0; /* GDAL's export: the units are the CRS's */
    } else if (swe_units_classify(units, &transform->to_metres) != SWE_UNITS_LENGTH) {
        return units[0] == '\0'
                   ? swe_input_refuse(file, err,
                                      "add units = \"m\", e.g. ncatted -a units,VAR,o,c,m",
                                      "has variable '%s' without units", name)
                   : swe_input_refuse(file, err, swe_units_library(),
                                      "has variable '%s' in '%s', not a length", name, units);
    }
    int depth = swe_input_is_depth_name(standard_name);
    if (strcmp(positive, "down") == 0 || (positive[0] == '\0' && depth)) {
        transform->sign = -1.0;
    } else if (positive[0] != '\0' && strcmp(positive, "up") != 0) {
        return swe_input_refuse(file, err, "CF allows \"up\" and \"down\"",
                                "has variable '%s' with positive = \"%s\"", name, positive);
    } else if (depth) {
        return swe_input_refuse(file, err, "a depth counts downwards: fix one of the two",
                                "has variable '%s' with positive = \"up\" and standard_name "
                                "'%s'",
                                name, standard_name);
    }
    return SWE_OK;
}

/* Where value k of the field lies, for messages. */
static void describe_point(const swe_input_field *field, size_t k, char *text, size_t size)
{
    const char *unit = field->geographic ? " degrees" : " m";
    snprintf(text, size, "x = %g%s, y = %g%s", field->x[k % field->nx], unit,
             field->y[k / field->nx], unit);
}

/* Stored numbers to metres upwards; missing ones refused (bathymetry) or
 * set to 0 (displacement). */
static int convert_values(const swe_input_file *file, const missing_rule *rule,
                          const value_transform *transform, swe_input_field *field, swe_error *err)
{
    size_t count = field->nx * field->ny, missing = 0, first_missing = 0;
    for (size_t k = 0; k < count; ++k) {
        double stored = field->values[k];
        if (is_missing(rule, stored)) {
            first_missing = missing++ == 0 ? k : first_missing;
            field->values[k] = 0.0;
            continue;
        }
        double metres = (stored * transform->scale + transform->offset) * transform->to_metres;
        field->values[k] = transform->sign * metres;
        if (!(fabs(field->values[k]) <= 1.0e6)) {
            char where[96];
            describe_point(field, k, where, sizeof where);
            return swe_input_refuse(file, err, "check its units, scale_factor and add_offset",
                                    "holds %g m at %s, beyond 1000 km", field->values[k], where);
        }
    }
    if (missing > 0 && file->role == SWE_INPUT_BATHYMETRY) {
        char where[96];
        describe_point(field, first_missing, where, sizeof where);
        return swe_input_refuse(file, err,
                                "fill the gaps, e.g. with cdo fillmiss, or cut the file "
                                "to where it has data",
                                "has %zu missing values in '%s', the first at %s", missing,
                                field->variable, where);
    }
    field->filled = missing;
    return SWE_OK;
}

/* The values of varid in x-fastest order, as stored. */
static int read_stored(const swe_input_file *file, int varid, int transposed,
                       swe_input_field *field, swe_error *err)
{
    size_t count = field->nx * field->ny;
    /* The values, a transposed copy, and their copy in the process that
     * reads them back. */
    char what[512];
    snprintf(what, sizeof what, "the %zu x %zu values of '%s'", field->nx, field->ny, file->path);
    int status = swe_memory_check(what, (transposed ? 3.0 : 2.0) * (double)count * 8.0,
                                  "give a coarser file", err);
    if (status != SWE_OK) {
        return status;
    }
    if (count > MAX_FIELD_POINTS) {
        return swe_input_refuse(file, err,
                                "cut the file to the region of the run, e.g. with cdo "
                                "sellonlatbox or ncks -d",
                                "holds %zu x %zu values, more than this shallows reads", field->nx,
                                field->ny);
    }
    field->values = malloc(count * sizeof *field->values);
    double *stored = transposed ? malloc(count * sizeof *stored) : field->values;
    if (field->values == NULL || stored == NULL) {
        free(transposed ? stored : NULL);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the values of '%s'", file->path);
    }
    int nc_status = nc_get_var_double(file->ncid, varid, stored);
    for (size_t k = 0; transposed && nc_status == NC_NOERR && k < count; ++k) {
        /* stored is over (x, y): value (i, j) at i * ny + j. */
        field->values[(k % field->ny) * field->nx + k / field->ny] = stored[k];
    }
    if (transposed) {
        free(stored);
    }
    return nc_status == NC_NOERR
               ? SWE_OK
               : swe_input_refuse(file, err, "give a NetCDF file a library can read",
                                  "has variable '%s' that cannot be read: %s", field->variable,
                                  nc_strerror(nc_status));
}

static int read_open_file(const swe_input_file *file, const char *variable, swe_input_field *field,
                          swe_error *err)
{
    int varid = -1, transposed = 0;
    nc_type type;
    int status = swe_input_choose_variable(file, variable, &varid, err);
    if (status == SWE_OK) {
        nc_inq_varname(file->ncid, varid, field->variable);
        status = swe_input_read_axes(file, varid, field, &transposed, err);
    }
    if (status == SWE_OK && !field->geographic) {
        swe_grid_mapping_read(file->ncid, varid, &field->mapping);
    }
    value_transform transform;
    if (status == SWE_OK) {
        status = read_transform(file, varid, field->variable, &field->mapping, &transform, err);
    }
    if (status == SWE_OK) {
        status = read_stored(file, varid, transposed, field, err);
    }
    if (status == SWE_OK) {
        missing_rule rule;
        nc_inq_vartype(file->ncid, varid, &type);
        read_missing_rule(file->ncid, varid, type, &rule);
        status = convert_values(file, &rule, &transform, field, err);
    }
    if (status == SWE_OK) {
        swe_input_make_rising(field);
    }
    return status;
}

int swe_input_field_read(enum swe_input_role role, const char *path, const char *variable,
                         swe_input_field *field, swe_error *err)
{
    if (field == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: nowhere to read a field into");
    }
    *field = (swe_input_field){0};
    if (path == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "no %s file given (add --%s FILE)",
                        swe_input_role_name(role), swe_input_role_name(role));
    }
    swe_input_file file = {.ncid = -1, .path = path, .role = role};
    int nc_status = nc_open(path, NC_NOWRITE, &file.ncid);
    if (nc_status != NC_NOERR) {
        return swe_input_refuse(&file, err, "give a CF NetCDF file", "cannot be read: %s",
                                nc_strerror(nc_status));
    }
    int status = read_open_file(&file, variable, field, err);
    nc_close(file.ncid); /* read-only: closing cannot lose data */
    if (status != SWE_OK) {
        swe_input_field_free(field);
    }
    return status;
}
