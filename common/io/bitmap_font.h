/* A 5 x 7 pixel font of the characters the pictures need: digits, the
 * signs . - + = ( ) / and the letters a c e i m o r s t v y. */
#ifndef SWE_BITMAP_FONT_H
#define SWE_BITMAP_FONT_H

#include "io/raster.h"

enum { SWE_FONT_WIDTH = 5, SWE_FONT_HEIGHT = 7, SWE_FONT_ADVANCE = 6 };

/* Draws text with its top-left corner at (x, y), each font pixel as a
 * scale x scale square; a character outside the font shows as a box.
 * Returns the width drawn, in pixels. */
int swe_font_draw(swe_raster *raster, int x, int y, int scale, const char *text, swe_rgb colour);

/* Width of text drawn at scale, in pixels. */
int swe_font_text_width(const char *text, int scale);

#endif
