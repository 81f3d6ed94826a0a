#include "io/vtk_series.h"

#include "io/atomic_file.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash != NULL ? slash + 1 : path;
}

/* Lists snapshot by its file name relative to the .pvd. */
static int add_entry(swe_vtk_series *series, int snapshot, double time, swe_error *err)
{
    if (series->count > series->outputs) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: more snapshots than --outputs");
    }
    char *path = swe_snapshot_path(series->path_stem, snapshot, series->suffix);
    char *name = path != NULL ? swe_path_join(base_name(path), "") : NULL;
    free(path);
    if (name == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the VTK series");
    }
    series->files[series->count] = name;
    series->entries[series->count] = (swe_vtk_series_entry){.file = name, .time = time};
    series->count++;
    return SWE_OK;
}

/* A restarted run lists the snapshots the first run wrote, where they are. */
static int add_earlier_snapshots(swe_vtk_series *series, int first_snapshot, swe_error *err)
{
    int status = SWE_OK;
    for (int k = 0; k < first_snapshot && status == SWE_OK; ++k) {
        char *path = swe_snapshot_path(series->path_stem, k, series->suffix);
        struct stat info;
        int exists = path != NULL && stat(path, &info) == 0;
        free(path);
        if (exists) {
            status = add_entry(series, k, series->t_end * k / series->outputs, err);
        }
    }
    return status;
}

int swe_vtk_series_create(swe_vtk_series *series, const char *path_stem, const char *suffix,
                          int outputs, double t_end, int first_snapshot, swe_error *err)
{
    if (series == NULL || path_stem == NULL || suffix == NULL || outputs < 1 ||
        first_snapshot < 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: VTK series needs a path, outputs");
    }
    *series = (swe_vtk_series){
        .path_stem = path_stem, .suffix = suffix, .t_end = t_end, .outputs = outputs};
    series->pvd_path = swe_path_join(path_stem, ".pvd");
    series->entries = calloc((size_t)outputs + 1, sizeof *series->entries);
    series->files = calloc((size_t)outputs + 1, sizeof *series->files);
    if (series->pvd_path == NULL || series->entries == NULL || series->files == NULL) {
        swe_vtk_series_free(series);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the VTK series");
    }
    int status = add_earlier_snapshots(series, first_snapshot, err);
    if (status != SWE_OK) {
        swe_vtk_series_free(series);
    }
    return status;
}

int swe_vtk_series_add(swe_vtk_series *series, int snapshot, double time, swe_error *err)
{
    if (series == NULL || series->entries == NULL || snapshot < 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: VTK series add needs a series");
    }
    int status = add_entry(series, snapshot, time, err);
    return status == SWE_OK
               ? swe_vtk_write_series(series->pvd_path, series->entries, series->count, err)
               : status;
}

void swe_vtk_series_free(swe_vtk_series *series)
{
    if (series == NULL) {
        return;
    }
    for (int k = 0; k < series->count; ++k) {
        free(series->files[k]);
    }
    free(series->files);
    free(series->entries);
    free(series->pvd_path);
    series->files = NULL;
    series->entries = NULL;
    series->pvd_path = NULL;
    series->count = 0;
}
