#include "cartesian/io/netcdf_series.h"

#include "cartesian/io/netcdf_series_parts.h"
#include "io/atomic_file.h"
#include "io/netcdf_xdmf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
int swe_series_scratch_block(const swe_netcdf_series *series, swe_block *block, swe_error *err)
{
    const swe_block *s = &series->shape;
    return swe_block_create(block, s->nx, s->ny, s->x0, s->y0, s->width, s->height, err);
}

static int write_maxima(swe_netcdf_output *output, const swe_netcdf_series *series,
                        const swe_block *block, swe_error *err)
{
    const size_t plane = (size_t)series->shape.nx * (size_t)series->shape.ny;
    const real *planes[SWE_MAXIMA_COUNT];
    for (int m = 0; m < SWE_MAXIMA_COUNT; ++m) {
        planes[m] = series->maxima + (size_t)m * plane;
    }
    return swe_netcdf_write_maxima(output, block, planes, series->maxima_period, err);
}

typedef struct maxima_work {
    const swe_netcdf_series *series;
    const swe_block *block;
} maxima_work;

static int maxima_in_child(void *context, swe_child_pipe *pipe, swe_error *err)
{
    (void)pipe;
    const maxima_work *work = context;
    swe_netcdf_output *output = NULL;
    int status = swe_netcdf_open_append(&output, work->series->current.path, work->block, err);
    if (status == SWE_OK) {
        status = write_maxima(output, work->series, work->block, err);
        int close_status = swe_netcdf_close(output, status == SWE_OK, err);
        status = status == SWE_OK ? close_status : status;
    }
    return status;
}

static int join_in_child(void *context, swe_child_pipe *pipe, swe_error *err)
{
    (void)pipe;
    const swe_netcdf_series *series = context;
    swe_block block;
    int status = swe_series_scratch_block(series, &block, err);
    swe_netcdf_output *output = NULL;
    for (int p = 0; p < series->part_count && status == SWE_OK; ++p) {
        const swe_series_part *from = &series->parts[p];
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
    if (status == SWE_OK && output != NULL && series->maxima != NULL) {
        status = write_maxima(output, series, &block, err);
    }
    int close_status = swe_netcdf_close(output, status == SWE_OK, err);
    swe_block_destroy(&block);
    return status == SWE_OK ? close_status : status;
}

/* seconds: a read's time limit; 0: a write, which Ctrl-C lets finish. */
int swe_series_run_child(const char *action, const char *path, swe_child_work work, void *context,
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

int swe_series_add_part(swe_netcdf_series *series, char *path, int first, int count, int own,
                        swe_error *err)
{
    swe_series_part *grown =
        realloc(series->parts, (size_t)(series->part_count + 1) * sizeof *grown);
    if (grown == NULL) {
        free(path);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the parts of '%s'",
                        series->final_path);
    }
    series->parts = grown;
    series->parts[series->part_count++] = (swe_series_part){path, first, count, own};
    return SWE_OK;
}

void swe_series_drop_parts(swe_netcdf_series *series, int from)
{
    while (series->part_count > from) {
        free(series->parts[--series->part_count].path);
    }
}

char *swe_series_part_path(const char *stem, int first)
{
    char suffix[32];
    snprintf(suffix, sizeof suffix, ".nc.part-%04d", first);
    return swe_path_join(stem, suffix);
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
        status = swe_series_recover(opened, initial, err);
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
        series->current = (swe_series_part){swe_temp_path_for(series->final_path), snapshot, 0, 1};
        if (series->current.path == NULL) {
            return swe_fail(err, SWE_ERROR_USAGE, "cannot create a file next to '%s': %s (%s)",
                            series->final_path, strerror(errno), write_fix);
        }
    }
    void *nothing = NULL;
    size_t size = 0;
    int status = swe_series_run_child("writing", series->current.path, append_in_child, &work, 0,
                                      &nothing, &size, err);
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

int swe_netcdf_series_write_maxima(swe_netcdf_series *series, const swe_block *block,
                                   const real *const maxima[SWE_MAXIMA_COUNT],
                                   const double period[2], swe_error *err)
{
    if (series == NULL || block == NULL || maxima == NULL || period == NULL ||
        block->nx != series->shape.nx || block->ny != series->shape.ny) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: maxima of the series' grid");
    }
    const size_t plane = (size_t)block->nx * (size_t)block->ny;
    if (series->maxima == NULL) {
        series->maxima = malloc(SWE_MAXIMA_COUNT * plane * sizeof(real));
        if (series->maxima == NULL) {
            return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the maxima of '%s'",
                            series->final_path);
        }
    }
    for (int m = 0; m < SWE_MAXIMA_COUNT; ++m) {
        memcpy(series->maxima + (size_t)m * plane, maxima[m], plane * sizeof(real));
    }
    series->maxima_period[0] = period[0];
    series->maxima_period[1] = period[1];
    if (series->current.path == NULL) {
        return SWE_OK; /* none being written: they go into PATH.nc when joined */
    }
    maxima_work work = {series, block};
    void *nothing = NULL;
    size_t size = 0;
    int status = swe_series_run_child("writing", series->current.path, maxima_in_child, &work, 0,
                                      &nothing, &size, err);
    free(nothing);
    return status;
}

int swe_netcdf_series_seal(swe_netcdf_series *series, swe_error *err)
{
    if (series == NULL || series->current.path == NULL) {
        return SWE_OK;
    }
    char *sealed = swe_series_part_path(series->plan.path_stem, series->current.first);
    int status = sealed != NULL ? swe_commit_path(series->current.path, sealed, err)
                                : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a name");
    if (status != SWE_OK) {
        free(sealed);
        return status;
    }
    status =
        swe_series_add_part(series, sealed, series->current.first, series->current.count, 1, err);
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
    const swe_series_part *only = &series->parts[0];
    if (series->part_count == 1 && only->own && only->first == series->plan.first_snapshot) {
        return swe_commit_path(only->path, series->final_path, err);
    }
    void *nothing = NULL;
    size_t size = 0;
    status = swe_series_run_child("joining the snapshots into", series->final_path, join_in_child,
                                  series, 0, &nothing, &size, err);
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
        status = status == SWE_OK ? swe_netcdf_write_xdmf(series->final_path, err) : status;
    } else if (series->current.path != NULL && unlink(series->current.path) != 0 &&
               errno != ENOENT) {
        status = swe_fail(err, SWE_ERROR_RUNTIME, "cannot remove '%s': %s (delete it by hand)",
                          series->current.path, strerror(errno));
    }
    free(series->current.path);
    free(series->maxima);
    swe_series_drop_parts(series, 0);
    free(series->parts);
    free(series->final_path);
    free(series);
    return status;
}
