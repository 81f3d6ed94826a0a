/* An input field read in a child process (io/child_task.h), so that a
 * damaged file that crashes or hangs libnetcdf or libhdf5 becomes one
 * line; the field comes back over the pipe as its sizes, what the reader
 * found out about it, its axes and its values. */
#include "io/netcdf_input_field.h"
#include "io/untrusted_file.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What travels before the arrays. */
typedef struct field_header {
    uint64_t nx, ny, filled;
    int64_t geographic;
    char variable[64];
    swe_grid_mapping mapping;
} field_header;

typedef struct field_reading {
    enum swe_input_role role;
    const char *path, *variable, *fix;
} field_reading;

static double field_bytes(size_t nx, size_t ny)
{
    return sizeof(field_header) +
           ((double)nx + (double)ny + (double)nx * (double)ny) * sizeof(double);
}

static int read_in_child(void *context, swe_child_pipe *pipe, swe_error *err)
{
    const field_reading *reading = context;
    char role[64];
    snprintf(role, sizeof role, "%s file", swe_input_role_name(reading->role));
    swe_input_field field = {0};
    int status = swe_untrusted_file_check_classic(role, reading->path, reading->fix, err);
    if (status == SWE_OK) {
        status = swe_input_field_read(reading->role, reading->path, reading->variable, &field, err);
    }
    if (status == SWE_OK) {
        field_header header = {
            .nx = field.nx, .ny = field.ny, .filled = field.filled, .geographic = field.geographic};
        memcpy(header.variable, field.variable, sizeof header.variable);
        header.mapping = field.mapping;
        status = swe_child_announce(pipe, field_bytes(field.nx, field.ny), err);
        if (status == SWE_OK) {
            status = swe_child_send(pipe, &header, sizeof header, err);
        }
        const void *arrays[] = {field.x, field.y, field.values};
        const size_t counts[] = {field.nx, field.ny, field.nx * field.ny};
        for (int a = 0; a < 3 && status == SWE_OK; ++a) {
            status = swe_child_send(pipe, arrays[a], counts[a] * sizeof(double), err);
        }
    }
    swe_input_field_free(&field);
    return status;
}

/* The field as read_in_child sent it. */
static int unpack_field(const unsigned char *bytes, size_t size, swe_input_field *field,
                        swe_error *err)
{
    field_header header;
    if (size < sizeof header) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "internal error: a field came back short");
    }
    memcpy(&header, bytes, sizeof header);
    if (header.nx < 2 || header.ny < 2 ||
        field_bytes((size_t)header.nx, (size_t)header.ny) != (double)size) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "internal error: a field came back short");
    }
    field->nx = (size_t)header.nx;
    field->ny = (size_t)header.ny;
    field->filled = (size_t)header.filled;
    field->geographic = header.geographic != 0;
    memcpy(field->variable, header.variable, sizeof field->variable);
    field->variable[sizeof field->variable - 1] = '\0';
    field->mapping = header.mapping; /* from this program's own child: its strings end */
    field->mapping.name[sizeof field->mapping.name - 1] = '\0';
    field->mapping.wkt[sizeof field->mapping.wkt - 1] = '\0';
    if (field->mapping.count < 0 || field->mapping.count > SWE_GRID_MAPPING_PARAMETERS) {
        field->mapping.count = 0;
    }
    double **arrays[] = {&field->x, &field->y, &field->values};
    const size_t counts[] = {field->nx, field->ny, field->nx * field->ny};
    size_t offset = sizeof header;
    for (int a = 0; a < 3; ++a) {
        *arrays[a] = malloc(counts[a] * sizeof(double));
        if (*arrays[a] == NULL) {
            swe_input_field_free(field);
            return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a field of %zu x %zu",
                            field->nx, field->ny);
        }
        memcpy(*arrays[a], bytes + offset, counts[a] * sizeof(double));
        offset += counts[a] * sizeof(double);
    }
    return SWE_OK;
}

int swe_input_field_read_untrusted(enum swe_input_role role, const char *path, const char *variable,
                                   swe_input_field *field, swe_error *err)
{
    if (field == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: nowhere to read a field into");
    }
    *field = (swe_input_field){0};
    const char *name = swe_input_role_name(role);
    if (path == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "no %s file given (add --%s FILE)", name, name);
    }
    const field_reading reading = {role, path, variable, "give a CF NetCDF file"};
    char role_file[64];
    snprintf(role_file, sizeof role_file, "%s file", name);
    void *result = NULL;
    size_t size = 0;
    int status = swe_untrusted_read_in_child(role_file, path, reading.fix, read_in_child,
                                             (void *)&reading, &result, &size, err);
    if (status == SWE_OK) {
        status = unpack_field(result, size, field, err);
    }
    free(result);
    return status;
}
