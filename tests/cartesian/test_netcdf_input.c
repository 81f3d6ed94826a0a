/* Tests of NetCDF input (--scenario netcdf): bilinear sampling onto the
 * grid, the domain from the bathymetry, and the refusal of every malformed
 * file; and of the command-line options of the I/O layer. What CF asks of
 * a reader (units, positive, packing, fill values, longitude and latitude)
 * is tested in tests/test_cf_input.c. */
#include "cartesian/grid/block.h"
#include "cartesian/io/netcdf_input.h"
#include "cartesian/io/netcdf_output.h"
#include "cartesian/scenarios/scenario.h"
#include "tests/program_runner.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <netcdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char directory[512];

static int set_up(void)
{
    return swe_make_test_directory(directory, sizeof directory, "input");
}

static int tear_down(void)
{
    return swe_remove_test_directory(directory);
}

/* What a test file holds; each flag breaks it in one way. */
typedef struct input_file {
    const char *name;
    size_t nx, ny;
    double x0, dx, y0, dy;         /* dx < 0: falling coordinates */
    double base, slope_x, slope_y; /* value = base + slope_x * x + slope_y * y */
    int without_y, without_field, unsorted, with_nan, field_over_x_only;
} input_file;

static void write_input(const input_file *spec, char *path, size_t size)
{
    swe_path_in(path, size, directory, spec->name);
    int ncid, x_dim, y_dim, x_id, y_id, field_id;
    CU_ASSERT_EQUAL_FATAL(nc_create(path, NC_CLOBBER, &ncid), NC_NOERR);
    CU_ASSERT_EQUAL(nc_def_dim(ncid, "x", spec->nx, &x_dim), NC_NOERR);
    CU_ASSERT_EQUAL(nc_def_dim(ncid, "y", spec->ny, &y_dim), NC_NOERR);
    CU_ASSERT_EQUAL(nc_def_var(ncid, "x", NC_DOUBLE, 1, &x_dim, &x_id), NC_NOERR);
    if (!spec->without_y) {
        CU_ASSERT_EQUAL(nc_def_var(ncid, "y", NC_DOUBLE, 1, &y_dim, &y_id), NC_NOERR);
    }
    int dims[2] = {y_dim, x_dim};
    if (!spec->without_field) {
        CU_ASSERT_EQUAL(nc_def_var(ncid, "z", NC_FLOAT, spec->field_over_x_only ? 1 : 2,
                                   spec->field_over_x_only ? &x_dim : dims, &field_id),
                        NC_NOERR);
    }
    /* Metres everywhere: tests/cartesian/test_cf_input.c tries the other units. */
    CU_ASSERT_EQUAL(nc_put_att_text(ncid, x_id, "units", 1, "m"), NC_NOERR);
    if (!spec->without_y) {
        CU_ASSERT_EQUAL(nc_put_att_text(ncid, y_id, "units", 1, "m"), NC_NOERR);
    }
    if (!spec->without_field) {
        CU_ASSERT_EQUAL(nc_put_att_text(ncid, field_id, "units", 1, "m"), NC_NOERR);
    }
    CU_ASSERT_EQUAL(nc_enddef(ncid), NC_NOERR);
    double *x = malloc(spec->nx * sizeof *x), *y = malloc(spec->ny * sizeof *y);
    float *values = malloc(spec->nx * spec->ny * sizeof *values);
    CU_ASSERT_FATAL(x != NULL && y != NULL && values != NULL);
    for (size_t i = 0; i < spec->nx; ++i) {
        x[i] = spec->x0 + (double)i * spec->dx;
    }
    for (size_t j = 0; j < spec->ny; ++j) {
        y[j] = spec->y0 + (double)j * spec->dy;
    }
    if (spec->unsorted) {
        x[1] = x[2];
    }
    for (size_t j = 0; j < spec->ny; ++j) {
        for (size_t i = 0; i < spec->nx; ++i) {
            values[j * spec->nx + i] =
                (float)(spec->base + spec->slope_x * x[i] + spec->slope_y * y[j]);
        }
    }
    if (spec->with_nan) {
        values[spec->nx + 1] = NAN;
    }
    CU_ASSERT_EQUAL(nc_put_var_double(ncid, x_id, x), NC_NOERR);
    if (!spec->without_y) {
        CU_ASSERT_EQUAL(nc_put_var_double(ncid, y_id, y), NC_NOERR);
    }
    if (!spec->without_field) {
        CU_ASSERT_EQUAL(nc_put_var_float(ncid, field_id, values), NC_NOERR);
    }
    CU_ASSERT_EQUAL(nc_close(ncid), NC_NOERR);
    free(x);
    free(y);
    free(values);
}

/* A sloping sea floor from -100 m to -20 m over [0, 1000] x [0, 500],
 * sampled every 50 m, with falling y coordinates. */
static const input_file good_bathymetry = {.name = "bathymetry.nc",
                                           .nx = 21,
                                           .ny = 11,
                                           .x0 = 0,
                                           .dx = 50,
                                           .y0 = 500,
                                           .dy = -50,
                                           .base = -100,
                                           .slope_x = 0.06,
                                           .slope_y = 0.04};
/* A displacement of 0.5 m + x / 1000 over the western half only. */
static const input_file good_displacement = {.name = "displacement.nc",
                                             .nx = 6,
                                             .ny = 6,
                                             .x0 = 0,
                                             .dx = 100,
                                             .y0 = 0,
                                             .dy = 100,
                                             .base = 0.5,
                                             .slope_x = 0.001};

/* The input block of the two files, through the library. */
static int create_block(const char *bathymetry, const char *displacement, int nx, int ny,
                        swe_block *block, swe_error *err)
{
    const swe_input_files files = {bathymetry, displacement, NULL, NULL};
    swe_map_projection projection;
    int status = swe_netcdf_input_create_block(swe_scenario_find("netcdf"), nx, ny, &files, block,
                                               &projection, err);
    CU_ASSERT(status != SWE_OK || !projection.geographic);
    return status;
}

static void test_samples_files_bilinearly(void)
{
    char bathymetry[1024], displacement[1024];
    write_input(&good_bathymetry, bathymetry, sizeof bathymetry);
    write_input(&good_displacement, displacement, sizeof displacement);
    swe_block block;
    swe_error err;
    const swe_scenario *scenario = swe_scenario_find("netcdf");
    CU_ASSERT_PTR_NOT_NULL_FATAL(scenario);
    CU_ASSERT_EQUAL_FATAL(create_block(bathymetry, displacement, 40, 10, &block, &err), SWE_OK);
    CU_ASSERT_DOUBLE_EQUAL(block.x0, 0.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(block.y0, 0.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(block.width, 1000.0, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(block.height, 500.0, 1e-9);
    CU_ASSERT_EQUAL(block.boundary[SWE_EDGE_LEFT], SWE_BOUNDARY_OUTFLOW);
    /* Bilinear sampling of a linear field is exact (to float rounding). */
    double tolerance = 1e-4 + 10 * SWE_TEST_EPSILON * 100;
    for (int j = 1; j <= block.ny; ++j) {
        double y = swe_block_cell_y(&block, j);
        for (int i = 1; i <= block.nx; ++i) {
            double x = swe_block_cell_x(&block, i);
            double bed = -100 + 0.06 * x + 0.04 * y;
            double lift = x <= 500 ? 0.5 + 0.001 * x : 0.0;
            size_t cell = SWE_INDEX(&block, i, j);
            CU_ASSERT_DOUBLE_EQUAL(block.h[cell], -bed, tolerance);
            CU_ASSERT_DOUBLE_EQUAL(block.b[cell], bed + lift, tolerance);
            CU_ASSERT_EQUAL(block.hu[cell], 0);
        }
    }
    swe_block_destroy(&block);
}

static void expect_input_refused(const input_file *bathymetry_spec, const char *message)
{
    char bathymetry[1024], displacement[1024];
    write_input(bathymetry_spec, bathymetry, sizeof bathymetry);
    write_input(&good_displacement, displacement, sizeof displacement);
    swe_block block;
    swe_error err = {{0}};
    int status = create_block(bathymetry, displacement, 10, 10, &block, &err);
    CU_ASSERT_EQUAL(status, SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, message));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, bathymetry_spec->name));
    if (status != SWE_ERROR_USAGE || strstr(err.message, message) == NULL) {
        fprintf(stderr, "\n    expected '%s', got: %s", message, err.message);
    }
    if (status == SWE_OK) {
        swe_block_destroy(&block);
    }
}

static void test_refuses_malformed_files(void)
{
    input_file spec = good_bathymetry;
    spec.name = "without-y.nc";
    spec.without_y = 1;
    expect_input_refused(&spec, "has variable 'z' over dimension 'y', which has no coordinate");
    spec = good_bathymetry;
    spec.name = "without-field.nc";
    spec.without_field = 1;
    expect_input_refused(&spec, "has no 2D variable over two coordinate axes");
    spec = good_bathymetry;
    spec.name = "one-dimensional.nc";
    spec.field_over_x_only = 1;
    expect_input_refused(&spec, "has no 2D variable over two coordinate axes");
    spec = good_bathymetry;
    spec.name = "unsorted.nc";
    spec.unsorted = 1;
    expect_input_refused(&spec, "not strictly monotonic");
    spec = good_bathymetry;
    spec.name = "nan.nc";
    spec.with_nan = 1;
    expect_input_refused(&spec, "has 1 missing values in 'z', the first at x = 50 m, y = 450 m");
    spec = good_bathymetry;
    spec.name = "single-point.nc";
    spec.ny = 1;
    expect_input_refused(&spec, "has 1 points along 'y' (2 to");
    /* A displacement that lies beside the domain is another coordinate system. */
    char bathymetry[1024], displacement[1024];
    write_input(&good_bathymetry, bathymetry, sizeof bathymetry);
    input_file far_away = good_displacement;
    far_away.name = "far-away.nc";
    far_away.x0 = 5000;
    write_input(&far_away, displacement, sizeof displacement);
    swe_error far_err;
    swe_block far_block;
    CU_ASSERT_EQUAL(create_block(bathymetry, displacement, 4, 4, &far_block, &far_err),
                    SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(far_err.message, "outside the bathymetry's domain"));
    char text[1024];
    swe_path_in(text, sizeof text, directory, "text.nc");
    FILE *file = fopen(text, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    fputs("x,y,z\n", file);
    fclose(file);
    swe_block block;
    swe_error err;
    CU_ASSERT_EQUAL(create_block(text, text, 4, 4, &block, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "bathymetry file"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "cannot be read"));
}

/* ---- the command line ---- */

static void expect_cli_refusal(const char *const *args, const char *message)
{
    swe_program_result result;
    swe_program_run(directory, args, &result);
    CU_ASSERT_EQUAL(result.exit_code, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, message));
    char *newline = strchr(result.err, '\n');
    CU_ASSERT(newline != NULL && newline[1] == '\0');
    char path[1024];
    swe_path_in(path, sizeof path, directory, "refused.nc");
    CU_ASSERT_FALSE(swe_file_exists(path));
    swe_path_in(path, sizeof path, directory, "refused.nc.tmp");
    CU_ASSERT_FALSE(swe_file_exists(path));
    if (result.exit_code != 2 || strstr(result.err, message) == NULL) {
        fprintf(stderr, "\n    expected '%s', got exit %d: %s", message, result.exit_code,
                result.err);
    }
}

#define REFUSE(message, ...)                                                                       \
    do {                                                                                           \
        char output_[1024];                                                                        \
        swe_path_in(output_, sizeof output_, directory, "refused");                                \
        const char *const args_[] = {"--output", output_, "--nx",      "8",                        \
                                     "--ny",     "8",     __VA_ARGS__, NULL};                      \
        expect_cli_refusal(args_, message);                                                        \
    } while (0)

static void test_cli_refuses_bad_io_options(void)
{
    REFUSE("unknown format 'gif' in --format", "--format", "netcdf,gif");
    REFUSE("unknown format '' in --format", "--format", "vtk,");
    REFUSE("--checkpoint-every must be positive", "--checkpoint-every", "0");
    REFUSE("--checkpoint-every needs a number", "--checkpoint-every", "often");
    REFUSE("--benchmark writes no files", "--benchmark", "--checkpoint-every", "1");
    REFUSE("--scenario netcdf needs --bathymetry FILE and --displacement FILE", "--scenario",
           "netcdf");
    REFUSE("--bathymetry and --displacement go with --scenario netcdf", "--bathymetry", "b.nc",
           "--displacement", "d.nc");
    char bathymetry[1024], displacement[1024];
    write_input(&good_bathymetry, bathymetry, sizeof bathymetry);
    write_input(&good_displacement, displacement, sizeof displacement);
    REFUSE("displacement file '/nonexistent/d.nc' cannot be read", "--scenario", "netcdf",
           "--bathymetry", bathymetry, "--displacement", "/nonexistent/d.nc");
    input_file broken = good_bathymetry;
    broken.name = "broken.nc";
    broken.without_field = 1;
    write_input(&broken, bathymetry, sizeof bathymetry);
    REFUSE("has no 2D variable over two coordinate axes", "--scenario", "netcdf", "--bathymetry",
           bathymetry, "--displacement", displacement);
}

static void test_help_lists_io_options(void)
{
    const char *const args[] = {"--help", NULL};
    swe_program_result result;
    swe_program_run(directory, args, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    const char *expected[] = {"--format LIST",
                              "--checkpoint-every SECONDS",
                              "--restart FILE",
                              "--bathymetry FILE",
                              "--displacement FILE",
                              "artificial-tsunami",
                              "netcdf, vtk, png (default netcdf)"};
    for (unsigned k = 0; k < sizeof expected / sizeof expected[0]; ++k) {
        CU_ASSERT_PTR_NOT_NULL(strstr(result.out, expected[k]));
    }
}

static void test_cli_runs_netcdf_and_artificial_tsunami(void)
{
    char bathymetry[1024], displacement[1024], output[1024], path[1024];
    write_input(&good_bathymetry, bathymetry, sizeof bathymetry);
    write_input(&good_displacement, displacement, sizeof displacement);
    swe_path_in(output, sizeof output, directory, "from-files");
    const char *const from_files[] = {"--scenario",     "netcdf",     "--bathymetry", bathymetry,
                                      "--displacement", displacement, "--nx",         "20",
                                      "--ny",           "10",         "--t-end",      "5",
                                      "--output",       output,       "--quiet",      NULL};
    swe_program_result result;
    swe_program_run(directory, from_files, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    swe_path_in(path, sizeof path, directory, "from-files.nc");
    CU_ASSERT(swe_file_exists(path));
    swe_path_in(output, sizeof output, directory, "tsunami");
    const char *const tsunami[] = {
        "--scenario", "artificial-tsunami", "--nx", "40",      "--ny", "40", "--t-end",
        "100",        "--output",           output, "--quiet", NULL};
    swe_program_run(directory, tsunami, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.out, "summary: "));
}

/* An unstable run (CFL 1 beyond the 0.5 limit) stops at the bad step with
 * exit code 1, naming step, time and cell, and keeps the valid snapshots. */
static void test_nan_guard_keeps_valid_output(void)
{
    char output[1024], path[1024];
    swe_path_in(output, sizeof output, directory, "unstable");
    const char *const args[] = {"--scenario", "bump-dam-break", "--solver", "rusanov",    "--cfl",
                                "1",          "--nx",           "50",       "--ny",       "50",
                                "--output",   output,           "--format", "netcdf,vtk", "--quiet",
                                NULL};
    swe_program_result result;
    swe_program_run(directory, args, &result);
    CU_ASSERT_EQUAL(result.exit_code, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, "shallows: step "));
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, "made the state invalid"));
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, "cell ("));
    swe_path_in(path, sizeof path, directory, "unstable.nc");
    CU_ASSERT(swe_file_exists(path));
    swe_error err;
    int snapshots = swe_netcdf_snapshot_count(path, &err);
    CU_ASSERT(snapshots >= 1 && snapshots < 11);
    swe_path_in(path, sizeof path, directory, "unstable.nc.tmp");
    CU_ASSERT_FALSE(swe_file_exists(path));
    swe_path_in(path, sizeof path, directory, "unstable_0000.vtr");
    CU_ASSERT(swe_file_exists(path));
    swe_path_in(path, sizeof path, directory, "unstable_0010.vtr");
    CU_ASSERT_FALSE(swe_file_exists(path));
}

/* A projected input as GDAL's NetCDF export writes it: the field "Band1"
 * without units, a grid mapping variable with transverse_mercator's
 * parameters and the WKT (spatial_ref and crs_wkt) in metres. */
static void write_gdal_export(const char *name, double value, char *path, size_t size)
{
    static const char wkt[] =
        "PROJCS[\"WGS 84 / UTM zone 32N\",GEOGCS[\"WGS 84\",DATUM[\"WGS_1984\",SPHEROID["
        "\"WGS 84\",6378137,298.257223563]],PRIMEM[\"Greenwich\",0],UNIT[\"degree\","
        "0.0174532925199433]],PROJECTION[\"Transverse_Mercator\"],PARAMETER[\"central_meridian\","
        "9],PARAMETER[\"scale_factor\",0.9996],PARAMETER[\"false_easting\",500000],UNIT["
        "\"metre\",1],AUTHORITY[\"EPSG\",\"32632\"]]";
    swe_path_in(path, size, directory, name);
    int ncid, dims[2], x_id, y_id, crs_id, band_id;
    CU_ASSERT_EQUAL_FATAL(nc_create(path, NC_CLOBBER, &ncid), NC_NOERR);
    CU_ASSERT_EQUAL(nc_def_dim(ncid, "y", 8, &dims[0]), NC_NOERR);
    CU_ASSERT_EQUAL(nc_def_dim(ncid, "x", 10, &dims[1]), NC_NOERR);
    CU_ASSERT_EQUAL(nc_def_var(ncid, "x", NC_DOUBLE, 1, &dims[1], &x_id), NC_NOERR);
    CU_ASSERT_EQUAL(nc_def_var(ncid, "y", NC_DOUBLE, 1, &dims[0], &y_id), NC_NOERR);
    CU_ASSERT_EQUAL(nc_put_att_text(ncid, x_id, "units", 1, "m"), NC_NOERR);
    CU_ASSERT_EQUAL(nc_put_att_text(ncid, y_id, "units", 1, "m"), NC_NOERR);
    CU_ASSERT_EQUAL(nc_def_var(ncid, "transverse_mercator", NC_CHAR, 0, NULL, &crs_id), NC_NOERR);
    CU_ASSERT_EQUAL(nc_put_att_text(ncid, crs_id, "grid_mapping_name", 19, "transverse_mercator"),
                    NC_NOERR);
    const double central = 9.0, scale = 0.9996, easting = 500000.0;
    CU_ASSERT_EQUAL(
        nc_put_att_double(ncid, crs_id, "longitude_of_central_meridian", NC_DOUBLE, 1, &central),
        NC_NOERR);
    CU_ASSERT_EQUAL(
        nc_put_att_double(ncid, crs_id, "scale_factor_at_central_meridian", NC_DOUBLE, 1, &scale),
        NC_NOERR);
    CU_ASSERT_EQUAL(nc_put_att_double(ncid, crs_id, "false_easting", NC_DOUBLE, 1, &easting),
                    NC_NOERR);
    CU_ASSERT_EQUAL(nc_put_att_text(ncid, crs_id, "spatial_ref", strlen(wkt), wkt), NC_NOERR);
    CU_ASSERT_EQUAL(nc_put_att_text(ncid, crs_id, "crs_wkt", strlen(wkt), wkt), NC_NOERR);
    CU_ASSERT_EQUAL(nc_def_var(ncid, "Band1", NC_FLOAT, 2, dims, &band_id), NC_NOERR);
    CU_ASSERT_EQUAL(nc_put_att_text(ncid, band_id, "grid_mapping", 19, "transverse_mercator"),
                    NC_NOERR);
    CU_ASSERT_EQUAL(nc_enddef(ncid), NC_NOERR);
    double x[10], y[8];
    float band[80];
    for (int i = 0; i < 10; ++i) {
        x[i] = 500000.0 + 250.0 * i;
    }
    for (int j = 0; j < 8; ++j) {
        y[j] = 5000000.0 + 250.0 * j;
    }
    for (int c = 0; c < 80; ++c) {
        band[c] = (float)value;
    }
    CU_ASSERT_EQUAL(nc_put_var_double(ncid, x_id, x), NC_NOERR);
    CU_ASSERT_EQUAL(nc_put_var_double(ncid, y_id, y), NC_NOERR);
    CU_ASSERT_EQUAL(nc_put_var_float(ncid, band_id, band), NC_NOERR);
    CU_ASSERT_EQUAL(nc_close(ncid), NC_NOERR);
}

/* GDAL's export is read (its Band1 in the CRS's metres) and the outputs
 * carry its grid mapping: a variable crs with the input's mapping name,
 * parameters and WKT, named by the fields' grid_mapping. */
static void test_projected_input_keeps_its_grid_mapping(void)
{
    char bathymetry[1024], displacement[1024], output[1024], path[1100], text[4096];
    write_gdal_export("utm_bathymetry.nc", -40.0, bathymetry, sizeof bathymetry);
    write_gdal_export("utm_displacement.nc", 0.5, displacement, sizeof displacement);
    swe_path_in(output, sizeof output, directory, "utm");
    const char *args[] = {
        "--scenario", "netcdf", "--bathymetry", bathymetry, "--displacement", displacement,
        "--nx",       "10",     "--ny",         "8",        "--t-end",        "5",
        "--outputs",  "1",      "--output",     output,     "--quiet",        NULL};
    swe_program_result result;
    swe_program_run(directory, args, &result);
    CU_ASSERT_EQUAL_FATAL(result.exit_code, 0);
    snprintf(path, sizeof path, "%s.nc", output);
    int ncid, crs_id, b_id;
    double central = 0.0;
    CU_ASSERT_EQUAL_FATAL(nc_open(path, NC_NOWRITE, &ncid), NC_NOERR);
    CU_ASSERT_EQUAL_FATAL(nc_inq_varid(ncid, "crs", &crs_id), NC_NOERR);
    memset(text, 0, sizeof text);
    CU_ASSERT_EQUAL(nc_get_att_text(ncid, crs_id, "grid_mapping_name", text), NC_NOERR);
    CU_ASSERT_STRING_EQUAL(text, "transverse_mercator");
    CU_ASSERT_EQUAL(nc_get_att_double(ncid, crs_id, "longitude_of_central_meridian", &central),
                    NC_NOERR);
    CU_ASSERT_EQUAL(central, 9.0);
    memset(text, 0, sizeof text);
    CU_ASSERT_EQUAL(nc_get_att_text(ncid, crs_id, "crs_wkt", text), NC_NOERR);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "UTM zone 32N"));
    CU_ASSERT_EQUAL_FATAL(nc_inq_varid(ncid, "b", &b_id), NC_NOERR);
    memset(text, 0, sizeof text);
    CU_ASSERT_EQUAL(nc_get_att_text(ncid, b_id, "grid_mapping", text), NC_NOERR);
    CU_ASSERT_STRING_EQUAL(text, "crs");
    double bed[80];
    CU_ASSERT_EQUAL(nc_get_var_double(ncid, b_id, bed), NC_NOERR);
    CU_ASSERT_DOUBLE_EQUAL(bed[0], -39.5, 1e-6); /* the bed, lifted by the displacement */
    nc_close(ncid);
}

void register_netcdf_input_tests(void)
{
    CU_pSuite suite = CU_add_suite("netcdf_input", set_up, tear_down);
    swe_test_require_registered(suite, "suite netcdf_input");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"bathymetry and displacement are sampled bilinearly", test_samples_files_bilinearly},
        {"malformed input files are refused", test_refuses_malformed_files},
        {"bad I/O options are refused", test_cli_refuses_bad_io_options},
        {"--help lists the I/O options", test_help_lists_io_options},
        {"netcdf and artificial-tsunami scenarios run",
         test_cli_runs_netcdf_and_artificial_tsunami},
        {"the NaN guard stops the run and keeps valid output", test_nan_guard_keeps_valid_output},
        {"a projected input (GDAL's export) keeps its grid mapping",
         test_projected_input_keeps_its_grid_mapping},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
