#include "ns/io/ns_slice_png.h"

#include "io/colour_bar.h"
#include "io/colour_map.h"
#include "io/map_frame.h"
#include "io/png_raster.h"
#include "io/text.h"

#include <stdio.h>
#include <stdlib.h>

/* Layout, pixels: the time and title above the plane, the frame's labels
 * left of it and below it (io/map_frame.h), the colour bar right of it
 * with room for its clipping triangles and labels. */
enum {
    TITLE_BAND = 46,
    BAR_GAP = 24,
    BAR_WIDTH = 22,
    BAR_LABELS = 88,
    TRIANGLE_ROOM = 18,
    MARGIN = 10,
    MIN_HEIGHT = 120,
    MIN_WIDTH = 512,
    MAX_WIDTH = 1600
};

static const swe_rgb solid_grey = {160, 160, 160};

/* Pixels per metre that make the plane between MIN_WIDTH and MAX_WIDTH wide. */
static double pixels_per_metre(double width, double height)
{
    double scale = MIN_WIDTH / width;
    if (height * scale > MAX_WIDTH) {
        scale = MAX_WIDTH / height;
    }
    return width * scale > MAX_WIDTH ? MAX_WIDTH / width : scale;
}

/* The colour of a value (beyond the range: the colours of clipping). */
static swe_rgb value_colour(double value, const void *context)
{
    const ns_slice *s = context;
    if (value > s->high) {
        return swe_colour_over;
    }
    if (value < s->low) {
        return swe_colour_under;
    }
    return swe_colour_map((value - s->low) / (s->high - s->low));
}

/* Draws the plane; sets *clipped_low, *clipped_high where a fluid cell's
 * value lies beyond the range. */
static void draw_plane(swe_raster *raster, const ns_slice *s, int across, int up, int width,
                       int height, int *clipped_low, int *clipped_high)
{
    for (int py = 0; py < height; ++py) {
        int b = (int)((double)(height - 1 - py) / height * s->n[up]);
        for (int px = 0; px < width; ++px) {
            int a = (int)((double)px / width * s->n[across]);
            int ijk[3];
            ijk[s->axis] = s->index;
            ijk[across] = a;
            ijk[up] = b;
            size_t cell = ((size_t)ijk[2] * (size_t)s->n[1] + (size_t)ijk[1]) * (size_t)s->n[0] +
                          (size_t)ijk[0];
            int solid = s->solid != NULL && s->solid[cell];
            double value = s->values[cell];
            *clipped_low |= !solid && value < s->low;
            *clipped_high |= !solid && value > s->high;
            raster->pixels[(size_t)(TITLE_BAND + py) * (size_t)raster->width + SWE_MAP_FRAME_LEFT +
                           px] = solid ? solid_grey : value_colour(value, s);
        }
    }
}

static void draw_titles(swe_raster *raster, const ns_slice *s, double time)
{
    char text[160];
    swe_picture_time_text(time, text, sizeof text);
    const swe_text_style title = {SWE_PICTURE_TITLE_SIZE, SWE_TEXT_LEFT, 1, swe_picture_ink};
    swe_text_draw(raster, SWE_MAP_FRAME_LEFT, 19, &title, text);
    static const char *const normal[3] = {"x", "y", "z"};
    snprintf(text, sizeof text, "%s in the plane %s = %.4g m%s", s->label, normal[s->axis],
             (s->index + 0.5) * s->h[s->axis], s->solid != NULL ? "; solid: grey" : "");
    const swe_text_style note = {SWE_PICTURE_LABEL_SIZE, SWE_TEXT_LEFT, 0, swe_picture_ink};
    swe_text_draw(raster, SWE_MAP_FRAME_LEFT, 37, &note, text);
}

static int slice_is_good(const ns_slice *s)
{
    return s != NULL && s->values != NULL && s->axis >= 0 && s->axis <= 2 && s->index >= 0 &&
           s->index < s->n[s->axis] && s->n[0] > 0 && s->n[1] > 0 && s->n[2] > 0 && s->h[0] > 0 &&
           s->h[1] > 0 && s->h[2] > 0 && s->high > s->low && s->label != NULL && s->unit != NULL;
}

/* The plane's size in pixels. */
static void plane_size(const ns_slice *s, int *width, int *height)
{
    int across = s->axis == 0 ? 1 : 0, up = s->axis == 2 ? 1 : 2;
    double scale = pixels_per_metre(s->n[across] * s->h[across], s->n[up] * s->h[up]);
    *width = (int)(s->n[across] * s->h[across] * scale + 0.5);
    *height = (int)(s->n[up] * s->h[up] * scale + 0.5);
    *width = *width < 1 ? 1 : *width;
    *height = *height < MIN_HEIGHT ? MIN_HEIGHT : *height;
}

void ns_slice_png_size(const ns_slice *s, int *width, int *height)
{
    if (width == NULL || height == NULL) {
        return;
    }
    *width = *height = 0;
    if (slice_is_good(s)) {
        int plane_width, plane_height;
        plane_size(s, &plane_width, &plane_height);
        *width = SWE_MAP_FRAME_LEFT + plane_width + BAR_GAP + BAR_WIDTH + BAR_LABELS + MARGIN;
        *height = TITLE_BAND + plane_height + SWE_MAP_FRAME_BOTTOM;
    }
}

int ns_slice_png_draw(swe_raster *raster, const ns_slice *s, double time, swe_error *err)
{
    int raster_width, raster_height;
    ns_slice_png_size(s, &raster_width, &raster_height);
    if (!slice_is_good(s) || raster == NULL || raster->pixels == NULL ||
        raster->width != raster_width || raster->height != raster_height) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: a bad slice or a raster not of its size");
    }
    int across = s->axis == 0 ? 1 : 0, up = s->axis == 2 ? 1 : 2;
    int width, height;
    plane_size(s, &width, &height);
    swe_raster_fill(raster, 0, 0, raster->width, raster->height, swe_picture_paper);
    int clipped_low = 0, clipped_high = 0;
    draw_plane(raster, s, across, up, width, height, &clipped_low, &clipped_high);
    static const char *const names[3] = {"x", "y", "z"};
    const swe_map_frame frame = {
        SWE_MAP_FRAME_LEFT,          TITLE_BAND,          width,         height,   0.0, 0.0,
        s->n[across] * s->h[across], s->n[up] * s->h[up], names[across], names[up]};
    swe_map_frame_draw(raster, &frame);
    const ns_slice inside = {.low = s->low, .high = s->high};
    const swe_colour_bar bar = {.left = SWE_MAP_FRAME_LEFT + width + BAR_GAP,
                                .top = TITLE_BAND + TRIANGLE_ROOM,
                                .width = BAR_WIDTH,
                                .height = height - 2 * TRIANGLE_ROOM,
                                .low = s->low,
                                .high = s->high,
                                .label = s->unit,
                                .label_baseline =
                                    TITLE_BAND + height + 2 * SWE_PICTURE_LABEL_SIZE + 4,
                                .clipped_low = clipped_low,
                                .clipped_high = clipped_high,
                                .colour = value_colour,
                                .context = &inside};
    swe_colour_bar_draw(raster, &bar);
    draw_titles(raster, s, time);
    return SWE_OK;
}

int ns_slice_png_write(const char *path, const ns_slice *s, double time, swe_error *err)
{
    swe_raster raster = {0};
    ns_slice_png_size(s, &raster.width, &raster.height);
    if (path == NULL || raster.width == 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a bad slice for '%s'",
                        path != NULL ? path : "(no path)");
    }
    raster.pixels = malloc((size_t)raster.width * (size_t)raster.height * sizeof(swe_rgb));
    if (raster.pixels == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the picture '%s'", path);
    }
    int status = ns_slice_png_draw(&raster, s, time, err);
    if (status == SWE_OK) {
        status = swe_png_write_raster(path, &raster, err);
    }
    free(raster.pixels);
    return status;
}
