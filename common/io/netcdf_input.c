#include "io/netcdf_input.h"

#include "core/memory_budget.h"
#include "io/untrusted_file.h"

#include <math.h>
#include <netcdf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A 2D field on a rectilinear grid of points, x fastest, both axes rising. */
typedef struct gridded_field {
    size_t nx, ny;
    double *x, *y;
    double *values; /* ny * nx */
} gridded_field;

static void free_field(gridded_field *field)
{
    free(field->x);
    free(field->y);
    free(field->values);
    *field = (gridded_field){0};
}

static int refuse(swe_error *err, const char *role, const char *path, const char *problem)
{
    return swe_fail(err, SWE_ERROR_USAGE,
                    "%s file '%s' %s (give a NetCDF file with coordinates x, y and one 2D variable "
                    "over (y, x))",
                    role, path, problem);
}

/* The 1D coordinate variable called name: its dimension and values. */
static int read_axis(int ncid, const char *role, const char *path, const char *name, int *dimid,
                     size_t *length, double **values, swe_error *err)
{
    int varid, dimension_count;
    char problem[128];
    if (nc_inq_varid(ncid, name, &varid) != NC_NOERR ||
        nc_inq_varndims(ncid, varid, &dimension_count) != NC_NOERR || dimension_count != 1 ||
        nc_inq_vardimid(ncid, varid, dimid) != NC_NOERR ||
        nc_inq_dimlen(ncid, *dimid, length) != NC_NOERR) {
        snprintf(problem, sizeof problem, "has no 1D coordinate variable '%s'", name);
        return refuse(err, role, path, problem);
    }
    if (*length < 2 || *length > (1u << 26)) {
        snprintf(problem, sizeof problem, "has %zu points along '%s', needs 2 or more", *length,
                 name);
        return refuse(err, role, path, problem);
    }
    *values = malloc(*length * sizeof **values);
    if (*values == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the coordinates of '%s'", path);
    }
    int nc_status = nc_get_var_double(ncid, varid, *values);
    if (nc_status != NC_NOERR) {
        snprintf(problem, sizeof problem, "cannot be read in nc_get_var_double(%s): %s", name,
                 nc_strerror(nc_status));
        return refuse(err, role, path, problem);
    }
    int rising = (*values)[1] > (*values)[0];
    for (size_t k = 0; k + 1 < *length; ++k) {
        double step = (*values)[k + 1] - (*values)[k];
        if (!isfinite((*values)[k + 1]) || !(rising ? step > 0 : step < 0)) {
            snprintf(problem, sizeof problem,
                     "has coordinates '%s' that are not strictly monotonic", name);
            return refuse(err, role, path, problem);
        }
    }
    return SWE_OK;
}

/* The first variable over exactly (y, x). */
static int find_field_variable(int ncid, const char *role, const char *path, int y_dim, int x_dim,
                               int *varid, swe_error *err)
{
    int count;
    if (nc_inq_nvars(ncid, &count) != NC_NOERR) {
        return refuse(err, role, path, "cannot be read");
    }
    for (int v = 0; v < count; ++v) {
        int dimension_count, dims[NC_MAX_VAR_DIMS];
        nc_type type;
        if (nc_inq_var(ncid, v, NULL, &type, &dimension_count, dims, NULL) == NC_NOERR &&
            dimension_count == 2 && dims[0] == y_dim && dims[1] == x_dim && type != NC_CHAR) {
            *varid = v;
            return SWE_OK;
        }
    }
    return refuse(err, role, path, "has no 2D variable over (y, x)");
}

/* Reverses a falling axis and the field along it, so both axes rise. */
static void make_rising(gridded_field *field)
{
    if (field->x[1] < field->x[0]) {
        for (size_t k = 0; k < field->nx / 2; ++k) {
            double swap = field->x[k];
            field->x[k] = field->x[field->nx - 1 - k];
            field->x[field->nx - 1 - k] = swap;
        }
        for (size_t row = 0; row < field->ny; ++row) {
            double *line = field->values + row * field->nx;
            for (size_t k = 0; k < field->nx / 2; ++k) {
                double swap = line[k];
                line[k] = line[field->nx - 1 - k];
                line[field->nx - 1 - k] = swap;
            }
        }
    }
    if (field->y[1] < field->y[0]) {
        for (size_t k = 0; k < field->ny / 2; ++k) {
            double swap = field->y[k];
            field->y[k] = field->y[field->ny - 1 - k];
            field->y[field->ny - 1 - k] = swap;
            double *low = field->values + k * field->nx;
            double *high = field->values + (field->ny - 1 - k) * field->nx;
            for (size_t i = 0; i < field->nx; ++i) {
                swap = low[i];
                low[i] = high[i];
                high[i] = swap;
            }
        }
    }
}

static int read_values(int ncid, const char *role, const char *path, int varid,
                       gridded_field *field, swe_error *err)
{
    /* The values, then their copy in the process that reads them back. */
    char what[512];
    snprintf(what, sizeof what, "the %zu x %zu values of '%s'", field->nx, field->ny, path);
    int status = swe_memory_check(what, 2.0 * (double)field->nx * (double)field->ny * 8.0,
                                  "give a coarser file", err);
    if (status != SWE_OK) {
        return status;
    }
    field->values = malloc(field->nx * field->ny * sizeof *field->values);
    if (field->values == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the values of '%s'", path);
    }
    int nc_status = nc_get_var_double(ncid, varid, field->values);
    if (nc_status != NC_NOERR) {
        char problem[160];
        snprintf(problem, sizeof problem, "cannot be read in nc_get_var_double: %s",
                 nc_strerror(nc_status));
        return refuse(err, role, path, problem);
    }
    double fill;
    int has_fill = nc_get_att_double(ncid, varid, "_FillValue", &fill) == NC_NOERR;
    for (size_t k = 0; k < field->nx * field->ny; ++k) {
        if (!isfinite(field->values[k]) || (has_fill && field->values[k] == fill) ||
            fabs(field->values[k]) > 1.0e6) {
            return refuse(err, role, path,
                          "holds missing, infinite or implausible values (beyond 1000 km)");
        }
    }
    return SWE_OK;
}

static int read_open_field(int ncid, const char *role, const char *path, gridded_field *field,
                           swe_error *err)
{
    int x_dim, y_dim, varid;
    int status = read_axis(ncid, role, path, "x", &x_dim, &field->nx, &field->x, err);
    if (status == SWE_OK) {
        status = read_axis(ncid, role, path, "y", &y_dim, &field->ny, &field->y, err);
    }
    if (status == SWE_OK) {
        status = find_field_variable(ncid, role, path, y_dim, x_dim, &varid, err);
    }
    if (status == SWE_OK) {
        status = read_values(ncid, role, path, varid, field, err);
    }
    if (status == SWE_OK) {
        make_rising(field);
    }
    return status;
}

static int read_field_here(const char *role, const char *path, gridded_field *field, swe_error *err)
{
    *field = (gridded_field){0};
    int ncid;
    int nc_status = nc_open(path, NC_NOWRITE, &ncid);
    if (nc_status != NC_NOERR) {
        char problem[160];
        snprintf(problem, sizeof problem, "cannot be read: %s", nc_strerror(nc_status));
        return refuse(err, role, path, problem);
    }
    int status = read_open_field(ncid, role, path, field, err);
    nc_close(ncid); /* read-only: closing cannot lose data */
    if (status != SWE_OK) {
        free_field(field);
    }
    return status;
}

/* The file is read in a child process (io/child_task.h), so that a
 * damaged file that crashes or hangs libnetcdf or libhdf5 becomes one
 * line; the field comes back as its two sizes, x, y and the values. */
typedef struct field_reading {
    const char *role, *path, *fix;
} field_reading;

static int read_in_child(void *context, swe_child_pipe *pipe, swe_error *err)
{
    const field_reading *reading = context;
    char role[64];
    snprintf(role, sizeof role, "%s file", reading->role);
    gridded_field field = {0};
    int status = swe_untrusted_file_check_classic(role, reading->path, reading->fix, err);
    if (status == SWE_OK) {
        status = read_field_here(reading->role, reading->path, &field, err);
    }
    if (status == SWE_OK) {
        const uint64_t sizes[2] = {field.nx, field.ny};
        double values = (double)field.nx + (double)field.ny + (double)field.nx * (double)field.ny;
        status = swe_child_announce(pipe, sizeof sizes + values * sizeof(double), err);
        if (status == SWE_OK) {
            status = swe_child_send(pipe, sizes, sizeof sizes, err);
        }
        const void *arrays[] = {field.x, field.y, field.values};
        const size_t counts[] = {field.nx, field.ny, field.nx * field.ny};
        for (int a = 0; a < 3 && status == SWE_OK; ++a) {
            status = swe_child_send(pipe, arrays[a], counts[a] * sizeof(double), err);
        }
    }
    free_field(&field);
    return status;
}

/* The field as read_in_child sent it. */
static int unpack_field(const unsigned char *bytes, size_t size, gridded_field *field,
                        swe_error *err)
{
    uint64_t sizes[2];
    if (size < sizeof sizes) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "internal error: a field came back short");
    }
    memcpy(sizes, bytes, sizeof sizes);
    double values = (double)sizes[0] + (double)sizes[1] + (double)sizes[0] * (double)sizes[1];
    if (sizes[0] < 2 || sizes[1] < 2 || sizeof sizes + values * sizeof(double) != (double)size) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "internal error: a field came back short");
    }
    field->nx = (size_t)sizes[0];
    field->ny = (size_t)sizes[1];
    double **arrays[] = {&field->x, &field->y, &field->values};
    const size_t counts[] = {field->nx, field->ny, field->nx * field->ny};
    size_t offset = sizeof sizes;
    for (int a = 0; a < 3; ++a) {
        *arrays[a] = malloc(counts[a] * sizeof(double));
        if (*arrays[a] == NULL) {
            free_field(field);
            return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a field of %zu x %zu",
                            field->nx, field->ny);
        }
        memcpy(*arrays[a], bytes + offset, counts[a] * sizeof(double));
        offset += counts[a] * sizeof(double);
    }
    return SWE_OK;
}

static int read_field(const char *role, const char *path, gridded_field *field, swe_error *err)
{
    *field = (gridded_field){0};
    if (path == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "no %s file given (add --%s FILE)", role, role);
    }
    const field_reading reading = {
        role, path, "give a NetCDF file with coordinates x, y and one 2D variable over (y, x)"};
    char role_file[64], what[512];
    snprintf(role_file, sizeof role_file, "%s file", role);
    snprintf(what, sizeof what, "reading %s file '%s'", role, path);
    double bytes;
    int status = swe_untrusted_file_check(role_file, path, reading.fix, &bytes, err);
    void *result = NULL;
    size_t size = 0;
    if (status == SWE_OK) {
        const swe_child_task task = swe_untrusted_read_task(what, reading.fix, bytes);
        status = swe_child_run(&task, read_in_child, (void *)&reading, &result, &size, err);
    }
    if (status == SWE_OK) {
        status = unpack_field(result, size, field, err);
    }
    free(result);
    return status;
}

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
static double sample(const gridded_field *field, double x, double y, double outside_value)
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

/* A domain that the grid and the time step can live with: coordinates
 * within a million kilometres, an extent from a millimetre to 100 000 km
 * (beyond, cell sizes overflow or shrink until no step ends). */
static int check_extent(const char *role, const char *path, const gridded_field *field,
                        swe_error *err)
{
    const double *ends[] = {field->x, field->y};
    const size_t counts[] = {field->nx, field->ny};
    for (int axis = 0; axis < 2; ++axis) {
        double low = ends[axis][0], high = ends[axis][counts[axis] - 1];
        double extent = high - low;
        if (!(fabs(low) <= 1.0e9 && fabs(high) <= 1.0e9 && extent >= 1.0e-3 && extent <= 1.0e8)) {
            char problem[160];
            snprintf(problem, sizeof problem,
                     "spans %s = %g to %g, not a domain of 1 mm to 100 000 km",
                     axis == 0 ? "x" : "y", low, high);
            return refuse(err, role, path, problem);
        }
    }
    return SWE_OK;
}

/* Whether the extents of two fields share more than an edge. */
static int overlaps(const gridded_field *a, const gridded_field *b)
{
    return a->x[0] < b->x[b->nx - 1] && b->x[0] < a->x[a->nx - 1] && a->y[0] < b->y[b->ny - 1] &&
           b->y[0] < a->y[a->ny - 1];
}

static void set_initial_state(swe_block *block, const gridded_field *bathymetry,
                              const gridded_field *displacement)
{
    for (int j = 1; j <= block->ny; ++j) {
        double y = swe_block_cell_y(block, j);
        for (int i = 1; i <= block->nx; ++i) {
            double x = swe_block_cell_x(block, i);
            double bed = sample(bathymetry, x, y, NAN);
            double lift = sample(displacement, x, y, 0.0);
            size_t cell = SWE_INDEX(block, i, j);
            block->h[cell] = (real)(bed < 0 ? -bed : 0.0);
            block->b[cell] = (real)(bed + lift);
        }
    }
}

int swe_netcdf_input_create_block(const swe_scenario *scenario, int nx, int ny,
                                  const char *bathymetry_path, const char *displacement_path,
                                  swe_block *block, swe_error *err)
{
    if (scenario == NULL || block == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no scenario or block given");
    }
    gridded_field bathymetry, displacement;
    int status = read_field("bathymetry", bathymetry_path, &bathymetry, err);
    if (status == SWE_OK) {
        status = check_extent("bathymetry", bathymetry_path, &bathymetry, err);
    }
    if (status != SWE_OK) {
        free_field(&bathymetry);
        return status;
    }
    status = read_field("displacement", displacement_path, &displacement, err);
    if (status == SWE_OK) {
        status = check_extent("displacement", displacement_path, &displacement, err);
    }
    if (status == SWE_OK && !overlaps(&displacement, &bathymetry)) {
        status = swe_fail(err, SWE_ERROR_USAGE,
                          "displacement file '%s' covers [%g, %g] x [%g, %g], outside the "
                          "bathymetry's domain [%g, %g] x [%g, %g] (give files in the same "
                          "coordinates)",
                          displacement_path, displacement.x[0], displacement.x[displacement.nx - 1],
                          displacement.y[0], displacement.y[displacement.ny - 1], bathymetry.x[0],
                          bathymetry.x[bathymetry.nx - 1], bathymetry.y[0],
                          bathymetry.y[bathymetry.ny - 1]);
    }
    if (status == SWE_OK) {
        double x0 = bathymetry.x[0], y0 = bathymetry.y[0];
        status = swe_block_create(block, nx, ny, x0, y0, bathymetry.x[bathymetry.nx - 1] - x0,
                                  bathymetry.y[bathymetry.ny - 1] - y0, err);
    }
    if (status == SWE_OK) {
        memcpy(block->boundary, scenario->boundary, sizeof block->boundary);
        set_initial_state(block, &bathymetry, &displacement);
    }
    free_field(&bathymetry);
    free_field(&displacement);
    return status;
}
