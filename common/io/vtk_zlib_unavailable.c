/* Stand-in for vtk_zlib.c on machines without zlib: VTK files are written
 * uncompressed, and --version says so. */
#include "io/library_versions.h"
#include "io/vtk_zlib.h"

int swe_vtk_zlib_available(void)
{
    return 0;
}

const char *swe_zlib_library(void)
{
    return "none: VTK files uncompressed (install zlib1g-dev and rebuild)";
}

int swe_vtk_zlib_encode(const void *data, size_t size, int level, unsigned char **encoded,
                        size_t *encoded_size)
{
    (void)data;
    (void)size;
    (void)level;
    *encoded = NULL;
    *encoded_size = 0;
    return -1;
}
