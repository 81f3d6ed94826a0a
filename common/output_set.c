#include "output_set.h"

#include "atomic_file.h"
#include "png_output.h"
#include "vtk_output.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct swe_output_set {
    unsigned formats;
    const char *path_stem;
    swe_netcdf_output *netcdf;
    swe_png_range range;
    /* The .pvd lists every snapshot of the run: file names and times. */
    double t_end;
    int outputs;
    char *pvd_path;
    swe_vtk_series_entry *series; /* outputs + 1 entries */
    char **series_files;
    int series_count;
};

/* PATH_kkkk + suffix */
static char *snapshot_path(const char *stem, int snapshot, const char *suffix)
{
    size_t size = strlen(stem) + strlen(suffix) + 16;
    char *path = malloc(size);
    if (path != NULL) {
        snprintf(path, size, "%s_%04d%s", stem, snapshot, suffix);
    }
    return path;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash != NULL ? slash + 1 : path;
}

static void free_set(swe_output_set *set)
{
    for (int k = 0; k < set->series_count; ++k) {
        free(set->series_files[k]);
    }
    free(set->series_files);
    free(set->series);
    free(set->pvd_path);
    free(set);
}

/* Adds snapshot to the .pvd list, by its file name relative to the .pvd. */
static int add_series_entry(swe_output_set *set, int snapshot, double time, swe_error *err)
{
    if (set->series_count > set->outputs) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: more snapshots than --outputs");
    }
    char *path = snapshot_path(set->path_stem, snapshot, ".vtr");
    char *name = path != NULL ? swe_path_join(base_name(path), "") : NULL;
    free(path);
    if (name == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the VTK series");
    }
    set->series_files[set->series_count] = name;
    set->series[set->series_count] = (swe_vtk_series_entry){.file = name, .time = time};
    set->series_count++;
    return SWE_OK;
}

/* A restarted run lists the snapshots the first run wrote, where they are. */
static int add_earlier_snapshots(swe_output_set *set, int first_snapshot, swe_error *err)
{
    int status = SWE_OK;
    for (int k = 0; k < first_snapshot && status == SWE_OK; ++k) {
        char *path = snapshot_path(set->path_stem, k, ".vtr");
        struct stat info;
        int exists = path != NULL && stat(path, &info) == 0;
        free(path);
        if (exists) {
            status = add_series_entry(set, k, set->t_end * k / set->outputs, err);
        }
    }
    return status;
}

static int prepare_vtk(swe_output_set *set, int first_snapshot, swe_error *err)
{
    set->pvd_path = swe_path_join(set->path_stem, ".pvd");
    set->series = calloc((size_t)set->outputs + 1, sizeof *set->series);
    set->series_files = calloc((size_t)set->outputs + 1, sizeof *set->series_files);
    if (set->pvd_path == NULL || set->series == NULL || set->series_files == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the VTK series");
    }
    return add_earlier_snapshots(set, first_snapshot, err);
}

int swe_output_set_create(swe_output_set **set, const swe_options *options, const swe_block *block,
                          const swe_output_info *info, int first_snapshot, swe_error *err)
{
    if (set == NULL || options == NULL || block == NULL || info == NULL ||
        options->output_path == NULL || first_snapshot < 0 || options->outputs < 1) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: output set needs options, a block");
    }
    *set = NULL;
    swe_output_set *created = calloc(1, sizeof *created);
    if (created == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the output set");
    }
    created->formats = options->formats;
    created->path_stem = options->output_path;
    created->t_end = options->t_end;
    created->outputs = options->outputs;
    created->range = swe_png_range_of(block);
    int status = SWE_OK;
    if (created->formats & SWE_FORMAT_VTK) {
        status = prepare_vtk(created, first_snapshot, err);
    }
    if (status == SWE_OK && (created->formats & SWE_FORMAT_NETCDF)) {
        status = swe_netcdf_create(&created->netcdf, options->output_path, block, info, err);
    }
    if (status != SWE_OK) {
        free_set(created);
        return status;
    }
    *set = created;
    return SWE_OK;
}

static int write_vtk(swe_output_set *set, const swe_block *block, int snapshot, double time,
                     swe_error *err)
{
    char *path = snapshot_path(set->path_stem, snapshot, ".vtr");
    if (path == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a VTK file name");
    }
    /* One block is the whole grid; an MPI run writes one piece per rank. */
    const swe_vtk_extent whole = {0, block->nx, 0, block->ny};
    int status = swe_vtk_write_piece(path, block, &whole, &whole, time, err);
    free(path);
    if (status == SWE_OK) {
        status = add_series_entry(set, snapshot, time, err);
    }
    /* Rewritten after each snapshot, so a stopped run leaves a usable .pvd. */
    return status == SWE_OK
               ? swe_vtk_write_series(set->pvd_path, set->series, set->series_count, err)
               : status;
}

static int write_png(const swe_output_set *set, const swe_block *block, int snapshot, double time,
                     swe_error *err)
{
    char *path = snapshot_path(set->path_stem, snapshot, ".png");
    if (path == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a PNG file name");
    }
    int status = swe_png_write(path, block, time, &set->range, err);
    free(path);
    return status;
}

int swe_output_set_write(swe_output_set *set, const swe_block *block, int snapshot, double time,
                         swe_error *err)
{
    if (set == NULL || block == NULL || snapshot < 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: output set write needs a block");
    }
    int status = SWE_OK;
    if (set->netcdf != NULL) {
        status = swe_netcdf_write(set->netcdf, block, time, err);
    }
    if (status == SWE_OK && (set->formats & SWE_FORMAT_VTK)) {
        status = write_vtk(set, block, snapshot, time, err);
    }
    if (status == SWE_OK && (set->formats & SWE_FORMAT_PNG)) {
        status = write_png(set, block, snapshot, time, err);
    }
    return status;
}

int swe_output_set_close(swe_output_set *set, int keep, swe_error *err)
{
    if (set == NULL) {
        return SWE_OK;
    }
    int status = swe_netcdf_close(set->netcdf, keep, err);
    free_set(set);
    return status;
}
