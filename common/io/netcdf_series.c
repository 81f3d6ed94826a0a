#include "io/netcdf_series.h"

#include "io/atomic_file.h"
#include "io/child_task.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A file that holds snapshots first .. first + count - 1 of the run, as
 * its snapshots 0 .. count - 1. */
typedef struct part {
    char *path;
    int first, count;
    int own; /* written by this run (or by the run it restarts, under its own
                PATH): removed once joined */
} part;

struct swe_netcdf_series {
    swe_series_plan plan;
    swe_output_info info;
    char *final_path; /* PATH.nc */
    swe_block shape;  /* the grid and its geometry, no arrays */
    part *parts;      /* sealed or taken over, in the order of their snapshots */
    int part_count;
    part current; /* being written; path NULL when there is none */
    int next_snapshot;
};

static const char write_fix[] = "check free disk space and permissions";

/* ---- work in child processes ---- */

typedef struct append_work {
    const swe_netcdf_series *series;
    const swe_block *block;
    double time;
    int creating;
} append_work;

static int append_in_child(void *context, swe_child_pipe *pipe, swe_error *err)
{
    (void)pipe;
    const append_work *work = context;
    const char *path = work->series->current.path;
    swe_netcdf_output *output = NULL;
    int status = work->creating
                     ? swe_netcdf_create_file(&output, path, work->block, &work->series->info, err)
                     : swe_netcdf_open_append(&output, path, work->block, err);
    if (status == SWE_OK) {
        status = swe_netcdf_write(output, work->block, work->time, err);
        int close_status = swe_netcdf_close(output, status == SWE_OK, err);
        status = status == SWE_OK ? close_status : status;
    }
    return status == SWE_OK && work->creating ? swe_sync_folder_of(path, err) : status;
}

/* A block of the series' grid with its arrays, for reading snapshots. */
static int scratch_block(const swe_netcdf_series *series, swe_block *block, swe_error *err)
{
    const swe_block *s = &series->shape;
    return swe_block_create(block, s->nx, s->ny, s->x0, s->y0, s->width, s->height, err);
}

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
    int status = scratch_block(work->series, &scratch, err);
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

static int join_in_child(void *context, swe_child_pipe *pipe, swe_error *err)
{
    (void)pipe;
    const swe_netcdf_series *series = context;
    swe_block block;
    int status = scratch_block(series, &block, err);
    swe_netcdf_output *output = NULL;
    for (int p = 0; p < series->part_count && status == SWE_OK; ++p) {
        const part *from = &series->parts[p];
        for (int k = 0; k < from->count && status == SWE_OK; ++k) {
            double time;
            status = swe_netcdf_read(from->path, k, &block, &time, err);
            if (status == SWE_OK && output == NULL) {
                status =
                    swe_netcdf_create(&output, series->plan.path_stem, &block, &series->info, err);
            }
            if (status == SWE_OK) {
                status = swe_netcdf_write(output, &block, time, err);
            }
        }
    }
    int close_status = swe_netcdf_close(output, status == SWE_OK, err);
    swe_block_destroy(&block);
    return status == SWE_OK ? close_status : status;
}

/* seconds: a read's time limit; 0: a write, which Ctrl-C lets finish. */
static int run_child(const char *action, const char *path, swe_child_work work, void *context,
                     double seconds, void **result, size_t *size, swe_error *err)
{
    char what[600];
    snprintf(what, sizeof what, "%s '%s'", action, path);
    const swe_child_task task = {.what = what,
                                 .fix = seconds > 0 ? "the file is damaged" : write_fix,
                                 .failure_status = SWE_ERROR_RUNTIME,
                                 .seconds = seconds,
                                 .finishes_on_stop = seconds == 0};
    return swe_child_run(&task, work, context, result, size, err);
}

/* ---- parts ---- */

static int add_part(swe_netcdf_series *series, char *path, int first, int count, int own,
                    swe_error *err)
{
    part *grown = realloc(series->parts, (size_t)(series->part_count + 1) * sizeof *grown);
    if (grown == NULL) {
        free(path);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the parts of '%s'",
                        series->final_path);
    }
    series->parts = grown;
    series->parts[series->part_count++] = (part){path, first, count, own};
    return SWE_OK;
}

static void drop_parts(swe_netcdf_series *series, int from)
{
    while (series->part_count > from) {
        free(series->parts[--series->part_count].path);
    }
}

static char *part_path(const char *stem, int first)
{
    char suffix[32];
    snprintf(suffix, sizeof suffix, ".nc.part-%04d", first);
    return swe_path_join(stem, suffix);
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
    if (run_child("reading", path, probe_in_child, &work, seconds, &result, &size, &ignored) ==
            SWE_OK &&
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
        char *path = part_path(stem, found);
        int usable = usable_snapshots(series, initial, path, found, needed - found);
        if (usable == 0 || add_part(series, path, found, usable, own, err) != SWE_OK) {
            free(usable == 0 ? path : NULL);
            break;
        }
        found += usable;
    }
    if (found == needed) {
        return 1;
    }
    drop_parts(series, before);
    char *complete = swe_path_join(stem, ".nc");
    if (usable_snapshots(series, initial, complete, 0, needed) == needed &&
        add_part(series, complete, 0, needed, 0, err) == SWE_OK) {
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
        char *path = part_path(stem, snapshot);
        struct stat info;
        if (path != NULL && lstat(path, &info) == 0 && S_ISREG(info.st_mode)) {
            unlink(path);
        }
        free(path);
    }
}

static int recover(swe_netcdf_series *series, const swe_block *initial, swe_error *err)
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

int swe_netcdf_series_open(swe_netcdf_series **series, const swe_series_plan *plan,
                           const swe_block *initial, const swe_output_info *info, swe_error *err)
{
    if (series == NULL || plan == NULL || plan->path_stem == NULL || initial == NULL ||
        initial->h == NULL || info == NULL || plan->outputs < 1 || plan->first_snapshot < 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a series needs a plan and a block");
    }
    *series = NULL;
    swe_netcdf_series *opened = calloc(1, sizeof *opened);
    if (opened == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the NetCDF series");
    }
    opened->plan = *plan;
    opened->info = *info;
    opened->shape = *initial;
    opened->shape.h = opened->shape.hu = opened->shape.hv = opened->shape.b = NULL;
    opened->next_snapshot = plan->first_snapshot;
    opened->final_path = swe_path_join(plan->path_stem, ".nc");
    int status = opened->final_path != NULL
                     ? SWE_OK
                     : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a file name");
    if (status == SWE_OK && plan->first_snapshot > 0) {
        status = recover(opened, initial, err);
    }
    opened->plan.earlier_stem = NULL; /* not needed again, nor kept alive */
    if (status != SWE_OK) {
        swe_netcdf_series_close(opened, 0, NULL);
        return status;
    }
    *series = opened;
    return SWE_OK;
}

int swe_netcdf_series_write(swe_netcdf_series *series, const swe_block *block, int snapshot,
                            double time, swe_error *err)
{
    if (series == NULL || block == NULL || snapshot != series->next_snapshot) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: snapshots of a series in order");
    }
    append_work work = {series, block, time, series->current.path == NULL};
    if (work.creating) {
        series->current = (part){swe_temp_path_for(series->final_path), snapshot, 0, 1};
        if (series->current.path == NULL) {
            return swe_fail(err, SWE_ERROR_USAGE, "cannot create a file next to '%s': %s (%s)",
                            series->final_path, strerror(errno), write_fix);
        }
    }
    void *nothing = NULL;
    size_t size = 0;
    int status =
        run_child("writing", series->current.path, append_in_child, &work, 0, &nothing, &size, err);
    free(nothing);
    if (status == SWE_OK) {
        series->current.count++;
        series->next_snapshot++;
    } else if (work.creating) {
        unlink(series->current.path); /* in case the child died before removing it */
        free(series->current.path);
        series->current.path = NULL;
    }
    return status;
}

int swe_netcdf_series_seal(swe_netcdf_series *series, swe_error *err)
{
    if (series == NULL || series->current.path == NULL) {
        return SWE_OK;
    }
    char *sealed = part_path(series->plan.path_stem, series->current.first);
    int status = sealed != NULL ? swe_commit_path(series->current.path, sealed, err)
                                : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a name");
    if (status != SWE_OK) {
        free(sealed);
        return status;
    }
    status = add_part(series, sealed, series->current.first, series->current.count, 1, err);
    free(series->current.path);
    series->current.path = NULL;
    return status;
}

/* Every part into PATH.nc: the one part this run wrote by renaming it,
 * else by copying every snapshot (in a child). */
static int join(swe_netcdf_series *series, swe_error *err)
{
    int status = swe_netcdf_series_seal(series, err);
    if (status != SWE_OK || series->part_count == 0) {
        return status;
    }
    const part *only = &series->parts[0];
    if (series->part_count == 1 && only->own && only->first == series->plan.first_snapshot) {
        return swe_commit_path(only->path, series->final_path, err);
    }
    void *nothing = NULL;
    size_t size = 0;
    status = run_child("joining the snapshots into", series->final_path, join_in_child, series, 0,
                       &nothing, &size, err);
    free(nothing);
    for (int p = 0; p < series->part_count && status == SWE_OK; ++p) {
        if (series->parts[p].own) {
            unlink(series->parts[p].path);
        }
    }
    return status;
}

int swe_netcdf_series_close(swe_netcdf_series *series, int keep, swe_error *err)
{
    if (series == NULL) {
        return SWE_OK;
    }
    int status = SWE_OK;
    if (keep) {
        status = join(series, err);
    } else if (series->current.path != NULL && unlink(series->current.path) != 0 &&
               errno != ENOENT) {
        status = swe_fail(err, SWE_ERROR_RUNTIME, "cannot remove '%s': %s (delete it by hand)",
                          series->current.path, strerror(errno));
    }
    free(series->current.path);
    drop_parts(series, 0);
    free(series->parts);
    free(series->final_path);
    free(series);
    return status;
}
