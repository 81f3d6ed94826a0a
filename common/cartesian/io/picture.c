#include "cartesian/io/picture.h"

#include "cartesian/io/output_fields.h"
#include "cartesian/io/picture_layout.h"
#include "io/colour_map.h"

#include <math.h>
#include <stdio.h>

/* Layout, pixels: the time and title above the map, tick labels left of
 * it and below it, the colour bar with its labels right of it. */
enum {
    TITLE_BAND = 46,
    LEFT_MARGIN = SWE_MAP_FRAME_LEFT,
    BOTTOM_MARGIN = SWE_MAP_FRAME_BOTTOM,
    MIN_MAP_HEIGHT = 120,
    BAR_GAP = 24,
    BAR_WIDTH = 22,
    BAR_LABELS = 88,
    TRIANGLE_ROOM = 18,
    MARGIN = 10
};

/* Metres of height the land colours span at the least. */
#define LAND_SPAN 500.0

/* Map size in pixels: integer upscaling of small grids, the physical
 * aspect ratio, and bounds on both sides. */
static void map_size(const swe_block *block, int *width, int *height)
{
    int w = block->nx;
    if (w < SWE_PICTURE_MIN_MAP_WIDTH) {
        w *= (SWE_PICTURE_MIN_MAP_WIDTH + block->nx - 1) / block->nx;
    } else if (w > SWE_PICTURE_MAX_MAP_WIDTH) {
        w = SWE_PICTURE_MAX_MAP_WIDTH;
    }
    double h = w * block->height / block->width;
    h = h < MIN_MAP_HEIGHT ? MIN_MAP_HEIGHT
                           : (h > SWE_PICTURE_MAX_MAP_WIDTH ? SWE_PICTURE_MAX_MAP_WIDTH : h);
    *width = w;
    *height = (int)lround(h);
}

void swe_picture_layout_of(const swe_block *block, swe_picture_layout *layout)
{
    map_size(block, &layout->map_width, &layout->map_height);
    layout->map_left = LEFT_MARGIN;
    layout->map_top = TITLE_BAND;
    layout->bar_left = layout->map_left + layout->map_width + BAR_GAP;
    layout->bar_width = BAR_WIDTH;
    layout->bar_top = layout->map_top + TRIANGLE_ROOM;
    layout->bar_height = layout->map_height - 2 * TRIANGLE_ROOM;
    layout->width = layout->bar_left + BAR_WIDTH + BAR_LABELS + MARGIN;
    layout->height = TITLE_BAND + layout->map_height + BOTTOM_MARGIN;
}

void swe_picture_size(const swe_block *block, int *width, int *height)
{
    if (width == NULL || height == NULL) {
        return;
    }
    *width = *height = 0;
    if (block != NULL && block->nx >= 1 && block->ny >= 1) {
        swe_picture_layout layout;
        swe_picture_layout_of(block, &layout);
        *width = layout.width;
        *height = layout.height;
    }
}

swe_rgb swe_picture_water_colour(const swe_picture *picture, double eta)
{
    const swe_colour_range *range = picture->range;
    if (range->clip && eta > range->high) {
        return swe_colour_over;
    }
    if (range->clip && eta < range->low) {
        return swe_colour_under;
    }
    if (!picture->style->waves) {
        return swe_colour_map((eta - range->low) / (range->high - range->low));
    }
    /* Each side of the still level spans its half of the map, so that the
     * level is the map's middle even in a range set off-centre. */
    double level = fmin(fmax(picture->style->still_level, range->low), range->high);
    double fraction = eta < level ? 0.5 * (eta - range->low) / (level - range->low)
                                  : 0.5 + 0.5 * (eta - level) / (range->high - level);
    return swe_colour_diverging(isfinite(fraction) ? fraction : 0.5);
}

/* The lowest and highest bed of the dry cells, for the land colours. */
static void land_range(const swe_block *block, double *low, double *high)
{
    *low = INFINITY;
    *high = -INFINITY;
    for (int j = 1; j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i) {
            size_t cell = SWE_INDEX(block, i, j);
            if (!swe_picture_shows_water(block->h[cell])) {
                *low = fmin(*low, (double)block->b[cell]);
                *high = fmax(*high, (double)block->b[cell]);
            }
        }
    }
}

static void draw_map(swe_raster *raster, const swe_picture_layout *layout,
                     const swe_picture *picture, int *clipped_low, int *clipped_high)
{
    const swe_block *block = picture->block;
    double land_low, land_high;
    land_range(block, &land_low, &land_high);
    /* Earth colours over at least LAND_SPAN metres, as a physical map: a
     * coastal plain stays green, mountains turn brown and grey. */
    double land_span = fmax(land_high - land_low, LAND_SPAN);
    for (int py = 0; py < layout->map_height; ++py) {
        int j = block->ny - (int)((long)py * block->ny / layout->map_height); /* north up */
        swe_rgb *row = raster->pixels + (size_t)(layout->map_top + py) * (size_t)raster->width +
                       layout->map_left;
        for (int px = 0; px < layout->map_width; ++px) {
            int i = 1 + (int)((long)px * block->nx / layout->map_width);
            size_t cell = SWE_INDEX(block, i, j);
            if (!swe_picture_shows_water(block->h[cell])) {
                row[px] = swe_colour_land(((double)block->b[cell] - land_low) / land_span);
                continue;
            }
            double eta = (double)block->h[cell] + (double)block->b[cell];
            *clipped_high |= picture->range->clip && eta > picture->range->high;
            *clipped_low |= picture->range->clip && eta < picture->range->low;
            row[px] = swe_picture_water_colour(picture, eta);
        }
    }
}

void swe_picture_draw(swe_raster *raster, const swe_picture *picture)
{
    if (raster == NULL || raster->pixels == NULL || picture == NULL || picture->block == NULL ||
        picture->style == NULL || picture->range == NULL) {
        return;
    }
    swe_picture_layout layout;
    swe_picture_layout_of(picture->block, &layout);
    swe_raster_fill(raster, 0, 0, raster->width, raster->height, swe_picture_paper);
    int clipped_low = 0, clipped_high = 0;
    draw_map(raster, &layout, picture, &clipped_low, &clipped_high);
    const swe_block *block = picture->block;
    const swe_map_frame frame = {layout.map_left,
                                 layout.map_top,
                                 layout.map_width,
                                 layout.map_height,
                                 block->x0,
                                 block->y0,
                                 block->width,
                                 block->height,
                                 "x",
                                 "y"};
    swe_map_frame_draw(raster, &frame);
    swe_picture_draw_bar(raster, &layout, picture, clipped_low, clipped_high);
}
