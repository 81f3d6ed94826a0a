/* The picture of one snapshot, as a raster for the PNG writer: the map of
 * the domain (north up) with axes in metres or kilometres and a scale
 * bar; water coloured by its surface height eta, land (dry cells) in
 * earth colours by the height of its bed; a colour bar with the variable,
 * its units and ticks; the time.
 *
 * Where the initial state has a still-water level (at least 90 % of its
 * wet cells lie within 1 % of its range of surface heights of their
 * median, as the sea of a tsunami or the tailwater of a dam break), the
 * water is drawn in a diverging map
 * centred on that level, so that a wave of 0.3 m shows on a 2 km deep
 * ocean; otherwise in a sequential map. The colour range is the
 * snapshot's own (every picture shows its full contrast), the whole
 * run's, or fixed by the user; values beyond a fixed range are drawn in
 * colours of their own and the colour bar grows a triangle at that end.
 * Water shallower than SWE_PICTURE_VISIBLE_DEPTH (io/map_frame.h) is drawn
 * as land. */
#ifndef SWE_PICTURE_H
#define SWE_PICTURE_H

#include "cartesian/grid/block.h"
#include "cartesian/io/output_fields.h"
#include "io/colour_range.h"
#include "io/map_frame.h"
#include "io/raster.h"

enum { SWE_PICTURE_MIN_MAP_WIDTH = 400, SWE_PICTURE_MAX_MAP_WIDTH = 1600 };

/* What the initial state says about how to draw a run. */
typedef struct swe_picture_style {
    int waves;          /* a still-water level exists */
    double still_level; /* metres, with waves */
} swe_picture_style;

typedef struct swe_picture {
    const swe_block *block;
    double time;
    const swe_picture_style *style;
    const swe_colour_range *range;
} swe_picture;

/* Whether a cell of depth h is drawn as water. */
static inline int swe_picture_shows_water(real h)
{
    return swe_cell_is_wet(h) && h >= SWE_PICTURE_VISIBLE_DEPTH;
}

swe_picture_style swe_picture_style_of(const swe_block *initial);

/* The range that shows every wet cell of block in full contrast (with
 * waves: symmetric about the still level, at least +-1 cm). */
swe_colour_range swe_colour_range_of(const swe_block *block, const swe_picture_style *style);

/* Width and height in pixels of the picture of block. */
void swe_picture_size(const swe_block *block, int *width, int *height);

/* Draws picture into raster, whose size swe_picture_size gave. */
void swe_picture_draw(swe_raster *raster, const swe_picture *picture);

#endif
