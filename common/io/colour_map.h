/* The colour maps of the pictures: a perceptually uniform sequential map
 * (dark blue over teal and green to yellow, lightness rising evenly) for
 * a surface without a still level, a diverging map (blue below, near
 * white at, red above the still-water level) for waves, and earth colours
 * for dry land by its height. Values beyond a fixed colour range are
 * drawn in colours no map holds, so that clipping shows. */
#ifndef SWE_COLOUR_MAP_H
#define SWE_COLOUR_MAP_H

#include "io/raster.h"

/* Colour of fraction in [0, 1]; values outside are clamped, NaN is 0. */
swe_rgb swe_colour_map(double fraction);
swe_rgb swe_colour_diverging(double fraction);
swe_rgb swe_colour_land(double fraction);

/* The colours of values above and below a fixed range. */
extern const swe_rgb swe_colour_over;
extern const swe_rgb swe_colour_under;

#endif
