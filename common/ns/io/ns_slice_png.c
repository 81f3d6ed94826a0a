#include "ns/io/ns_slice_png.h"

#include "io/colour_bar.h"
#include "io/colour_map.h"
#include "io/png_raster.h"
#include "io/text.h"

#include <stdio.h>
#include <stdlib.h>

enum {
    MARGIN = 10,
    TITLE_BAND = 30,
    BAR_GAP = 20,
    BAR_WIDTH = 20,
    LABEL_WIDTH = 190,
    TEXT_SIZE = 14,
    MIN_WIDTH = 512,
    MAX_WIDTH = 1600
};

static const swe_rgb white = {255, 255, 255}, ink = {0, 0, 0}, solid_grey = {160, 160, 160};

/* Pixels per metre that make the plane between MIN_WIDTH and MAX_WIDTH wide. */
static double pixels_per_metre(double width, double height)
{
    double scale = MIN_WIDTH / width;
    if (height * scale > MAX_WIDTH) {
        scale = MAX_WIDTH / height;
    }
    return width * scale > MAX_WIDTH ? MAX_WIDTH / width : scale;
}

static void draw_plane(swe_raster *raster, const ns_slice *s, int across, int up, int width,
                       int height)
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
            double fraction = (s->values[cell] - s->low) / (s->high - s->low);
            raster->pixels[(size_t)(TITLE_BAND + py) * (size_t)raster->width + MARGIN + px] =
                s->solid != NULL && s->solid[cell] ? solid_grey : swe_colour_map(fraction);
        }
    }
}

int ns_slice_png_write(const char *path, const ns_slice *s, double time, swe_error *err)
{
    if (s == NULL || s->values == NULL || s->axis < 0 || s->axis > 2 || s->index < 0 ||
        s->index >= s->n[s->axis] || !(s->high > s->low) || s->label == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a bad slice for '%s'", path);
    }
    int across = s->axis == 0 ? 1 : 0, up = s->axis == 2 ? 1 : 2;
    double scale = pixels_per_metre(s->n[across] * s->h[across], s->n[up] * s->h[up]);
    int width = (int)(s->n[across] * s->h[across] * scale + 0.5);
    int height = (int)(s->n[up] * s->h[up] * scale + 0.5);
    width = width < 1 ? 1 : width;
    height = height < 48 ? 48 : height;
    swe_raster raster = {.width = MARGIN + width + BAR_GAP + BAR_WIDTH + LABEL_WIDTH,
                         .height = TITLE_BAND + height + MARGIN};
    raster.pixels = malloc((size_t)raster.width * (size_t)raster.height * sizeof(swe_rgb));
    if (raster.pixels == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the picture '%s'", path);
    }
    swe_raster_fill(&raster, 0, 0, raster.width, raster.height, white);
    draw_plane(&raster, s, across, up, width, height);
    swe_colour_bar bar = {
        MARGIN + width + BAR_GAP, TITLE_BAND, BAR_WIDTH, height, s->low, s->high, s->label,
        TITLE_BAND - 8,           TEXT_SIZE};
    swe_colour_bar_draw(&raster, &bar);
    char title[48];
    snprintf(title, sizeof title, "t = %.3f s", time);
    const swe_text_style title_style = {TEXT_SIZE, SWE_TEXT_LEFT, 1, ink};
    swe_text_draw(&raster, MARGIN, TITLE_BAND - 8, &title_style, title);
    int status = swe_png_write_raster(path, &raster, err);
    free(raster.pixels);
    return status;
}
