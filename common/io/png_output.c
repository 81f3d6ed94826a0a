#include "io/png_output.h"

#include "io/atomic_file.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

/* Rows of swe_rgb go to libpng as they are. */
_Static_assert(sizeof(swe_rgb) == 3, "swe_rgb must be three packed bytes");

/* Encodes raster into the open stream; returns 0, or -1 after a libpng
 * error (libpng reports through longjmp). */
static int encode(FILE *stream, const swe_raster *raster)
{
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    png_init_io(png, stream);
    png_set_IHDR(png, info, (png_uint_32)raster->width, (png_uint_32)raster->height, 8,
                 PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    /* Pictures are written at every snapshot: fast compression, one filter. */
    png_set_compression_level(png, 3);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
    png_write_info(png, info);
    for (int row = 0; row < raster->height; ++row) {
        png_write_row(png, (png_const_bytep)&raster->pixels[(size_t)row * raster->width]);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return 0;
}

int swe_png_write(const char *path, const swe_picture *picture, swe_error *err)
{
    const swe_block *block = picture != NULL ? picture->block : NULL;
    if (path == NULL || block == NULL || block->h == NULL || block->nx < 1 || block->ny < 1 ||
        picture->range == NULL || picture->style == NULL ||
        !(picture->range->high > picture->range->low)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: PNG needs a path, a block and a non-empty range");
    }
    swe_raster raster;
    swe_picture_size(block, &raster.width, &raster.height);
    raster.pixels = malloc((size_t)raster.width * (size_t)raster.height * sizeof *raster.pixels);
    if (raster.pixels == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the picture '%s'", path);
    }
    swe_picture_draw(&raster, picture);
    swe_atomic_file file;
    int status = swe_atomic_file_open(&file, path, err);
    if (status == SWE_OK) {
        if (encode(file.stream, &raster) != 0) {
            swe_atomic_file_abandon(&file);
            status = swe_fail(err, SWE_ERROR_RUNTIME,
                              "libpng failed to encode '%s' (check free disk space)", path);
        } else {
            status = swe_atomic_file_commit(&file, err);
        }
    }
    free(raster.pixels);
    return status;
}

const char *swe_png_library(void)
{
    return "libpng " PNG_LIBPNG_VER_STRING;
}
