#include "io/netcdf_output.h"

#include "io/atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <netcdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The NetCDF type and accessors that match `real`, so that fields are
 * stored and read back without conversion. */
#ifdef SWE_PRECISION_DOUBLE
#define NC_REAL NC_DOUBLE
#define nc_put_att_real nc_put_att_double
#define nc_put_vara_real nc_put_vara_double
#define nc_get_vara_real nc_get_vara_double
#else
#define NC_REAL NC_FLOAT
#define nc_put_att_real nc_put_att_float
#define nc_put_vara_real nc_put_vara_float
#define nc_get_vara_real nc_get_vara_float
#endif

/* The fields stored in every snapshot, over (time, y, x). */
enum { FIELD_H, FIELD_HU, FIELD_HV, FIELD_ETA, FIELD_COUNT };

typedef struct variable_description {
    const char *name;
    const char *long_name;
    const char *units;         /* UDUNITS syntax, as CF asks */
    const char *standard_name; /* NULL where no CF name surely fits */
    const char *axis;          /* coordinate variables only */
} variable_description;

static const variable_description x_description = {"x", "x coordinate of cell centre", "m",
                                                   "projection_x_coordinate", "X"};
static const variable_description y_description = {"y", "y coordinate of cell centre", "m",
                                                   "projection_y_coordinate", "Y"};
/* No standard_name "time" and no axis "T": CF then demands units of the form
 * "seconds since <date>", and a simulation has no date; viewers would show an
 * invented calendar instead of the simulated seconds. */
static const variable_description time_description = {
    "time", "simulated time since the start of the run", "s", NULL, NULL};
static const variable_description b_description = {
    "b", "bed elevation (bathymetry), negative below the reference level", "m", NULL, NULL};
static const variable_description field_descriptions[FIELD_COUNT] = {
    [FIELD_H] = {"h", "water depth", "m", NULL, NULL},
    [FIELD_HU] = {"hu", "x momentum per unit area (depth times x velocity)", "m2 s-1", NULL, NULL},
    [FIELD_HV] = {"hv", "y momentum per unit area (depth times y velocity)", "m2 s-1", NULL, NULL},
    [FIELD_ETA] = {"eta", "water surface elevation (h + b)", "m", NULL, NULL},
};

struct swe_netcdf_output {
    int ncid;
    int time_id; /* variable ids */
    int field_id[FIELD_COUNT];
    int nx, ny; /* grid of every snapshot */
    size_t snapshot_count;
    double last_time; /* of the latest snapshot, to keep time monotonic */
    real *plane;      /* nx*ny interior values, row after row */
    char *temp_path;  /* PATH.nc.tmp, written while the run goes on */
    char *final_path; /* PATH.nc, its name once kept */
};

static int write_failure(const swe_netcdf_output *output, int nc_status, const char *call,
                         const char *object, swe_error *err)
{
    return swe_fail(err, SWE_ERROR_RUNTIME, "writing '%s' failed in %s(%s): %s (%s)",
                    output->temp_path, call, object, nc_strerror(nc_status),
                    swe_write_failure_hint(output->temp_path));
}

static int read_failure(const char *path, int nc_status, const char *call, const char *object,
                        swe_error *err)
{
    return swe_fail(err, SWE_ERROR_USAGE,
                    "reading '%s' failed in %s(%s): %s (give a NetCDF file written by shallows)",
                    path, call, object, nc_strerror(nc_status));
}

/* Call a NetCDF function and return from the enclosing function with a
 * message naming the function, the object it worked on and the file. The
 * name goes through STRINGIFY so that nc_put_vara_real shows as the NetCDF
 * function it stands for. */
#define STRINGIFY_EXPANDED(text) #text
#define STRINGIFY(text) STRINGIFY_EXPANDED(text)
#define TRY_WRITE(output, err, object, function, ...)                                              \
    do {                                                                                           \
        int nc_status_ = function(__VA_ARGS__);                                                    \
        if (nc_status_ != NC_NOERR) {                                                              \
            return write_failure((output), nc_status_, STRINGIFY(function), (object), (err));      \
        }                                                                                          \
    } while (0)

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
        block->b == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: NetCDF I/O needs a created block");
    }
    if (block->nx < 1 || block->ny < 1 || block->stride != block->nx + 2) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: block of %d x %d cells with stride %d is malformed",
                        block->nx, block->ny, block->stride);
    }
    return SWE_OK;
}

static int check_info(const swe_output_info *info, swe_error *err)
{
    if (info == NULL || info->scenario == NULL || info->solver == NULL || info->backend == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: output info needs a scenario, solver and backend");
    }
    const swe_scenario *scenario = info->scenario;
    if (scenario->name == NULL || scenario->title == NULL || scenario->parameter_count < 0 ||
        scenario->parameter_count > SWE_MAX_SCENARIO_PARAMETERS) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: scenario needs a name, a title and at most %d parameters",
                        SWE_MAX_SCENARIO_PARAMETERS);
    }
    for (int p = 0; p < scenario->parameter_count; ++p) {
        if (scenario->parameters[p].name == NULL || scenario->parameters[p].units == NULL) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "internal error: parameter %d of scenario '%s' lacks a name or units",
                            p, scenario->name);
        }
    }
    return SWE_OK;
}

/* Copies the interior of array into plane, row j=1 first, skipping ghosts. */
static void gather_interior(const swe_block *block, const real *array, real *plane)
{
    size_t row_bytes = (size_t)block->nx * sizeof(real);
    for (int j = 1; j <= block->ny; ++j) {
        memcpy(plane + (size_t)(j - 1) * (size_t)block->nx, &array[SWE_INDEX(block, 1, j)],
               row_bytes);
    }
}

static void scatter_interior(const real *plane, swe_block *block, real *array)
{
    size_t row_bytes = (size_t)block->nx * sizeof(real);
    for (int j = 1; j <= block->ny; ++j) {
        memcpy(&array[SWE_INDEX(block, 1, j)], plane + (size_t)(j - 1) * (size_t)block->nx,
               row_bytes);
    }
}

static void gather_surface_elevation(const swe_block *block, real *plane)
{
    real *out = plane;
    for (int j = 1; j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i) {
            size_t cell = SWE_INDEX(block, i, j);
            *out++ = block->h[cell] + block->b[cell];
        }
    }
}

static void free_output(swe_netcdf_output *output)
{
    free(output->plane);
    free(output->temp_path);
    free(output->final_path);
    free(output);
}

/* A writer for the file final_path (temp_path: where it is written until
 * it is kept; the same name for a file written in place). */
static swe_netcdf_output *allocate_output(const char *final_path, int in_place,
                                          const swe_block *block)
{
    swe_netcdf_output *output = calloc(1, sizeof *output);
    if (output == NULL) {
        return NULL;
    }
    output->nx = block->nx;
    output->ny = block->ny;
    output->plane = malloc((size_t)block->nx * (size_t)block->ny * sizeof(real));
    output->final_path = swe_path_join(final_path, "");
    output->temp_path = in_place ? swe_path_join(final_path, "") : NULL;
    if (output->plane == NULL || output->final_path == NULL ||
        (in_place && output->temp_path == NULL)) {
        free_output(output);
        return NULL;
    }
    return output;
}

/* NetCDF-4 reports any failure of HDF5 to create a file as EACCES, even a
 * missing directory; creating the path directly (exclusively, never
 * through a link) recovers the real reason. */
static const char *creation_failure_reason(const char *path, int nc_status)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) {
        return strerror(errno);
    }
    close(fd);
    unlink(path);
    return nc_strerror(nc_status);
}

/* Creates the file exclusively (NC_NOCLOBBER: never over an existing file
 * or through a link planted at its name): at temp_path when it is set (in
 * place), else under a fresh temporary name next to final_path. */
static int create_exclusively(swe_netcdf_output *output, swe_error *err)
{
    const int in_place = output->temp_path != NULL;
    for (int attempt = 0; attempt < 100; ++attempt) {
        if (!in_place) {
            output->temp_path = swe_temp_path_for(output->final_path);
        }
        if (output->temp_path == NULL) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "cannot create output '%s': %s (choose a writable --output path)",
                            output->final_path, strerror(errno));
        }
        int nc_status = nc_create(output->temp_path, NC_NETCDF4 | NC_CLASSIC_MODEL | NC_NOCLOBBER,
                                  &output->ncid);
        if (nc_status == NC_NOERR) {
            return SWE_OK;
        }
        if (nc_status != NC_EEXIST || in_place) {
            int status =
                swe_fail(err, SWE_ERROR_USAGE,
                         "cannot create output '%s': %s (choose a writable --output path)",
                         output->temp_path, creation_failure_reason(output->temp_path, nc_status));
            free(output->temp_path);
            output->temp_path = NULL;
            return status;
        }
        free(output->temp_path);
        output->temp_path = NULL;
    }
    return swe_fail(err, SWE_ERROR_RUNTIME, "cannot find a free temporary name next to '%s'",
                    output->final_path);
}

static int put_text(const swe_netcdf_output *output, int varid, const char *name, const char *value,
                    swe_error *err)
{
    TRY_WRITE(output, err, name, nc_put_att_text, output->ncid, varid, name, strlen(value), value);
    return SWE_OK;
}

static int put_double(const swe_netcdf_output *output, int varid, const char *name, double value,
                      swe_error *err)
{
    TRY_WRITE(output, err, name, nc_put_att_double, output->ncid, varid, name, NC_DOUBLE, 1,
              &value);
    return SWE_OK;
}

static int define_variable(const swe_netcdf_output *output, const variable_description *variable,
                           nc_type type, int dimension_count, const int *dimension_ids, int *varid,
                           swe_error *err)
{
    TRY_WRITE(output, err, variable->name, nc_def_var, output->ncid, variable->name, type,
              dimension_count, dimension_ids, varid);
    int status = put_text(output, *varid, "long_name", variable->long_name, err);
    if (status == SWE_OK) {
        status = put_text(output, *varid, "units", variable->units, err);
    }
    if (status == SWE_OK && variable->standard_name != NULL) {
        status = put_text(output, *varid, "standard_name", variable->standard_name, err);
    }
    if (status == SWE_OK && variable->axis != NULL) {
        status = put_text(output, *varid, "axis", variable->axis, err);
    }
    return status;
}

static int put_scenario_parameter(const swe_netcdf_output *output, const swe_parameter *parameter,
                                  swe_error *err)
{
    char value_name[NC_MAX_NAME + 1];
    char units_name[NC_MAX_NAME + 1];
    snprintf(value_name, sizeof value_name, "scenario_%s", parameter->name);
    int length = snprintf(units_name, sizeof units_name, "%s_units", value_name);
    if (length < 0 || (size_t)length >= sizeof units_name) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: scenario parameter name '%s' is too long for NetCDF",
                        parameter->name);
    }
    int status = put_double(output, NC_GLOBAL, value_name, parameter->value, err);
    if (status == SWE_OK) {
        status = put_text(output, NC_GLOBAL, units_name, parameter->units, err);
    }
    return status;
}

static int put_global_attributes(const swe_netcdf_output *output, const swe_output_info *info,
                                 swe_error *err)
{
    const swe_scenario *scenario = info->scenario;
    const char *texts[][2] = {
        {"Conventions", "CF-1.8"},         {"title", scenario->title}, {"source", "shallows"},
        {"scenario", scenario->name},      {"solver", info->solver},   {"backend", info->backend},
        {"precision", SWE_PRECISION_NAME},
    };
    for (size_t a = 0; a < sizeof texts / sizeof texts[0]; ++a) {
        int status = put_text(output, NC_GLOBAL, texts[a][0], texts[a][1], err);
        if (status != SWE_OK) {
            return status;
        }
    }
    for (int p = 0; p < scenario->parameter_count; ++p) {
        int status = put_scenario_parameter(output, &scenario->parameters[p], err);
        if (status != SWE_OK) {
            return status;
        }
    }
    int status = put_double(output, NC_GLOBAL, "cfl", info->cfl, err);
    if (status != SWE_OK) {
        return status;
    }
    /* In the solver's precision: the exact values it used, without the
     * digits that widening a float to double would show. */
    const real dry_tolerance = SWE_DRY_TOLERANCE;
    const real gravity = SWE_GRAVITY;
    TRY_WRITE(output, err, "dry_tolerance", nc_put_att_real, output->ncid, NC_GLOBAL,
              "dry_tolerance", NC_REAL, 1, &dry_tolerance);
    TRY_WRITE(output, err, "gravity", nc_put_att_real, output->ncid, NC_GLOBAL, "gravity", NC_REAL,
              1, &gravity);
    return SWE_OK;
}

/* Defines dimensions and variables; x, y and b get ids that only
 * write_static_variables needs, so they are returned, not stored. */
static int define_file(swe_netcdf_output *output, const swe_output_info *info, int *x_id, int *y_id,
                       int *b_id, swe_error *err)
{
    int time_dim, y_dim, x_dim;
    TRY_WRITE(output, err, "time", nc_def_dim, output->ncid, "time", NC_UNLIMITED, &time_dim);
    TRY_WRITE(output, err, "y", nc_def_dim, output->ncid, "y", (size_t)output->ny, &y_dim);
    TRY_WRITE(output, err, "x", nc_def_dim, output->ncid, "x", (size_t)output->nx, &x_dim);

    const int plane_dims[] = {y_dim, x_dim};
    const int snapshot_dims[] = {time_dim, y_dim, x_dim};
    int status = define_variable(output, &x_description, NC_DOUBLE, 1, &x_dim, x_id, err);
    if (status == SWE_OK) {
        status = define_variable(output, &y_description, NC_DOUBLE, 1, &y_dim, y_id, err);
    }
    if (status == SWE_OK) {
        status = define_variable(output, &time_description, NC_DOUBLE, 1, &time_dim,
                                 &output->time_id, err);
    }
    if (status == SWE_OK) {
        status = define_variable(output, &b_description, NC_REAL, 2, plane_dims, b_id, err);
    }
    for (int f = 0; f < FIELD_COUNT && status == SWE_OK; ++f) {
        status = define_variable(output, &field_descriptions[f], NC_REAL, 3, snapshot_dims,
                                 &output->field_id[f], err);
    }
    if (status == SWE_OK) {
        status = put_global_attributes(output, info, err);
    }
    return status;
}

static int write_cell_centres(const swe_netcdf_output *output, const swe_block *block, int x_id,
                              int y_id, swe_error *err)
{
    int longest = block->nx > block->ny ? block->nx : block->ny;
    double *centres = malloc((size_t)longest * sizeof *centres);
    if (centres == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the coordinates of '%s'",
                        output->temp_path);
    }
    for (int i = 1; i <= block->nx; ++i) {
        centres[i - 1] = swe_block_cell_x(block, i);
    }
    int nc_status = nc_put_var_double(output->ncid, x_id, centres);
    const char *object = "x";
    if (nc_status == NC_NOERR) {
        for (int j = 1; j <= block->ny; ++j) {
            centres[j - 1] = swe_block_cell_y(block, j);
        }
        nc_status = nc_put_var_double(output->ncid, y_id, centres);
        object = "y";
    }
    free(centres);
    if (nc_status != NC_NOERR) {
        return write_failure(output, nc_status, "nc_put_var_double", object, err);
    }
    return SWE_OK;
}

/* Writes the variables that do not change: coordinates and bathymetry. */
static int write_static_variables(swe_netcdf_output *output, const swe_block *block, int x_id,
                                  int y_id, int b_id, swe_error *err)
{
    int status = write_cell_centres(output, block, x_id, y_id, err);
    if (status != SWE_OK) {
        return status;
    }
    gather_interior(block, block->b, output->plane);
    const size_t start[] = {0, 0};
    const size_t count[] = {(size_t)output->ny, (size_t)output->nx};
    TRY_WRITE(output, err, "b", nc_put_vara_real, output->ncid, b_id, start, count, output->plane);
    return SWE_OK;
}

/* A new file for the grid of block, its metadata, coordinates and
 * bathymetry; at final_path itself when in_place. */
static int create_file(swe_netcdf_output **output, const char *final_path, int in_place,
                       const swe_block *block, const swe_output_info *info, swe_error *err)
{
    int status = check_block(block, err);
    if (status == SWE_OK) {
        status = check_info(info, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    swe_netcdf_output *created = allocate_output(final_path, in_place, block);
    if (created == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME,
                        "out of memory for the output buffers of a %d x %d grid", block->nx,
                        block->ny);
    }
    status = create_exclusively(created, err);
    if (status != SWE_OK) {
        free_output(created);
        return status;
    }
    int x_id, y_id, b_id;
    status = define_file(created, info, &x_id, &y_id, &b_id, err);
    if (status == SWE_OK) {
        int nc_status = nc_enddef(created->ncid);
        if (nc_status != NC_NOERR) {
            status = write_failure(created, nc_status, "nc_enddef", "", err);
        }
    }
    if (status == SWE_OK) {
        status = write_static_variables(created, block, x_id, y_id, b_id, err);
    }
    if (status != SWE_OK) {
        swe_netcdf_close(created, 0, NULL); /* the first error is the one to report */
        return status;
    }
    *output = created;
    return SWE_OK;
}

int swe_netcdf_create(swe_netcdf_output **output, const char *path_stem, const swe_block *block,
                      const swe_output_info *info, swe_error *err)
{
    if (output == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: nowhere to store the NetCDF writer");
    }
    *output = NULL;
    if (path_stem == NULL || path_stem[0] == '\0') {
        return swe_fail(err, SWE_ERROR_USAGE, "no output path given (choose an --output path)");
    }
    char *final_path = swe_path_join(path_stem, ".nc");
    int status = final_path != NULL
                     ? create_file(output, final_path, 0, block, info, err)
                     : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a file name");
    free(final_path);
    return status;
}

int swe_netcdf_create_file(swe_netcdf_output **output, const char *path, const swe_block *block,
                           const swe_output_info *info, swe_error *err)
{
    if (output == NULL || path == NULL || path[0] == '\0') {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a NetCDF file needs a path");
    }
    *output = NULL;
    return create_file(output, path, 1, block, info, err);
}

/* The variable ids of a file written by create_file, by name. */
static int find_ids(swe_netcdf_output *output, swe_error *err)
{
    int status = nc_inq_varid(output->ncid, time_description.name, &output->time_id);
    for (int f = 0; f < FIELD_COUNT && status == NC_NOERR; ++f) {
        status = nc_inq_varid(output->ncid, field_descriptions[f].name, &output->field_id[f]);
    }
    int time_dim, y_dim, x_dim;
    size_t count = 0, ny = 0, nx = 0;
    status = status == NC_NOERR ? nc_inq_dimid(output->ncid, "time", &time_dim) : status;
    status = status == NC_NOERR ? nc_inq_dimlen(output->ncid, time_dim, &count) : status;
    status = status == NC_NOERR ? nc_inq_dimid(output->ncid, "y", &y_dim) : status;
    status = status == NC_NOERR ? nc_inq_dimlen(output->ncid, y_dim, &ny) : status;
    status = status == NC_NOERR ? nc_inq_dimid(output->ncid, "x", &x_dim) : status;
    status = status == NC_NOERR ? nc_inq_dimlen(output->ncid, x_dim, &nx) : status;
    if (status == NC_NOERR && count > 0) {
        const size_t last = count - 1;
        status = nc_get_var1_double(output->ncid, output->time_id, &last, &output->last_time);
    }
    if (status != NC_NOERR || nx != (size_t)output->nx || ny != (size_t)output->ny) {
        return swe_fail(err, SWE_ERROR_RUNTIME,
                        "'%s' is not the file of %d x %d cells this run was writing: %s (it was "
                        "changed behind the run's back)",
                        output->final_path, output->nx, output->ny, nc_strerror(status));
    }
    output->snapshot_count = count;
    return SWE_OK;
}

int swe_netcdf_open_append(swe_netcdf_output **output, const char *path, const swe_block *block,
                           swe_error *err)
{
    if (output == NULL || path == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: which file to append to?");
    }
    *output = NULL;
    int status = check_block(block, err);
    swe_netcdf_output *opened = status == SWE_OK ? allocate_output(path, 1, block) : NULL;
    if (status != SWE_OK || opened == NULL) {
        return status != SWE_OK ? status
                                : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a writer");
    }
    int nc_status = nc_open(path, NC_WRITE, &opened->ncid);
    if (nc_status != NC_NOERR) {
        status = swe_fail(err, SWE_ERROR_RUNTIME, "cannot open '%s' to append to it: %s", path,
                          nc_strerror(nc_status));
        free_output(opened);
        return status;
    }
    status = find_ids(opened, err);
    if (status != SWE_OK) {
        nc_close(opened->ncid); /* nothing was written */
        free_output(opened);
        return status;
    }
    *output = opened;
    return SWE_OK;
}

static int check_snapshot(const swe_netcdf_output *output, const swe_block *block, double time,
                          swe_error *err)
{
    if (output == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no NetCDF writer given");
    }
    int status = check_block(block, err);
    if (status != SWE_OK) {
        return status;
    }
    if (block->nx != output->nx || block->ny != output->ny) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: snapshot of %d x %d cells for '%s', created for %d x %d",
                        block->nx, block->ny, output->temp_path, output->nx, output->ny);
    }
    /* CF coordinate variables must be strictly monotonic. */
    if (!isfinite(time) || (output->snapshot_count > 0 && !(time > output->last_time))) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: snapshot time %g s for '%s' does not follow %g s", time,
                        output->temp_path, output->last_time);
    }
    return SWE_OK;
}

static int write_plane(const swe_netcdf_output *output, int field, swe_error *err)
{
    const size_t start[] = {output->snapshot_count, 0, 0};
    const size_t count[] = {1, (size_t)output->ny, (size_t)output->nx};
    TRY_WRITE(output, err, field_descriptions[field].name, nc_put_vara_real, output->ncid,
              output->field_id[field], start, count, output->plane);
    return SWE_OK;
}

int swe_netcdf_write(swe_netcdf_output *output, const swe_block *block, double time, swe_error *err)
{
    int status = check_snapshot(output, block, time, err);
    if (status != SWE_OK) {
        return status;
    }
    const real *arrays[] = {[FIELD_H] = block->h, [FIELD_HU] = block->hu, [FIELD_HV] = block->hv};
    for (int f = FIELD_H; f <= FIELD_HV && status == SWE_OK; ++f) {
        gather_interior(block, arrays[f], output->plane);
        status = write_plane(output, f, err);
    }
    if (status == SWE_OK) {
        gather_surface_elevation(block, output->plane);
        status = write_plane(output, FIELD_ETA, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    /* The time goes last: a snapshot counts once all its fields are in. */
    TRY_WRITE(output, err, "time", nc_put_var1_double, output->ncid, output->time_id,
              &output->snapshot_count, &time);
    output->snapshot_count++;
    output->last_time = time;
    /* Durable once written: HDF5's caches out to the file, the file to disk. */
    TRY_WRITE(output, err, "", nc_sync, output->ncid);
    return swe_sync_path(output->temp_path, err);
}

int swe_netcdf_close(swe_netcdf_output *output, int keep, swe_error *err)
{
    if (output == NULL) {
        return SWE_OK;
    }
    int status = SWE_OK;
    int nc_status = nc_close(output->ncid);
    if (nc_status != NC_NOERR) {
        /* The file may lack its last writes: never pass it off as complete. */
        status = write_failure(output, nc_status, "nc_close", "", err);
        remove(output->temp_path);
    } else if (keep) {
        status = strcmp(output->temp_path, output->final_path) != 0
                     ? swe_commit_path(output->temp_path, output->final_path, err)
                     : swe_sync_path(output->final_path, err);
    } else if (remove(output->temp_path) != 0) {
        status = swe_fail(err, SWE_ERROR_RUNTIME, "cannot remove '%s': %s (delete it by hand)",
                          output->temp_path, strerror(errno));
    }
    free_output(output);
    return status;
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
        status = find_variable(ncid, path, time_description.name, 1, &dims.time_id, &time_id, err);
    }
    input_field fields[] = {
        {field_descriptions[FIELD_H].name, 1, block->h, -1},
        {field_descriptions[FIELD_HU].name, 1, block->hu, -1},
        {field_descriptions[FIELD_HV].name, 1, block->hv, -1},
        {b_description.name, 0, block->b, -1},
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

const char *swe_netcdf_library_version(void)
{
    return nc_inq_libvers();
}
