/* Reading a snapshot back from an output file (cartesian/io/netcdf_output.h). */
#include "cartesian/io/netcdf_output.h"

#include <limits.h>
#include <netcdf.h>
#include <stdlib.h>
#include <string.h>

#ifdef SWE_PRECISION_DOUBLE
#define nc_get_vara_real nc_get_vara_double
#else
#define nc_get_vara_real nc_get_vara_float
#endif

static int read_failure(const char *path, int nc_status, const char *call, const char *object,
                        swe_error *err)
{
    return swe_fail(err, SWE_ERROR_USAGE,
                    "reading '%s' failed in %s(%s): %s (give a NetCDF file written by shallows)",
                    path, call, object, nc_strerror(nc_status));
}

#define STRINGIFY_EXPANDED(text) #text
#define STRINGIFY(text) STRINGIFY_EXPANDED(text)
#define TRY_READ(path, err, object, function, ...)                                                 \
    do {                                                                                           \
        int nc_status_ = function(__VA_ARGS__);                                                    \
        if (nc_status_ != NC_NOERR) {                                                              \
            return read_failure((path), nc_status_, STRINGIFY(function), (object), (err));         \
        }                                                                                          \
    } while (0)

static int check_block(const swe_block *block, swe_error *err)
{
    if (block == NULL || block->h == NULL || block->hu == NULL || block->hv == NULL ||
        block->b == NULL || block->nx < 1 || block->ny < 1 || block->stride != block->nx + 2) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: NetCDF input needs a created block");
    }
    return SWE_OK;
}

static void scatter_interior(const real *plane, swe_block *block, real *array)
{
    size_t row_bytes = (size_t)block->nx * sizeof(real);
    for (int j = 1; j <= block->ny; ++j) {
        memcpy(&array[SWE_INDEX(block, 1, j)], plane + (size_t)(j - 1) * (size_t)block->nx,
               row_bytes);
    }
}

/* The dimensions of a file written by swe_netcdf_create. */
typedef struct input_dimensions {
    int time_id, y_id, x_id;
    size_t snapshot_count, ny, nx;
} input_dimensions;

static int open_input(const char *path, int *ncid, swe_error *err)
{
    int nc_status = nc_open(path, NC_NOWRITE, ncid);
    if (nc_status != NC_NOERR) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "cannot read '%s': %s (give a NetCDF file written by shallows)", path,
                        nc_strerror(nc_status));
    }
    return SWE_OK;
}

static int read_dimension(int ncid, const char *path, const char *name, int *id, size_t *length,
                          swe_error *err)
{
    if (nc_inq_dimid(ncid, name, id) != NC_NOERR) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "'%s' has no dimension '%s' (give a NetCDF file written by shallows)", path,
                        name);
    }
    TRY_READ(path, err, name, nc_inq_dimlen, ncid, *id, length);
    return SWE_OK;
}

static int read_dimensions(int ncid, const char *path, input_dimensions *dims, swe_error *err)
{
    int status = read_dimension(ncid, path, "time", &dims->time_id, &dims->snapshot_count, err);
    if (status == SWE_OK) {
        status = read_dimension(ncid, path, "y", &dims->y_id, &dims->ny, err);
    }
    if (status == SWE_OK) {
        status = read_dimension(ncid, path, "x", &dims->x_id, &dims->nx, err);
    }
    return status;
}

/* Finds a variable and makes sure it lies over the expected dimensions, so
 * that reading it with start and count of that shape is safe. */
static int find_variable(int ncid, const char *path, const char *name, int dimension_count,
                         const int *dimension_ids, int *varid, swe_error *err)
{
    if (nc_inq_varid(ncid, name, varid) != NC_NOERR) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "'%s' has no variable '%s' (give a NetCDF file written by shallows)", path,
                        name);
    }
    int actual_count;
    int actual_ids[NC_MAX_VAR_DIMS];
    TRY_READ(path, err, name, nc_inq_varndims, ncid, *varid, &actual_count);
    TRY_READ(path, err, name, nc_inq_vardimid, ncid, *varid, actual_ids);
    if (actual_count != dimension_count ||
        memcmp(actual_ids, dimension_ids, (size_t)dimension_count * sizeof *actual_ids) != 0) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "variable '%s' of '%s' lies over other dimensions than shallows writes "
                        "(give a NetCDF file written by shallows)",
                        name, path);
    }
    return SWE_OK;
}

static int check_input_shape(const char *path, const input_dimensions *dims, int index,
                             const swe_block *block, swe_error *err)
{
    if (dims->nx != (size_t)block->nx || dims->ny != (size_t)block->ny) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "'%s' holds a grid of %zu x %zu cells, not %d x %d (read it into a block "
                        "of its size)",
                        path, dims->nx, dims->ny, block->nx, block->ny);
    }
    if ((size_t)index >= dims->snapshot_count) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "'%s' holds %zu snapshots, so snapshot %d does not exist (choose one "
                        "below %zu)",
                        path, dims->snapshot_count, index, dims->snapshot_count);
    }
    return SWE_OK;
}

/* A variable to read: over (time, y, x) when it changes, else over (y, x). */
typedef struct input_field {
    const char *name;
    int with_time;
    real *array; /* whose interior receives it */
    int varid;
} input_field;

static int find_field(int ncid, const char *path, const input_dimensions *dims, input_field *field,
                      swe_error *err)
{
    const int snapshot_dims[] = {dims->time_id, dims->y_id, dims->x_id};
    const int skip = field->with_time ? 0 : 1;
    return find_variable(ncid, path, field->name, 3 - skip, snapshot_dims + skip, &field->varid,
                         err);
}

static int read_field(int ncid, const char *path, const input_dimensions *dims, size_t snapshot,
                      const input_field *field, swe_block *block, real *plane, swe_error *err)
{
    const size_t start[] = {snapshot, 0, 0};
    const size_t count[] = {1, dims->ny, dims->nx};
    const int skip = field->with_time ? 0 : 1;
    TRY_READ(path, err, field->name, nc_get_vara_real, ncid, field->varid, start + skip,
             count + skip, plane);
    scatter_interior(plane, block, field->array);
    return SWE_OK;
}

/* Checks the whole file before reading, so that a refused file leaves the
 * block as it was. */
static int read_snapshot(int ncid, const char *path, int index, swe_block *block, double *time,
                         real *plane, swe_error *err)
{
    input_dimensions dims;
    int status = read_dimensions(ncid, path, &dims, err);
    if (status == SWE_OK) {
        status = check_input_shape(path, &dims, index, block, err);
    }
    int time_id;
    if (status == SWE_OK) {
        status = find_variable(ncid, path, "time", 1, &dims.time_id, &time_id, err);
    }
    input_field fields[] = {
        {"h", 1, block->h, -1},
        {"hu", 1, block->hu, -1},
        {"hv", 1, block->hv, -1},
        {"b", 0, block->b, -1},
    };
    const size_t field_count = sizeof fields / sizeof fields[0];
    for (size_t f = 0; f < field_count && status == SWE_OK; ++f) {
        status = find_field(ncid, path, &dims, &fields[f], err);
    }
    if (status != SWE_OK) {
        return status;
    }
    const size_t snapshot = (size_t)index;
    TRY_READ(path, err, "time", nc_get_var1_double, ncid, time_id, &snapshot, time);
    for (size_t f = 0; f < field_count && status == SWE_OK; ++f) {
        status = read_field(ncid, path, &dims, snapshot, &fields[f], block, plane, err);
    }
    return status;
}

int swe_netcdf_read(const char *path, int index, swe_block *block, double *time, swe_error *err)
{
    if (path == NULL || time == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: NetCDF read needs a path and time");
    }
    if (index < 0) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "snapshot %d of '%s' does not exist (snapshots count from 0)", index, path);
    }
    int status = check_block(block, err);
    if (status != SWE_OK) {
        return status;
    }
    real *plane = malloc((size_t)block->nx * (size_t)block->ny * sizeof *plane);
    if (plane == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for reading '%s'", path);
    }
    int ncid;
    status = open_input(path, &ncid, err);
    if (status == SWE_OK) {
        status = read_snapshot(ncid, path, index, block, time, plane, err);
        nc_close(ncid); /* read-only: closing cannot lose data */
    }
    free(plane);
    return status;
}

int swe_netcdf_snapshot_count(const char *path, swe_error *err)
{
    if (path == NULL) {
        swe_fail(err, SWE_ERROR_USAGE, "internal error: no NetCDF path given");
        return -1;
    }
    int ncid;
    if (open_input(path, &ncid, err) != SWE_OK) {
        return -1;
    }
    int time_id;
    size_t count;
    int status = read_dimension(ncid, path, "time", &time_id, &count, err);
    nc_close(ncid);
    if (status != SWE_OK) {
        return -1;
    }
    if (count > INT_MAX) {
        swe_fail(err, SWE_ERROR_USAGE, "'%s' holds more snapshots than this tool can count", path);
        return -1;
    }
    return (int)count;
}
