#include "io/netcdf_create.h"

#include "io/atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <netcdf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Tries for a free temporary name; another run's files may take a few. */
#define NAME_ATTEMPTS 100

/* NetCDF-4 reports any failure of HDF5 to create a file as EACCES, even a
 * missing directory; creating the path directly (exclusively, never
 * through a link) recovers the real reason. A file that is there now is
 * the library's own, begun and left when its writes failed (a full file
 * system). */
static const char *creation_failure_reason(const char *path, int nc_status)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) {
        return errno == EEXIST ? swe_write_failure_hint(path) : strerror(errno);
    }
    close(fd);
    unlink(path);
    return nc_strerror(nc_status);
}

static int refuse(const char *path, int nc_status, swe_error *err)
{
    return swe_fail(err, SWE_ERROR_USAGE,
                    "cannot create output '%s': %s (choose a writable --output path)", path,
                    creation_failure_reason(path, nc_status));
}

int swe_netcdf_create_at(const char *path, int mode, int *ncid, swe_error *err)
{
    if (path == NULL || ncid == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a NetCDF file needs a path");
    }
    int nc_status = nc_create(path, mode | NC_NOCLOBBER, ncid);
    return nc_status == NC_NOERR ? SWE_OK : refuse(path, nc_status, err);
}

int swe_netcdf_create_temporary(const char *final_path, int mode, int *ncid, char **temp_path,
                                swe_error *err)
{
    if (final_path == NULL || ncid == NULL || temp_path == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a NetCDF file needs a path");
    }
    *temp_path = NULL;
    for (int attempt = 0; attempt < NAME_ATTEMPTS; ++attempt) {
        char *name = swe_temp_path_for(final_path);
        if (name == NULL) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "cannot create output '%s': %s (choose a writable --output path)",
                            final_path, strerror(errno));
        }
        int nc_status = nc_create(name, mode | NC_NOCLOBBER, ncid);
        if (nc_status == NC_NOERR) {
            *temp_path = name;
            return SWE_OK;
        }
        if (nc_status != NC_EEXIST) {
            int status = refuse(name, nc_status, err);
            free(name);
            return status;
        }
        free(name); /* taken between the name and the creation: another one */
    }
    return swe_fail(err, SWE_ERROR_RUNTIME, "cannot find a free temporary name next to '%s'",
                    final_path);
}
