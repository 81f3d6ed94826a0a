/* A raster written as an 8-bit RGB PNG (libpng), through PATH.tmp and a
 * rename: the encoder every picture of every application shares. */
#ifndef SWE_PNG_RASTER_H
#define SWE_PNG_RASTER_H

#include "core/error.h"
#include "io/raster.h"

int swe_png_write_raster(const char *path, const swe_raster *raster, swe_error *err);

#endif
