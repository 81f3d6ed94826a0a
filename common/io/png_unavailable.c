/* Stand-in for png_output.c on machines without libpng: pictures are
 * refused with a message saying how to get them. */
#include "io/png_output.h"
#include "io/png_raster.h"

swe_png_range swe_png_range_of(const swe_block *block)
{
    (void)block;
    return (swe_png_range){0.0, 1.0};
}

swe_png_range swe_png_range_from(double low, double high, double lowest_dry_bed)
{
    (void)low;
    (void)high;
    (void)lowest_dry_bed;
    return (swe_png_range){0.0, 1.0};
}

void swe_png_picture_size(const swe_block *block, int *width, int *height)
{
    (void)block;
    *width = 0;
    *height = 0;
}

int swe_png_write_raster(const char *path, const swe_raster *raster, swe_error *err)
{
    (void)path;
    (void)raster;
    return swe_fail(err, SWE_ERROR_USAGE,
                    "this shallows was built without libpng (install libpng-dev and rebuild, or "
                    "drop png from --format)");
}

int swe_png_write(const char *path, const swe_block *block, double time, const swe_png_range *range,
                  swe_error *err)
{
    (void)block;
    (void)time;
    (void)range;
    return swe_png_write_raster(path, NULL, err);
}
