#include "io/output_set.h"

#include "io/atomic_file.h"
#include "io/png_output.h"
#include "io/vtk_output.h"
#include "io/vtk_series.h"

#include <stdlib.h>

struct swe_output_set {
    unsigned formats;
    const char *path_stem;
    swe_netcdf_output *netcdf;
    swe_png_range range;
    swe_vtk_series series; /* the .pvd over the .vtr files */
};

static void free_set(swe_output_set *set)
{
    swe_vtk_series_free(&set->series);
    free(set);
}

int swe_output_set_create(swe_output_set **set, const swe_output_plan *plan, const swe_block *block,
                          const swe_output_info *info, int first_snapshot, swe_error *err)
{
    if (set == NULL || plan == NULL || block == NULL || info == NULL || plan->path_stem == NULL ||
        first_snapshot < 0 || plan->outputs < 1) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: output set needs a plan, a block");
    }
    *set = NULL;
    swe_output_set *created = calloc(1, sizeof *created);
    if (created == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the output set");
    }
    created->formats = plan->formats;
    created->path_stem = plan->path_stem;
    created->range = swe_png_range_of(block);
    int status = SWE_OK;
    if (created->formats & SWE_FORMAT_VTK) {
        status = swe_vtk_series_create(&created->series, plan->path_stem, ".vtr", plan->outputs,
                                       plan->t_end, first_snapshot, err);
    }
    if (status == SWE_OK && (created->formats & SWE_FORMAT_NETCDF)) {
        status = swe_netcdf_create(&created->netcdf, plan->path_stem, block, info, err);
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
    char *path = swe_snapshot_path(set->path_stem, snapshot, ".vtr");
    if (path == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a VTK file name");
    }
    /* One block is the whole grid; an MPI run writes one piece per rank. */
    const swe_vtk_extent whole = {0, block->nx, 0, block->ny};
    int status = swe_vtk_write_piece(path, block, &whole, &whole, time, err);
    free(path);
    return status == SWE_OK ? swe_vtk_series_add(&set->series, snapshot, time, err) : status;
}

static int write_png(const swe_output_set *set, const swe_block *block, int snapshot, double time,
                     swe_error *err)
{
    char *path = swe_snapshot_path(set->path_stem, snapshot, ".png");
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
