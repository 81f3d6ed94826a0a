/* The parts of a picture (cartesian/io/picture.h) and where they go; shared by the
 * map (picture.c) and its decorations (picture_axes.c, picture_bar.c). */
#ifndef SWE_PICTURE_LAYOUT_H
#define SWE_PICTURE_LAYOUT_H

#include "cartesian/io/picture.h"
#include "io/text.h"

typedef struct swe_picture_layout {
    int width, height;                            /* the whole picture */
    int map_left, map_top, map_width, map_height; /* the domain */
    int bar_left, bar_top, bar_width, bar_height; /* the colour bar */
} swe_picture_layout;

/* Text sizes, pixels, and the colours of ink and paper. */
enum { SWE_PICTURE_LABEL_SIZE = 13, SWE_PICTURE_TITLE_SIZE = 16 };
extern const swe_rgb swe_picture_ink;
extern const swe_rgb swe_picture_paper;

void swe_picture_layout_of(const swe_block *block, swe_picture_layout *layout);

/* The colour of water whose surface is eta (clipped values in the colours
 * of clipping). */
swe_rgb swe_picture_water_colour(const swe_picture *picture, double eta);

/* A step of 1, 2 or 5 times a power of ten that divides span into about
 * count parts. */
double swe_nice_step(double span, int count);

/* Text of value in the style of tick labels ("0.25", "-3", "1e+04"). */
void swe_tick_label(double value, double step, char *text, size_t size);

/* Axes with ticks and their labels in m or km, and a scale bar. */
void swe_picture_draw_axes(swe_raster *raster, const swe_picture_layout *layout,
                           const swe_block *block);

/* The colour bar (triangles where values were clipped), the time and the
 * name of what is drawn. */
void swe_picture_draw_bar(swe_raster *raster, const swe_picture_layout *layout,
                          const swe_picture *picture, int clipped_low, int clipped_high);

#endif
