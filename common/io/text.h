/* Text in pictures, drawn by a real font renderer (cairo with the
 * system's fonts through fontconfig: DejaVu Sans on Debian), anti-aliased,
 * any Unicode the font has (η, °, −). Without cairo (text_unavailable.c)
 * nothing is drawn and swe_text_library says why, so the pictures still
 * show the map, the colour bar and the ticks. */
#ifndef SWE_TEXT_H
#define SWE_TEXT_H

#include "io/raster.h"

typedef enum { SWE_TEXT_LEFT, SWE_TEXT_CENTRE, SWE_TEXT_RIGHT } swe_text_align;

typedef struct swe_text_style {
    double size;          /* pixels, the font's em */
    swe_text_align align; /* of x */
    int bold;
    swe_rgb colour;
} swe_text_style;

/* Draws utf8 with its baseline at y, aligned on x. Returns the width
 * drawn in pixels (0 without a renderer). */
double swe_text_draw(swe_raster *raster, double x, double y, const swe_text_style *style,
                     const char *utf8);

/* Width utf8 would take, pixels (0 without a renderer). */
double swe_text_width(const swe_text_style *style, const char *utf8);

#endif
