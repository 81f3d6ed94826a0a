/* VTK XML image data (.vti) of cell data on a uniform 3D grid, for
 * ParaView: float32 arrays of one or three components, appended raw
 * (header_type UInt64), compressed with zlib in VTK's block format
 * (--compress, io/compression.h) where zlib is built in, written
 * through PATH.tmp and a rename. */
#ifndef SWE_VTI_OUTPUT_H
#define SWE_VTI_OUTPUT_H

#include "core/error.h"

typedef struct swe_vti_image {
    int cells[3];      /* along x, y, z */
    double origin[3];  /* corner of the first cell, m */
    double spacing[3]; /* cell size, m */
} swe_vti_image;

typedef struct swe_vti_array {
    const char *name;
    int components;      /* 1 (scalar) or 3 (vector) */
    const float *values; /* cells[0] cells[1] cells[2] times components, x fastest */
} swe_vti_array;

/* Writes the arrays over image to path, compressed at compression (0..9). */
int swe_vti_write(const char *path, const swe_vti_image *image, const swe_vti_array *arrays,
                  int count, int compression, swe_error *err);

#endif
