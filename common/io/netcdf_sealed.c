#include "io/netcdf_sealed.h"

#include "io/atomic_file.h"
#include "io/netcdf_records.h"
#include "io/netcdf_sealed_parts.h"
#include "io/netcdf_xdmf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char write_fix[] = "check free disk space and permissions";

/* ---- work in child processes ---- */

typedef struct append_work {
    const swe_sealed_series *series;
    const void *snapshot;
    double time;
    int creating;
} append_work;

static int append_in_child(void *context, swe_child_pipe *pipe, swe_error *err)
{
    (void)pipe;
    const append_work *work = context;
    const swe_snapshot_format *format = work->series->format;
    const char *path = work->series->current.path;
    int status = work->creating ? format->create(work->series->self, path, err) : SWE_OK;
    if (status == SWE_OK) {
        status = format->append(work->series->self, path, work->snapshot, work->time, err);
    }
    /* Durable once written: the file, and the folder that names it. */
    status = status == SWE_OK ? swe_sync_path(path, err) : status;
    return status == SWE_OK && work->creating ? swe_sync_folder_of(path, err) : status;
}

static int finish_in_child(void *context, swe_child_pipe *pipe, swe_error *err)
{
    (void)pipe;
    const swe_sealed_series *series = context;
    int status = series->format->finish(series->self, series->current.path, err);
    return status == SWE_OK ? swe_sync_path(series->current.path, err) : status;
}

typedef struct join_work {
    const swe_sealed_series *series;
    const char *path; /* the joined file's temporary name */
} join_work;

static int join_in_child(void *context, swe_child_pipe *pipe, swe_error *err)
{
    (void)pipe;
    const join_work *work = context;
    const swe_sealed_series *series = work->series;
    int status = series->format->create(series->self, work->path, err);
    for (int p = 0; p < series->part_count && status == SWE_OK; ++p) {
        status = swe_netcdf_append_records(work->path, series->parts[p].path,
                                           (size_t)series->parts[p].count, err);
    }
    if (status == SWE_OK && series->finished && series->format->finish != NULL) {
        status = series->format->finish(series->self, work->path, err);
    }
    return status;
}

int swe_sealed_run_child(const char *action, const char *path, swe_child_work work, void *context,
                         double seconds, swe_error *err)
{
    char what[600];
    snprintf(what, sizeof what, "%s '%s'", action, path);
    const swe_child_task task = {.what = what,
                                 .fix = seconds > 0 ? "the file is damaged" : write_fix,
                                 .failure_status = SWE_ERROR_RUNTIME,
                                 .seconds = seconds,
                                 .finishes_on_stop = seconds == 0};
    void *nothing = NULL;
    size_t size = 0;
    int status = swe_child_run(&task, work, context, &nothing, &size, err);
    free(nothing);
    return status;
}

/* ---- parts ---- */

int swe_sealed_add_part(swe_sealed_series *series, char *path, int first, int count, int own,
                        swe_error *err)
{
    swe_sealed_part *grown =
        realloc(series->parts, (size_t)(series->part_count + 1) * sizeof *grown);
    if (grown == NULL) {
        free(path);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the parts of '%s'",
                        series->final_path);
    }
    series->parts = grown;
    series->parts[series->part_count++] = (swe_sealed_part){path, first, count, own};
    return SWE_OK;
}

void swe_sealed_drop_parts(swe_sealed_series *series, int from)
{
    while (series->part_count > from) {
        free(series->parts[--series->part_count].path);
    }
}

char *swe_sealed_part_path(const char *stem, int first)
{
    char suffix[32];
    snprintf(suffix, sizeof suffix, ".nc.part-%04d", first);
    return swe_path_join(stem, suffix);
}

/* ---- the series ---- */

int swe_sealed_series_open(swe_sealed_series **series, const swe_sealed_plan *plan,
                           const swe_snapshot_format *format, const void *self, swe_error *err)
{
    if (series == NULL || plan == NULL || plan->path_stem == NULL || format == NULL ||
        format->create == NULL || format->append == NULL || plan->outputs < 1 ||
        plan->first_snapshot < 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a series needs a plan, a format");
    }
    *series = NULL;
    swe_sealed_series *opened = calloc(1, sizeof *opened);
    if (opened == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the NetCDF series");
    }
    opened->plan = *plan;
    opened->format = format;
    opened->self = self;
    opened->next_snapshot = plan->first_snapshot;
    opened->final_path = swe_path_join(plan->path_stem, ".nc");
    int status = opened->final_path != NULL
                     ? SWE_OK
                     : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a file name");
    if (status == SWE_OK && plan->first_snapshot > 0) {
        status = swe_sealed_recover(opened, err);
    }
    opened->plan.earlier_stem = NULL; /* not needed again, nor kept alive */
    if (status != SWE_OK) {
        swe_sealed_series_close(opened, 0, NULL);
        return status;
    }
    *series = opened;
    return SWE_OK;
}

int swe_sealed_series_write(swe_sealed_series *series, const void *snapshot_state, int snapshot,
                            double time, swe_error *err)
{
    if (series == NULL || snapshot_state == NULL || snapshot != series->next_snapshot) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: snapshots of a series in order");
    }
    append_work work = {series, snapshot_state, time, series->current.path == NULL};
    if (work.creating) {
        series->current = (swe_sealed_part){swe_temp_path_for(series->final_path), snapshot, 0, 1};
        if (series->current.path == NULL) {
            return swe_fail(err, SWE_ERROR_USAGE, "cannot create a file next to '%s': %s (%s)",
                            series->final_path, strerror(errno), write_fix);
        }
    }
    int status =
        swe_sealed_run_child("writing", series->current.path, append_in_child, &work, 0, err);
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

int swe_sealed_series_finish(swe_sealed_series *series, swe_error *err)
{
    if (series == NULL || series->format->finish == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a series whose format finishes");
    }
    series->finished = 1;
    if (series->current.path == NULL) {
        return SWE_OK; /* none being written: it goes into PATH.nc when joined */
    }
    return swe_sealed_run_child("writing", series->current.path, finish_in_child, series, 0, err);
}

int swe_sealed_series_seal(swe_sealed_series *series, swe_error *err)
{
    if (series == NULL || series->current.path == NULL) {
        return SWE_OK;
    }
    char *sealed = swe_sealed_part_path(series->plan.path_stem, series->current.first);
    int status = sealed != NULL ? swe_commit_path(series->current.path, sealed, err)
                                : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a name");
    if (status != SWE_OK) {
        free(sealed);
        return status;
    }
    status =
        swe_sealed_add_part(series, sealed, series->current.first, series->current.count, 1, err);
    free(series->current.path);
    series->current.path = NULL;
    return status;
}

/* Every part into PATH.nc: the one part this run wrote by renaming it,
 * else by copying every snapshot (in a child) into a fresh file. */
static int join(swe_sealed_series *series, swe_error *err)
{
    int status = swe_sealed_series_seal(series, err);
    if (status != SWE_OK || series->part_count == 0) {
        return status;
    }
    const swe_sealed_part *only = &series->parts[0];
    if (series->part_count == 1 && only->own && only->first == series->plan.first_snapshot) {
        return swe_commit_path(only->path, series->final_path, err);
    }
    join_work work = {series, swe_temp_path_for(series->final_path)};
    if (work.path == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "cannot create a file next to '%s': %s (%s)",
                        series->final_path, strerror(errno), write_fix);
    }
    status = swe_sealed_run_child("joining the snapshots into", series->final_path, join_in_child,
                                  &work, 0, err);
    status = status == SWE_OK ? swe_commit_path(work.path, series->final_path, err) : status;
    if (status != SWE_OK) {
        unlink(work.path);
    }
    free((char *)work.path);
    for (int p = 0; p < series->part_count && status == SWE_OK; ++p) {
        if (series->parts[p].own) {
            unlink(series->parts[p].path);
        }
    }
    return status;
}

int swe_sealed_series_close(swe_sealed_series *series, int keep, swe_error *err)
{
    if (series == NULL) {
        return SWE_OK;
    }
    int status = SWE_OK;
    if (keep) {
        status = join(series, err);
        status = status == SWE_OK && series->part_count > 0
                     ? swe_netcdf_write_xdmf(series->final_path, err)
                     : status;
    } else if (series->current.path != NULL && unlink(series->current.path) != 0 &&
               errno != ENOENT) {
        status = swe_fail(err, SWE_ERROR_RUNTIME, "cannot remove '%s': %s (delete it by hand)",
                          series->current.path, strerror(errno));
    }
    free(series->current.path);
    swe_sealed_drop_parts(series, 0);
    free(series->parts);
    free(series->final_path);
    free(series);
    return status;
}
