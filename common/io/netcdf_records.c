#include "io/netcdf_records.h"

#include "io/atomic_file.h"

#include <netcdf.h>
#include <stdlib.h>

/* The size in bytes of one record of variable varid (whose first
 * dimension is the unlimited one), and its per-dimension counts. */
static int record_shape(int ncid, int varid, size_t count[NC_MAX_VAR_DIMS], int *rank,
                        size_t *bytes)
{
    int dims[NC_MAX_VAR_DIMS];
    nc_type type;
    int status = nc_inq_var(ncid, varid, NULL, &type, rank, dims, NULL);
    status = status == NC_NOERR ? nc_inq_type(ncid, type, NULL, bytes) : status;
    count[0] = 1;
    for (int d = 1; status == NC_NOERR && d < *rank; ++d) {
        status = nc_inq_dimlen(ncid, dims[d], &count[d]);
        *bytes *= count[d];
    }
    return status;
}

/* Whether variable varid runs over the unlimited dimension. */
static int is_record_variable(int ncid, int varid, int unlimited)
{
    int rank = 0, dims[NC_MAX_VAR_DIMS];
    return unlimited >= 0 && nc_inq_var(ncid, varid, NULL, NULL, &rank, dims, NULL) == NC_NOERR &&
           rank > 0 && dims[0] == unlimited;
}

/* Copies records 0 .. count - 1 of variable varid of from to the variable
 * of its name in to, from record at on. */
static int copy_variable(int to, int from, int varid, size_t count, size_t at)
{
    char name[NC_MAX_NAME + 1];
    int to_varid = -1, rank = 0;
    size_t shape[NC_MAX_VAR_DIMS], start[NC_MAX_VAR_DIMS] = {0}, bytes = 0;
    int status = nc_inq_varname(from, varid, name);
    status = status == NC_NOERR ? nc_inq_varid(to, name, &to_varid) : status;
    status = status == NC_NOERR ? record_shape(from, varid, shape, &rank, &bytes) : status;
    void *record = status == NC_NOERR ? malloc(bytes > 0 ? bytes : 1) : NULL;
    if (status == NC_NOERR && record == NULL) {
        status = NC_ENOMEM;
    }
    for (size_t r = 0; status == NC_NOERR && r < count; ++r) {
        start[0] = r;
        status = nc_get_vara(from, varid, start, shape, record);
        start[0] = at + r;
        status = status == NC_NOERR ? nc_put_vara(to, to_varid, start, shape, record) : status;
    }
    free(record);
    return status;
}

int swe_netcdf_append_records(const char *to, const char *from, size_t count, swe_error *err)
{
    if (to == NULL || from == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: records from which file to which?");
    }
    int to_id = -1, from_id = -1, variables = 0, unlimited = -1, to_unlimited = -1;
    size_t at = 0;
    int status = nc_open(to, NC_WRITE, &to_id);
    status = status == NC_NOERR ? nc_open(from, NC_NOWRITE, &from_id) : status;
    status = status == NC_NOERR ? nc_inq_unlimdim(from_id, &unlimited) : status;
    status = status == NC_NOERR ? nc_inq_unlimdim(to_id, &to_unlimited) : status;
    status =
        status == NC_NOERR && to_unlimited >= 0 ? nc_inq_dimlen(to_id, to_unlimited, &at) : status;
    status = status == NC_NOERR ? nc_inq_nvars(from_id, &variables) : status;
    for (int v = 0; status == NC_NOERR && v < variables; ++v) {
        if (is_record_variable(from_id, v, unlimited)) {
            status = copy_variable(to_id, from_id, v, count, at);
        }
    }
    if (from_id >= 0) {
        nc_close(from_id); /* read only: closing cannot lose data */
    }
    int close_status = to_id >= 0 ? nc_close(to_id) : NC_NOERR;
    status = status != NC_NOERR ? status : close_status;
    if (status != NC_NOERR) {
        return swe_fail(err, SWE_ERROR_RUNTIME,
                        "copying the snapshots of '%s' into '%s' failed: %s (%s)", from, to,
                        nc_strerror(status), swe_write_failure_hint(to));
    }
    return SWE_OK;
}

/* Whether record r of every record variable of the file reads whole. */
static int record_reads(int ncid, int unlimited, size_t r)
{
    int variables = 0;
    int status = nc_inq_nvars(ncid, &variables);
    for (int v = 0; status == NC_NOERR && v < variables; ++v) {
        if (!is_record_variable(ncid, v, unlimited)) {
            continue;
        }
        size_t shape[NC_MAX_VAR_DIMS], start[NC_MAX_VAR_DIMS] = {0}, bytes = 0;
        int rank = 0;
        status = record_shape(ncid, v, shape, &rank, &bytes);
        void *record = status == NC_NOERR ? malloc(bytes > 0 ? bytes : 1) : NULL;
        start[0] = r;
        status = record == NULL ? NC_ENOMEM : nc_get_vara(ncid, v, start, shape, record);
        free(record);
    }
    return status == NC_NOERR;
}

int swe_netcdf_records_at(const char *path, const double *times, int needed)
{
    if (path == NULL || times == NULL || needed < 1) {
        return 0;
    }
    int ncid = -1, time_id = -1, unlimited = -1;
    size_t records = 0;
    int status = nc_open(path, NC_NOWRITE, &ncid);
    status = status == NC_NOERR ? nc_inq_unlimdim(ncid, &unlimited) : status;
    status = status == NC_NOERR && unlimited >= 0 ? nc_inq_dimlen(ncid, unlimited, &records)
                                                  : NC_EBADDIM;
    status = status == NC_NOERR ? nc_inq_varid(ncid, "time", &time_id) : status;
    int usable = 0;
    while (status == NC_NOERR && usable < needed && (size_t)usable < records) {
        const size_t at = (size_t)usable;
        double time = -1;
        if (nc_get_var1_double(ncid, time_id, &at, &time) != NC_NOERR || time != times[usable] ||
            !record_reads(ncid, unlimited, at)) {
            break;
        }
        usable++;
    }
    if (ncid >= 0) {
        nc_close(ncid);
    }
    return usable;
}
