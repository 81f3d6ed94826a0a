/* Tests of the NetCDF writer and reader: round trips, metadata, the
 * temporary-file protocol and the refusal of unusable files. */
#include "cartesian/grid/block.h"
#include "cartesian/io/netcdf_output.h"
#include "cartesian/scenarios/scenario.h"
#include "tests/program_runner.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <dirent.h>
#include <math.h>
#include <netcdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { TEST_NX = 7, TEST_NY = 5, TEST_SNAPSHOTS = 3 };

/* A scenario of its own, so that these tests do not depend on scenario.c. */
static const swe_scenario test_scenario = {
    .name = "netcdf-test",
    .title = "NetCDF writer test: a bump on a sloping bed",
    .x0 = -3.0,
    .y0 = 2.0,
    .width = 14.0,
    .height = 10.0,
    .default_nx = TEST_NX,
    .default_ny = TEST_NY,
    .default_t_end = 1.0,
    .default_cfl = 0.4,
    .parameter_count = 2,
    .parameters = {{"bump_height", 1.25, "m"}, {"slope", -0.125, "1"}},
};

static const swe_output_info test_info = {
    .scenario = &test_scenario,
    .solver = "fwave",
    .backend = "serial",
    .cfl = 0.4,
    .compression = 1,
};

static const double snapshot_times[TEST_SNAPSHOTS] = {0.0, 0.75, 2.5};

/* The mkdtemp directory that holds every file of this suite. */
static char test_directory[256];

static int create_test_directory(void)
{
    const char *base = getenv("TMPDIR");
    snprintf(test_directory, sizeof test_directory, "%s/shallows-netcdf-XXXXXX",
             base != NULL && base[0] != '\0' ? base : "/tmp");
    return mkdtemp(test_directory) == NULL ? -1 : 0;
}

/* Removes whatever a failed test left behind, then the directory. */
static int remove_test_directory(void)
{
    DIR *directory = opendir(test_directory);
    if (directory == NULL) {
        return -1;
    }
    struct dirent *entry;
    while ((entry = readdir(directory)) != NULL) {
        if (strcmp(entry->d_name, ".") != 0 && strcmp(entry->d_name, "..") != 0) {
            char path[512];
            snprintf(path, sizeof path, "%s/%s", test_directory, entry->d_name);
            remove(path);
        }
    }
    closedir(directory);
    return rmdir(test_directory);
}

/* path = test_directory/name + suffix */
static void test_path(char *path, size_t size, const char *name, const char *suffix)
{
    snprintf(path, size, "%s/%s%s", test_directory, name, suffix);
}

static int file_exists(const char *path)
{
    return access(path, F_OK) == 0;
}

static void create_test_block(swe_block *block, int nx)
{
    swe_error err = {{0}};
    int status = swe_block_create(block, nx, TEST_NY, test_scenario.x0, test_scenario.y0,
                                  test_scenario.width, test_scenario.height, &err);
    CU_ASSERT_EQUAL_FATAL(status, SWE_OK);
}

/* Distinct values in every cell and snapshot, with negative bed elevation
 * and momenta, and one dry cell (1, 1); ghost cells get values that must
 * never reach the file. */
static void fill_test_block(swe_block *block, int snapshot)
{
    for (int j = 0; j < block->ny + 2; ++j) {
        for (int i = 0; i < block->nx + 2; ++i) {
            size_t cell = SWE_INDEX(block, i, j);
            int ghost = i == 0 || j == 0 || i == block->nx + 1 || j == block->ny + 1;
            block->h[cell] = ghost ? (real)-999.0 : (real)(1.0 + 0.1 * i + 0.01 * j + snapshot);
            block->hu[cell] = (real)(0.3 * i - 0.7 * j + 0.1 * snapshot);
            block->hv[cell] = (real)(-0.2 * i * j + 1.0 / (3.0 + snapshot));
            block->b[cell] = (real)(-2.0 + 0.125 * i - 0.03 * j);
        }
    }
    block->h[SWE_INDEX(block, 1, 1)] = 0;
}

static int interior_equal(const swe_block *a, const swe_block *b, const real *array_a,
                          const real *array_b)
{
    for (int j = 1; j <= a->ny; ++j) {
        if (memcmp(&array_a[SWE_INDEX(a, 1, j)], &array_b[SWE_INDEX(b, 1, j)],
                   (size_t)a->nx * sizeof(real)) != 0) {
            return 0;
        }
    }
    return 1;
}

/* eta of snapshot must be h + b, summed in the solver's precision, u and
 * v the momenta over h; all three NaN (missing) where the cell is dry. */
static void assert_derived_fields(const char *path, int snapshot, const swe_block *expected)
{
    int ncid, ids[3];
    const char *names[3] = {"eta", "u", "v"};
    CU_ASSERT_EQUAL_FATAL(nc_open(path, NC_NOWRITE, &ncid), NC_NOERR);
    double values[3][TEST_NY][TEST_NX];
    const size_t start[] = {(size_t)snapshot, 0, 0};
    const size_t count[] = {1, TEST_NY, TEST_NX};
    for (int f = 0; f < 3; ++f) {
        CU_ASSERT_EQUAL_FATAL(nc_inq_varid(ncid, names[f], &ids[f]), NC_NOERR);
        CU_ASSERT_EQUAL(nc_get_vara_double(ncid, ids[f], start, count, &values[f][0][0]), NC_NOERR);
    }
    nc_close(ncid);
    for (int j = 1; j <= TEST_NY; ++j) {
        for (int i = 1; i <= TEST_NX; ++i) {
            size_t cell = SWE_INDEX(expected, i, j);
            real h = expected->h[cell];
            if (h < SWE_DRY_TOLERANCE) {
                CU_ASSERT(isnan(values[0][j - 1][i - 1]) && isnan(values[1][j - 1][i - 1]) &&
                          isnan(values[2][j - 1][i - 1]));
                continue;
            }
            real sum = h + expected->b[cell];
            real u = expected->hu[cell] / h, v = expected->hv[cell] / h;
            CU_ASSERT_EQUAL(values[0][j - 1][i - 1], (double)sum);
            CU_ASSERT_EQUAL(values[1][j - 1][i - 1], (double)u);
            CU_ASSERT_EQUAL(values[2][j - 1][i - 1], (double)v);
        }
    }
}

/* Writes TEST_SNAPSHOTS snapshots of a TEST_NX x TEST_NY block to stem.nc. */
static void write_test_file(const char *stem)
{
    swe_block block;
    create_test_block(&block, TEST_NX);
    fill_test_block(&block, 0);
    swe_error err = {{0}};
    swe_netcdf_output *output = NULL;
    CU_ASSERT_EQUAL_FATAL(swe_netcdf_create(&output, stem, &block, &test_info, &err), SWE_OK);
    for (int s = 0; s < TEST_SNAPSHOTS; ++s) {
        fill_test_block(&block, s);
        CU_ASSERT_EQUAL(swe_netcdf_write(output, &block, snapshot_times[s], &err), SWE_OK);
    }
    CU_ASSERT_EQUAL(swe_netcdf_close(output, 1, &err), SWE_OK);
    swe_block_destroy(&block);
}

static void test_round_trip(void)
{
    char stem[512], path[512], temp_path[512];
    test_path(stem, sizeof stem, "round-trip", "");
    test_path(path, sizeof path, "round-trip", ".nc");
    test_path(temp_path, sizeof temp_path, "round-trip", ".nc.tmp");
    write_test_file(stem);
    CU_ASSERT_TRUE(file_exists(path));
    CU_ASSERT_FALSE(file_exists(temp_path));

    swe_error err = {{0}};
    CU_ASSERT_EQUAL(swe_netcdf_snapshot_count(path, &err), TEST_SNAPSHOTS);
    swe_block expected, actual;
    create_test_block(&expected, TEST_NX);
    create_test_block(&actual, TEST_NX);
    for (int s = 0; s < TEST_SNAPSHOTS; ++s) {
        fill_test_block(&expected, s);
        double time = -1.0;
        CU_ASSERT_EQUAL(swe_netcdf_read(path, s, &actual, &time, &err), SWE_OK);
        CU_ASSERT_EQUAL(time, snapshot_times[s]);
        CU_ASSERT_TRUE(interior_equal(&expected, &actual, expected.h, actual.h));
        CU_ASSERT_TRUE(interior_equal(&expected, &actual, expected.hu, actual.hu));
        CU_ASSERT_TRUE(interior_equal(&expected, &actual, expected.hv, actual.hv));
        CU_ASSERT_TRUE(interior_equal(&expected, &actual, expected.b, actual.b));
        assert_derived_fields(path, s, &expected);
    }
    /* Ghost cells of the target are not the reader's business. */
    CU_ASSERT_EQUAL(actual.h[SWE_INDEX(&actual, 0, 0)], (real)0.0);
    swe_block_destroy(&expected);
    swe_block_destroy(&actual);
    remove(path);
}

static void test_discard_leaves_no_file(void)
{
    char stem[512], path[512];
    test_path(stem, sizeof stem, "discarded", "");
    test_path(path, sizeof path, "discarded", ".nc");
    swe_block block;
    create_test_block(&block, TEST_NX);
    fill_test_block(&block, 0);
    swe_error err = {{0}};
    swe_netcdf_output *output = NULL;
    CU_ASSERT_EQUAL_FATAL(swe_netcdf_create(&output, stem, &block, &test_info, &err), SWE_OK);
    /* Written under a fresh temporary name (discarded.nc.tmp.XXXXXX). */
    CU_ASSERT_EQUAL(swe_count_entries_with(test_directory, "discarded.nc.tmp."), 1);
    CU_ASSERT_EQUAL(swe_netcdf_write(output, &block, 0.5, &err), SWE_OK);
    CU_ASSERT_EQUAL(swe_netcdf_close(output, 0, &err), SWE_OK);
    CU_ASSERT_EQUAL(swe_count_entries_with(test_directory, "discarded.nc.tmp."), 0);
    CU_ASSERT_FALSE(file_exists(path));
    CU_ASSERT_EQUAL(swe_netcdf_close(NULL, 1, &err), SWE_OK);
    swe_block_destroy(&block);
}

/* Text attribute name of variable varid, or "" if it is missing. */
static void read_text_attribute(int ncid, int varid, const char *name, char *value, size_t size)
{
    size_t length = 0;
    value[0] = '\0';
    if (nc_inq_attlen(ncid, varid, name, &length) != NC_NOERR || length >= size) {
        return;
    }
    if (nc_get_att_text(ncid, varid, name, value) == NC_NOERR) {
        value[length] = '\0';
    }
}

static void test_attributes(void)
{
    char stem[512], path[512], text[256];
    test_path(stem, sizeof stem, "attributes", "");
    test_path(path, sizeof path, "attributes", ".nc");
    write_test_file(stem);
    int ncid;
    CU_ASSERT_EQUAL_FATAL(nc_open(path, NC_NOWRITE, &ncid), NC_NOERR);
    read_text_attribute(ncid, NC_GLOBAL, "Conventions", text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, "CF-1.8");
    read_text_attribute(ncid, NC_GLOBAL, "scenario", text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, test_scenario.name);
    read_text_attribute(ncid, NC_GLOBAL, "title", text, sizeof text);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "Cartesian grid"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, test_scenario.title));
    read_text_attribute(ncid, NC_GLOBAL, "solver", text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, "fwave");
    read_text_attribute(ncid, NC_GLOBAL, "precision", text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, SWE_PRECISION_NAME);
    read_text_attribute(ncid, NC_GLOBAL, "scenario_slope_units", text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, "1");
    double value = 0.0;
    CU_ASSERT_EQUAL(nc_get_att_double(ncid, NC_GLOBAL, "scenario_bump_height", &value), NC_NOERR);
    CU_ASSERT_EQUAL(value, 1.25);
    CU_ASSERT_EQUAL(nc_get_att_double(ncid, NC_GLOBAL, "cfl", &value), NC_NOERR);
    CU_ASSERT_EQUAL(value, 0.4);

    int h_id, x_id;
    CU_ASSERT_EQUAL_FATAL(nc_inq_varid(ncid, "h", &h_id), NC_NOERR);
    read_text_attribute(ncid, h_id, "units", text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, "m");
    nc_type h_type;
    CU_ASSERT_EQUAL(nc_inq_vartype(ncid, h_id, &h_type), NC_NOERR);
    CU_ASSERT_EQUAL(h_type, sizeof(real) == sizeof(double) ? NC_DOUBLE : NC_FLOAT);
    /* The first cell centre lies half a cell (1 m) inside the domain. */
    CU_ASSERT_EQUAL_FATAL(nc_inq_varid(ncid, "x", &x_id), NC_NOERR);
    read_text_attribute(ncid, x_id, "standard_name", text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, "projection_x_coordinate");
    const size_t first = 0;
    CU_ASSERT_EQUAL(nc_get_var1_double(ncid, x_id, &first, &value), NC_NOERR);
    CU_ASSERT_DOUBLE_EQUAL(value, test_scenario.x0 + 1.0, 1e-12);
    nc_close(ncid);
    remove(path);
}

/* Reading path must fail with SWE_ERROR_USAGE and a message naming it,
 * leaving the block and the time as they were. */
static void assert_read_refused(const char *path, int index, int nx)
{
    swe_block block;
    create_test_block(&block, nx);
    swe_error err = {{0}};
    fill_test_block(&block, 1);
    swe_block untouched;
    create_test_block(&untouched, nx);
    fill_test_block(&untouched, 1);
    double time = -1.0;
    CU_ASSERT_EQUAL(swe_netcdf_read(path, index, &block, &time, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, path));
    CU_ASSERT_EQUAL(time, -1.0);
    CU_ASSERT_TRUE(interior_equal(&untouched, &block, untouched.h, block.h));
    CU_ASSERT_TRUE(interior_equal(&untouched, &block, untouched.b, block.b));
    swe_block_destroy(&untouched);
    swe_block_destroy(&block);
}

static void test_refuses_missing_file(void)
{
    char path[512];
    test_path(path, sizeof path, "missing", ".nc");
    assert_read_refused(path, 0, TEST_NX);
    swe_error err = {{0}};
    CU_ASSERT_EQUAL(swe_netcdf_snapshot_count(path, &err), -1);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, path));
}

static void test_refuses_non_netcdf_file(void)
{
    char path[512];
    test_path(path, sizeof path, "garbage", ".nc");
    FILE *file = fopen(path, "wb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    fputs("this is not a NetCDF file, just some text that pretends to be one\n", file);
    fclose(file);
    assert_read_refused(path, 0, TEST_NX);
    remove(path);
}

static void test_refuses_other_size_and_missing_snapshot(void)
{
    char stem[512], path[512];
    test_path(stem, sizeof stem, "sizes", "");
    test_path(path, sizeof path, "sizes", ".nc");
    write_test_file(stem);
    assert_read_refused(path, 0, TEST_NX + 1);
    assert_read_refused(path, TEST_SNAPSHOTS, TEST_NX);
    assert_read_refused(path, -1, TEST_NX);
    remove(path);
}

/* A NetCDF file with the right dimensions but without the fields. */
static void test_refuses_missing_variable(void)
{
    char path[512];
    test_path(path, sizeof path, "no-fields", ".nc");
    int ncid, time_dim, y_dim, x_dim, time_id;
    CU_ASSERT_EQUAL_FATAL(nc_create(path, NC_NETCDF4 | NC_CLASSIC_MODEL, &ncid), NC_NOERR);
    CU_ASSERT_EQUAL(nc_def_dim(ncid, "time", NC_UNLIMITED, &time_dim), NC_NOERR);
    CU_ASSERT_EQUAL(nc_def_dim(ncid, "y", TEST_NY, &y_dim), NC_NOERR);
    CU_ASSERT_EQUAL(nc_def_dim(ncid, "x", TEST_NX, &x_dim), NC_NOERR);
    CU_ASSERT_EQUAL(nc_def_var(ncid, "time", NC_DOUBLE, 1, &time_dim, &time_id), NC_NOERR);
    CU_ASSERT_EQUAL(nc_enddef(ncid), NC_NOERR);
    const size_t first = 0;
    const double time = 0.0;
    CU_ASSERT_EQUAL(nc_put_var1_double(ncid, time_id, &first, &time), NC_NOERR);
    CU_ASSERT_EQUAL(nc_close(ncid), NC_NOERR);
    assert_read_refused(path, 0, TEST_NX);
    remove(path);
}

static void test_unwritable_path(void)
{
    const char *stem = "/nonexistent-dir/x";
    swe_block block;
    create_test_block(&block, TEST_NX);
    swe_error err = {{0}};
    swe_netcdf_output *output = NULL;
    CU_ASSERT_EQUAL(swe_netcdf_create(&output, stem, &block, &test_info, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NULL(output);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, stem));
    swe_block_destroy(&block);
}

void register_netcdf_tests(void)
{
    CU_pSuite suite = CU_add_suite("netcdf", create_test_directory, remove_test_directory);
    if (suite == NULL) {
        fprintf(stderr, "cannot add the netcdf suite: %s\n", CU_get_error_msg());
        exit(1);
    }
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"round trip of three snapshots", test_round_trip},
        {"close without keep leaves no file", test_discard_leaves_no_file},
        {"CF and scenario attributes", test_attributes},
        {"refuses a missing file", test_refuses_missing_file},
        {"refuses a non-NetCDF file", test_refuses_non_netcdf_file},
        {"refuses other sizes and missing snapshots", test_refuses_other_size_and_missing_snapshot},
        {"refuses a file without the fields", test_refuses_missing_variable},
        {"refuses an unwritable path", test_unwritable_path},
    };
    for (size_t t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        if (CU_add_test(suite, tests[t].name, tests[t].function) == NULL) {
            fprintf(stderr, "cannot add test '%s': %s\n", tests[t].name, CU_get_error_msg());
            exit(1);
        }
    }
}
