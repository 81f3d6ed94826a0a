/* Stand-in for png_output.c on machines without libpng: pictures are
 * refused with a message saying how to get them. */
#include "io/png_output.h"

int swe_png_write(const char *path, const swe_picture *picture, swe_error *err)
{
    (void)path;
    (void)picture;
    return swe_fail(err, SWE_ERROR_USAGE,
                    "this shallows was built without libpng (install libpng-dev and rebuild, or "
                    "drop png from --format)");
}

const char *swe_png_library(void)
{
    return "none (built without libpng)";
}
