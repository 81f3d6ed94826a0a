/* PNG pictures of snapshots (io/picture.h says what they show), encoded
 * with libpng; without it (png_unavailable.c) --format png is refused. */
#ifndef SWE_PNG_OUTPUT_H
#define SWE_PNG_OUTPUT_H

#include "core/error.h"
#include "io/picture.h"

/* Writes the picture to path (through path.tmp and a rename). */
int swe_png_write(const char *path, const swe_picture *picture, swe_error *err);

/* "libpng 1.6.39", or what is missing, for --version. */
const char *swe_png_library(void);

#endif
