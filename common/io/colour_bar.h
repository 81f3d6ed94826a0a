/* The colour bar beside a picture: the shared colour map from high (top)
 * to low (bottom), both values written to its right, a label above. */
#ifndef SWE_COLOUR_BAR_H
#define SWE_COLOUR_BAR_H

#include "io/raster.h"

typedef struct swe_colour_bar {
    int left, top, width, height; /* the bar itself, pixels */
    double low, high;             /* the values at its bottom and top */
    const char *label;            /* drawn from (left, label_top) */
    int label_top;
    int text_scale; /* font pixels per glyph pixel */
} swe_colour_bar;

void swe_colour_bar_draw(swe_raster *raster, const swe_colour_bar *bar);

#endif
