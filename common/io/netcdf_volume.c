#include "io/netcdf_volume.h"

#include "io/atomic_file.h"
#include "io/netcdf_cf.h"
#include "io/netcdf_create.h"

#include <netcdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_VARIABLES = 16, MAX_ATTRIBUTES = 64 };

/* One open file of the series: a part, or the joined file. */
typedef struct volume_file {
    int id;
    const char *temp_path; /* its path, for messages */
    int time_id, variable_ids[MAX_VARIABLES];
    size_t records;
} volume_file;

struct swe_netcdf_volume {
    swe_sealed_series *sealed;
    swe_volume_description description; /* its arrays the copies below */
    swe_volume_variable variables[MAX_VARIABLES];
    /* Copies of the attribute texts: the files are written after the
     * caller's (often its stack's) are gone. */
    char *attributes[MAX_ATTRIBUTES + 1];
};

static void release_volume(swe_netcdf_volume *v)
{
    for (int k = 0; k < MAX_ATTRIBUTES && v->attributes[k] != NULL; ++k) {
        free(v->attributes[k]);
    }
    free(v);
}

/* Returns from the calling function with a message naming the call. */
#define NC_TRY(volume, err, object, call)                                                          \
    do {                                                                                           \
        int nc_status_ = (call);                                                                   \
        if (nc_status_ != NC_NOERR) {                                                              \
            return swe_fail((err), SWE_ERROR_RUNTIME, "NetCDF: %s failed for %s in '%s': %s (%s)", \
                            #call, (object), (volume)->temp_path, nc_strerror(nc_status_),         \
                            swe_write_failure_hint((volume)->temp_path));                          \
        }                                                                                          \
    } while (0)

/* The coordinates at the cell centres, in metres: x and y projected
 * coordinates without axis attributes (ParaView's CF reader would take X
 * and Y for longitude and latitude and put the grid on a sphere), z the
 * vertical (axis Z, positive up: the third axis of xarray, ParaView and
 * the CF tools), its height above the domain's floor. */
static const swe_cf_variable axis_variables[3] = {
    {"x", "x coordinate of cell centre", "m", "projection_x_coordinate"},
    {"y", "y coordinate of cell centre", "m", "projection_y_coordinate"},
    {"z", "z coordinate of cell centre (height above the floor)", "m", "height"}};

/* Marks z as CF's vertical coordinate. */
static int mark_vertical(const swe_cf_file *file, int z_id, swe_error *err)
{
    int status = swe_cf_put_text(file, z_id, "axis", "Z", err);
    return status == SWE_OK ? swe_cf_put_text(file, z_id, "positive", "up", err) : status;
}

static int define_axes(const swe_cf_file *file, const swe_volume_description *d, int dims[4],
                       int axis_ids[3], swe_error *err)
{
    int status = SWE_OK;
    for (int axis = 0; axis < 3 && status == SWE_OK; ++axis) {
        const char *name = axis_variables[axis].name;
        status = swe_cf_check(file,
                              nc_def_dim(file->ncid, name, (size_t)d->cells[axis], &dims[3 - axis]),
                              "nc_def_dim", name, err);
        if (status == SWE_OK) {
            status = swe_cf_define(file, &axis_variables[axis], NC_DOUBLE, 1, &dims[3 - axis],
                                   &axis_ids[axis], err);
        }
    }
    return status == SWE_OK ? mark_vertical(file, axis_ids[2], err) : status;
}

static int define(volume_file *v, const swe_volume_description *d, int axis_ids[3], swe_error *err)
{
    const swe_cf_file file = {v->id, v->temp_path};
    int dims[4]; /* time, z, y, x */
    int status = swe_cf_check(&file, nc_def_dim(v->id, "time", NC_UNLIMITED, &dims[0]),
                              "nc_def_dim", "time", err);
    if (status == SWE_OK) {
        status = define_axes(&file, d, dims, axis_ids, err);
    }
    if (status == SWE_OK) {
        status = swe_cf_define_time(&file, dims[0], &v->time_id, err);
    }
    size_t chunks[4];
    swe_cf_tile_chunks(4, (size_t)d->cells[1], (size_t)d->cells[0], chunks);
    for (int f = 0; status == SWE_OK && f < d->count; ++f) {
        const swe_volume_variable *var = &d->variables[f];
        const swe_cf_variable described = {var->name, var->long_name, var->units, NULL};
        status = swe_cf_define(&file, &described, NC_FLOAT, 4, dims, &v->variable_ids[f], err);
        if (status == SWE_OK) {
            status =
                swe_cf_compress(&file, v->variable_ids[f], var->name, d->compression, chunks, err);
        }
    }
    if (status == SWE_OK) {
        status = swe_cf_put_globals(&file, NULL, NULL, err);
    }
    for (int a = 0; status == SWE_OK && d->attributes != NULL && d->attributes[a] != NULL; a += 2) {
        status = swe_cf_put_text(&file, NC_GLOBAL, d->attributes[a], d->attributes[a + 1], err);
    }
    return status;
}

static int write_axes(volume_file *v, const swe_volume_description *d, const int axis_ids[3],
                      swe_error *err)
{
    for (int axis = 0; axis < 3; ++axis) {
        double *centres = malloc((size_t)d->cells[axis] * sizeof(double));
        if (centres == NULL) {
            return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for NetCDF coordinates");
        }
        for (int i = 0; i < d->cells[axis]; ++i) {
            centres[i] = d->origin[axis] + (i + 0.5) * d->spacing[axis];
        }
        int nc_status = nc_put_var_double(v->id, axis_ids[axis], centres);
        free(centres);
        NC_TRY(v, err, "a coordinate", nc_status);
    }
    return SWE_OK;
}

/* The format's create: the file at path with the grid, no record. */
static int create(const void *self, const char *path, swe_error *err)
{
    const swe_volume_description *description = &((const swe_netcdf_volume *)self)->description;
    volume_file v = {.id = -1, .temp_path = path};
    int status = swe_netcdf_create_at(path, NC_NETCDF4, &v.id, err);
    if (status != SWE_OK) {
        return status;
    }
    int axis_ids[3];
    status = define(&v, description, axis_ids, err);
    if (status == SWE_OK) {
        int nc_status = nc_enddef(v.id);
        status = nc_status == NC_NOERR
                     ? write_axes(&v, description, axis_ids, err)
                     : swe_fail(err, SWE_ERROR_RUNTIME, "NetCDF: nc_enddef failed in '%s': %s (%s)",
                                path, nc_strerror(nc_status), swe_write_failure_hint(path));
    }
    int nc_status = nc_close(v.id);
    if (status == SWE_OK && nc_status != NC_NOERR) {
        status = swe_fail(err, SWE_ERROR_RUNTIME, "NetCDF: nc_close failed for '%s': %s (%s)", path,
                          nc_strerror(nc_status), swe_write_failure_hint(path));
    }
    return status;
}

/* The ids of a file this writer made for description, checked to hold
 * its grid, and the records it holds. */
static int find_variables(volume_file *v, const swe_volume_description *d, swe_error *err)
{
    const swe_cf_file file = {v->id, v->temp_path};
    int status =
        swe_cf_check(&file, nc_inq_varid(v->id, "time", &v->time_id), "nc_inq_varid", "time", err);
    for (int f = 0; status == SWE_OK && f < d->count; ++f) {
        status = swe_cf_check(&file, nc_inq_varid(v->id, d->variables[f].name, &v->variable_ids[f]),
                              "nc_inq_varid", d->variables[f].name, err);
    }
    int time_dim = -1;
    status = status == SWE_OK ? swe_cf_check(&file, nc_inq_dimid(v->id, "time", &time_dim),
                                             "nc_inq_dimid", "time", err)
                              : status;
    status = status == SWE_OK ? swe_cf_check(&file, nc_inq_dimlen(v->id, time_dim, &v->records),
                                             "nc_inq_dimlen", "time", err)
                              : status;
    for (int axis = 0; axis < 3 && status == SWE_OK; ++axis) {
        int dim = -1;
        size_t length = 0;
        status = swe_cf_check(&file, nc_inq_dimid(v->id, axis_variables[axis].name, &dim),
                              "nc_inq_dimid", axis_variables[axis].name, err);
        status = status == SWE_OK ? swe_cf_check(&file, nc_inq_dimlen(v->id, dim, &length),
                                                 "nc_inq_dimlen", axis_variables[axis].name, err)
                                  : status;
        if (status == SWE_OK && length != (size_t)d->cells[axis]) {
            status = swe_fail(err, SWE_ERROR_USAGE,
                              "'%s' holds another grid (%zu cells along %s, this run has %d)",
                              v->temp_path, length, axis_variables[axis].name, d->cells[axis]);
        }
    }
    return status;
}

static int put_record(volume_file *v, const swe_volume_description *d, double time,
                      const float *const *values, swe_error *err)
{
    size_t record = v->records;
    size_t start[4] = {record, 0, 0, 0};
    size_t count[4] = {1, (size_t)d->cells[2], (size_t)d->cells[1], (size_t)d->cells[0]};
    for (int f = 0; f < d->count; ++f) {
        NC_TRY(v, err, "a field",
               nc_put_vara_float(v->id, v->variable_ids[f], start, count, values[f]));
    }
    /* The time goes last: a snapshot counts once all its fields are in. */
    NC_TRY(v, err, "time", nc_put_var1_double(v->id, v->time_id, &record, &time));
    return SWE_OK;
}

/* The format's append: one record at the end of the file at path. */
static int append(const void *self, const char *path, const void *snapshot, double time,
                  swe_error *err)
{
    const swe_volume_description *description = &((const swe_netcdf_volume *)self)->description;
    volume_file v = {.id = -1, .temp_path = path};
    int nc_status = nc_open(path, NC_WRITE, &v.id);
    if (nc_status != NC_NOERR) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "NetCDF: cannot open '%s' to append to it: %s",
                        path, nc_strerror(nc_status));
    }
    int status = find_variables(&v, description, err);
    status = status == SWE_OK ? put_record(&v, description, time, snapshot, err) : status;
    nc_status = nc_close(v.id);
    if (status == SWE_OK && nc_status != NC_NOERR) {
        status = swe_fail(err, SWE_ERROR_RUNTIME, "NetCDF: nc_close failed for '%s': %s (%s)", path,
                          nc_strerror(nc_status), swe_write_failure_hint(path));
    }
    return status;
}

static const swe_snapshot_format volume_format = {.create = create, .append = append};

int swe_netcdf_volume_open(swe_netcdf_volume **out, const swe_sealed_plan *plan,
                           const swe_volume_description *description, swe_error *err)
{
    int attributes = 0;
    while (description != NULL && description->attributes != NULL &&
           description->attributes[attributes] != NULL && attributes <= MAX_ATTRIBUTES) {
        attributes++;
    }
    if (out == NULL || plan == NULL || description == NULL || description->count < 1 ||
        description->count > MAX_VARIABLES || attributes > MAX_ATTRIBUTES) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: bad NetCDF volume description");
    }
    *out = NULL;
    swe_netcdf_volume *v = calloc(1, sizeof *v);
    if (v == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the NetCDF output");
    }
    v->description = *description;
    memcpy(v->variables, description->variables, (size_t)description->count * sizeof *v->variables);
    v->description.variables = v->variables;
    for (int k = 0; k < attributes; ++k) {
        v->attributes[k] = strdup(description->attributes[k]);
        if (v->attributes[k] == NULL) {
            release_volume(v);
            return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the NetCDF attributes");
        }
    }
    v->description.attributes = (const char *const *)v->attributes;
    int status = swe_sealed_series_open(&v->sealed, plan, &volume_format, v, err);
    if (status != SWE_OK) {
        release_volume(v);
        return status;
    }
    *out = v;
    return SWE_OK;
}

int swe_netcdf_volume_append(swe_netcdf_volume *v, int snapshot, double time,
                             const float *const *values, swe_error *err)
{
    if (v == NULL || values == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: append to an open volume");
    }
    return swe_sealed_series_write(v->sealed, values, snapshot, time, err);
}

int swe_netcdf_volume_seal(swe_netcdf_volume *v, swe_error *err)
{
    return v != NULL ? swe_sealed_series_seal(v->sealed, err) : SWE_OK;
}

int swe_netcdf_volume_close(swe_netcdf_volume *v, int keep, swe_error *err)
{
    if (v == NULL) {
        return SWE_OK;
    }
    int status = swe_sealed_series_close(v->sealed, keep, err);
    release_volume(v);
    return status;
}
