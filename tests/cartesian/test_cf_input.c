/* The CF reader (io/netcdf_input_field.h) on the files the field ships,
 * run as a user runs them (--scenario netcdf): each case either runs and
 * the depth of its output is the one the file means, or is refused with
 * exit code 2 and one line saying why. */
#include "cartesian/grid/block.h"
#include "cartesian/io/netcdf_output.h"
#include "io/map_projection.h"
#include "tests/cartesian/cf_test_file.h"
#include "tests/program_runner.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NX = 20, NY = 10 };

static char directory[512];

static int set_up(void)
{
    return swe_make_test_directory(directory, sizeof directory, "cf-input");
}

static int tear_down(void)
{
    return swe_remove_test_directory(directory);
}

/* Elevation a + b x + c y, metres, of the file's coordinates. */
typedef struct plane {
    double a, b, c;
} plane;

static double plane_elevation(double x, double y, const void *context)
{
    const plane *p = context;
    return p->a + p->b * x + p->c * y;
}

static const plane flat_zero = {0, 0, 0};

/* A metric grid of 1 km x 500 m, points every 50 m. */
static const cf_axis_spec metric_x = {"x", "m", NULL, 21, 0, 50};
static const cf_axis_spec metric_y = {"y", "m", NULL, 11, 0, 50};
/* Half a degree of longitude by 0.3 of latitude at 40 degrees north. */
static const cf_axis_spec longitude = {"lon", "degrees_east", "longitude", 51, 10.0, 0.01};
static const cf_axis_spec latitude = {"lat", "degrees_north", "latitude", 31, 40.0, 0.01};

static void write_case(const char *name, const cf_file_spec *spec, char *path, size_t size)
{
    swe_path_in(path, size, directory, name);
    CU_ASSERT_EQUAL_FATAL(cf_write_test_file(path, spec), 0);
}

/* A zero displacement over the axes of spec. */
static void write_zero_displacement(const char *name, const cf_file_spec *bathymetry, char *path,
                                    size_t size)
{
    cf_file_spec spec = {.x = bathymetry->x,
                         .y = bathymetry->y,
                         .field = {.name = "d", .units = "m", .missing_index = -1},
                         .elevation = plane_elevation,
                         .context = &flat_zero};
    write_case(name, &spec, path, size);
}

/* Runs --scenario netcdf on NX x NY cells into output (with extra
 * arguments), writing only the initial snapshot. */
static void run_case(const char *bathymetry, const char *displacement, const char *output,
                     const char *const *extra, swe_program_result *result)
{
    char path[1024];
    swe_path_in(path, sizeof path, directory, output);
    const char *args[32] = {"--scenario", "netcdf", "--bathymetry", bathymetry, "--displacement",
                            displacement, "--nx",   "20",           "--ny",     "10",
                            "--t-end",    "0.001",  "--outputs",    "1",        "--quiet",
                            "--output",   path};
    int count = 17;
    for (int k = 0; extra != NULL && extra[k] != NULL && count < 31; ++k) {
        args[count++] = extra[k];
    }
    args[count] = NULL;
    swe_program_run(directory, args, result);
}

static void expect_refused(const char *bathymetry, const char *displacement,
                           const char *const *extra, const char *message)
{
    swe_program_result result;
    run_case(bathymetry, displacement, "refused", extra, &result);
    CU_ASSERT_EQUAL(result.exit_code, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, message));
    char *newline = strchr(result.err, '\n');
    CU_ASSERT(newline != NULL && newline[1] == '\0');
    if (result.exit_code != 2 || strstr(result.err, message) == NULL) {
        fprintf(stderr, "\n    expected '%s', got exit %d: %s", message, result.exit_code,
                result.err);
    }
}

/* The initial state of a run's output: h and b of the cells, and the
 * cell centres in metres. */
typedef struct output_state {
    swe_block block;
    double x[NX], y[NY];
    swe_map_projection projection; /* from the file's grid mapping */
} output_state;

static void read_output(const char *output, output_state *state)
{
    char path[1024], name[256];
    snprintf(name, sizeof name, "%s.nc", output);
    swe_path_in(path, sizeof path, directory, name);
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_block_create(&state->block, NX, NY, 0, 0, 1, 1, &err), SWE_OK);
    double time;
    CU_ASSERT_EQUAL_FATAL(swe_netcdf_read(path, 0, &state->block, &time, &err), SWE_OK);
    int ncid, x_id, y_id, crs_id;
    CU_ASSERT_EQUAL_FATAL(nc_open(path, NC_NOWRITE, &ncid), NC_NOERR);
    CU_ASSERT_EQUAL(nc_inq_varid(ncid, "x", &x_id), NC_NOERR);
    CU_ASSERT_EQUAL(nc_inq_varid(ncid, "y", &y_id), NC_NOERR);
    CU_ASSERT_EQUAL(nc_get_var_double(ncid, x_id, state->x), NC_NOERR);
    CU_ASSERT_EQUAL(nc_get_var_double(ncid, y_id, state->y), NC_NOERR);
    state->projection = (swe_map_projection){0};
    if (nc_inq_varid(ncid, "crs", &crs_id) == NC_NOERR) {
        state->projection.geographic = 1;
        CU_ASSERT_EQUAL(nc_get_att_double(ncid, crs_id, "standard_parallel",
                                          &state->projection.standard_parallel),
                        NC_NOERR);
        CU_ASSERT_EQUAL(nc_get_att_double(ncid, crs_id, "longitude_of_projection_origin",
                                          &state->projection.central_longitude),
                        NC_NOERR);
    }
    nc_close(ncid);
}

/* Every cell's depth is the one p means at the cell centre, whose file
 * coordinates are metres / per_unit (or degrees, through the grid
 * mapping); within tolerance. */
static void expect_depths(const output_state *state, const plane *p, double per_unit,
                          double tolerance)
{
    int wrong = 0;
    for (int j = 1; j <= NY; ++j) {
        for (int i = 1; i <= NX; ++i) {
            double x = state->x[i - 1], y = state->y[j - 1];
            if (state->projection.geographic) {
                swe_map_unproject(&state->projection, x, y, &x, &y);
            } else {
                x /= per_unit;
                y /= per_unit;
            }
            double bed = plane_elevation(x, y, p);
            size_t cell = SWE_INDEX(&state->block, i, j);
            wrong += fabs(state->block.h[cell] - (bed < 0 ? -bed : 0)) > tolerance ||
                     fabs(state->block.b[cell] - bed) > tolerance;
        }
    }
    CU_ASSERT_EQUAL(wrong, 0);
}

/* Runs bathymetry with a zero displacement over its axes; the output's
 * depths must be those of p. */
static void expect_runs(const char *name, const cf_file_spec *bathymetry, const plane *p,
                        double per_unit, double tolerance, const char *const *extra,
                        output_state *state)
{
    char bathymetry_path[1024], displacement_path[1024], displacement_name[256];
    write_case(name, bathymetry, bathymetry_path, sizeof bathymetry_path);
    snprintf(displacement_name, sizeof displacement_name, "zero-%s", name);
    write_zero_displacement(displacement_name, bathymetry, displacement_path,
                            sizeof displacement_path);
    swe_program_result result;
    run_case(bathymetry_path, displacement_path, "out", extra, &result);
    CU_ASSERT_EQUAL_FATAL(result.exit_code, 0);
    read_output("out", state);
    expect_depths(state, p, per_unit, tolerance);
}

static const plane sloping_sea = {-80, 0.05, 0.02}; /* -80 m at the origin, shoaling */

/* Coordinates in degrees under the names x and y: longitude and latitude
 * (by their units), projected, not taken for 0.5 m by 0.3 m. */
static void test_degrees_named_x_and_y(void)
{
    /* -100 m at (10 E, 40 N), rising 50 m a degree east, falling 30 north */
    const plane shifted = {600, 50, -30};
    cf_file_spec spec = {
        .x = longitude, .y = latitude, .elevation = plane_elevation, .context = &shifted};
    spec.x.name = "x";
    spec.y.name = "y";
    spec.x.standard_name = spec.y.standard_name = NULL;
    spec.field = (cf_field_spec){.name = "z", .units = "m", .missing_index = -1};
    output_state state;
    expect_runs("degrees-as-xy.nc", &spec, &shifted, 1, 2e-3, NULL, &state);
    /* 0.5 degrees of longitude at 40.15 N and 0.3 of latitude, in metres. */
    double width = 20.0 / 19.0 * (state.x[NX - 1] - state.x[0]);
    double height = 10.0 / 9.0 * (state.y[NY - 1] - state.y[0]);
    double radians = 3.14159265358979 / 180;
    CU_ASSERT_DOUBLE_EQUAL(width, SWE_EARTH_RADIUS * cos(40.15 * radians) * 0.5 * radians, 10);
    CU_ASSERT_DOUBLE_EQUAL(height, SWE_EARTH_RADIUS * 0.3 * radians, 0.001 * height);
    CU_ASSERT(state.projection.geographic);
    swe_block_destroy(&state.block);
}

/* Depths counted downwards (positive = "down"): the ocean stays ocean. */
static void test_positive_down(void)
{
    cf_file_spec spec = {
        .x = metric_x, .y = metric_y, .elevation = plane_elevation, .context = &sloping_sea};
    spec.field =
        (cf_field_spec){.name = "depth", .units = "m", .positive = "down", .missing_index = -1};
    output_state state;
    expect_runs("positive-down.nc", &spec, &sloping_sea, 1, 1e-3, NULL, &state);
    CU_ASSERT(state.block.h[SWE_INDEX(&state.block, 1, 1)] > 70); /* deep, not land */
    swe_block_destroy(&state.block);
    /* A depth standard name says so too; with positive = "up" it contradicts itself. */
    spec.field.positive = NULL;
    spec.field.standard_name = "sea_floor_depth_below_geoid";
    cf_file_spec as_depth = spec;
    as_depth.field.positive = "down";
    expect_runs("depth-name.nc", &as_depth, &sloping_sea, 1, 1e-3, NULL, &state);
    swe_block_destroy(&state.block);
    spec.field.positive = "up";
    char path[1024], zero[1024];
    write_case("contradiction.nc", &spec, path, sizeof path);
    write_zero_displacement("zero-contradiction.nc", &spec, zero, sizeof zero);
    expect_refused(path, zero, NULL, "with positive = \"up\" and standard_name");
}

/* Packed 16-bit integers: scale_factor and add_offset applied. */
static void test_scale_and_offset(void)
{
    cf_file_spec spec = {
        .x = metric_x, .y = metric_y, .elevation = plane_elevation, .context = &sloping_sea};
    spec.field = (cf_field_spec){.name = "z",
                                 .type = NC_SHORT,
                                 .units = "m",
                                 .scale = 0.01,
                                 .offset = -50,
                                 .missing_index = -1};
    output_state state;
    expect_runs("packed.nc", &spec, &sloping_sea, 1, 0.006, NULL, &state);
    swe_block_destroy(&state.block);
}

/* Coordinates in km: a domain of 90 km, not 90 m. */
static void test_kilometres(void)
{
    const plane per_km = {-80, 50, 20};
    cf_file_spec spec = {.x = {"x", "km", NULL, 19, 0, 5},
                         .y = {"y", "km", NULL, 10, 0, 5},
                         .elevation = plane_elevation,
                         .context = &per_km};
    spec.field = (cf_field_spec){.name = "z", .units = "m", .missing_index = -1};
    output_state state;
    expect_runs("kilometres.nc", &spec, &per_km, 1000, 2e-3, NULL, &state);
    CU_ASSERT_DOUBLE_EQUAL(state.x[0], 90000.0 / NX / 2, 1e-6);
    CU_ASSERT_DOUBLE_EQUAL(state.x[NX - 1], 90000.0 - 90000.0 / NX / 2, 1e-6);
    swe_block_destroy(&state.block);
}

/* missing_value in a bathymetry is refused (no rule could guess the
 * ground); a _FillValue in a displacement counts as no displacement. */
static void test_missing_values(void)
{
    cf_file_spec spec = {
        .x = metric_x, .y = metric_y, .elevation = plane_elevation, .context = &sloping_sea};
    spec.field = (cf_field_spec){.name = "z",
                                 .units = "m",
                                 .fill_kind = CF_MISSING_VALUE,
                                 .fill = -9999,
                                 .missing_index = 30};
    char bathymetry[1024], zero[1024];
    write_case("trench.nc", &spec, bathymetry, sizeof bathymetry);
    write_zero_displacement("zero-trench.nc", &spec, zero, sizeof zero);
    expect_refused(bathymetry, zero, NULL, "has 1 missing values in 'z', the first at x = 450 m");
    /* A displacement of 1 m on the cell centres (25 m, 75 m, ...), its point
     * at the centre of cell (3, 2) a _FillValue. */
    spec.field = (cf_field_spec){.name = "z", .units = "m", .missing_index = -1};
    write_case("sea.nc", &spec, bathymetry, sizeof bathymetry);
    const plane one = {1, 0, 0};
    cf_file_spec lift = {.x = {"x", "m", NULL, NX, 25, 50},
                         .y = {"y", "m", NULL, NY, 25, 50},
                         .elevation = plane_elevation,
                         .context = &one};
    lift.field = (cf_field_spec){.name = "d",
                                 .units = "m",
                                 .fill_kind = CF_FILL_VALUE,
                                 .fill = -32767,
                                 .missing_index = 1 * NX + 2};
    char displacement[1024];
    write_case("lift.nc", &lift, displacement, sizeof displacement);
    swe_program_result result;
    run_case(bathymetry, displacement, "lifted", NULL, &result);
    CU_ASSERT_EQUAL_FATAL(result.exit_code, 0);
    output_state state;
    read_output("lifted", &state);
    size_t filled = SWE_INDEX(&state.block, 3, 2), other = SWE_INDEX(&state.block, 4, 2);
    double bed_filled = plane_elevation(state.x[2], state.y[1], &sloping_sea);
    double bed_other = plane_elevation(state.x[3], state.y[1], &sloping_sea);
    CU_ASSERT_DOUBLE_EQUAL(state.block.b[filled], bed_filled, 1e-3);
    CU_ASSERT_DOUBLE_EQUAL(state.block.b[other], bed_other + 1, 1e-3);
    swe_block_destroy(&state.block);
}

/* A GEBCO file: a type-identifier grid (tid) before the elevation, which
 * its standard name picks; without standard names two variables are
 * refused until --bathymetry-var names one. */
static void test_variable_choice(void)
{
    const plane lonlat_sea = {600, 50, -30};
    cf_file_spec spec = {.x = longitude,
                         .y = latitude,
                         .first_variable = "tid",
                         .elevation = plane_elevation,
                         .context = &lonlat_sea};
    spec.field = (cf_field_spec){.name = "elevation",
                                 .type = NC_SHORT,
                                 .units = "m",
                                 .standard_name = "height_above_mean_sea_level",
                                 .missing_index = -1};
    output_state state;
    expect_runs("gebco.nc", &spec, &lonlat_sea, 1, 0.6, NULL, &state);
    swe_block_destroy(&state.block);
    cf_file_spec unnamed = {.x = metric_x,
                            .y = metric_y,
                            .second_field = "land",
                            .elevation = plane_elevation,
                            .context = &sloping_sea};
    unnamed.field = (cf_field_spec){.name = "z", .units = "m", .missing_index = -1};
    char path[1024], zero[1024];
    write_case("two-fields.nc", &unnamed, path, sizeof path);
    write_zero_displacement("zero-two-fields.nc", &unnamed, zero, sizeof zero);
    expect_refused(path, zero, NULL, "holds several 2D variables (z, land)");
    const char *const choose_z[] = {"--bathymetry-var", "z", NULL};
    expect_runs("two-fields.nc", &unnamed, &sloping_sea, 1, 1e-3, choose_z, &state);
    swe_block_destroy(&state.block);
    const char *const choose_none[] = {"--bathymetry-var", "depth", NULL};
    expect_refused(path, zero, choose_none, "has no 2D variable 'depth'");
}

/* Variables stored over (x, y) are read the right way round. */
static void test_transposed(void)
{
    cf_file_spec spec = {.x = metric_x,
                         .y = metric_y,
                         .transposed = 1,
                         .elevation = plane_elevation,
                         .context = &sloping_sea};
    spec.x.standard_name = "projection_x_coordinate";
    spec.field = (cf_field_spec){.name = "z", .units = "m", .missing_index = -1};
    output_state state;
    expect_runs("transposed.nc", &spec, &sloping_sea, 1, 1e-3, NULL, &state);
    swe_block_destroy(&state.block);
}

/* What no rule can read right is refused, naming the fix. */
static void test_refusals(void)
{
    char path[1024], zero[1024];
    cf_file_spec spec = {
        .x = metric_x, .y = metric_y, .elevation = plane_elevation, .context = &sloping_sea};
    spec.x.units = NULL;
    spec.field = (cf_field_spec){.name = "z", .units = "m", .missing_index = -1};
    write_case("no-units.nc", &spec, path, sizeof path);
    write_zero_displacement("zero-no-units.nc", &spec, zero, sizeof zero);
    expect_refused(path, zero, NULL, "has coordinate 'x' without units");
    spec.x.units = "m";
    write_zero_displacement("zero-metric.nc", &spec, zero, sizeof zero);
    spec.field.units = "s";
    write_case("seconds.nc", &spec, path, sizeof path);
    expect_refused(path, zero, NULL, "has variable 'z' in 's', not a length");
    spec.field.units = "m";
    spec.x = longitude;
    write_case("mixed.nc", &spec, path, sizeof path);
    expect_refused(path, zero, NULL, "mixes degrees ('lon') and lengths ('y')");
    /* Degrees in the bathymetry, metres in the displacement. */
    cf_file_spec geographic = {
        .x = longitude, .y = latitude, .elevation = plane_elevation, .context = &sloping_sea};
    geographic.field = spec.field;
    write_case("geographic.nc", &geographic, path, sizeof path);
    expect_refused(path, zero, NULL, "in the same coordinates");
    /* Twenty degrees of latitude: the local projection would stretch too far. */
    geographic.y.step = 20.0 / 30;
    write_case("tall.nc", &geographic, path, sizeof path);
    write_zero_displacement("zero-tall.nc", &geographic, zero, sizeof zero);
    expect_refused(path, zero, NULL, "would stretch distances by");
}

void register_cf_input_tests(void)
{
    CU_pSuite suite = CU_add_suite("cf-input", set_up, tear_down);
    swe_test_require_registered(suite, "suite cf-input");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"degrees named x and y are longitude and latitude", test_degrees_named_x_and_y},
        {"depths counted downwards stay depths", test_positive_down},
        {"scale_factor and add_offset are applied", test_scale_and_offset},
        {"kilometres become metres", test_kilometres},
        {"missing values: refused in a bed, zero in a displacement", test_missing_values},
        {"the variable by standard name, or named", test_variable_choice},
        {"a variable over (x, y) is read the right way round", test_transposed},
        {"what cannot be read right is refused", test_refusals},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
