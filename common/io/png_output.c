#include "io/png_output.h"

#include "io/bitmap_font.h"
#include "io/colour_bar.h"
#include "io/colour_map.h"
#include "io/png_raster.h"
#include "io/raster.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

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
    return swe_png_range_from(low, high, lowest_dry_bed);
}

swe_png_range swe_png_range_from(double low, double high, double lowest_dry_bed)
{
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
    swe_colour_bar bar = {left,        TITLE_BAND, BAR_WIDTH,  map_height, range->low,
                          range->high, "eta (m)",  MARGIN / 2, TEXT_SCALE};
    swe_colour_bar_draw(raster, &bar);
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
    int status = swe_png_write_raster(path, &raster, err);
    free(raster.pixels);
    return status;
}
