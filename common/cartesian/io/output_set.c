#include "cartesian/io/output_set.h"

#include "cartesian/io/netcdf_series.h"
#include "cartesian/io/png_output.h"
#include "cartesian/io/run_pictures.h"
#include "cartesian/io/vtk_output.h"
#include "io/atomic_file.h"
#include "io/vtk_series.h"

#include <stdlib.h>

struct swe_output_set {
    unsigned formats;
    const char *path_stem;
    int compression;
    int first_snapshot;
    swe_range_choice colour_range;
    swe_picture_style style; /* from the initial state */
    swe_block geometry;      /* the grid, without arrays: for pictures drawn at the end */
    swe_netcdf_series *netcdf;
    swe_vtk_series series; /* the .pvd over the .vtr files */
};

static void free_set(swe_output_set *set)
{
    swe_vtk_series_free(&set->series);
    free(set);
}

static int check_plan(const swe_output_plan *plan, swe_error *err)
{
    if (plan->colour_range.mode == SWE_RANGE_RUN && (plan->formats & SWE_FORMAT_PNG) &&
        !(plan->formats & SWE_FORMAT_NETCDF)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--colour-range run draws the pictures from PATH.nc when the run ends "
                        "(add netcdf to --format, or choose another --colour-range)");
    }
    return SWE_OK;
}

int swe_output_set_create(swe_output_set **set, const swe_output_plan *plan, const swe_block *block,
                          const swe_output_info *info, int first_snapshot, swe_error *err)
{
    if (set == NULL || plan == NULL || block == NULL || info == NULL || plan->path_stem == NULL ||
        first_snapshot < 0 || plan->outputs < 1) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: output set needs a plan, a block");
    }
    *set = NULL;
    int status = check_plan(plan, err);
    swe_output_set *created = status == SWE_OK ? calloc(1, sizeof *created) : NULL;
    if (created == NULL) {
        return status != SWE_OK
                   ? status
                   : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the output set");
    }
    created->formats = plan->formats;
    created->path_stem = plan->path_stem;
    created->compression = plan->vtk_compression;
    created->first_snapshot = first_snapshot;
    created->colour_range = plan->colour_range;
    created->geometry = *block;
    created->geometry.h = created->geometry.hu = created->geometry.hv = created->geometry.b = NULL;
    if (created->formats & SWE_FORMAT_PNG) {
        created->style = swe_picture_style_of(block);
    }
    if (created->formats & SWE_FORMAT_VTK) {
        status = swe_vtk_series_create(&created->series, plan->path_stem, ".vtr", plan->outputs,
                                       plan->t_end, first_snapshot, err);
    }
    if (status == SWE_OK && (created->formats & SWE_FORMAT_NETCDF)) {
        const swe_series_plan series = {.path_stem = plan->path_stem,
                                        .earlier_stem = plan->earlier_stem,
                                        .outputs = plan->outputs,
                                        .t_end = plan->t_end,
                                        .first_snapshot = first_snapshot};
        status = swe_netcdf_series_open(&created->netcdf, &series, block, info, err);
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
    int status = swe_vtk_write_piece(path, block, &whole, &whole, time, set->compression, err);
    free(path);
    return status == SWE_OK ? swe_vtk_series_add(&set->series, snapshot, time, err) : status;
}

/* A picture with the snapshot's own colour range, or the fixed one. */
static int write_png(const swe_output_set *set, const swe_block *block, int snapshot, double time,
                     swe_error *err)
{
    char *path = swe_snapshot_path(set->path_stem, snapshot, ".png");
    if (path == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a PNG file name");
    }
    const swe_range_choice *choice = &set->colour_range;
    swe_colour_range range = choice->mode == SWE_RANGE_FIXED
                                 ? (swe_colour_range){choice->low, choice->high, 1}
                                 : swe_colour_range_of(block, &set->style);
    const swe_picture picture = {block, time, &set->style, &range};
    int status = swe_png_write(path, &picture, err);
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
        status = swe_netcdf_series_write(set->netcdf, block, snapshot, time, err);
    }
    if (status == SWE_OK && (set->formats & SWE_FORMAT_VTK)) {
        status = write_vtk(set, block, snapshot, time, err);
    }
    if (status == SWE_OK && (set->formats & SWE_FORMAT_PNG) &&
        set->colour_range.mode != SWE_RANGE_RUN) {
        status = write_png(set, block, snapshot, time, err);
    }
    return status;
}

int swe_output_set_write_maxima(swe_output_set *set, const swe_block *block,
                                const real *const maxima[SWE_MAXIMA_COUNT], const double period[2],
                                swe_error *err)
{
    if (set == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: maxima need an output set");
    }
    return set->netcdf != NULL
               ? swe_netcdf_series_write_maxima(set->netcdf, block, maxima, period, err)
               : SWE_OK;
}

int swe_output_set_seal(swe_output_set *set, swe_error *err)
{
    return set != NULL ? swe_netcdf_series_seal(set->netcdf, err) : SWE_OK;
}

int swe_output_set_close(swe_output_set *set, int keep, swe_error *err)
{
    if (set == NULL) {
        return SWE_OK;
    }
    int status = swe_netcdf_series_close(set->netcdf, keep, err);
    if (status == SWE_OK && keep && (set->formats & SWE_FORMAT_PNG) &&
        set->colour_range.mode == SWE_RANGE_RUN) {
        const swe_run_pictures pictures = {.path_stem = set->path_stem,
                                           .first_snapshot = set->first_snapshot,
                                           .geometry = &set->geometry,
                                           .style = &set->style};
        status = swe_draw_run_pictures(&pictures, err);
    }
    free_set(set);
    return status;
}
