#include "io/vtk_zlib.h"
#include "io/library_versions.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

int swe_vtk_zlib_available(void)
{
    return 1;
}

const char *swe_zlib_library(void)
{
    return "zlib " ZLIB_VERSION;
}

int swe_vtk_zlib_encode(const void *data, size_t size, int level, unsigned char **encoded,
                        size_t *encoded_size)
{
    size_t blocks = (size + SWE_VTK_ZLIB_BLOCK - 1) / SWE_VTK_ZLIB_BLOCK;
    size_t header_bytes = (3 + blocks) * sizeof(uint64_t);
    uLong bound = compressBound(SWE_VTK_ZLIB_BLOCK);
    unsigned char *out = malloc(header_bytes + blocks * bound);
    if (out == NULL || data == NULL || level < 1 || level > 9) {
        free(out);
        return -1;
    }
    uint64_t header[3] = {blocks, SWE_VTK_ZLIB_BLOCK, size % SWE_VTK_ZLIB_BLOCK};
    memcpy(out, header, sizeof header);
    size_t written = header_bytes;
    const unsigned char *in = data;
    for (size_t k = 0; k < blocks; ++k) {
        size_t start = k * SWE_VTK_ZLIB_BLOCK;
        size_t length = size - start < SWE_VTK_ZLIB_BLOCK ? size - start : SWE_VTK_ZLIB_BLOCK;
        uLongf compressed = bound;
        if (compress2(out + written, &compressed, in + start, (uLong)length, level) != Z_OK) {
            free(out);
            return -1;
        }
        uint64_t compressed_size = compressed;
        memcpy(out + (3 + k) * sizeof(uint64_t), &compressed_size, sizeof compressed_size);
        written += compressed;
    }
    *encoded = out;
    *encoded_size = written;
    return 0;
}
