/* The colour bar of a picture, the time and what the colours mean. */
#include "cartesian/io/picture_layout.h"
#include "io/colour_map.h"

#include <math.h>
#include <stdio.h>

enum { TICK = 4, LABEL_GAP = 4, TRIANGLE = 14 };

/* A triangle of height TRIANGLE on the bar's top (up) or bottom end. */
static void draw_triangle(swe_raster *raster, const swe_picture_layout *layout, int up,
                          swe_rgb colour)
{
    for (int row = 0; row < TRIANGLE; ++row) {
        /* row 0 at the tip */
        int half = (int)lround((double)(row + 1) / TRIANGLE * 0.5 * layout->bar_width);
        int y = up ? layout->bar_top - TRIANGLE + row
                   : layout->bar_top + layout->bar_height + TRIANGLE - 1 - row;
        int centre = layout->bar_left + layout->bar_width / 2;
        swe_raster_fill(raster, centre - half, y, 2 * half, 1, colour);
        swe_raster_fill(raster, centre - half - 1, y, 1, 1, swe_picture_ink);
        swe_raster_fill(raster, centre + half, y, 1, 1, swe_picture_ink);
    }
}

static void draw_ticks(swe_raster *raster, const swe_picture_layout *layout,
                       const swe_colour_range *range)
{
    double span = range->high - range->low;
    double step = swe_nice_step(span, layout->bar_height / 45 + 2);
    const swe_text_style style = {SWE_PICTURE_LABEL_SIZE, SWE_TEXT_LEFT, 0, swe_picture_ink};
    int right = layout->bar_left + layout->bar_width;
    for (double tick = ceil(range->low / step - 1e-9) * step; tick <= range->high + 1e-9 * span;
         tick += step) {
        int py = layout->bar_top + layout->bar_height -
                 (int)lround((tick - range->low) / span * layout->bar_height);
        swe_raster_fill(raster, right, py, TICK, 1, swe_picture_ink);
        char text[32];
        swe_tick_label(tick, step, text, sizeof text);
        swe_text_draw(raster, right + TICK + LABEL_GAP, py + 0.35 * SWE_PICTURE_LABEL_SIZE, &style,
                      text);
    }
}

static void draw_bar(swe_raster *raster, const swe_picture_layout *layout,
                     const swe_picture *picture)
{
    const swe_colour_range *range = picture->range;
    swe_colour_range inside = {range->low, range->high, 0};
    const swe_picture unclipped = {picture->block, picture->time, picture->style, &inside};
    for (int py = 0; py < layout->bar_height; ++py) {
        double fraction = 1.0 - (py + 0.5) / layout->bar_height;
        double eta = range->low + fraction * (range->high - range->low);
        swe_raster_fill(raster, layout->bar_left, layout->bar_top + py, layout->bar_width, 1,
                        swe_picture_water_colour(&unclipped, eta));
    }
    swe_raster_frame(raster, layout->bar_left, layout->bar_top, layout->bar_width,
                     layout->bar_height, swe_picture_ink);
    draw_ticks(raster, layout, range);
}

/* "t = 14.00 s", with hours, minutes and seconds from a minute on. */
static void time_text(double time, char *text, size_t size)
{
    if (time < 60.0) {
        snprintf(text, size, "t = %.2f s", time);
        return;
    }
    long seconds = lround(time);
    snprintf(text, size, "t = %.1f s (%ld:%02ld:%02ld)", time, seconds / 3600, seconds / 60 % 60,
             seconds % 60);
}

static void draw_titles(swe_raster *raster, const swe_picture_layout *layout,
                        const swe_picture *picture)
{
    char text[160];
    time_text(picture->time, text, sizeof text);
    const swe_text_style title = {SWE_PICTURE_TITLE_SIZE, SWE_TEXT_LEFT, 1, swe_picture_ink};
    swe_text_draw(raster, layout->map_left, 19, &title, text);
    if (picture->style->waves) {
        snprintf(text, sizeof text,
                 "water: surface height \xCE\xB7 (m) about its still level %.4g m; "
                 "land: bed height",
                 picture->style->still_level);
    } else {
        snprintf(text, sizeof text, "water: surface height \xCE\xB7 (m); land: bed height");
    }
    const swe_text_style note = {SWE_PICTURE_LABEL_SIZE, SWE_TEXT_LEFT, 0, swe_picture_ink};
    swe_text_draw(raster, layout->map_left, 37, &note, text);
    const swe_text_style bar_title = {SWE_PICTURE_LABEL_SIZE, SWE_TEXT_CENTRE, 0, swe_picture_ink};
    swe_text_draw(raster, layout->bar_left + 0.5 * layout->bar_width,
                  layout->map_top + layout->map_height + 2 * SWE_PICTURE_LABEL_SIZE + 4, &bar_title,
                  "\xCE\xB7 (m)");
}

void swe_picture_draw_bar(swe_raster *raster, const swe_picture_layout *layout,
                          const swe_picture *picture, int clipped_low, int clipped_high)
{
    draw_bar(raster, layout, picture);
    if (clipped_high) {
        draw_triangle(raster, layout, 1, swe_colour_over);
    }
    if (clipped_low) {
        draw_triangle(raster, layout, 0, swe_colour_under);
    }
    draw_titles(raster, layout, picture);
}
