#include "io/map_frame.h"

#include "io/text.h"

#include <math.h>
#include <stdio.h>

enum { TICK = 5, LABEL_GAP = 4 };

const swe_rgb swe_picture_ink = {25, 25, 25};
const swe_rgb swe_picture_paper = {255, 255, 255};

double swe_nice_step(double span, int count)
{
    double raw = count > 0 ? span / count : 0.0;
    if (!(raw > 0) || !isfinite(raw)) {
        return 1.0;
    }
    double magnitude = pow(10.0, floor(log10(raw)));
    double ratio = raw / magnitude;
    return magnitude * (ratio < 1.5 ? 1.0 : ratio < 3.5 ? 2.0 : ratio < 7.5 ? 5.0 : 10.0);
}

void swe_tick_label(double value, double step, char *text, size_t size)
{
    if (text == NULL || size == 0) {
        return;
    }
    int decimals = step >= 1.0 ? 0 : (int)ceil(-log10(step) - 1e-9);
    if (fabs(value) < 0.5 * step * 1e-6) {
        value = 0.0; /* never "-0" */
    }
    snprintf(text, size, "%.*f", decimals > 6 ? 6 : decimals, value);
}

void swe_picture_time_text(double time, char *text, size_t size)
{
    if (text == NULL || size == 0) {
        return;
    }
    if (time < 60.0) {
        snprintf(text, size, "t = %.2f s", time);
        return;
    }
    long seconds = lround(time);
    snprintf(text, size, "t = %.1f s (%ld:%02ld:%02ld)", time, seconds / 3600, seconds / 60 % 60,
             seconds % 60);
}

static swe_text_style label_style(swe_text_align align)
{
    return (swe_text_style){SWE_PICTURE_LABEL_SIZE, align, 0, swe_picture_ink};
}

/* Kilometres for domains of 10 km and more, metres below. */
static double axis_unit(const swe_map_frame *frame, const char **name)
{
    int in_km = fmax(frame->x_span, frame->y_span) >= 10000.0;
    *name = in_km ? "km" : "m";
    return in_km ? 1000.0 : 1.0;
}

static void draw_across(swe_raster *raster, const swe_map_frame *frame, double unit,
                        const char *unit_name)
{
    double origin = frame->x0 / unit, span = frame->x_span / unit;
    double step = swe_nice_step(span, frame->width / 90 + 2);
    int bottom = frame->top + frame->height;
    const swe_text_style style = label_style(SWE_TEXT_CENTRE);
    for (double tick = ceil(origin / step - 1e-9) * step; tick <= origin + span * (1 + 1e-9);
         tick += step) {
        int px = frame->left + (int)lround((tick - origin) / span * frame->width);
        swe_raster_fill(raster, px, bottom, 1, TICK, swe_picture_ink);
        char text[32];
        swe_tick_label(tick, step, text, sizeof text);
        swe_text_draw(raster, px, bottom + TICK + LABEL_GAP + SWE_PICTURE_LABEL_SIZE, &style, text);
    }
    char title[48];
    snprintf(title, sizeof title, "%s (%s)", frame->across, unit_name);
    swe_text_draw(raster, frame->left + 0.5 * frame->width,
                  bottom + TICK + 2 * (LABEL_GAP + SWE_PICTURE_LABEL_SIZE) + 4, &style, title);
}

static void draw_up(swe_raster *raster, const swe_map_frame *frame, double unit,
                    const char *unit_name)
{
    double origin = frame->y0 / unit, span = frame->y_span / unit;
    double step = swe_nice_step(span, frame->height / 70 + 2);
    const swe_text_style style = label_style(SWE_TEXT_RIGHT);
    int left = frame->left - TICK;
    for (double tick = ceil(origin / step - 1e-9) * step; tick <= origin + span * (1 + 1e-9);
         tick += step) {
        int py = frame->top + frame->height - (int)lround((tick - origin) / span * frame->height);
        swe_raster_fill(raster, left, py, TICK, 1, swe_picture_ink);
        char text[32];
        swe_tick_label(tick, step, text, sizeof text);
        swe_text_draw(raster, left - LABEL_GAP, py + 0.35 * SWE_PICTURE_LABEL_SIZE, &style, text);
    }
    char title[48];
    snprintf(title, sizeof title, "%s (%s)", frame->up, unit_name);
    swe_text_draw(raster, left - LABEL_GAP, frame->top - 6, &style, title);
}

/* A bar of a round length in the lower left of the map, on white. */
static void draw_scale_bar(swe_raster *raster, const swe_map_frame *frame, double unit,
                           const char *unit_name)
{
    double length = swe_nice_step(frame->x_span, 5);
    int pixels = (int)lround(length / frame->x_span * frame->width);
    if (pixels < 8 || frame->height < 60) {
        return;
    }
    int left = frame->left + 10, base = frame->top + frame->height - 10;
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

void swe_map_frame_draw(swe_raster *raster, const swe_map_frame *frame)
{
    if (raster == NULL || raster->pixels == NULL || frame == NULL || frame->across == NULL ||
        frame->up == NULL || !(frame->x_span > 0) || !(frame->y_span > 0) || frame->width < 1 ||
        frame->height < 1) {
        return;
    }
    swe_raster_frame(raster, frame->left, frame->top, frame->width, frame->height, swe_picture_ink);
    const char *unit_name;
    double unit = axis_unit(frame, &unit_name);
    draw_across(raster, frame, unit, unit_name);
    draw_up(raster, frame, unit, unit_name);
    draw_scale_bar(raster, frame, unit, unit_name);
}
