/* Which variable of an input file to read (io/netcdf_input_field.h). */
#include "io/netcdf_input_field.h"

#include <netcdf.h>
#include <stdio.h>
#include <string.h>

/* What the standard names of a bed say; depths count downwards. */
static const char *const bed_names[] = {"height_above_mean_sea_level",
                                        "height_above_reference_ellipsoid",
                                        "height_above_geoid",
                                        "altitude",
                                        "surface_altitude",
                                        "bedrock_altitude",
                                        "sea_floor_depth_below_geoid",
                                        "sea_floor_depth_below_mean_sea_level",
                                        "sea_floor_depth_below_sea_surface",
                                        "sea_floor_depth_below_reference_ellipsoid",
                                        "depth"};
static const char *const depth_names[] = {
    "sea_floor_depth_below_geoid", "sea_floor_depth_below_mean_sea_level",
    "sea_floor_depth_below_sea_surface", "sea_floor_depth_below_reference_ellipsoid", "depth"};

static int listed(const char *name, const char *const *names, size_t count)
{
    for (size_t k = 0; k < count; ++k) {
        if (strcmp(name, names[k]) == 0) {
            return 1;
        }
    }
    return 0;
}

int swe_input_is_depth_name(const char *standard_name)
{
    return listed(standard_name, depth_names, sizeof depth_names / sizeof depth_names[0]);
}

/* A 2D numeric variable whose two dimensions have coordinate variables. */
static int is_candidate(int ncid, int varid)
{
    int count, dims[NC_MAX_VAR_DIMS], coordinate;
    nc_type type;
    char name[NC_MAX_NAME + 1], dimension[NC_MAX_NAME + 1];
    if (nc_inq_var(ncid, varid, name, &type, &count, dims, NULL) != NC_NOERR || count != 2 ||
        type == NC_CHAR || type == NC_STRING) {
        return 0;
    }
    for (int d = 0; d < 2; ++d) {
        if (nc_inq_dimname(ncid, dims[d], dimension) != NC_NOERR ||
            nc_inq_varid(ncid, dimension, &coordinate) != NC_NOERR) {
            return 0;
        }
    }
    return 1;
}

/* No 2D variable has coordinates: say which dimension lacks them. */
static int refuse_without_candidates(const swe_input_file *file, swe_error *err)
{
    int count = 0, dims[NC_MAX_VAR_DIMS], dimensions, coordinate;
    char name[NC_MAX_NAME + 1], dimension[NC_MAX_NAME + 1];
    nc_type type;
    nc_inq_nvars(file->ncid, &count);
    for (int v = 0; v < count; ++v) {
        if (nc_inq_var(file->ncid, v, name, &type, &dimensions, dims, NULL) != NC_NOERR ||
            dimensions != 2 || type == NC_CHAR || type == NC_STRING) {
            continue;
        }
        for (int d = 0; d < 2; ++d) {
            if (nc_inq_dimname(file->ncid, dims[d], dimension) == NC_NOERR &&
                nc_inq_varid(file->ncid, dimension, &coordinate) != NC_NOERR) {
                return swe_input_refuse(file, err,
                                        "add the coordinate variable with its values "
                                        "and units",
                                        "has variable '%s' over dimension '%s', which has no "
                                        "coordinate variable",
                                        name, dimension);
            }
        }
    }
    return swe_input_refuse(file, err, "give a CF file with 1D coordinates, as GEBCO's",
                            "has no 2D variable over two coordinate axes");
}

/* Adds name to the comma list in names (size bytes), as far as it fits. */
static void append_name(char *names, size_t size, const char *name)
{
    size_t used = strlen(names), length = strlen(name);
    if (used + length + 3 < size) {
        memcpy(names + used, used > 0 ? ", " : "", used > 0 ? 2 : 0);
        used += used > 0 ? 2 : 0;
        memcpy(names + used, name, length + 1);
    }
}

/* The variable to read: named, or the one a standard name identifies, or
 * the only candidate. */
int swe_input_choose_variable(const swe_input_file *file, const char *wanted, int *varid,
                              swe_error *err)
{
    const char *option =
        file->role == SWE_INPUT_BATHYMETRY ? "--bathymetry-var NAME" : "--displacement-var NAME";
    int count = 0, named = 0, found = -1, identified = -1;
    char names[256] = "", standard_name[128];
    nc_inq_nvars(file->ncid, &count);
    for (int v = 0; v < count; ++v) {
        char name[NC_MAX_NAME + 1];
        if (!is_candidate(file->ncid, v) || nc_inq_varname(file->ncid, v, name) != NC_NOERR) {
            continue;
        }
        swe_input_text_attribute(file->ncid, v, "standard_name", standard_name,
                                 sizeof standard_name);
        found = wanted == NULL || strcmp(name, wanted) == 0 ? v : found;
        named += wanted == NULL || strcmp(name, wanted) == 0;
        if (file->role == SWE_INPUT_BATHYMETRY &&
            listed(standard_name, bed_names, sizeof bed_names / sizeof bed_names[0])) {
            identified = identified == -1 ? v : -2;
        }
        append_name(names, sizeof names, name);
    }
    if (wanted != NULL) {
        char fix[300];
        snprintf(fix, sizeof fix, "its 2D variables over coordinates are: %s",
                 names[0] != '\0' ? names : "none");
        *varid = found;
        return found >= 0
                   ? SWE_OK
                   : swe_input_refuse(file, err, fix,
                                      "has no 2D variable '%s' over two coordinate axes", wanted);
    }
    if (identified >= 0 || (identified == -1 && named == 1)) {
        *varid = identified >= 0 ? identified : found;
        return SWE_OK;
    }
    if (named == 0) {
        return refuse_without_candidates(file, err);
    }
    return swe_input_refuse(file, err, option,
                            "holds several 2D variables (%s) and no standard "
                            "name says which to read: choose one",
                            names);
}
