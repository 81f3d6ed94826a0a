/* PNG pictures of snapshots (cartesian/io/picture.h says what they show), encoded
 * with libpng; without it (io/png_unavailable.c) --format png is refused. */
#ifndef SWE_PNG_OUTPUT_H
#define SWE_PNG_OUTPUT_H

#include "cartesian/io/picture.h"
#include "core/error.h"

/* Writes the picture to path (through path.tmp and a rename). */
int swe_png_write(const char *path, const swe_picture *picture, swe_error *err);

#endif
