#include "io/netcdf_restart.h"

#include <netcdf.h>
#include <stdlib.h>
#include <sys/stat.h>

static double snapshot_time(int snapshot, double t_end, int outputs)
{
    return t_end * snapshot / outputs;
}

/* The times of the file's records (*count of them, in a new allocation),
 * or NULL when the file has no time variable that can be read. */
static double *times_of(int ncid, size_t *count)
{
    int time_id = -1, dim = -1;
    *count = 0;
    if (nc_inq_varid(ncid, "time", &time_id) != NC_NOERR ||
        nc_inq_vardimid(ncid, time_id, &dim) != NC_NOERR ||
        nc_inq_dimlen(ncid, dim, count) != NC_NOERR) {
        return NULL;
    }
    double *times = malloc((*count > 0 ? *count : 1) * sizeof *times);
    if (times != NULL && *count > 0 && nc_get_var_double(ncid, time_id, times) != NC_NOERR) {
        free(times);
        times = NULL;
    }
    return times;
}

int swe_netcdf_restart_file(const char *path, int first, double t_end, int outputs,
                            enum swe_restart_file *how, swe_error *err)
{
    if (path == NULL || how == NULL || first < 1 || outputs < first || !(t_end > 0)) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: which restart, which file?");
    }
    *how = SWE_RESTART_FILE_NEW;
    struct stat info;
    if (lstat(path, &info) != 0) {
        return SWE_OK; /* a restart into a new place: its file starts at the checkpoint */
    }
    int ncid = -1;
    size_t count = 0;
    double *times = S_ISREG(info.st_mode) && nc_open(path, NC_NOWRITE, &ncid) == NC_NOERR
                        ? times_of(ncid, &count)
                        : NULL;
    if (ncid >= 0) {
        nc_close(ncid);
    }
    int earlier = times != NULL && count >= (size_t)first;
    for (int k = 0; earlier && k < first; ++k) {
        earlier = times[k] == snapshot_time(k, t_end, outputs);
    }
    int own = times != NULL && count >= 1 && times[0] == snapshot_time(first, t_end, outputs);
    free(times);
    if (earlier) {
        *how = SWE_RESTART_FILE_CONTINUE;
        return SWE_OK;
    }
    if (own) {
        return SWE_OK;
    }
    return swe_fail(err, SWE_ERROR_USAGE,
                    "'%s' does not hold snapshots 0 to %d of the checkpointed run: the restart "
                    "would replace it (move it away, or give the --output of the checkpointed "
                    "run)",
                    path, first - 1);
}
