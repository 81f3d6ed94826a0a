#include "io/png_raster.h"

#include "io/library_versions.h"

#include "core/memory_budget.h"
#include "io/atomic_file.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
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

int swe_png_read_grey(FILE *stream, const char *path, double bytes, int width_limit,
                      int height_limit, const char *fix, unsigned char **grey, int *width,
                      int *height, swe_error *err)
{
    if (stream == NULL || path == NULL || fix == NULL || grey == NULL || width == NULL ||
        height == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a PNG to read needs a file");
    }
    *grey = NULL;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_stdio(&image, stream)) {
        return swe_fail(err, SWE_ERROR_USAGE, "'%s' is not a readable PNG picture: %s (%s)", path,
                        image.message, fix);
    }
    /* A PNG compresses at most about 1032:1; more pixels than that of
     * the file's bytes (or than the limits) is a lying header. */
    double pixels = (double)image.width * (double)image.height;
    if (image.width > (png_uint_32)width_limit || image.height > (png_uint_32)height_limit ||
        pixels > 1100.0 * bytes) {
        png_image_free(&image);
        return swe_fail(err, SWE_ERROR_USAGE,
                        "'%s' declares %u x %u pixels, more than its %.0f bytes or the limit of "
                        "%d x %d hold (%s)",
                        path, (unsigned)image.width, (unsigned)image.height, bytes, width_limit,
                        height_limit, fix);
    }
    char what[4200];
    snprintf(what, sizeof what, "the %u x %u pixels of '%s'", (unsigned)image.width,
             (unsigned)image.height, path);
    int status = swe_memory_check(what, pixels, "give a smaller picture", err);
    image.format = PNG_FORMAT_GRAY;
    unsigned char *values = status == SWE_OK ? malloc((size_t)PNG_IMAGE_SIZE(image)) : NULL;
    const png_color white = {255, 255, 255};
    if (status == SWE_OK &&
        (values == NULL || !png_image_finish_read(&image, &white, values, 0, NULL))) {
        status = swe_fail(err, SWE_ERROR_USAGE, "'%s' is not a readable PNG picture: %s (%s)", path,
                          values == NULL ? "out of memory" : image.message, fix);
    }
    png_image_free(&image);
    if (status != SWE_OK) {
        free(values);
        return status;
    }
    *grey = values;
    *width = (int)image.width;
    *height = (int)image.height;
    return SWE_OK;
}
