/* A tsunami on a GEBCO subset: the artificial tsunami's ocean, shelf and
 * coast written as GEBCO ships its grids (15 arc-second longitude and
 * latitude at 40 degrees north, 16-bit elevation with its standard name,
 * a type-identifier grid before it) and its hump as a displacement file
 * in degrees. Run through --scenario netcdf, the wave must be the one the
 * artificial-tsunami scenario makes in metres. */
#include "io/map_projection.h"
#include "tests/cartesian/cf_test_file.h"
#include "tests/program_runner.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <netcdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CELLS = 100 };

static const double degrees = 3.14159265358979323846 / 180.0;

static char directory[512];

static int set_up(void)
{
    return swe_make_test_directory(directory, sizeof directory, "geographic");
}

static int tear_down(void)
{
    return swe_remove_test_directory(directory);
}

/* The subset: its south-west corner, and the local projection that makes
 * it a square of 100 km. */
typedef struct subset {
    double west, south, east, north;
    swe_map_projection projection;
    double x0, y0; /* the projected south-west corner */
} subset;

/* 15 arc seconds, GEBCO's spacing. */
static const double step = 1.0 / 240;

static subset make_subset(void)
{
    const double middle = 40.45, size = 100000.0;
    double lat_points = round(size / SWE_EARTH_RADIUS / degrees / step);
    double lon_points = round(size / (SWE_EARTH_RADIUS * cos(middle * degrees)) / degrees / step);
    subset s = {.west = -70.0 - 0.5 * lon_points * step, .south = middle - 0.5 * lat_points * step};
    s.east = s.west + lon_points * step;
    s.north = s.south + lat_points * step;
    s.projection = swe_map_projection_for(s.west, s.east, s.south, s.north);
    swe_map_project(&s.projection, s.west, s.south, &s.x0, &s.y0);
    return s;
}

/* The artificial tsunami's bed (common/cartesian/scenarios/scenario.c's parameters)
 * at metres (x, y) from the corner. */
static double tsunami_bed(double x)
{
    const double depth = 2000, shelf_x = 60000, coast_x = 85000, coast_height = 20;
    double bed = x <= shelf_x ? -depth : -depth + depth / (coast_x - shelf_x) * (x - shelf_x);
    return fmin(bed, coast_height);
}

static double tsunami_hump(double x, double y)
{
    const double dx = x - 30000, dy = y - 50000, radius = 5000;
    return 2.0 * exp(-(dx * dx + dy * dy) / (2.0 * radius * radius));
}

/* Metres from the corner of the point at longitude, latitude. */
static void local_metres(const subset *s, double longitude, double latitude, double *x, double *y)
{
    swe_map_project(&s->projection, longitude, latitude, x, y);
    *x -= s->x0;
    *y -= s->y0;
}

static double bed_at(double longitude, double latitude, const void *context)
{
    double x, y;
    local_metres(context, longitude, latitude, &x, &y);
    return tsunami_bed(x);
}

static double hump_at(double longitude, double latitude, const void *context)
{
    double x, y;
    local_metres(context, longitude, latitude, &x, &y);
    return tsunami_hump(x, y);
}

static void write_subset(const subset *s, char *bathymetry, char *displacement, size_t size)
{
    size_t nx = (size_t)lround((s->east - s->west) / step) + 1;
    size_t ny = (size_t)lround((s->north - s->south) / step) + 1;
    cf_file_spec gebco = {.x = {"lon", "degrees_east", "longitude", nx, s->west, step},
                          .y = {"lat", "degrees_north", "latitude", ny, s->south, step},
                          .first_variable = "tid",
                          .elevation = bed_at,
                          .context = s};
    gebco.field = (cf_field_spec){.name = "elevation",
                                  .type = NC_SHORT,
                                  .units = "m",
                                  .standard_name = "height_above_mean_sea_level",
                                  .missing_index = -1};
    swe_path_in(bathymetry, size, directory, "gebco_subset.nc");
    CU_ASSERT_EQUAL_FATAL(cf_write_test_file(bathymetry, &gebco), 0);
    /* The hump on a coarser grid of its own, in longitudes 0..360 as some
     * files count them. */
    cf_file_spec hump = {.x = {"longitude", "degrees_east", NULL, 60, s->west + 360, step * 4},
                         .y = {"latitude", "degrees_north", NULL, 60, s->south, step * 4},
                         .elevation = hump_at,
                         .context = s};
    hump.field = (cf_field_spec){.name = "uplift", .units = "m", .missing_index = -1};
    subset shifted = *s;
    shifted.projection.central_longitude += 360; /* the hump's longitudes, then */
    hump.context = &shifted;
    swe_path_in(displacement, size, directory, "uplift.nc");
    CU_ASSERT_EQUAL_FATAL(cf_write_test_file(displacement, &hump), 0);
}

/* eta of the last snapshot of output, and the x of its cell centres. */
static void read_last_surface(const char *output, float *eta, double *x, double *x_first_bound)
{
    char path[1024], name[128];
    snprintf(name, sizeof name, "%s.nc", output);
    swe_path_in(path, sizeof path, directory, name);
    int ncid, eta_id, x_id, bounds_id, time_dim;
    size_t snapshots;
    CU_ASSERT_EQUAL_FATAL(nc_open(path, NC_NOWRITE, &ncid), NC_NOERR);
    CU_ASSERT_EQUAL(nc_inq_dimid(ncid, "time", &time_dim), NC_NOERR);
    CU_ASSERT_EQUAL(nc_inq_dimlen(ncid, time_dim, &snapshots), NC_NOERR);
    CU_ASSERT_EQUAL(nc_inq_varid(ncid, "eta", &eta_id), NC_NOERR);
    CU_ASSERT_EQUAL(nc_inq_varid(ncid, "x", &x_id), NC_NOERR);
    CU_ASSERT_EQUAL(nc_inq_varid(ncid, "x_bnds", &bounds_id), NC_NOERR);
    const size_t start[] = {snapshots - 1, 0, 0}, count[] = {1, CELLS, CELLS};
    CU_ASSERT_EQUAL(nc_get_vara_float(ncid, eta_id, start, count, eta), NC_NOERR);
    CU_ASSERT_EQUAL(nc_get_var_double(ncid, x_id, x), NC_NOERR);
    const size_t first[] = {0, 0};
    CU_ASSERT_EQUAL(nc_get_var1_double(ncid, bounds_id, first, x_first_bound), NC_NOERR);
    nc_close(ncid);
}

static void run(const char *const *args)
{
    swe_program_result result;
    swe_program_run(directory, args, &result);
    CU_ASSERT_EQUAL_FATAL(result.exit_code, 0);
}

static void test_gebco_subset_runs_the_tsunami(void)
{
    const subset s = make_subset();
    char bathymetry[1024], displacement[1024], metric[1024], geographic[1024];
    write_subset(&s, bathymetry, displacement, sizeof bathymetry);
    swe_path_in(metric, sizeof metric, directory, "metric");
    swe_path_in(geographic, sizeof geographic, directory, "geographic");
    const char *const in_metres[] = {
        "--scenario", "artificial-tsunami", "--nx", "100",     "--ny",     "100",  "--t-end",
        "480",        "--outputs",          "2",    "--quiet", "--output", metric, NULL};
    const char *const in_degrees[] = {
        "--scenario", "netcdf", "--bathymetry", bathymetry, "--displacement", displacement,
        "--nx",       "100",    "--ny",         "100",      "--t-end",        "480",
        "--outputs",  "2",      "--quiet",      "--output", geographic,       NULL};
    run(in_metres);
    run(in_degrees);
    float *eta_metric = malloc(2 * CELLS * CELLS * sizeof(float));
    CU_ASSERT_PTR_NOT_NULL_FATAL(eta_metric);
    float *eta_geographic = eta_metric + CELLS * CELLS;
    double x_metric[CELLS], x_geographic[CELLS], west_metric, west_geographic;
    read_last_surface("metric", eta_metric, x_metric, &west_metric);
    read_last_surface("geographic", eta_geographic, x_geographic, &west_geographic);
    /* A square of 100 km (to a grid step) where the projection puts it:
     * east-west as long as the parallel through the middle, by the
     * spherical Earth's arc length. */
    double middle = 0.5 * (s.south + s.north) * degrees;
    double width = SWE_EARTH_RADIUS * cos(middle) * (s.east - s.west) * degrees;
    CU_ASSERT_DOUBLE_EQUAL(x_geographic[CELLS - 1] - x_geographic[0], width * 99 / 100, 1e-3);
    CU_ASSERT_DOUBLE_EQUAL(width, 100000.0, 400.0);
    CU_ASSERT_DOUBLE_EQUAL(west_geographic, s.x0, 1e-3);
    /* The same wave: where both are wet, the surfaces agree to a few
     * per cent of the wave's height (the bed sampled from whole metres of
     * a 15" grid instead of evaluated, the hump from a coarser grid). */
    double largest = 0, worst = 0, sum = 0;
    int wet = 0;
    for (int k = 0; k < CELLS * CELLS; ++k) {
        if (isnan(eta_metric[k]) || isnan(eta_geographic[k])) {
            CU_ASSERT_EQUAL(isnan(eta_metric[k]), isnan(eta_geographic[k]));
            continue;
        }
        largest = fmax(largest, fabs(eta_metric[k]));
        worst = fmax(worst, fabs(eta_metric[k] - eta_geographic[k]));
        sum += fabs(eta_metric[k] - eta_geographic[k]);
        ++wet;
    }
    CU_ASSERT(largest > 0.1); /* a wave 8 minutes in */
    CU_ASSERT(worst < 0.1 * largest);
    CU_ASSERT(sum / wet < 0.01 * largest);
    printf(
        "\n    GEBCO subset against metres: wave %.3f m, largest difference %.4f m, mean %.5f m ",
        largest, worst, sum / wet);
    free(eta_metric);
}

void register_geographic_tests(void)
{
    CU_pSuite suite = CU_add_suite("geographic", set_up, tear_down);
    swe_test_require_registered(suite, "suite geographic");
    swe_test_require_registered(CU_add_test(suite, "a GEBCO subset runs the artificial tsunami",
                                            test_gebco_subset_runs_the_tsunami),
                                "a GEBCO subset runs the artificial tsunami");
}
