/* The parts of a picture (cartesian/io/picture.h) and where they go; shared by the
 * map (picture.c) and its colour bar and titles (picture_bar.c). The frame
 * with its axes and scale bar is every application's (io/map_frame.h). */
#ifndef SWE_PICTURE_LAYOUT_H
#define SWE_PICTURE_LAYOUT_H

#include "cartesian/io/picture.h"
#include "io/map_frame.h"
#include "io/text.h"

typedef struct swe_picture_layout {
    int width, height;                            /* the whole picture */
    int map_left, map_top, map_width, map_height; /* the domain */
    int bar_left, bar_top, bar_width, bar_height; /* the colour bar */
} swe_picture_layout;

void swe_picture_layout_of(const swe_block *block, swe_picture_layout *layout);

/* The colour of water whose surface is eta (clipped values in the colours
 * of clipping). */
swe_rgb swe_picture_water_colour(const swe_picture *picture, double eta);

/* The colour bar (triangles where values were clipped), the time and the
 * name of what is drawn. */
void swe_picture_draw_bar(swe_raster *raster, const swe_picture_layout *layout,
                          const swe_picture *picture, int clipped_low, int clipped_high);

#endif
