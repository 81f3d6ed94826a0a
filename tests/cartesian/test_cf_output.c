/* What the output files say about themselves (CF): standard names,
 * units, bounds, the fill value of dry cells, history, compression in
 * tiles, no axis attributes (ParaView would take x and y for longitude
 * and latitude); the maxima and the gauge time series; the Navier-Stokes
 * volume described the same way. The CF checkers
 * themselves run over these files in tools/check_files.py. */
#include "cartesian/io/output_fields.h"
#include "io/compression.h"
#include "io/netcdf_volume.h"
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
    return swe_make_test_directory(directory, sizeof directory, "cf-output");
}

static int tear_down(void)
{
    return swe_remove_test_directory(directory);
}

static void text_attribute(int ncid, const char *variable, const char *name, char *text,
                           size_t size)
{
    int varid = NC_GLOBAL;
    size_t length = 0;
    text[0] = '\0';
    if ((variable != NULL && nc_inq_varid(ncid, variable, &varid) != NC_NOERR) ||
        nc_inq_attlen(ncid, varid, name, &length) != NC_NOERR || length >= size ||
        nc_get_att_text(ncid, varid, name, text) != NC_NOERR) {
        return;
    }
    text[length] = '\0';
}

static void expect_text(int ncid, const char *variable, const char *name, const char *value)
{
    char text[512];
    text_attribute(ncid, variable, name, text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, value);
    if (strcmp(text, value) != 0) {
        fprintf(stderr, "\n    %s:%s is '%s', not '%s'", variable != NULL ? variable : "", name,
                text, value);
    }
}

/* A tsunami of 40 x 40 cells with maxima and two gauges into output,
 * with checkpoints every checkpoint_every seconds (NULL: none). */
static void run_tsunami_checkpointed(const char *output, const char *compress,
                                     const char *checkpoint_every)
{
    char path[1024];
    swe_path_in(path, sizeof path, directory, output);
    const char *const args[] = {"--checkpoint-every",
                                checkpoint_every != NULL ? checkpoint_every : "",
                                "--scenario",
                                "artificial-tsunami",
                                "--nx",
                                "40",
                                "--ny",
                                "40",
                                "--t-end",
                                "300",
                                "--outputs",
                                "3",
                                "--maxima",
                                "--gauge",
                                "80000,50000",
                                "--gauge",
                                "30000,50000",
                                "--compress",
                                compress,
                                "--quiet",
                                "--output",
                                path,
                                NULL};
    swe_program_result result;
    swe_program_run(directory, checkpoint_every != NULL ? args : args + 2, &result);
    CU_ASSERT_EQUAL_FATAL(result.exit_code, 0);
}

static void run_tsunami(const char *output, const char *compress)
{
    run_tsunami_checkpointed(output, compress, NULL);
}

static int open_output(const char *name)
{
    char path[1024];
    swe_path_in(path, sizeof path, directory, name);
    int ncid = -1;
    CU_ASSERT_EQUAL_FATAL(nc_open(path, NC_NOWRITE, &ncid), NC_NOERR);
    return ncid;
}

static void test_names_units_and_bounds(void)
{
    run_tsunami("named", "1");
    int ncid = open_output("named.nc");
    const char *const names[][3] = {
        {"h", "sea_floor_depth_below_sea_surface", "m"},
        {"eta", "water_surface_height_above_reference_datum", "m"},
        {"u", "sea_water_x_velocity", "m s-1"},
        {"v", "sea_water_y_velocity", "m s-1"},
        {"b", "bedrock_altitude", "m"},
        {"x", "projection_x_coordinate", "m"},
        {"time", "time", "seconds since 1970-01-01 00:00:00"},
        {"max_speed", "sea_water_speed", "m s-1"},
    };
    for (size_t n = 0; n < sizeof names / sizeof names[0]; ++n) {
        expect_text(ncid, names[n][0], "standard_name", names[n][1]);
        expect_text(ncid, names[n][0], "units", names[n][2]);
    }
    expect_text(ncid, "x", "axis", ""); /* ParaView's sake */
    expect_text(ncid, "x", "bounds", "x_bnds");
    expect_text(ncid, "max_depth", "cell_methods", "maxima_period: maximum");
    expect_text(ncid, NULL, "Conventions", "CF-1.8");
    char history[1024];
    text_attribute(ncid, NULL, "history", history, sizeof history);
    CU_ASSERT_PTR_NOT_NULL(strstr(history, "Z: shallows --scenario artificial-tsunami"));
    /* Cell bounds: 2.5 km cells from 0. */
    int bounds_id;
    double bounds[4];
    CU_ASSERT_EQUAL_FATAL(nc_inq_varid(ncid, "x_bnds", &bounds_id), NC_NOERR);
    const size_t start[] = {0, 0}, count[] = {2, 2};
    CU_ASSERT_EQUAL(nc_get_vara_double(ncid, bounds_id, start, count, bounds), NC_NOERR);
    CU_ASSERT(bounds[0] == 0 && bounds[1] == 2500 && bounds[2] == 2500 && bounds[3] == 5000);
    nc_close(ncid);
}

/* Dry land is missing in eta and the velocity, where ncview, xarray and
 * ParaView show no colour; the maxima hold the wave's arrival. */
static void test_dry_cells_and_maxima(void)
{
    run_tsunami("masked", "1");
    int ncid = open_output("masked.nc");
    int eta_id, h_id, arrival_id, depth_id;
    CU_ASSERT_EQUAL_FATAL(nc_inq_varid(ncid, "eta", &eta_id), NC_NOERR);
    CU_ASSERT_EQUAL_FATAL(nc_inq_varid(ncid, "h", &h_id), NC_NOERR);
    CU_ASSERT_EQUAL_FATAL(nc_inq_varid(ncid, "arrival_time", &arrival_id), NC_NOERR);
    CU_ASSERT_EQUAL_FATAL(nc_inq_varid(ncid, "max_depth", &depth_id), NC_NOERR);
    float fill = 0, eta[40 * 40], h[40 * 40], arrival[40 * 40], depth[40 * 40];
    CU_ASSERT_EQUAL(nc_get_att_float(ncid, eta_id, "_FillValue", &fill), NC_NOERR);
    CU_ASSERT(isnan(fill));
    const size_t start[] = {3, 0, 0}, count[] = {1, 40, 40};
    CU_ASSERT_EQUAL(nc_get_vara_float(ncid, eta_id, start, count, eta), NC_NOERR);
    CU_ASSERT_EQUAL(nc_get_vara_float(ncid, h_id, start, count, h), NC_NOERR);
    CU_ASSERT_EQUAL(nc_get_var_float(ncid, arrival_id, arrival), NC_NOERR);
    CU_ASSERT_EQUAL(nc_get_var_float(ncid, depth_id, depth), NC_NOERR);
    int dry = 0, wrong = 0;
    for (int k = 0; k < 40 * 40; ++k) {
        dry += h[k] < SWE_DRY_TOLERANCE;
        wrong += (h[k] < SWE_DRY_TOLERANCE) != (isnan(eta[k]) != 0);
        wrong += depth[k] < h[k]; /* the maximum is at least the last depth */
    }
    CU_ASSERT(dry >= 40 * 6); /* the coast beyond 85 km */
    CU_ASSERT_EQUAL(wrong, 0);
    /* Through the hump (x = 30 km) the surface moves at the first step;
     * from there the wave arrives later the farther east, until the dry
     * land beyond 85 km, which it never reaches by 300 s. */
    int row = 20 * 40, later = 1;
    CU_ASSERT(arrival[row + 11] < 20);
    for (int i = 17; i < 33; ++i) {
        later = later && arrival[row + i + 1] >= arrival[row + i];
    }
    CU_ASSERT(later);
    CU_ASSERT(arrival[row + 25] > arrival[row + 11] + 60);
    CU_ASSERT(isnan(arrival[row + 38]));
    nc_close(ncid);
}

/* The values of a variable of the file at name, as doubles. */
static void read_variable(const char *name, const char *variable, double *values)
{
    int ncid = open_output(name), varid;
    CU_ASSERT_EQUAL_FATAL(nc_inq_varid(ncid, variable, &varid), NC_NOERR);
    CU_ASSERT_EQUAL(nc_get_var_double(ncid, varid, values), NC_NOERR);
    nc_close(ncid);
}

/* A run that checkpoints writes its snapshots in sealed parts, joined
 * into PATH.nc at the end: the maxima come through the join as they are
 * in a run without checkpoints. */
static void test_maxima_through_sealed_parts(void)
{
    run_tsunami("unsealed", "1");
    run_tsunami_checkpointed("sealed", "1", "100");
    const char *const variables[] = {"max_depth", "max_speed", "arrival_time", "maxima_period"};
    static double unsealed[40 * 40], sealed[40 * 40];
    for (size_t v = 0; v < sizeof variables / sizeof variables[0]; ++v) {
        for (int k = 0; k < 40 * 40; ++k) {
            unsealed[k] = sealed[k] = -1.0;
        }
        read_variable("unsealed.nc", variables[v], unsealed);
        read_variable("sealed.nc", variables[v], sealed);
        int same = 1, written = 0;
        for (int k = 0; k < 40 * 40; ++k) {
            same = same && (memcmp(&unsealed[k], &sealed[k], sizeof(double)) == 0);
            written += !isnan(sealed[k]) && sealed[k] > 0;
        }
        CU_ASSERT(same);
        CU_ASSERT(written > 0);
        if (!same || written == 0) {
            fprintf(stderr, "\n    %s differs after the sealed parts were joined", variables[v]);
        }
    }
}

/* Fields are deflated with the shuffle in tiles at --compress N, stored
 * plainly at 0. */
static void test_compression(void)
{
    run_tsunami("packed", "5");
    run_tsunami("plain", "0");
    int packed = open_output("packed.nc"), plain = open_output("plain.nc");
    int id, shuffle, deflate, level, storage;
    size_t chunks[3];
    CU_ASSERT_EQUAL(nc_inq_varid(packed, "h", &id), NC_NOERR);
    CU_ASSERT_EQUAL(nc_inq_var_deflate(packed, id, &shuffle, &deflate, &level), NC_NOERR);
    CU_ASSERT(shuffle == 1 && deflate == 1 && level == 5);
    CU_ASSERT_EQUAL(nc_inq_var_chunking(packed, id, &storage, chunks), NC_NOERR);
    CU_ASSERT(storage == NC_CHUNKED && chunks[0] == 1 && chunks[1] == 40 && chunks[2] == 40);
    CU_ASSERT_EQUAL(nc_inq_varid(plain, "h", &id), NC_NOERR);
    CU_ASSERT_EQUAL(nc_inq_var_deflate(plain, id, &shuffle, &deflate, &level), NC_NOERR);
    CU_ASSERT_EQUAL(deflate, 0);
    nc_close(packed);
    nc_close(plain);
}

/* The gauges' series: one value per sample, the first at t = 0, the
 * wave arriving at the gauge near the coast after the one at the hump. */
static void test_gauge_series(void)
{
    run_tsunami("gauged", "1");
    int ncid = open_output("gauged_gauges.nc");
    int time_dim, eta_id, time_id, cell_x_id;
    size_t samples = 0;
    CU_ASSERT_EQUAL_FATAL(nc_inq_dimid(ncid, "time", &time_dim), NC_NOERR);
    CU_ASSERT_EQUAL(nc_inq_dimlen(ncid, time_dim, &samples), NC_NOERR);
    CU_ASSERT_FATAL(samples > 20 && samples < 2000);
    CU_ASSERT_EQUAL_FATAL(nc_inq_varid(ncid, "eta", &eta_id), NC_NOERR);
    CU_ASSERT_EQUAL_FATAL(nc_inq_varid(ncid, "time", &time_id), NC_NOERR);
    CU_ASSERT_EQUAL_FATAL(nc_inq_varid(ncid, "cell_x", &cell_x_id), NC_NOERR);
    double *time = malloc(samples * sizeof *time);
    float *eta = malloc(2 * samples * sizeof *eta);
    double cell_x[2];
    CU_ASSERT_FATAL(time != NULL && eta != NULL);
    CU_ASSERT_EQUAL(nc_get_var_double(ncid, time_id, time), NC_NOERR);
    CU_ASSERT_EQUAL(nc_get_var_float(ncid, eta_id, eta), NC_NOERR);
    CU_ASSERT_EQUAL(nc_get_var_double(ncid, cell_x_id, cell_x), NC_NOERR);
    /* 80 km lies on the edge of cells 32 and 33: the one to the east. */
    CU_ASSERT(cell_x[0] == 81250 && cell_x[1] == 31250);
    CU_ASSERT_EQUAL(time[0], 0.0);
    CU_ASSERT_DOUBLE_EQUAL(time[samples - 1], 300.0, 1e-9);
    int increasing = 1;
    for (size_t k = 1; k < samples; ++k) {
        increasing = increasing && time[k] > time[k - 1];
    }
    CU_ASSERT(increasing);
    CU_ASSERT(eta[1] > 1.0 && eta[1] < 2.0); /* the hump's gauge at t = 0 */
    /* Near the coast, still water until the wave has come the 35 km from
     * the hump's edge at about sqrt(9.81 m/s^2 2000 m) = 140 m/s. */
    float before = 0, after = 0;
    for (size_t k = 0; k < samples; ++k) {
        float *side = time[k] < 150 ? &before : time[k] > 250 ? &after : NULL;
        if (side != NULL) {
            *side = fmaxf(*side, fabsf(eta[2 * k]));
        }
    }
    CU_ASSERT(before < 0.005 && after > 0.02);
    free(time);
    free(eta);
    nc_close(ncid);
}

/* The Navier-Stokes volume (io/netcdf_volume.h) describes itself as the
 * maps do: projected x and y without axis attributes, CF's time, a
 * history, its fields deflated in tiles; z marked as the vertical. */
static void test_volume_layout(void)
{
    char stem[1024];
    swe_path_in(stem, sizeof stem, directory, "volume");
    const swe_sealed_plan plan = {.path_stem = stem, .outputs = 1, .t_end = 1};
    const swe_volume_variable fields[] = {{"p", "pressure", "Pa"}};
    const char *const attributes[] = {"title", "cube", NULL};
    const swe_volume_description description = {.compression = SWE_DEFAULT_COMPRESSION,
                                                .cells = {4, 3, 2},
                                                .spacing = {1, 1, 1},
                                                .variables = fields,
                                                .count = 1,
                                                .attributes = attributes};
    swe_netcdf_volume *volume = NULL;
    swe_error err = {{0}};
    float pressure[24] = {0};
    const float *const values[] = {pressure};
    CU_ASSERT_EQUAL_FATAL(swe_netcdf_volume_open(&volume, &plan, &description, &err), SWE_OK);
    CU_ASSERT_EQUAL(swe_netcdf_volume_append(volume, 0, 0.5, values, &err), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(swe_netcdf_volume_close(volume, 1, &err), SWE_OK);
    int ncid = open_output("volume.nc"), id, shuffle, deflate, level;
    expect_text(ncid, "x", "standard_name", "projection_x_coordinate");
    expect_text(ncid, "y", "standard_name", "projection_y_coordinate");
    expect_text(ncid, "x", "axis", "");
    expect_text(ncid, "y", "axis", "");
    expect_text(ncid, "z", "axis", "Z");
    expect_text(ncid, "z", "positive", "up");
    expect_text(ncid, "z", "units", "m");
    expect_text(ncid, "z", "standard_name", "height");
    expect_text(ncid, "time", "standard_name", "time");
    expect_text(ncid, "time", "units", "seconds since 1970-01-01 00:00:00");
    expect_text(ncid, NULL, "title", "cube");
    char history[256];
    text_attribute(ncid, NULL, "history", history, sizeof history);
    CU_ASSERT(strncmp(history, "shallows", 8) == 0);
    CU_ASSERT_EQUAL(nc_inq_varid(ncid, "p", &id), NC_NOERR);
    CU_ASSERT_EQUAL(nc_inq_var_deflate(ncid, id, &shuffle, &deflate, &level), NC_NOERR);
    CU_ASSERT(shuffle == 1 && deflate == 1 && level == SWE_DEFAULT_COMPRESSION);
    nc_close(ncid);
}

void register_cf_output_tests(void)
{
    CU_pSuite suite = CU_add_suite("cf-output", set_up, tear_down);
    swe_test_require_registered(suite, "suite cf-output");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"standard names, units, bounds, history, no axis", test_names_units_and_bounds},
        {"dry cells missing, maxima and arrival times", test_dry_cells_and_maxima},
        {"maxima through the sealed parts of a checkpointed run", test_maxima_through_sealed_parts},
        {"compression in tiles at --compress N, none at 0", test_compression},
        {"the gauges' time series", test_gauge_series},
        {"the Navier-Stokes volume described as the maps", test_volume_layout},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
