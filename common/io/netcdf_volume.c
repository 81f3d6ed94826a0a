#include "io/netcdf_volume.h"

#include "io/atomic_file.h"

#include <netcdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_VARIABLES = 16 };

struct swe_netcdf_volume {
    int id;
    char *temp_path, *final_path;
    int cells[3];
    int time_id, variable_ids[MAX_VARIABLES], count;
    size_t records;
};

/* Returns from the calling function with a message naming the call. */
#define NC_TRY(volume, err, object, call)                                                          \
    do {                                                                                           \
        int nc_status_ = (call);                                                                   \
        if (nc_status_ != NC_NOERR) {                                                              \
            return swe_fail((err), SWE_ERROR_RUNTIME, "NetCDF: %s failed for %s in '%s': %s",      \
                            #call, (object), (volume)->temp_path, nc_strerror(nc_status_));        \
        }                                                                                          \
    } while (0)

static int text_attribute(swe_netcdf_volume *v, int variable, const char *name, const char *value,
                          swe_error *err)
{
    NC_TRY(v, err, name, nc_put_att_text(v->id, variable, name, strlen(value), value));
    return SWE_OK;
}

/* The coordinate variable of axis at the cell centres. */
static int define_axis(swe_netcdf_volume *v, const swe_volume_description *d, int axis,
                       int dimension, int *id, swe_error *err)
{
    static const char *const names[3] = {"x", "y", "z"};
    NC_TRY(v, err, names[axis], nc_def_var(v->id, names[axis], NC_DOUBLE, 1, &dimension, id));
    int status = text_attribute(v, *id, "units", "m", err);
    if (status == SWE_OK) {
        static const char *const axes[3] = {"X", "Y", "Z"};
        status = text_attribute(v, *id, "axis", axes[axis], err);
    }
    (void)d;
    return status;
}

static int define(swe_netcdf_volume *v, const swe_volume_description *d, int axis_ids[3],
                  swe_error *err)
{
    static const char *const names[3] = {"x", "y", "z"};
    int dims[4]; /* time, z, y, x */
    NC_TRY(v, err, "time", nc_def_dim(v->id, "time", NC_UNLIMITED, &dims[0]));
    for (int axis = 0; axis < 3; ++axis) {
        NC_TRY(v, err, names[axis],
               nc_def_dim(v->id, names[axis], (size_t)d->cells[axis], &dims[3 - axis]));
        int status = define_axis(v, d, axis, dims[3 - axis], &axis_ids[axis], err);
        if (status != SWE_OK) {
            return status;
        }
    }
    NC_TRY(v, err, "time", nc_def_var(v->id, "time", NC_DOUBLE, 1, &dims[0], &v->time_id));
    int status = text_attribute(v, v->time_id, "units", "s", err);
    for (int f = 0; status == SWE_OK && f < d->count; ++f) {
        const swe_volume_variable *var = &d->variables[f];
        NC_TRY(v, err, var->name,
               nc_def_var(v->id, var->name, NC_FLOAT, 4, dims, &v->variable_ids[f]));
        status = text_attribute(v, v->variable_ids[f], "long_name", var->long_name, err);
        if (status == SWE_OK) {
            status = text_attribute(v, v->variable_ids[f], "units", var->units, err);
        }
    }
    if (status == SWE_OK) {
        status = text_attribute(v, NC_GLOBAL, "Conventions", "CF-1.8", err);
    }
    for (int a = 0; status == SWE_OK && d->attributes != NULL && d->attributes[a] != NULL; a += 2) {
        status = text_attribute(v, NC_GLOBAL, d->attributes[a], d->attributes[a + 1], err);
    }
    return status;
}

static int write_axes(swe_netcdf_volume *v, const swe_volume_description *d, const int axis_ids[3],
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

int swe_netcdf_volume_create(swe_netcdf_volume **out, const char *path,
                             const swe_volume_description *description, swe_error *err)
{
    if (out == NULL || path == NULL || description == NULL || description->count < 1 ||
        description->count > MAX_VARIABLES) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: bad NetCDF volume description");
    }
    swe_netcdf_volume *v = calloc(1, sizeof *v);
    if (v == NULL || (v->final_path = swe_path_join(path, "")) == NULL ||
        (v->temp_path = swe_path_join(path, ".tmp")) == NULL) {
        swe_netcdf_volume_close(v, 0, NULL);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the NetCDF output");
    }
    v->id = -1;
    v->count = description->count;
    for (int axis = 0; axis < 3; ++axis) {
        v->cells[axis] = description->cells[axis];
    }
    int status = nc_create(v->temp_path, NC_CLOBBER | NC_NETCDF4, &v->id);
    if (status != NC_NOERR) {
        status = swe_fail(err, SWE_ERROR_USAGE, "cannot create '%s': %s", v->temp_path,
                          nc_strerror(status));
        v->id = -1;
    } else {
        int axis_ids[3];
        status = define(v, description, axis_ids, err);
        if (status == SWE_OK) {
            int nc_status = nc_enddef(v->id);
            status = nc_status == NC_NOERR
                         ? write_axes(v, description, axis_ids, err)
                         : swe_fail(err, SWE_ERROR_RUNTIME, "NetCDF: nc_enddef failed in '%s': %s",
                                    v->temp_path, nc_strerror(nc_status));
        }
    }
    if (status != SWE_OK) {
        swe_netcdf_volume_close(v, 0, NULL);
        return status;
    }
    *out = v;
    return SWE_OK;
}

int swe_netcdf_volume_append(swe_netcdf_volume *v, double time, const float *const *values,
                             swe_error *err)
{
    if (v == NULL || values == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: append to an open volume");
    }
    size_t record = v->records;
    NC_TRY(v, err, "time", nc_put_var1_double(v->id, v->time_id, &record, &time));
    size_t start[4] = {record, 0, 0, 0};
    size_t count[4] = {1, (size_t)v->cells[2], (size_t)v->cells[1], (size_t)v->cells[0]};
    for (int f = 0; f < v->count; ++f) {
        NC_TRY(v, err, "a field",
               nc_put_vara_float(v->id, v->variable_ids[f], start, count, values[f]));
    }
    NC_TRY(v, err, "the file", nc_sync(v->id));
    v->records += 1;
    return SWE_OK;
}

int swe_netcdf_volume_close(swe_netcdf_volume *v, int keep, swe_error *err)
{
    if (v == NULL) {
        return SWE_OK;
    }
    int status = SWE_OK;
    if (v->id >= 0) {
        int nc_status = nc_close(v->id);
        if (nc_status != NC_NOERR) {
            status = swe_fail(err, SWE_ERROR_RUNTIME, "NetCDF: nc_close failed for '%s': %s",
                              v->temp_path, nc_strerror(nc_status));
        }
    }
    if (v->temp_path != NULL) {
        if (keep && status == SWE_OK) {
            status = swe_rename_into_place(v->temp_path, v->final_path, err);
        } else {
            remove(v->temp_path);
        }
    }
    free(v->temp_path);
    free(v->final_path);
    free(v);
    return status;
}
