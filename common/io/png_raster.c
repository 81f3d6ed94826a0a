#include "io/png_raster.h"

#include "io/library_versions.h"

#include "io/atomic_file.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

/* Rows of swe_rgb go to libpng as they are. */
_Static_assert(sizeof(swe_rgb) == 3, "swe_rgb must be three packed bytes");

/* libpng's errors end the encoding through longjmp, without the line
 * that its default handler prints: the caller says what failed, once.
 * The error number of the failed write is kept for that line. */
static void png_error_quietly(png_structp png, png_const_charp message)
{
    (void)message;
    int *saved_errno = png_get_error_ptr(png);
    *saved_errno = errno;
    png_longjmp(png, 1);
}

static void png_warning_quietly(png_structp png, png_const_charp message)
{
    (void)png;
    (void)message;
}

/* Encodes raster into the open stream; returns 0, or -1 after a libpng
 * error with its errno in *saved_errno (libpng reports through longjmp). */
static int encode(FILE *stream, const swe_raster *raster, int *saved_errno)
{
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, saved_errno, png_error_quietly,
                                              png_warning_quietly);
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

int swe_png_write_raster(const char *path, const swe_raster *raster, swe_error *err)
{
    if (path == NULL || raster == NULL || raster->pixels == NULL || raster->width < 1 ||
        raster->height < 1) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a PNG needs a path and pixels");
    }
    swe_atomic_file file;
    int status = swe_atomic_file_open(&file, path, err);
    if (status == SWE_OK) {
        int saved_errno = 0;
        if (encode(file.stream, raster, &saved_errno) != 0) {
            swe_atomic_file_abandon(&file);
            status = swe_fail(err, SWE_ERROR_RUNTIME,
                              "writing '%s' failed: %s (check free disk space and permissions)",
                              path, saved_errno != 0 ? strerror(saved_errno) : "libpng failed");
        } else {
            status = swe_atomic_file_commit(&file, err);
        }
    }
    return status;
}

const char *swe_png_library(void)
{
    return "libpng " PNG_LIBPNG_VER_STRING;
}
