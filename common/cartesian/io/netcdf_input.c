#include "cartesian/io/netcdf_input.h"

#include "io/domain_extent.h"
#include "io/netcdf_input_field.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Index k with axis[k] <= value <= axis[k + 1], for value inside the axis. */
static size_t interval_of(const double *axis, size_t length, double value)
{
    size_t low = 0, high = length - 1;
    while (high - low > 1) {
        size_t middle = (low + high) / 2;
        if (axis[middle] <= value) {
            low = middle;
        } else {
            high = middle;
        }
    }
    return low;
}

/* Bilinear interpolation; outside the field's extent, outside_value, or
 * the nearest edge value when outside_value is NaN. */
static double sample(const swe_input_field *field, double x, double y, double outside_value)
{
    int outside = x < field->x[0] || x > field->x[field->nx - 1] || y < field->y[0] ||
                  y > field->y[field->ny - 1];
    if (outside && !isnan(outside_value)) {
        return outside_value;
    }
    x = fmin(fmax(x, field->x[0]), field->x[field->nx - 1]);
    y = fmin(fmax(y, field->y[0]), field->y[field->ny - 1]);
    size_t i = interval_of(field->x, field->nx, x);
    size_t j = interval_of(field->y, field->ny, y);
    double wx = (x - field->x[i]) / (field->x[i + 1] - field->x[i]);
    double wy = (y - field->y[j]) / (field->y[j + 1] - field->y[j]);
    const double *row = field->values + j * field->nx;
    const double *next = row + field->nx;
    double bottom = (1 - wx) * row[i] + wx * row[i + 1];
    double top = (1 - wx) * next[i] + wx * next[i + 1];
    return (1 - wy) * bottom + wy * top;
}

/* A domain that the grid and the time step can live with
 * (io/domain_extent.h). Degrees pass here; the projection checks them. */
static int check_extent(enum swe_input_role role, const char *path, const swe_input_field *field,
                        swe_error *err)
{
    const double *ends[] = {field->x, field->y};
    const size_t counts[] = {field->nx, field->ny};
    char what[600];
    snprintf(what, sizeof what, "%s file '%s'", swe_input_role_name(role), path);
    int status = SWE_OK;
    for (int axis = 0; axis < 2 && status == SWE_OK; ++axis) {
        status = swe_domain_extent_check(what, axis == 0 ? "x" : "y", ends[axis][0],
                                         ends[axis][counts[axis] - 1],
                                         "give coordinates in metres or degrees", err);
    }
    return status;
}

/* One field of a run, read in a child and checked for its extent. */
static int read_field(enum swe_input_role role, const char *path, const char *variable,
                      swe_input_field *field, swe_error *err)
{
    int status = swe_input_field_read_untrusted(role, path, variable, field, err);
    if (status == SWE_OK) {
        status = check_extent(role, path, field, err);
    }
    return status;
}

/* Whether the extents of two fields share more than an edge. */
static int overlaps(const swe_input_field *a, const swe_input_field *b)
{
    return a->x[0] < b->x[b->nx - 1] && b->x[0] < a->x[a->nx - 1] && a->y[0] < b->y[b->ny - 1] &&
           b->y[0] < a->y[a->ny - 1];
}

static void set_initial_state(swe_block *block, const swe_input_field *bathymetry,
                              const swe_input_field *displacement,
                              const swe_map_projection *projection)
{
    for (int j = 1; j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i) {
            double x = swe_block_cell_x(block, i), y = swe_block_cell_y(block, j);
            if (projection->geographic) {
                swe_map_unproject(projection, x, y, &x, &y);
            }
            double bed = sample(bathymetry, x, y, NAN);
            double lift = sample(displacement, x, y, 0.0);
            size_t cell = SWE_INDEX(block, i, j);
            block->h[cell] = (real)(bed < 0 ? -bed : 0.0);
            block->b[cell] = (real)(bed + lift);
        }
    }
}

/* Longitudes of the displacement moved by whole turns next to the
 * bathymetry's (one file may count 0..360, the other -180..180). */
static void align_longitudes(swe_input_field *displacement, const swe_map_projection *projection)
{
    double middle = 0.5 * (displacement->x[0] + displacement->x[displacement->nx - 1]);
    double turns = round((projection->central_longitude - middle) / 360.0);
    for (size_t k = 0; k < displacement->nx; ++k) {
        displacement->x[k] += 360.0 * turns;
    }
}

/* How the files map to metres: not at all, or by the local Mercator
 * projection, refused where it would stretch distances too far. */
static int choose_projection(const swe_input_files *files, const swe_input_field *bathymetry,
                             swe_input_field *displacement, swe_map_projection *projection,
                             swe_error *err)
{
    *projection = (swe_map_projection){0};
    if (bathymetry->geographic != displacement->geographic) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "bathymetry file '%s' is in %s, displacement file '%s' in %s (give both "
                        "files in the same coordinates)",
                        files->bathymetry_path, bathymetry->geographic ? "degrees" : "metres",
                        files->displacement_path, displacement->geographic ? "degrees" : "metres");
    }
    if (!bathymetry->geographic) {
        projection->carried = bathymetry->mapping;
        return SWE_OK;
    }
    *projection = swe_map_projection_for(bathymetry->x[0], bathymetry->x[bathymetry->nx - 1],
                                         bathymetry->y[0], bathymetry->y[bathymetry->ny - 1]);
    if (!(projection->largest_scale_error <= SWE_MAX_SCALE_ERROR)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "bathymetry file '%s' spans latitudes %g to %g, where the local Mercator "
                        "projection would stretch distances by %.1f %% (cut it to a band of a few "
                        "degrees of latitude, at most %.0f %%, or project it yourself)",
                        files->bathymetry_path, bathymetry->y[0], bathymetry->y[bathymetry->ny - 1],
                        100.0 * projection->largest_scale_error, 100.0 * SWE_MAX_SCALE_ERROR);
    }
    align_longitudes(displacement, projection);
    return SWE_OK;
}

/* The block over the bathymetry's extent, in metres. */
static int create_domain(int nx, int ny, const swe_input_field *bathymetry,
                         const swe_map_projection *projection, swe_block *block, swe_error *err)
{
    double west = bathymetry->x[0], east = bathymetry->x[bathymetry->nx - 1];
    double south = bathymetry->y[0], north = bathymetry->y[bathymetry->ny - 1];
    if (projection->geographic) {
        swe_map_project(projection, west, south, &west, &south);
        swe_map_project(projection, east, north, &east, &north);
    }
    return swe_block_create(block, nx, ny, west, south, east - west, north - south, err);
}

int swe_netcdf_input_create_block(const swe_scenario *scenario, int nx, int ny,
                                  const swe_input_files *files, swe_block *block,
                                  swe_map_projection *projection, swe_error *err)
{
    if (scenario == NULL || files == NULL || block == NULL || projection == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no scenario, files or block given");
    }
    swe_input_field bathymetry, displacement = {0};
    int status = read_field(SWE_INPUT_BATHYMETRY, files->bathymetry_path,
                            files->bathymetry_variable, &bathymetry, err);
    if (status == SWE_OK) {
        status = read_field(SWE_INPUT_DISPLACEMENT, files->displacement_path,
                            files->displacement_variable, &displacement, err);
    }
    if (status == SWE_OK) {
        status = choose_projection(files, &bathymetry, &displacement, projection, err);
    }
    if (status == SWE_OK && !overlaps(&displacement, &bathymetry)) {
        status = swe_fail(
            err, SWE_ERROR_USAGE,
            "displacement file '%s' covers [%g, %g] x [%g, %g], outside the "
            "bathymetry's domain [%g, %g] x [%g, %g] (give files in the same "
            "coordinates)",
            files->displacement_path, displacement.x[0], displacement.x[displacement.nx - 1],
            displacement.y[0], displacement.y[displacement.ny - 1], bathymetry.x[0],
            bathymetry.x[bathymetry.nx - 1], bathymetry.y[0], bathymetry.y[bathymetry.ny - 1]);
    }
    if (status == SWE_OK) {
        status = create_domain(nx, ny, &bathymetry, projection, block, err);
    }
    if (status == SWE_OK) {
        memcpy(block->boundary, scenario->boundary, sizeof block->boundary);
        set_initial_state(block, &bathymetry, &displacement, projection);
    }
    swe_input_field_free(&bathymetry);
    swe_input_field_free(&displacement);
    return status;
}
