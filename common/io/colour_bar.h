/* The colour bar beside a picture: the shared sequential colour map from
 * high (top) to low (bottom), both values written to its right, a label
 * above, in the pictures' font (io/text.h). */
#ifndef SWE_COLOUR_BAR_H
#define SWE_COLOUR_BAR_H

#include "io/raster.h"

typedef struct swe_colour_bar {
    int left, top, width, height; /* the bar itself, pixels */
    double low, high;             /* the values at its bottom and top */
    const char *label;            /* UTF-8, its baseline at label_baseline */
    int label_baseline;
    double text_size; /* pixels, the font's em */
} swe_colour_bar;

void swe_colour_bar_draw(swe_raster *raster, const swe_colour_bar *bar);

#endif
