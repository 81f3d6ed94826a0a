/* The colour bar beside a picture, the same in every application's
 * pictures: the colours from high (top) to low (bottom) in a frame, ticks
 * at round values with their labels to its right, a triangle at an end
 * whose values the picture clipped (in the colours of clipping,
 * io/colour_map.h), and a label, in the pictures' font (io/text.h). */
#ifndef SWE_COLOUR_BAR_H
#define SWE_COLOUR_BAR_H

#include "io/raster.h"

/* Room, pixels, a clipping triangle takes above or below the bar. */
enum { SWE_COLOUR_BAR_TRIANGLE = 14 };

typedef struct swe_colour_bar {
    int left, top, width, height; /* the bar itself, pixels */
    double low, high;             /* the values at its bottom and top */
    const char *label;            /* UTF-8, its baseline at label_baseline; NULL: none */
    int label_baseline;
    int clipped_low, clipped_high; /* values below low (above high) were drawn clipped */
    /* The colour of a value; NULL: the shared sequential map over
     * [low, high] (io/colour_map.h). */
    swe_rgb (*colour)(double value, const void *context);
    const void *context;
} swe_colour_bar;

void swe_colour_bar_draw(swe_raster *raster, const swe_colour_bar *bar);

#endif
