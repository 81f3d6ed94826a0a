/* The axes of a picture's map and its scale bar. */
#include "cartesian/io/picture_layout.h"

#include <math.h>
#include <stdio.h>

enum { TICK = 5, LABEL_GAP = 4 };

double swe_nice_step(double span, int count)
{
    double raw = span / count;
    if (!(raw > 0) || !isfinite(raw)) {
        return 1.0;
    }
    double magnitude = pow(10.0, floor(log10(raw)));
    double ratio = raw / magnitude;
    return magnitude * (ratio < 1.5 ? 1.0 : ratio < 3.5 ? 2.0 : ratio < 7.5 ? 5.0 : 10.0);
}

void swe_tick_label(double value, double step, char *text, size_t size)
{
    int decimals = step >= 1.0 ? 0 : (int)ceil(-log10(step) - 1e-9);
    if (fabs(value) < 0.5 * step * 1e-6) {
        value = 0.0; /* never "-0" */
    }
    snprintf(text, size, "%.*f", decimals > 6 ? 6 : decimals, value);
}

static swe_text_style label_style(swe_text_align align)
{
    return (swe_text_style){SWE_PICTURE_LABEL_SIZE, align, 0, swe_picture_ink};
}

/* Kilometres for domains of 10 km and more, metres below. */
static double axis_unit(const swe_block *block, const char **name)
{
    int in_km = fmax(block->width, block->height) >= 10000.0;
    *name = in_km ? "km" : "m";
    return in_km ? 1000.0 : 1.0;
}

static void draw_x_axis(swe_raster *raster, const swe_picture_layout *layout,
                        const swe_block *block, double unit, const char *unit_name)
{
    double origin = block->x0 / unit, span = block->width / unit;
    double step = swe_nice_step(span, layout->map_width / 90 + 2);
    int bottom = layout->map_top + layout->map_height;
    const swe_text_style style = label_style(SWE_TEXT_CENTRE);
    for (double tick = ceil(origin / step - 1e-9) * step; tick <= origin + span * (1 + 1e-9);
         tick += step) {
        int px = layout->map_left + (int)lround((tick - origin) / span * layout->map_width);
        swe_raster_fill(raster, px, bottom, 1, TICK, swe_picture_ink);
        char text[32];
        swe_tick_label(tick, step, text, sizeof text);
        swe_text_draw(raster, px, bottom + TICK + LABEL_GAP + SWE_PICTURE_LABEL_SIZE, &style, text);
    }
    char title[32];
    snprintf(title, sizeof title, "x (%s)", unit_name);
    swe_text_draw(raster, layout->map_left + 0.5 * layout->map_width,
                  bottom + TICK + 2 * (LABEL_GAP + SWE_PICTURE_LABEL_SIZE) + 4, &style, title);
}

static void draw_y_axis(swe_raster *raster, const swe_picture_layout *layout,
                        const swe_block *block, double unit, const char *unit_name)
{
    double origin = block->y0 / unit, span = block->height / unit;
    double step = swe_nice_step(span, layout->map_height / 70 + 2);
    const swe_text_style style = label_style(SWE_TEXT_RIGHT);
    int left = layout->map_left - TICK;
    for (double tick = ceil(origin / step - 1e-9) * step; tick <= origin + span * (1 + 1e-9);
         tick += step) {
        int py = layout->map_top + layout->map_height -
                 (int)lround((tick - origin) / span * layout->map_height);
        swe_raster_fill(raster, left, py, TICK, 1, swe_picture_ink);
        char text[32];
        swe_tick_label(tick, step, text, sizeof text);
        swe_text_draw(raster, left - LABEL_GAP, py + 0.35 * SWE_PICTURE_LABEL_SIZE, &style, text);
    }
    char title[32];
    snprintf(title, sizeof title, "y (%s)", unit_name);
    swe_text_draw(raster, left - LABEL_GAP, layout->map_top - 6, &style, title);
}

/* A bar of a round length in the lower left of the map, on white. */
static void draw_scale_bar(swe_raster *raster, const swe_picture_layout *layout,
                           const swe_block *block, double unit, const char *unit_name)
{
    double length = swe_nice_step(block->width, 5);
    int pixels = (int)lround(length / block->width * layout->map_width);
    if (pixels < 8 || layout->map_height < 60) {
        return;
    }
    int left = layout->map_left + 10, base = layout->map_top + layout->map_height - 10;
    swe_raster_fill(raster, left - 5, base - 30, pixels + 10, 34, swe_picture_paper);
    swe_raster_fill(raster, left, base - 6, pixels, 6, swe_picture_ink);
    swe_raster_fill(raster, left + pixels / 2, base - 5, pixels - pixels / 2 - 1, 4,
                    swe_picture_paper);
    char text[32], number[24];
    swe_tick_label(length / unit, length / unit, number, sizeof number);
    snprintf(text, sizeof text, "%s %s", number, unit_name);
    const swe_text_style style = label_style(SWE_TEXT_CENTRE);
    swe_text_draw(raster, left + 0.5 * pixels, base - 11, &style, text);
}

void swe_picture_draw_axes(swe_raster *raster, const swe_picture_layout *layout,
                           const swe_block *block)
{
    swe_raster_frame(raster, layout->map_left, layout->map_top, layout->map_width,
                     layout->map_height, swe_picture_ink);
    const char *unit_name;
    double unit = axis_unit(block, &unit_name);
    draw_x_axis(raster, layout, block, unit, unit_name);
    draw_y_axis(raster, layout, block, unit, unit_name);
    draw_scale_bar(raster, layout, block, unit, unit_name);
}
