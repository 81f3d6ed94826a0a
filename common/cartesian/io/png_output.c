#include "cartesian/io/png_output.h"

#include "io/png_raster.h"

#include <stdlib.h>

int swe_png_write(const char *path, const swe_picture *picture, swe_error *err)
{
    const swe_block *block = picture != NULL ? picture->block : NULL;
    if (path == NULL || block == NULL || block->h == NULL || block->nx < 1 || block->ny < 1 ||
        picture->range == NULL || picture->style == NULL ||
        !(picture->range->high > picture->range->low)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: PNG needs a path, a block and a non-empty range");
    }
    swe_raster raster;
    swe_picture_size(block, &raster.width, &raster.height);
    raster.pixels = malloc((size_t)raster.width * (size_t)raster.height * sizeof *raster.pixels);
    if (raster.pixels == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the picture '%s'", path);
    }
    swe_picture_draw(&raster, picture);
    int status = swe_png_write_raster(path, &raster, err);
    free(raster.pixels);
    return status;
}
