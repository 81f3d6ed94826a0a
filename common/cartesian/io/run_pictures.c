#include "cartesian/io/run_pictures.h"

#include "cartesian/io/netcdf_output.h"
#include "cartesian/io/png_output.h"
#include "io/atomic_file.h"

#include <stdlib.h>

/* Pass 1 (range == NULL): widens *widest over every snapshot. Pass 2:
 * draws each snapshot in *range. */
static int each_snapshot(const swe_run_pictures *pictures, const char *netcdf_path, int count,
                         swe_block *block, swe_colour_range *widest, const swe_colour_range *range,
                         swe_error *err)
{
    int status = SWE_OK;
    for (int k = 0; k < count && status == SWE_OK; ++k) {
        double time;
        status = swe_netcdf_read(netcdf_path, k, block, &time, err);
        if (status != SWE_OK) {
            break;
        }
        if (range == NULL) {
            swe_colour_range own = swe_colour_range_of(block, pictures->style);
            if (k == 0) {
                *widest = own;
            }
            swe_colour_range_widen(widest, &own);
            continue;
        }
        char *path = swe_snapshot_path(pictures->path_stem, pictures->first_snapshot + k, ".png");
        if (path == NULL) {
            return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a PNG file name");
        }
        const swe_picture picture = {block, time, pictures->style, range};
        status = swe_png_write(path, &picture, err);
        free(path);
    }
    return status;
}

int swe_draw_run_pictures(const swe_run_pictures *pictures, swe_error *err)
{
    if (pictures == NULL || pictures->path_stem == NULL || pictures->geometry == NULL ||
        pictures->style == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: run pictures need a run");
    }
    char *netcdf_path = swe_path_join(pictures->path_stem, ".nc");
    if (netcdf_path == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a file name");
    }
    const swe_block *grid = pictures->geometry;
    swe_block block = {0};
    int count = swe_netcdf_snapshot_count(netcdf_path, err);
    int status = count >= 0 ? swe_block_create(&block, grid->nx, grid->ny, grid->x0, grid->y0,
                                               grid->width, grid->height, err)
                            : SWE_ERROR_USAGE;
    swe_colour_range range = {0.0, 1.0, 0};
    if (status == SWE_OK) {
        status = each_snapshot(pictures, netcdf_path, count, &block, &range, NULL, err);
    }
    if (status == SWE_OK) {
        status = each_snapshot(pictures, netcdf_path, count, &block, NULL, &range, err);
    }
    swe_block_destroy(&block);
    free(netcdf_path);
    return status;
}
