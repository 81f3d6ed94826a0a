#include "cartesian/io/netcdf_output.h"

#include "cartesian/io/netcdf_layout.h"
#include "io/atomic_file.h"
#include "io/netcdf_create.h"

#include <errno.h>
#include <math.h>
#include <netcdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct swe_netcdf_output {
    int ncid;
    swe_cf_file file; /* ncid and temp_path, for messages */
    swe_output_layout layout;
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

/* Call a NetCDF function and return from the enclosing function with a
 * message naming the function, the object it worked on and the file. */
#define TRY_WRITE(output, err, object, function, ...)                                              \
    do {                                                                                           \
        int nc_status_ = function(__VA_ARGS__);                                                    \
        if (nc_status_ != NC_NOERR) {                                                              \
            return write_failure((output), nc_status_, #function, (object), (err));                \
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

/* Creates the file exclusively (NC_NOCLOBBER: never over an existing file
 * or through a link planted at its name): at temp_path when it is set (in
 * place), else under a fresh temporary name next to final_path. */
static int create_exclusively(swe_netcdf_output *output, swe_error *err)
{
    const int mode = NC_NETCDF4 | NC_CLASSIC_MODEL;
    return output->temp_path != NULL
               ? swe_netcdf_create_at(output->temp_path, mode, &output->ncid, err)
               : swe_netcdf_create_temporary(output->final_path, mode, &output->ncid,
                                             &output->temp_path, err);
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
    created->file = (swe_cf_file){.ncid = created->ncid, .path = created->temp_path};
    status = swe_output_layout_define(&created->file, block, info, &created->layout, err);
    if (status == SWE_OK) {
        int nc_status = nc_enddef(created->ncid);
        if (nc_status != NC_NOERR) {
            status = write_failure(created, nc_status, "nc_enddef", "", err);
        }
    }
    if (status == SWE_OK) {
        status = swe_output_layout_write_static(&created->file, &created->layout, block, info,
                                                created->plane, err);
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

/* The variable ids of a file written by create_file, by name; the maxima
 * only where the file holds them. */
static int find_ids(swe_netcdf_output *output, swe_error *err)
{
    swe_output_layout *layout = &output->layout;
    int status = nc_inq_varid(output->ncid, "time", &layout->time_id);
    for (int f = 0; f < SWE_FIELD_COUNT && status == NC_NOERR; ++f) {
        status = nc_inq_varid(output->ncid, swe_output_field_name(f), &layout->field_id[f]);
    }
    layout->maxima_id[0] = -1;
    if (status == NC_NOERR &&
        nc_inq_varid(output->ncid, swe_maxima_field_name(0), &layout->maxima_id[0]) == NC_NOERR) {
        for (int m = 1; m < SWE_MAXIMA_COUNT && status == NC_NOERR; ++m) {
            status = nc_inq_varid(output->ncid, swe_maxima_field_name(m), &layout->maxima_id[m]);
        }
        status = status == NC_NOERR
                     ? nc_inq_varid(output->ncid, "maxima_period", &layout->maxima_period_id)
                     : status;
        status = status == NC_NOERR
                     ? nc_inq_varid(output->ncid, "maxima_period_bnds", &layout->maxima_bounds_id)
                     : status;
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
        status = nc_get_var1_double(output->ncid, layout->time_id, &last, &output->last_time);
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
    opened->file = (swe_cf_file){.ncid = opened->ncid, .path = opened->temp_path};
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

static int write_field(swe_netcdf_output *output, const swe_block *block,
                       enum swe_output_field field, swe_error *err)
{
    swe_output_field_plane(block, field, output->plane);
    return swe_output_layout_write_plane(&output->file, output->layout.field_id[field],
                                         swe_output_field_name(field), block,
                                         (long)output->snapshot_count, output->plane, err);
}

int swe_netcdf_write(swe_netcdf_output *output, const swe_block *block, double time, swe_error *err)
{
    int status = check_snapshot(output, block, time, err);
    for (int f = 0; f < SWE_FIELD_COUNT && status == SWE_OK; ++f) {
        status = write_field(output, block, (enum swe_output_field)f, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    /* The time goes last: a snapshot counts once all its fields are in. */
    TRY_WRITE(output, err, "time", nc_put_var1_double, output->ncid, output->layout.time_id,
              &output->snapshot_count, &time);
    output->snapshot_count++;
    output->last_time = time;
    /* Durable once written: HDF5's caches out to the file, the file to disk. */
    TRY_WRITE(output, err, "", nc_sync, output->ncid);
    return swe_sync_path(output->temp_path, err);
}

int swe_netcdf_write_maxima(swe_netcdf_output *output, const swe_block *block,
                            const real *const maxima[SWE_MAXIMA_COUNT], const double period[2],
                            swe_error *err)
{
    if (output == NULL || block == NULL || maxima == NULL || period == NULL ||
        output->layout.maxima_id[0] < 0 || block->nx != output->nx || block->ny != output->ny) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: maxima need a writer created with them, and a block");
    }
    int status = SWE_OK;
    for (int m = 0; m < SWE_MAXIMA_COUNT && status == SWE_OK; ++m) {
        status = swe_output_layout_write_plane(&output->file, output->layout.maxima_id[m],
                                               swe_maxima_field_name(m), block, 0, maxima[m], err);
    }
    if (status == SWE_OK) {
        status = swe_cf_check(
            &output->file,
            nc_put_var_double(output->ncid, output->layout.maxima_period_id, &period[1]),
            "nc_put_var_double", "maxima_period", err);
    }
    if (status == SWE_OK) {
        status = swe_cf_check(
            &output->file, nc_put_var_double(output->ncid, output->layout.maxima_bounds_id, period),
            "nc_put_var_double", "maxima_period_bnds", err);
    }
    return status;
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
