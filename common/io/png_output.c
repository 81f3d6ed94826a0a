#include "io/png_output.h"

#include "io/atomic_file.h"
#include "io/bitmap_font.h"
#include "io/colour_map.h"
#include "io/raster.h"

#include <errno.h>
#include <math.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Layout, pixels: a title band above the map, the colour bar right of it
 * with its labels, and a margin around everything. */
enum {
    MARGIN = 10,
    TITLE_BAND = 30,
    MIN_MAP_HEIGHT = 48,
    BAR_GAP = 20,
    BAR_WIDTH = 20,
    LABEL_GAP = 8,
    LABEL_WIDTH = 100,
    TEXT_SCALE = 2
};

/* Rows of swe_rgb go to libpng as they are. */
_Static_assert(sizeof(swe_rgb) == 3, "swe_rgb must be three packed bytes");

static const swe_rgb background = {255, 255, 255};
static const swe_rgb ink = {0, 0, 0};
static const swe_rgb dry_grey = {160, 160, 160};

swe_png_range swe_png_range_of(const swe_block *block)
{
    double low = INFINITY, high = -INFINITY, lowest_dry_bed = INFINITY;
    for (int j = 1; block != NULL && j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i) {
            size_t cell = SWE_INDEX(block, i, j);
            if (block->h[cell] >= SWE_DRY_TOLERANCE) {
                double eta = (double)block->h[cell] + (double)block->b[cell];
                low = fmin(low, eta);
                high = fmax(high, eta);
            } else {
                lowest_dry_bed = fmin(lowest_dry_bed, (double)block->b[cell]);
            }
        }
    }
    if (!(high >= low)) { /* all dry */
        low = high = 0.0;
    }
    /* Water may run down onto dry ground below the lowest surface (a dam
     * break onto a dry bed): the colours reach down to that ground. */
    low = fmin(low, lowest_dry_bed);
    double span = high - low;
    if (span < 1e-6 * (1.0 + fabs(high))) {
        return (swe_png_range){low - 0.5, high + 0.5};
    }
    return (swe_png_range){low - 0.1 * span, high + 0.1 * span};
}

/* Map size in pixels: integer upscaling of small grids, the physical
 * aspect ratio, and bounds on both sides. */
static void map_size(const swe_block *block, int *width, int *height)
{
    int w = block->nx;
    if (w < SWE_PNG_MIN_MAP_WIDTH) {
        w *= (SWE_PNG_MIN_MAP_WIDTH + block->nx - 1) / block->nx;
    } else if (w > SWE_PNG_MAX_MAP_WIDTH) {
        w = SWE_PNG_MAX_MAP_WIDTH;
    }
    double h = w * block->height / block->width;
    h = h < MIN_MAP_HEIGHT ? MIN_MAP_HEIGHT
                           : (h > SWE_PNG_MAX_MAP_WIDTH ? SWE_PNG_MAX_MAP_WIDTH : h);
    *width = w;
    *height = (int)lround(h);
}

void swe_png_picture_size(const swe_block *block, int *width, int *height)
{
    if (block == NULL || width == NULL || height == NULL || block->nx < 1 || block->ny < 1) {
        if (width != NULL && height != NULL) {
            *width = *height = 0;
        }
        return;
    }
    int map_width, map_height;
    map_size(block, &map_width, &map_height);
    *width = MARGIN + map_width + BAR_GAP + BAR_WIDTH + LABEL_GAP + LABEL_WIDTH;
    *height = TITLE_BAND + map_height + MARGIN;
}

static void draw_map(swe_raster *raster, const swe_block *block, const swe_png_range *range,
                     int map_width, int map_height)
{
    double span = range->high - range->low;
    for (int py = 0; py < map_height; ++py) {
        int j = block->ny - (int)((long)py * block->ny / map_height); /* north up */
        swe_rgb *row = raster->pixels + (size_t)(TITLE_BAND + py) * (size_t)raster->width + MARGIN;
        for (int px = 0; px < map_width; ++px) {
            int i = 1 + (int)((long)px * block->nx / map_width);
            size_t cell = SWE_INDEX(block, i, j);
            swe_rgb colour = dry_grey;
            if (block->h[cell] >= SWE_DRY_TOLERANCE) {
                double eta = (double)block->h[cell] + (double)block->b[cell];
                colour = swe_colour_map((eta - range->low) / span);
            }
            row[px] = colour;
        }
    }
}

static void draw_colour_bar(swe_raster *raster, const swe_png_range *range, int left,
                            int map_height)
{
    for (int py = 0; py < map_height; ++py) {
        double fraction = 1.0 - (double)py / (map_height - 1);
        swe_raster_fill(raster, left, TITLE_BAND + py, BAR_WIDTH, 1, swe_colour_map(fraction));
    }
    char label[32];
    int text_height = SWE_FONT_HEIGHT * TEXT_SCALE;
    int label_left = left + BAR_WIDTH + LABEL_GAP;
    snprintf(label, sizeof label, "%.4g", range->high);
    swe_font_draw(raster, label_left, TITLE_BAND, TEXT_SCALE, label, ink);
    snprintf(label, sizeof label, "%.4g", range->low);
    swe_font_draw(raster, label_left, TITLE_BAND + map_height - text_height, TEXT_SCALE, label,
                  ink);
    swe_font_draw(raster, left, MARGIN / 2, TEXT_SCALE, "eta (m)", ink);
}

static void draw_picture(swe_raster *raster, const swe_block *block, double time,
                         const swe_png_range *range)
{
    int map_width, map_height;
    map_size(block, &map_width, &map_height);
    swe_raster_fill(raster, 0, 0, raster->width, raster->height, background);
    draw_map(raster, block, range, map_width, map_height);
    draw_colour_bar(raster, range, MARGIN + map_width + BAR_GAP, map_height);
    char title[48];
    snprintf(title, sizeof title, "t = %.2f s", time);
    swe_font_draw(raster, MARGIN, MARGIN / 2, TEXT_SCALE, title, ink);
}

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

int swe_png_write(const char *path, const swe_block *block, double time, const swe_png_range *range,
                  swe_error *err)
{
    if (path == NULL || block == NULL || block->h == NULL || block->nx < 1 || block->ny < 1 ||
        range == NULL || !(range->high > range->low)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: PNG needs a path, a block and a non-empty range");
    }
    swe_raster raster;
    swe_png_picture_size(block, &raster.width, &raster.height);
    raster.pixels = malloc((size_t)raster.width * (size_t)raster.height * sizeof *raster.pixels);
    if (raster.pixels == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the picture '%s'", path);
    }
    draw_picture(&raster, block, time, range);
    swe_atomic_file file;
    int status = swe_atomic_file_open(&file, path, err);
    if (status == SWE_OK) {
        int saved_errno = 0;
        if (encode(file.stream, &raster, &saved_errno) != 0) {
            swe_atomic_file_abandon(&file);
            status = swe_fail(err, SWE_ERROR_RUNTIME,
                              "writing '%s' failed: %s (check free disk space and permissions)",
                              path, saved_errno != 0 ? strerror(saved_errno) : "libpng failed");
        } else {
            status = swe_atomic_file_commit(&file, err);
        }
    }
    free(raster.pixels);
    return status;
}
