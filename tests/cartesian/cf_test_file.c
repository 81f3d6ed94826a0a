#include "tests/cartesian/cf_test_file.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call)                                                                                \
    do {                                                                                           \
        int status_ = (call);                                                                      \
        if (status_ != NC_NOERR) {                                                                 \
            fprintf(stderr, "\n    %s: %s\n", #call, nc_strerror(status_));                        \
            return -1;                                                                             \
        }                                                                                          \
    } while (0)

static int put_text(int ncid, int varid, const char *name, const char *value)
{
    if (value != NULL) {
        CHECK(nc_put_att_text(ncid, varid, name, strlen(value), value));
    }
    return 0;
}

static int define_axis(int ncid, const cf_axis_spec *axis, int *dim, int *varid)
{
    CHECK(nc_def_dim(ncid, axis->name, axis->count, dim));
    CHECK(nc_def_var(ncid, axis->name, NC_DOUBLE, 1, dim, varid));
    if (put_text(ncid, *varid, "units", axis->units) != 0 ||
        put_text(ncid, *varid, "standard_name", axis->standard_name) != 0) {
        return -1;
    }
    return 0;
}

static int define_field(int ncid, const cf_field_spec *field, nc_type type, const int dims[2],
                        int *varid)
{
    CHECK(nc_def_var(ncid, field->name, type, 2, dims, varid));
    if (put_text(ncid, *varid, "units", field->units) != 0 ||
        put_text(ncid, *varid, "positive", field->positive) != 0 ||
        put_text(ncid, *varid, "standard_name", field->standard_name) != 0) {
        return -1;
    }
    if (field->scale != 0.0) {
        CHECK(nc_put_att_double(ncid, *varid, "scale_factor", NC_DOUBLE, 1, &field->scale));
        CHECK(nc_put_att_double(ncid, *varid, "add_offset", NC_DOUBLE, 1, &field->offset));
    }
    if (field->fill_kind != CF_NO_FILL) {
        const char *name = field->fill_kind == CF_FILL_VALUE ? "_FillValue" : "missing_value";
        CHECK(nc_put_att_double(ncid, *varid, name, type, 1, &field->fill));
    }
    return 0;
}

/* The number stored for a value that means metres upwards. */
static double stored_value(const cf_field_spec *field, nc_type type, double metres)
{
    double per_unit = field->metres_per_unit != 0.0 ? field->metres_per_unit : 1.0;
    double value = metres / per_unit;
    if (field->positive != NULL && strcmp(field->positive, "down") == 0) {
        value = -value;
    }
    if (field->scale != 0.0) {
        value = (value - field->offset) / field->scale;
    }
    return type == NC_FLOAT || type == NC_DOUBLE ? value : round(value);
}

/* The values over (y, x), or (x, y) when transposed. */
static double *make_values(const cf_file_spec *spec, nc_type type)
{
    size_t nx = spec->x.count, ny = spec->y.count;
    double *values = malloc(nx * ny * sizeof *values);
    for (size_t j = 0; values != NULL && j < ny; ++j) {
        for (size_t i = 0; i < nx; ++i) {
            double x = spec->x.first + (double)i * spec->x.step;
            double y = spec->y.first + (double)j * spec->y.step;
            double value = stored_value(&spec->field, type, spec->elevation(x, y, spec->context));
            if ((long)(j * nx + i) == spec->field.missing_index) {
                value = spec->field.fill;
            }
            values[spec->transposed ? i * ny + j : j * nx + i] = value;
        }
    }
    return values;
}

static int write_axes(int ncid, const cf_file_spec *spec, int x_id, int y_id)
{
    const cf_axis_spec *axes[2] = {&spec->x, &spec->y};
    const int ids[2] = {x_id, y_id};
    for (int a = 0; a < 2; ++a) {
        double *values = malloc(axes[a]->count * sizeof *values);
        if (values == NULL) {
            return -1;
        }
        for (size_t k = 0; k < axes[a]->count; ++k) {
            values[k] = axes[a]->first + (double)k * axes[a]->step;
        }
        int status = nc_put_var_double(ncid, ids[a], values);
        free(values);
        CHECK(status);
    }
    return 0;
}

static int write_file(int ncid, const cf_file_spec *spec)
{
    nc_type type = spec->field.type != 0 ? spec->field.type : NC_FLOAT;
    int x_dim, y_dim, x_id, y_id, field_id, first_id = -1, second_id = -1;
    if (define_axis(ncid, &spec->x, &x_dim, &x_id) != 0 ||
        define_axis(ncid, &spec->y, &y_dim, &y_id) != 0) {
        return -1;
    }
    const int dims[2] = {spec->transposed ? x_dim : y_dim, spec->transposed ? y_dim : x_dim};
    if (spec->first_variable != NULL) {
        CHECK(nc_def_var(ncid, spec->first_variable, NC_BYTE, 2, dims, &first_id));
    }
    if (define_field(ncid, &spec->field, type, dims, &field_id) != 0) {
        return -1;
    }
    if (spec->second_field != NULL) {
        CHECK(nc_def_var(ncid, spec->second_field, NC_FLOAT, 2, dims, &second_id));
        CHECK(nc_put_att_text(ncid, second_id, "units", 1, "m"));
    }
    CHECK(nc_enddef(ncid));
    if (write_axes(ncid, spec, x_id, y_id) != 0) {
        return -1;
    }
    double *values = make_values(spec, type);
    int status = values != NULL ? nc_put_var_double(ncid, field_id, values) : NC_ENOMEM;
    size_t count = spec->x.count * spec->y.count;
    for (size_t k = 0; status == NC_NOERR && first_id >= 0 && k < count; ++k) {
        values[k] = 17; /* GEBCO's type identifier of a land grid cell, say */
    }
    if (status == NC_NOERR && first_id >= 0) {
        status = nc_put_var_double(ncid, first_id, values);
    }
    for (size_t k = 0; status == NC_NOERR && second_id >= 0 && k < count; ++k) {
        values[k] = 1000; /* high, dry land */
    }
    if (status == NC_NOERR && second_id >= 0) {
        status = nc_put_var_double(ncid, second_id, values);
    }
    free(values);
    CHECK(status);
    return 0;
}

int cf_write_test_file(const char *path, const cf_file_spec *spec)
{
    int ncid;
    CHECK(nc_create(path, NC_CLOBBER | NC_NETCDF4 | NC_CLASSIC_MODEL, &ncid));
    int status = write_file(ncid, spec);
    int closed = nc_close(ncid);
    return status == 0 && closed == NC_NOERR ? 0 : -1;
}
