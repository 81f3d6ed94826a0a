#include "io/netcdf_cf.h"

#include "io/atomic_file.h"
#include "io/library_versions.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#ifndef SWE_VERSION
#define SWE_VERSION "unknown"
#endif

int swe_cf_check(const swe_cf_file *file, int nc_status, const char *call, const char *object,
                 swe_error *err)
{
    if (nc_status == NC_NOERR) {
        return SWE_OK;
    }
    const char *path = file != NULL && file->path != NULL ? file->path : "?";
    return swe_fail(err, SWE_ERROR_RUNTIME, "writing '%s' failed in %s(%s): %s (%s)", path, call,
                    object, nc_strerror(nc_status), swe_write_failure_hint(path));
}

int swe_cf_put_text(const swe_cf_file *file, int varid, const char *name, const char *value,
                    swe_error *err)
{
    return swe_cf_check(file, nc_put_att_text(file->ncid, varid, name, strlen(value), value),
                        "nc_put_att_text", name, err);
}

int swe_cf_put_double(const swe_cf_file *file, int varid, const char *name, double value,
                      swe_error *err)
{
    return swe_cf_check(file, nc_put_att_double(file->ncid, varid, name, NC_DOUBLE, 1, &value),
                        "nc_put_att_double", name, err);
}

int swe_cf_define(const swe_cf_file *file, const swe_cf_variable *variable, nc_type type,
                  int dimension_count, const int *dimension_ids, int *varid, swe_error *err)
{
    if (file == NULL || variable == NULL || variable->name == NULL || varid == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a CF variable needs a name");
    }
    int status = swe_cf_check(
        file, nc_def_var(file->ncid, variable->name, type, dimension_count, dimension_ids, varid),
        "nc_def_var", variable->name, err);
    return status == SWE_OK ? swe_cf_describe(file, *varid, variable, err) : status;
}

int swe_cf_describe(const swe_cf_file *file, int varid, const swe_cf_variable *variable,
                    swe_error *err)
{
    const char *texts[][2] = {{"long_name", variable->long_name},
                              {"units", variable->units},
                              {"standard_name", variable->standard_name}};
    int status = SWE_OK;
    for (size_t a = 0; a < sizeof texts / sizeof texts[0] && status == SWE_OK; ++a) {
        if (texts[a][1] != NULL) {
            status = swe_cf_put_text(file, varid, texts[a][0], texts[a][1], err);
        }
    }
    return status;
}

int swe_cf_compress(const swe_cf_file *file, int varid, const char *name, int level,
                    const size_t *chunk_sizes, swe_error *err)
{
    if (level < 0 || level > SWE_MAX_COMPRESSION) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: compression level %d", level);
    }
    if (chunk_sizes == NULL) {
        return swe_cf_check(file, nc_def_var_chunking(file->ncid, varid, NC_CONTIGUOUS, NULL),
                            "nc_def_var_chunking", name, err);
    }
    int status = swe_cf_check(file, nc_def_var_chunking(file->ncid, varid, NC_CHUNKED, chunk_sizes),
                              "nc_def_var_chunking", name, err);
    if (status == SWE_OK && level > 0) {
        status = swe_cf_check(file, nc_def_var_deflate(file->ncid, varid, 1, 1, level),
                              "nc_def_var_deflate", name, err);
    }
    return status;
}

void swe_cf_tile_chunks(int dimension_count, size_t ny, size_t nx, size_t *chunk_sizes)
{
    for (int d = 0; d + 2 < dimension_count; ++d) {
        chunk_sizes[d] = 1;
    }
    chunk_sizes[dimension_count - 2] = ny < SWE_CF_TILE ? ny : SWE_CF_TILE;
    chunk_sizes[dimension_count - 1] = nx < SWE_CF_TILE ? nx : SWE_CF_TILE;
}

int swe_cf_define_time(const swe_cf_file *file, int dimension, int *varid, swe_error *err)
{
    static const swe_cf_variable time = {"time", "simulated time since the start of the run",
                                         SWE_CF_TIME_UNITS, "time"};
    int status = swe_cf_define(file, &time, NC_DOUBLE, 1, &dimension, varid, err);
    return status == SWE_OK ? swe_cf_put_text(file, *varid, "calendar", "standard", err) : status;
}

int swe_cf_put_nan_fill(const swe_cf_file *file, int varid, nc_type type, swe_error *err)
{
    int nc_status;
    if (type == NC_FLOAT) {
        const float nan_float = NAN;
        nc_status = nc_put_att_float(file->ncid, varid, "_FillValue", NC_FLOAT, 1, &nan_float);
    } else {
        const double nan_double = NAN;
        nc_status = nc_put_att_double(file->ncid, varid, "_FillValue", NC_DOUBLE, 1, &nan_double);
    }
    return swe_cf_check(file, nc_status, "nc_put_att", "_FillValue", err);
}

int swe_cf_put_globals(const swe_cf_file *file, const char *title, const char *history,
                       swe_error *err)
{
    char source[64];
    snprintf(source, sizeof source, "shallows %s", SWE_VERSION);
    const char *texts[][2] = {{"Conventions", SWE_CF_CONVENTIONS},
                              {"title", title != NULL ? title : "shallows output"},
                              {"source", source},
                              {"history", history != NULL ? history : source}};
    int status = SWE_OK;
    for (size_t a = 0; a < sizeof texts / sizeof texts[0] && status == SWE_OK; ++a) {
        status = swe_cf_put_text(file, NC_GLOBAL, texts[a][0], texts[a][1], err);
    }
    return status;
}

const char *swe_netcdf_library_version(void)
{
    return nc_inq_libvers();
}
