#include "io/colour_bar.h"

#include "io/colour_map.h"
#include "io/text.h"

#include <stdio.h>

enum { LABEL_GAP = 8 };

void swe_colour_bar_draw(swe_raster *raster, const swe_colour_bar *bar)
{
    if (raster == NULL || raster->pixels == NULL || bar == NULL || bar->label == NULL) {
        return;
    }
    static const swe_rgb ink = {0, 0, 0};
    for (int py = 0; py < bar->height; ++py) {
        double fraction = 1.0 - (double)py / (bar->height > 1 ? bar->height - 1 : 1);
        swe_raster_fill(raster, bar->left, bar->top + py, bar->width, 1, swe_colour_map(fraction));
    }
    swe_raster_frame(raster, bar->left, bar->top, bar->width, bar->height, ink);
    const swe_text_style style = {bar->text_size, SWE_TEXT_LEFT, 0, ink};
    char text[32];
    int label_left = bar->left + bar->width + LABEL_GAP;
    snprintf(text, sizeof text, "%.4g", bar->high);
    swe_text_draw(raster, label_left, bar->top + bar->text_size, &style, text);
    snprintf(text, sizeof text, "%.4g", bar->low);
    swe_text_draw(raster, label_left, bar->top + bar->height, &style, text);
    swe_text_draw(raster, bar->left, bar->label_baseline, &style, bar->label);
}
