/* A restart's earlier snapshots (cartesian/io/netcdf_series.h): the sealed parts
 * or the complete file of the checkpointed run, each snapshot probed in a
 * child process before it is taken over. */
#include "cartesian/io/netcdf_series_parts.h"

#include "io/atomic_file.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static double snapshot_time(const swe_series_plan *plan, int snapshot)
{
    return plan->t_end * snapshot / plan->outputs; /* as the driver computes it */
}

typedef struct probe_work {
    const swe_netcdf_series *series;
    const swe_block *initial; /* its bathymetry must be the file's */
    const char *path;
    int first, needed;
} probe_work;

/* How many of the file's first snapshots are snapshots first.. of this
 * run: read whole, at the run's times, over the run's bathymetry. */
static int probe_in_child(void *context, swe_child_pipe *pipe, swe_error *err)
{
    const probe_work *work = context;
    swe_block scratch;
    int status = swe_series_scratch_block(work->series, &scratch, err);
    int usable = 0;
    while (status == SWE_OK && usable < work->needed) {
        double time = -1;
        swe_error ignored;
        if (swe_netcdf_read(work->path, usable, &scratch, &time, &ignored) != SWE_OK ||
            time != snapshot_time(&work->series->plan, work->first + usable)) {
            break;
        }
        int same_bed = 1;
        for (int j = 1; j <= scratch.ny && same_bed; ++j) {
            size_t row = SWE_INDEX(&scratch, 1, j);
            same_bed = memcmp(&scratch.b[row], &work->initial->b[SWE_INDEX(work->initial, 1, j)],
                              (size_t)scratch.nx * sizeof(real)) == 0;
        }
        usable += same_bed;
        if (!same_bed) {
            break;
        }
    }
    swe_block_destroy(&scratch);
    if (status == SWE_OK) {
        status = swe_child_announce(pipe, sizeof usable, err);
    }
    return status == SWE_OK ? swe_child_send(pipe, &usable, sizeof usable, err) : status;
}

/* How many snapshots from `first` on the regular file at path holds (0 for
 * anything else). */
static int usable_snapshots(swe_netcdf_series *series, const swe_block *initial, const char *path,
                            int first, int needed)
{
    struct stat info;
    if (path == NULL || lstat(path, &info) != 0 || !S_ISREG(info.st_mode)) {
        return 0;
    }
    probe_work work = {series, initial, path, first, needed};
    void *result = NULL;
    size_t size = 0;
    swe_error ignored;
    int usable = 0;
    /* As for any file read (io/untrusted_file.h): 20 s and one per 5 MB. */
    double seconds = 20.0 + (double)info.st_size / 5.0e6;
    if (swe_series_run_child("reading", path, probe_in_child, &work, seconds, &result, &size,
                             &ignored) == SWE_OK &&
        size == sizeof usable) {
        memcpy(&usable, result, sizeof usable);
    }
    free(result);
    return usable;
}

/* Snapshots 0 .. needed - 1 under stem: a chain of sealed parts, else its
 * complete file. Returns 1 when found (the parts added), else 0. */
static int find_earlier(swe_netcdf_series *series, const swe_block *initial, const char *stem,
                        int own, int needed, swe_error *err)
{
    const int before = series->part_count;
    int found = 0;
    while (found < needed) {
        char *path = swe_series_part_path(stem, found);
        int usable = usable_snapshots(series, initial, path, found, needed - found);
        if (usable == 0 || swe_series_add_part(series, path, found, usable, own, err) != SWE_OK) {
            free(usable == 0 ? path : NULL);
            break;
        }
        found += usable;
    }
    if (found == needed) {
        return 1;
    }
    swe_series_drop_parts(series, before);
    char *complete = swe_path_join(stem, ".nc");
    if (usable_snapshots(series, initial, complete, 0, needed) == needed &&
        swe_series_add_part(series, complete, 0, needed, 0, err) == SWE_OK) {
        return 1;
    }
    free(complete);
    return 0;
}

/* A kill between sealing a part and writing the checkpoint leaves a part
 * that starts after the checkpoint's snapshots: the restart writes those
 * snapshots again, so that part is stale and would outlive the run. */
static void remove_later_parts(const char *stem, int first, int outputs)
{
    for (int snapshot = first; snapshot <= outputs; ++snapshot) {
        char *path = swe_series_part_path(stem, snapshot);
        struct stat info;
        if (path != NULL && lstat(path, &info) == 0 && S_ISREG(info.st_mode)) {
            unlink(path);
        }
        free(path);
    }
}

int swe_series_recover(swe_netcdf_series *series, const swe_block *initial, swe_error *err)
{
    const swe_series_plan *plan = &series->plan;
    const int needed = plan->first_snapshot;
    if (plan->earlier_stem != NULL && strcmp(plan->earlier_stem, plan->path_stem) != 0 &&
        find_earlier(series, initial, plan->earlier_stem, 0, needed, err)) {
        return SWE_OK;
    }
    if (find_earlier(series, initial, plan->path_stem, 1, needed, err)) {
        remove_later_parts(plan->path_stem, needed, plan->outputs);
        return SWE_OK;
    }
    struct stat info;
    if (lstat(series->final_path, &info) == 0) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "'%s' does not hold snapshots 0 to %d of the checkpointed run, nor do "
                        "parts '%s.nc.part-NNNN': the restart would replace it by snapshots %d to "
                        "%d (move it away, or give the --output of the checkpointed run)",
                        series->final_path, needed - 1, plan->path_stem, needed, plan->outputs);
    }
    return SWE_OK; /* a restart into a new place: its file starts at the checkpoint */
}
