/* A raster written as an 8-bit RGB PNG (libpng), through PATH.tmp and a
 * rename: the encoder every picture of every application shares; and a
 * PNG read as 8-bit grey, the decoder of pictures given as input. */
#ifndef SWE_PNG_RASTER_H
#define SWE_PNG_RASTER_H

#include "core/error.h"
#include "io/raster.h"

#include <stdio.h>

int swe_png_write_raster(const char *path, const swe_raster *raster, swe_error *err);

/* Reads the PNG on stream (opened by the caller as an untrusted input,
 * bytes long; named path in messages) as 8-bit grey, any colour type and
 * depth converted by libpng, transparency composed on white: *grey gets
 * width * height values (row 0 at the top; free with free()). A file that
 * is not a PNG or is damaged, and more pixels than width_limit x
 * height_limit, the file or the memory available can hold, are
 * SWE_ERROR_USAGE naming path and saying fix. */
int swe_png_read_grey(FILE *stream, const char *path, double bytes, int width_limit,
                      int height_limit, const char *fix, unsigned char **grey, int *width,
                      int *height, swe_error *err);

#endif
