/* VTK's zlib data format for compressed XML arrays: a header of UInt64
 * numbers (block count, uncompressed block size, the size of a partial
 * last block or 0, then each block's compressed size) followed by the
 * blocks, each compressed on its own with zlib. Without zlib
 * (vtk_zlib_unavailable.c) VTK files are written uncompressed. */
#ifndef SWE_VTK_ZLIB_H
#define SWE_VTK_ZLIB_H

#include <stddef.h>

/* Uncompressed bytes per block, as VTK's own writer uses. */
enum { SWE_VTK_ZLIB_BLOCK = 1 << 16 };

/* Whether this build compresses (zlib linked in). */
int swe_vtk_zlib_available(void);

/* Encodes size bytes of data at level (1..9) into a new allocation
 * *encoded of *encoded_size bytes, header included. Returns 0, or -1
 * when out of memory or zlib fails (nothing allocated then). */
int swe_vtk_zlib_encode(const void *data, size_t size, int level, unsigned char **encoded,
                        size_t *encoded_size);

#endif
