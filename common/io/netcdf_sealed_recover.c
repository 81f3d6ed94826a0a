/* A restart's earlier snapshots (io/netcdf_sealed.h): the sealed parts or
 * the complete file of the checkpointed run, each snapshot probed in a
 * child process before it is taken over. */
#include "io/atomic_file.h"
#include "io/netcdf_records.h"
#include "io/netcdf_sealed_parts.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct probe_work {
    const swe_sealed_series *series;
    const char *path;
    int first, needed;
} probe_work;

/* How many of the file's first records are snapshots first.. of this
 * run: read whole, at the run's times, in a file of this run. */
static int probe_in_child(void *context, swe_child_pipe *pipe, swe_error *err)
{
    const probe_work *work = context;
    const swe_sealed_series *series = work->series;
    double *times = malloc((size_t)work->needed * sizeof *times);
    if (times == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the times of '%s'", work->path);
    }
    for (int k = 0; k < work->needed; ++k) {
        /* As the driver computes them. */
        times[k] = series->plan.t_end * (work->first + k) / series->plan.outputs;
    }
    int usable =
        series->format->same_run == NULL || series->format->same_run(series->self, work->path)
            ? swe_netcdf_records_at(work->path, times, work->needed)
            : 0;
    free(times);
    int status = swe_child_announce(pipe, sizeof usable, err);
    return status == SWE_OK ? swe_child_send(pipe, &usable, sizeof usable, err) : status;
}

/* How many snapshots from `first` on the regular file at path holds (0 for
 * anything else). */
static int usable_snapshots(const swe_sealed_series *series, const char *path, int first,
                            int needed)
{
    struct stat info;
    if (path == NULL || lstat(path, &info) != 0 || !S_ISREG(info.st_mode)) {
        return 0;
    }
    char what[600];
    snprintf(what, sizeof what, "reading '%s'", path);
    /* As for any file read (io/untrusted_file.h): 20 s and one per 5 MB. */
    const swe_child_task task = {.what = what,
                                 .fix = "the file is damaged",
                                 .failure_status = SWE_ERROR_RUNTIME,
                                 .seconds = 20.0 + (double)info.st_size / 5.0e6};
    probe_work work = {series, path, first, needed};
    void *result = NULL;
    size_t size = 0;
    swe_error ignored;
    int usable = 0;
    if (swe_child_run(&task, probe_in_child, &work, &result, &size, &ignored) == SWE_OK &&
        size == sizeof usable) {
        memcpy(&usable, result, sizeof usable);
    }
    free(result);
    return usable;
}

/* Snapshots 0 .. needed - 1 under stem: a chain of sealed parts, else its
 * complete file. Returns 1 when found (the parts added), else 0. */
static int find_earlier(swe_sealed_series *series, const char *stem, int own, int needed,
                        swe_error *err)
{
    const int before = series->part_count;
    int found = 0;
    while (found < needed) {
        char *path = swe_sealed_part_path(stem, found);
        int usable = usable_snapshots(series, path, found, needed - found);
        if (usable == 0 || swe_sealed_add_part(series, path, found, usable, own, err) != SWE_OK) {
            free(usable == 0 ? path : NULL);
            break;
        }
        found += usable;
    }
    if (found == needed) {
        return 1;
    }
    swe_sealed_drop_parts(series, before);
    char *complete = swe_path_join(stem, ".nc");
    if (usable_snapshots(series, complete, 0, needed) == needed &&
        swe_sealed_add_part(series, complete, 0, needed, 0, err) == SWE_OK) {
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
        char *path = swe_sealed_part_path(stem, snapshot);
        struct stat info;
        if (path != NULL && lstat(path, &info) == 0 && S_ISREG(info.st_mode)) {
            unlink(path);
        }
        free(path);
    }
}

int swe_sealed_recover(swe_sealed_series *series, swe_error *err)
{
    const swe_sealed_plan *plan = &series->plan;
    const int needed = plan->first_snapshot;
    if (plan->earlier_stem != NULL && strcmp(plan->earlier_stem, plan->path_stem) != 0 &&
        find_earlier(series, plan->earlier_stem, 0, needed, err)) {
        return SWE_OK;
    }
    if (find_earlier(series, plan->path_stem, 1, needed, err)) {
        remove_later_parts(plan->path_stem, needed, plan->outputs);
        return SWE_OK;
    }
    struct stat info;
    /* A file of this very restart's own snapshots (an earlier run of it into
     * a new place) is its to replace. */
    if (lstat(series->final_path, &info) != 0 ||
        usable_snapshots(series, series->final_path, needed, 1) == 1) {
        return SWE_OK; /* a restart into a new place: its file starts at the checkpoint */
    }
    return swe_fail(err, SWE_ERROR_USAGE,
                    "'%s' does not hold snapshots 0 to %d of the checkpointed run, nor do "
                    "parts '%s.nc.part-NNNN': the restart would replace it by snapshots %d to "
                    "%d (move it away, or give the --output of the checkpointed run)",
                    series->final_path, needed - 1, plan->path_stem, needed, plan->outputs);
}
