/* Stand-in for png_raster.c on machines without libpng: pictures are
 * refused with a message saying how to get them. */
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

const char *swe_png_library(void)
{
    return "none (built without libpng)";
}
