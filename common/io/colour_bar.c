#include "io/colour_bar.h"

#include "io/colour_map.h"
#include "io/map_frame.h"
#include "io/text.h"

#include <math.h>
#include <stdio.h>

enum { TICK = 4, LABEL_GAP = 4 };

/* A triangle on the bar's top (up) or bottom end. */
static void draw_triangle(swe_raster *raster, const swe_colour_bar *bar, int up, swe_rgb colour)
{
    for (int row = 0; row < SWE_COLOUR_BAR_TRIANGLE; ++row) {
        /* row 0 at the tip */
        int half = (int)lround((double)(row + 1) / SWE_COLOUR_BAR_TRIANGLE * 0.5 * bar->width);
        int y = up ? bar->top - SWE_COLOUR_BAR_TRIANGLE + row
                   : bar->top + bar->height + SWE_COLOUR_BAR_TRIANGLE - 1 - row;
        int centre = bar->left + bar->width / 2;
        swe_raster_fill(raster, centre - half, y, 2 * half, 1, colour);
        swe_raster_fill(raster, centre - half - 1, y, 1, 1, swe_picture_ink);
        swe_raster_fill(raster, centre + half, y, 1, 1, swe_picture_ink);
    }
}

static void draw_ticks(swe_raster *raster, const swe_colour_bar *bar)
{
    double span = bar->high - bar->low;
    double step = swe_nice_step(span, bar->height / 45 + 2);
    const swe_text_style style = {SWE_PICTURE_LABEL_SIZE, SWE_TEXT_LEFT, 0, swe_picture_ink};
    int right = bar->left + bar->width;
    for (double tick = ceil(bar->low / step - 1e-9) * step; tick <= bar->high + 1e-9 * span;
         tick += step) {
        int py = bar->top + bar->height - (int)lround((tick - bar->low) / span * bar->height);
        swe_raster_fill(raster, right, py, TICK, 1, swe_picture_ink);
        char text[32];
        swe_tick_label(tick, step, text, sizeof text);
        swe_text_draw(raster, right + TICK + LABEL_GAP, py + 0.35 * SWE_PICTURE_LABEL_SIZE, &style,
                      text);
    }
}

void swe_colour_bar_draw(swe_raster *raster, const swe_colour_bar *bar)
{
    if (raster == NULL || raster->pixels == NULL || bar == NULL || bar->height < 1 ||
        !(bar->high > bar->low)) {
        return;
    }
    for (int py = 0; py < bar->height; ++py) {
        double fraction = 1.0 - (py + 0.5) / bar->height;
        double value = bar->low + fraction * (bar->high - bar->low);
        swe_rgb colour =
            bar->colour != NULL ? bar->colour(value, bar->context) : swe_colour_map(fraction);
        swe_raster_fill(raster, bar->left, bar->top + py, bar->width, 1, colour);
    }
    swe_raster_frame(raster, bar->left, bar->top, bar->width, bar->height, swe_picture_ink);
    draw_ticks(raster, bar);
    if (bar->clipped_high) {
        draw_triangle(raster, bar, 1, swe_colour_over);
    }
    if (bar->clipped_low) {
        draw_triangle(raster, bar, 0, swe_colour_under);
    }
    if (bar->label != NULL) {
        const swe_text_style style = {SWE_PICTURE_LABEL_SIZE, SWE_TEXT_LEFT, 0, swe_picture_ink};
        swe_text_draw(raster, bar->left, bar->label_baseline, &style, bar->label);
    }
}
