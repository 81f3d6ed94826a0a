#include "io/colour_bar.h"

#include "io/bitmap_font.h"
#include "io/colour_map.h"

#include <stdio.h>

enum { LABEL_GAP = 8 };

void swe_colour_bar_draw(swe_raster *raster, const swe_colour_bar *bar)
{
    static const swe_rgb ink = {0, 0, 0};
    for (int py = 0; py < bar->height; ++py) {
        double fraction = 1.0 - (double)py / (bar->height > 1 ? bar->height - 1 : 1);
        swe_raster_fill(raster, bar->left, bar->top + py, bar->width, 1, swe_colour_map(fraction));
    }
    char text[32];
    int label_left = bar->left + bar->width + LABEL_GAP;
    snprintf(text, sizeof text, "%.4g", bar->high);
    swe_font_draw(raster, label_left, bar->top, bar->text_scale, text, ink);
    snprintf(text, sizeof text, "%.4g", bar->low);
    swe_font_draw(raster, label_left, bar->top + bar->height - SWE_FONT_HEIGHT * bar->text_scale,
                  bar->text_scale, text, ink);
    swe_font_draw(raster, bar->left, bar->label_top, bar->text_scale, bar->label, ink);
}
