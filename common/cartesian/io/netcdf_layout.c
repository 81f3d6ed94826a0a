#include "cartesian/io/netcdf_layout.h"

#include "io/netcdf_grid_mapping.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef SWE_PRECISION_DOUBLE
#define nc_put_vara_real nc_put_vara_double
#define nc_put_att_real nc_put_att_double
#else
#define nc_put_vara_real nc_put_vara_float
#define nc_put_att_real nc_put_att_float
#endif

static const swe_cf_variable x_variable = {"x", "x coordinate of cell centre", "m",
                                           "projection_x_coordinate"};
static const swe_cf_variable y_variable = {"y", "y coordinate of cell centre", "m",
                                           "projection_y_coordinate"};
static const swe_cf_variable x_bounds_variable = {"x_bnds", NULL, NULL, NULL};
static const swe_cf_variable y_bounds_variable = {"y_bnds", NULL, NULL, NULL};
static const swe_cf_variable lon_variable = {"lon", "longitude of cell centre", "degrees_east",
                                             "longitude"};
static const swe_cf_variable lat_variable = {"lat", "latitude of cell centre", "degrees_north",
                                             "latitude"};
static const swe_cf_variable b_variable = {
    "b", "bed elevation (bathymetry and topography), negative below the reference level", "m",
    "bedrock_altitude"};
static const swe_cf_variable field_variables[SWE_FIELD_COUNT] = {
    [SWE_FIELD_H] = {"h", "water depth", "m", "sea_floor_depth_below_sea_surface"},
    [SWE_FIELD_HU] = {"hu", "x momentum per unit area (depth times x velocity)", "m2 s-1", NULL},
    [SWE_FIELD_HV] = {"hv", "y momentum per unit area (depth times y velocity)", "m2 s-1", NULL},
    [SWE_FIELD_ETA] = {"eta", "water surface elevation (h + b), missing where dry", "m",
                       "water_surface_height_above_reference_datum"},
    [SWE_FIELD_U] = {"u", "x velocity, missing where dry", "m s-1", "sea_water_x_velocity"},
    [SWE_FIELD_V] = {"v", "y velocity, missing where dry", "m s-1", "sea_water_y_velocity"},
};
static const swe_cf_variable maxima_variables[SWE_MAXIMA_COUNT] = {
    [SWE_MAX_DEPTH] = {"max_depth", "largest water depth of the run", "m",
                       "sea_floor_depth_below_sea_surface"},
    [SWE_MAX_SPEED] = {"max_speed", "largest water speed of the run, missing where never wet",
                       "m s-1", "sea_water_speed"},
    [SWE_ARRIVAL_TIME] = {"arrival_time",
                          "first time the surface moved by more than 0.01 m, missing where "
                          "it never did",
                          "s", NULL},
};

const char *swe_output_field_name(enum swe_output_field field)
{
    return field < SWE_FIELD_COUNT ? field_variables[field].name : "?";
}

const swe_cf_variable *swe_output_field_variable(enum swe_output_field field)
{
    return field < SWE_FIELD_COUNT ? &field_variables[field] : NULL;
}

const swe_cf_variable *swe_output_bed_variable(void)
{
    return &b_variable;
}

const char *swe_maxima_field_name(enum swe_maxima_field field)
{
    return field < SWE_MAXIMA_COUNT ? maxima_variables[field].name : "?";
}

/* A coordinate with its bounds over (dimension, nv). */
static int define_axis(const swe_cf_file *file, const swe_cf_variable *axis,
                       const swe_cf_variable *bounds, int dimension, int nv_dimension, int *axis_id,
                       int *bounds_id, swe_error *err)
{
    const int bounds_dims[] = {dimension, nv_dimension};
    int status = swe_cf_define(file, axis, NC_DOUBLE, 1, &dimension, axis_id, err);
    if (status == SWE_OK) {
        status = swe_cf_put_text(file, *axis_id, "bounds", bounds->name, err);
    }
    return status == SWE_OK ? swe_cf_define(file, bounds, NC_DOUBLE, 2, bounds_dims, bounds_id, err)
                            : status;
}

/* The Mercator grid mapping of a geographic input, and lon(x), lat(y). */
static int define_geography(const swe_cf_file *file, const swe_map_projection *projection,
                            int x_dim, int y_dim, swe_output_layout *layout, swe_error *err)
{
    int crs_id;
    const swe_cf_variable crs = {"crs", "Mercator projection of the geographic input", NULL, NULL};
    int status = swe_cf_define(file, &crs, NC_INT, 0, NULL, &crs_id, err);
    const struct {
        const char *name;
        double value;
    } numbers[] = {{"standard_parallel", projection->standard_parallel},
                   {"longitude_of_projection_origin", projection->central_longitude},
                   {"false_easting", 0.0},
                   {"false_northing", 0.0},
                   {"earth_radius", SWE_EARTH_RADIUS}};
    if (status == SWE_OK) {
        status = swe_cf_put_text(file, crs_id, "grid_mapping_name", "mercator", err);
    }
    for (size_t a = 0; a < sizeof numbers / sizeof numbers[0] && status == SWE_OK; ++a) {
        status = swe_cf_put_double(file, crs_id, numbers[a].name, numbers[a].value, err);
    }
    if (status == SWE_OK) {
        status = swe_cf_define(file, &lon_variable, NC_DOUBLE, 1, &x_dim, &layout->lon_id, err);
    }
    return status == SWE_OK
               ? swe_cf_define(file, &lat_variable, NC_DOUBLE, 1, &y_dim, &layout->lat_id, err)
               : status;
}

/* Whether the outputs carry a projected input's own grid mapping. */
static int has_carried_mapping(const swe_output_info *info)
{
    return info->projection != NULL && !info->projection->geographic &&
           swe_grid_mapping_present(&info->projection->carried);
}

/* A field over dims: NaN as fill where it can be missing, tiles,
 * compression, and the grid mapping of a geographic input (or the one a
 * projected input stated). */
static int define_field(const swe_cf_file *file, const swe_cf_variable *variable,
                        int dimension_count, const int *dims, const swe_block *block,
                        const swe_output_info *info, int maskable, int *varid, swe_error *err)
{
    size_t chunks[3];
    swe_cf_tile_chunks(dimension_count, (size_t)block->domain_ny, (size_t)block->domain_nx, chunks);
    int status = swe_cf_define(file, variable, SWE_NC_REAL, dimension_count, dims, varid, err);
    if (status == SWE_OK) {
        status = swe_cf_compress(file, *varid, variable->name, info->compression, chunks, err);
    }
    if (status == SWE_OK && maskable) {
        status = swe_cf_put_nan_fill(file, *varid, SWE_NC_REAL, err);
    }
    if (status == SWE_OK && info->projection != NULL && info->projection->geographic) {
        status = swe_cf_put_text(file, *varid, "grid_mapping", "crs", err);
        if (status == SWE_OK) {
            status = swe_cf_put_text(file, *varid, "coordinates", "lat lon", err);
        }
    } else if (status == SWE_OK && has_carried_mapping(info)) {
        status = swe_cf_put_text(file, *varid, "grid_mapping", "crs", err);
    }
    return status;
}

/* The period the maxima cover: a time dimension of one value with its
 * bounds, over which their cell_methods take the maximum. */
static int define_maxima_period(const swe_cf_file *file, int nv_dim, int *period_dim,
                                swe_output_layout *layout, swe_error *err)
{
    /* A duration, not a CF time coordinate: checkers expect a time axis
     * before y and x, which carry no axis attribute (ParaView's sake). */
    static const swe_cf_variable period = {
        "maxima_period", "end of the period the maxima cover, since the start of the run", "s",
        NULL};
    static const swe_cf_variable bounds = {"maxima_period_bnds", NULL, NULL, NULL};
    int status = swe_cf_check(file, nc_def_dim(file->ncid, period.name, 1, period_dim),
                              "nc_def_dim", period.name, err);
    const int bounds_dims[] = {*period_dim, nv_dim};
    if (status == SWE_OK) {
        status =
            swe_cf_define(file, &period, NC_DOUBLE, 1, period_dim, &layout->maxima_period_id, err);
    }
    if (status == SWE_OK) {
        status = swe_cf_put_text(file, layout->maxima_period_id, "bounds", bounds.name, err);
    }
    return status == SWE_OK ? swe_cf_define(file, &bounds, NC_DOUBLE, 2, bounds_dims,
                                            &layout->maxima_bounds_id, err)
                            : status;
}

static int define_maxima(const swe_cf_file *file, const int *plane_dims, int nv_dim,
                         const swe_block *block, const swe_output_info *info,
                         swe_output_layout *layout, swe_error *err)
{
    for (int m = 0; m < SWE_MAXIMA_COUNT; ++m) {
        layout->maxima_id[m] = -1;
    }
    if (!info->with_maxima) {
        return SWE_OK;
    }
    int dims[3] = {-1, plane_dims[0], plane_dims[1]};
    int status = define_maxima_period(file, nv_dim, &dims[0], layout, err);
    for (int m = 0; m < SWE_MAXIMA_COUNT && status == SWE_OK; ++m) {
        status = define_field(file, &maxima_variables[m], 3, dims, block, info, 1,
                              &layout->maxima_id[m], err);
        if (status == SWE_OK) {
            status = swe_cf_put_text(
                file, layout->maxima_id[m], "cell_methods",
                m == SWE_ARRIVAL_TIME ? "maxima_period: minimum" : "maxima_period: maximum", err);
        }
    }
    return status;
}

static int put_scenario_parameters(const swe_cf_file *file, const swe_scenario *scenario,
                                   swe_error *err)
{
    int status = SWE_OK;
    for (int p = 0; p < scenario->parameter_count && status == SWE_OK; ++p) {
        char value_name[NC_MAX_NAME + 1], units_name[NC_MAX_NAME + 1];
        const char *name = scenario->parameters[p].name;
        int length = snprintf(value_name, sizeof value_name, "scenario_%.200s", name);
        snprintf(units_name, sizeof units_name, "scenario_%.200s_units", name);
        if (length < 0 || (size_t)length >= sizeof value_name) {
            return swe_fail(err, SWE_ERROR_USAGE, "internal error: parameter '%s' too long", name);
        }
        status = swe_cf_put_double(file, NC_GLOBAL, value_name, scenario->parameters[p].value, err);
        if (status == SWE_OK) {
            status =
                swe_cf_put_text(file, NC_GLOBAL, units_name, scenario->parameters[p].units, err);
        }
    }
    return status;
}

static int put_run_attributes(const swe_cf_file *file, const swe_output_info *info, swe_error *err)
{
    const swe_scenario *scenario = info->scenario;
    char title[256]; /* says what the file is, as the other applications' titles do */
    snprintf(title, sizeof title, "shallows run on a Cartesian grid: %s", scenario->title);
    int status = swe_cf_put_globals(file, title, info->history, err);
    const char *texts[][2] = {{"scenario", scenario->name},
                              {"solver", info->solver},
                              {"backend", info->backend},
                              {"precision", SWE_PRECISION_NAME}};
    for (size_t a = 0; a < sizeof texts / sizeof texts[0] && status == SWE_OK; ++a) {
        status = swe_cf_put_text(file, NC_GLOBAL, texts[a][0], texts[a][1], err);
    }
    if (status == SWE_OK) {
        status = put_scenario_parameters(file, scenario, err);
    }
    if (status == SWE_OK) {
        status = swe_cf_put_double(file, NC_GLOBAL, "cfl", info->cfl, err);
    }
    /* In the solver's precision: the exact values it used. */
    const real constants[] = {SWE_DRY_TOLERANCE, SWE_GRAVITY};
    const char *names[] = {"dry_tolerance", "gravity"};
    for (int c = 0; c < 2 && status == SWE_OK; ++c) {
        status = swe_cf_check(
            file, nc_put_att_real(file->ncid, NC_GLOBAL, names[c], SWE_NC_REAL, 1, &constants[c]),
            "nc_put_att", names[c], err);
    }
    return status;
}

static int define_coordinates(const swe_cf_file *file, const swe_block *block,
                              const swe_output_info *info, int dims[4], swe_output_layout *layout,
                              swe_error *err)
{
    int *nv_dim = &dims[3];
    int status = swe_cf_check(file, nc_def_dim(file->ncid, "time", NC_UNLIMITED, &dims[0]),
                              "nc_def_dim", "time", err);
    if (status == SWE_OK) {
        status = swe_cf_check(file, nc_def_dim(file->ncid, "y", (size_t)block->domain_ny, &dims[1]),
                              "nc_def_dim", "y", err);
    }
    if (status == SWE_OK) {
        status = swe_cf_check(file, nc_def_dim(file->ncid, "x", (size_t)block->domain_nx, &dims[2]),
                              "nc_def_dim", "x", err);
    }
    if (status == SWE_OK) {
        status =
            swe_cf_check(file, nc_def_dim(file->ncid, "nv", 2, nv_dim), "nc_def_dim", "nv", err);
    }
    if (status == SWE_OK) {
        status = define_axis(file, &x_variable, &x_bounds_variable, dims[2], *nv_dim, &layout->x_id,
                             &layout->x_bounds_id, err);
    }
    if (status == SWE_OK) {
        status = define_axis(file, &y_variable, &y_bounds_variable, dims[1], *nv_dim, &layout->y_id,
                             &layout->y_bounds_id, err);
    }
    if (status == SWE_OK) {
        status = swe_cf_define_time(file, dims[0], &layout->time_id, err);
    }
    layout->lon_id = layout->lat_id = -1;
    if (status == SWE_OK && info->projection != NULL && info->projection->geographic) {
        status = define_geography(file, info->projection, dims[2], dims[1], layout, err);
    } else if (status == SWE_OK && has_carried_mapping(info)) {
        status = swe_grid_mapping_write(file, &info->projection->carried, err);
    }
    return status;
}

int swe_output_layout_define(const swe_cf_file *file, const swe_block *block,
                             const swe_output_info *info, swe_output_layout *layout, swe_error *err)
{
    if (file == NULL || block == NULL || info == NULL || layout == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: an output layout needs a file");
    }
    int dims[4]; /* time, y, x, nv */
    int status = define_coordinates(file, block, info, dims, layout, err);
    if (status == SWE_OK) {
        status = define_field(file, &b_variable, 2, dims + 1, block, info, 0, &layout->b_id, err);
    }
    for (int f = 0; f < SWE_FIELD_COUNT && status == SWE_OK; ++f) {
        int maskable = f == SWE_FIELD_ETA || f == SWE_FIELD_U || f == SWE_FIELD_V;
        status = define_field(file, &field_variables[f], 3, dims, block, info, maskable,
                              &layout->field_id[f], err);
    }
    if (status == SWE_OK) {
        status = define_maxima(file, dims + 1, dims[3], block, info, layout, err);
    }
    return status == SWE_OK ? put_run_attributes(file, info, err) : status;
}

/* Centres, bounds and (geographic) degrees of the cells first .. first +
 * count - 1 of an axis of cells of size extent / cells from origin; the
 * arithmetic of swe_block_cell_x, so the bits match the block's. */
static int write_axis(const swe_cf_file *file, int varid, int bounds_id, int degrees_id,
                      const swe_map_projection *projection, int along_x, double origin,
                      double extent, int cells, int first, int count, swe_error *err)
{
    double *values = malloc((size_t)(count > 0 ? count : 1) * 4 * sizeof *values);
    if (values == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the coordinates of '%s'",
                        file->path);
    }
    double *bounds = values + count, *degrees = bounds + 2 * count;
    for (int k = 0; k < count; ++k) {
        values[k] = origin + ((double)(first + k + 1) - 0.5) * extent / cells;
        bounds[2 * k] = origin + (double)(first + k) * extent / cells;
        bounds[2 * k + 1] = origin + (double)(first + k + 1) * extent / cells;
        double longitude = 0.0, latitude = 0.0;
        if (projection != NULL) {
            swe_map_unproject(projection, along_x ? values[k] : 0.0, along_x ? 0.0 : values[k],
                              &longitude, &latitude);
        }
        degrees[k] = along_x ? longitude : latitude;
    }
    const size_t start[] = {(size_t)first, 0}, sizes[] = {(size_t)count, 2};
    int status = swe_cf_check(file, nc_put_vara_double(file->ncid, varid, start, sizes, values),
                              "nc_put_vara_double", "coordinates", err);
    if (status == SWE_OK) {
        status = swe_cf_check(file, nc_put_vara_double(file->ncid, bounds_id, start, sizes, bounds),
                              "nc_put_vara_double", "bounds", err);
    }
    if (status == SWE_OK && degrees_id >= 0) {
        status =
            swe_cf_check(file, nc_put_vara_double(file->ncid, degrees_id, start, sizes, degrees),
                         "nc_put_vara_double", along_x ? "lon" : "lat", err);
    }
    free(values);
    return status;
}

int swe_output_layout_write_static(const swe_cf_file *file, const swe_output_layout *layout,
                                   const swe_block *block, const swe_output_info *info, real *plane,
                                   swe_error *err)
{
    if (file == NULL || layout == NULL || block == NULL || info == NULL || plane == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: static output needs a block");
    }
    const swe_map_projection *projection =
        info->projection != NULL && info->projection->geographic ? info->projection : NULL;
    /* Under MPI every rank takes part in every (collective) write; those
     * that do not own an axis write none of it. */
    int x_count = block->first_j == 0 ? block->nx : 0;
    int y_count = block->first_i == 0 ? block->ny : 0;
    int status =
        write_axis(file, layout->x_id, layout->x_bounds_id, layout->lon_id, projection, 1,
                   block->x0, block->width, block->domain_nx, block->first_i, x_count, err);
    if (status == SWE_OK) {
        status =
            write_axis(file, layout->y_id, layout->y_bounds_id, layout->lat_id, projection, 0,
                       block->y0, block->height, block->domain_ny, block->first_j, y_count, err);
    }
    if (status == SWE_OK) {
        swe_output_bed_plane(block, plane);
        status = swe_output_layout_write_plane(file, layout->b_id, "b", block, -1, plane, err);
    }
    return status;
}

int swe_output_layout_write_plane(const swe_cf_file *file, int varid, const char *name,
                                  const swe_block *block, long snapshot, const real *plane,
                                  swe_error *err)
{
    const size_t start[] = {(size_t)(snapshot < 0 ? 0 : snapshot), (size_t)block->first_j,
                            (size_t)block->first_i};
    const size_t count[] = {1, (size_t)block->ny, (size_t)block->nx};
    const int skip = snapshot < 0 ? 1 : 0;
    return swe_cf_check(file,
                        nc_put_vara_real(file->ncid, varid, start + skip, count + skip, plane),
                        "nc_put_vara", name, err);
}
