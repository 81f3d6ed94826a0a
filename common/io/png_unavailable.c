/* Stand-in for png_raster.c on machines without libpng: pictures are
 * refused with a message saying how to get them, and so are PNG inputs. */
#include "io/library_versions.h"
#include "io/png_raster.h"

#include <stddef.h>

int swe_png_write_raster(const char *path, const swe_raster *raster, swe_error *err)
{
    (void)path;
    (void)raster;
    return swe_fail(err, SWE_ERROR_USAGE,
                    "this shallows was built without libpng (install libpng-dev and rebuild, or "
                    "drop png from --format)");
}

int swe_png_read_grey(FILE *stream, const char *path, double bytes, int width_limit,
                      int height_limit, const char *fix, unsigned char **grey, int *width,
                      int *height, swe_error *err)
{
    (void)stream;
    (void)bytes;
    (void)width_limit;
    (void)height_limit;
    (void)fix;
    (void)width;
    (void)height;
    if (grey != NULL) {
        *grey = NULL;
    }
    return swe_fail(err, SWE_ERROR_USAGE,
                    "this shallows was built without libpng and cannot read the PNG '%s' (install "
                    "libpng-dev and rebuild, or give a PGM picture)",
                    path != NULL ? path : "?");
}

const char *swe_png_library(void)
{
    return "none (built without libpng)";
}
