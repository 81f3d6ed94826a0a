/* The colour bar of a picture, the time and what the colours mean. */
#include "cartesian/io/picture_layout.h"
#include "io/colour_bar.h"

#include <stdio.h>

/* The colour of water in the bar: the picture's colours without clipping. */
static swe_rgb bar_colour(double eta, const void *context)
{
    return swe_picture_water_colour(context, eta);
}

static void draw_titles(swe_raster *raster, const swe_picture_layout *layout,
                        const swe_picture *picture)
{
    char text[160];
    swe_picture_time_text(picture->time, text, sizeof text);
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
    const swe_colour_range *range = picture->range;
    swe_colour_range inside = {range->low, range->high, 0};
    const swe_picture unclipped = {picture->block, picture->time, picture->style, &inside};
    const swe_colour_bar bar = {.left = layout->bar_left,
                                .top = layout->bar_top,
                                .width = layout->bar_width,
                                .height = layout->bar_height,
                                .low = range->low,
                                .high = range->high,
                                .clipped_low = clipped_low,
                                .clipped_high = clipped_high,
                                .colour = bar_colour,
                                .context = &unclipped};
    swe_colour_bar_draw(raster, &bar);
    draw_titles(raster, layout, picture);
}
