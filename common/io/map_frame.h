/* The frame around the map of a picture, the same in every application's
 * pictures: a one-pixel border, ticks and their labels on the lower and
 * left edges in m or km (km from a 10 km side on), the axes' names, and a
 * scale bar of a round length in the lower left corner on white; the
 * tick steps and labels that the colour bars use too; the time written
 * above a picture. */
#ifndef SWE_MAP_FRAME_H
#define SWE_MAP_FRAME_H

#include "io/raster.h"

#include <stddef.h>

/* Text sizes, pixels, and the colours of ink and paper of every picture. */
enum { SWE_PICTURE_LABEL_SIZE = 13, SWE_PICTURE_TITLE_SIZE = 16 };
extern const swe_rgb swe_picture_ink;
extern const swe_rgb swe_picture_paper;

/* Water shallower than this, metres, is drawn as the ground under it: a
 * film of micrometres that a wetting front leaves (Thacker's bowl) is
 * nothing a reader of the picture would call water. */
#define SWE_PICTURE_VISIBLE_DEPTH 1e-3

/* Room, pixels, that the frame's labels take left of and below the map. */
enum { SWE_MAP_FRAME_LEFT = 76, SWE_MAP_FRAME_BOTTOM = 52 };

typedef struct swe_map_frame {
    int left, top, width, height;  /* the map, pixels */
    double x0, y0, x_span, y_span; /* the lower-left corner and size it shows, metres */
    const char *across, *up;       /* the axes' names: "x", "y" (a vertical slice: "x", "z") */
} swe_map_frame;

void swe_map_frame_draw(swe_raster *raster, const swe_map_frame *frame);

/* A step of 1, 2 or 5 times a power of ten that divides span into about
 * count parts. */
double swe_nice_step(double span, int count);

/* Text of value in the style of tick labels ("0.25", "-3", "1e+04"). */
void swe_tick_label(double value, double step, char *text, size_t size);

/* "t = 14.00 s", with hours, minutes and seconds from a minute on. */
void swe_picture_time_text(double time, char *text, size_t size);

#endif
