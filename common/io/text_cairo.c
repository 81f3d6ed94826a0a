/* Text through cairo: each string is drawn into an alpha mask with the
 * system's sans-serif font, then blended into the picture in its colour. */
#include "io/library_versions.h"
#include "io/text.h"

#include <cairo.h>
#include <math.h>
#include <stdio.h>

/* fontconfig's name for the sans-serif family (DejaVu Sans on Debian). */
static const char family[] = "sans-serif";

static void set_font(cairo_t *cr, const swe_text_style *style)
{
    cairo_select_font_face(cr, family, CAIRO_FONT_SLANT_NORMAL,
                           style->bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, style->size);
}

/* Advance, ascent and descent of utf8 in style, pixels. */
static int measure(const swe_text_style *style, const char *utf8, double *advance, double *ascent,
                   double *descent)
{
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1);
    cairo_t *cr = cairo_create(surface);
    set_font(cr, style);
    cairo_text_extents_t text;
    cairo_font_extents_t font;
    cairo_text_extents(cr, utf8, &text);
    cairo_font_extents(cr, &font);
    int ok = cairo_status(cr) == CAIRO_STATUS_SUCCESS;
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    *advance = text.x_advance;
    *ascent = font.ascent;
    *descent = font.descent;
    return ok && isfinite(text.x_advance);
}

static unsigned char mix(unsigned char under, unsigned char over, unsigned alpha)
{
    return (unsigned char)((under * (255u - alpha) + over * alpha + 127u) / 255u);
}

/* Blends the alpha mask with its top-left corner at (left, top). */
static void blend_mask(swe_raster *raster, cairo_surface_t *mask, int left, int top, swe_rgb colour)
{
    cairo_surface_flush(mask);
    const unsigned char *alpha = cairo_image_surface_get_data(mask);
    int stride = cairo_image_surface_get_stride(mask);
    int width = cairo_image_surface_get_width(mask), height = cairo_image_surface_get_height(mask);
    for (int row = 0; row < height; ++row) {
        int y = top + row;
        for (int column = 0; y >= 0 && y < raster->height && column < width; ++column) {
            int x = left + column;
            unsigned a = alpha[(size_t)row * (size_t)stride + (size_t)column];
            if (x < 0 || x >= raster->width || a == 0) {
                continue;
            }
            swe_rgb *pixel = &raster->pixels[(size_t)y * (size_t)raster->width + (size_t)x];
            *pixel = (swe_rgb){mix(pixel->red, colour.red, a), mix(pixel->green, colour.green, a),
                               mix(pixel->blue, colour.blue, a)};
        }
    }
}

double swe_text_draw(swe_raster *raster, double x, double y, const swe_text_style *style,
                     const char *utf8)
{
    double advance, ascent, descent;
    if (raster == NULL || raster->pixels == NULL || style == NULL || utf8 == NULL ||
        utf8[0] == '\0' || !measure(style, utf8, &advance, &ascent, &descent)) {
        return 0.0;
    }
    const int pad = 2;
    int width = (int)ceil(advance) + 2 * pad, height = (int)ceil(ascent + descent) + 2 * pad;
    double left = style->align == SWE_TEXT_LEFT     ? x
                  : style->align == SWE_TEXT_CENTRE ? x - 0.5 * advance
                                                    : x - advance;
    cairo_surface_t *mask = cairo_image_surface_create(CAIRO_FORMAT_A8, width, height);
    cairo_t *cr = cairo_create(mask);
    set_font(cr, style);
    /* Whole pixels for the mask's corner, the fraction inside it. */
    int mask_left = (int)floor(left) - pad, mask_top = (int)floor(y - ascent) - pad;
    cairo_move_to(cr, left - mask_left, y - mask_top);
    cairo_show_text(cr, utf8);
    if (cairo_status(cr) == CAIRO_STATUS_SUCCESS) {
        blend_mask(raster, mask, mask_left, mask_top, style->colour);
    }
    cairo_destroy(cr);
    cairo_surface_destroy(mask);
    return advance;
}

double swe_text_width(const swe_text_style *style, const char *utf8)
{
    double advance, ascent, descent;
    if (style == NULL || utf8 == NULL || !measure(style, utf8, &advance, &ascent, &descent)) {
        return 0.0;
    }
    return advance;
}

const char *swe_text_library(void)
{
    return "cairo " CAIRO_VERSION_STRING " (fonts through fontconfig)";
}
