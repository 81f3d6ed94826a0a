/* A perceptually uniform colour map (dark blue over teal and green to
 * yellow, lightness rising evenly), for surface heights in pictures. */
#ifndef SWE_COLOUR_MAP_H
#define SWE_COLOUR_MAP_H

#include "io/raster.h"

/* Colour of fraction in [0, 1]; values outside are clamped, NaN is 0. */
swe_rgb swe_colour_map(double fraction);

#endif
