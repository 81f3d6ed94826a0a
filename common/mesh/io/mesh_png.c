#include "mesh/io/mesh_png.h"

#include "io/colour_bar.h"
#include "io/colour_map.h"
#include "io/png_raster.h"
#include "io/text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Layout, pixels: a title band above the map, the colour bar right of it
 * with its labels, a margin around everything. */
enum {
    MARGIN = 10,
    TITLE_BAND = 30,
    BAR_GAP = 20,
    BAR_WIDTH = 20,
    LABEL_WIDTH = 108,
    MIN_MAP = 48,
    TEXT_SIZE = 14
};

static const swe_rgb background = {255, 255, 255};
static const swe_rgb ink = {0, 0, 0};
static const swe_rgb dry_grey = {160, 160, 160};

/* From the wet cells' lowest and highest surface (high < low: none is wet)
 * and the lowest bed of the dry ones: water may run down onto dry ground
 * below the lowest surface, so the colours reach down to it; widened by a
 * tenth on each side, or +-0.5 m around a flat surface. */
static swe_colour_range range_from(double low, double high, double lowest_dry_bed)
{
    if (!(high >= low)) { /* all dry */
        low = high = 0.0;
    }
    low = fmin(low, lowest_dry_bed);
    double span = high - low;
    if (span < 1e-6 * (1.0 + fabs(high))) {
        return (swe_colour_range){low - 0.5, high + 0.5, 0};
    }
    return (swe_colour_range){low - 0.1 * span, high + 0.1 * span, 0};
}

swe_colour_range swe_mesh_png_range_of(const swe_mesh *mesh, const swe_mesh_scenario *scenario)
{
    double low = INFINITY, high = -INFINITY, lowest_dry_bed = INFINITY;
    for (int c = 0; mesh != NULL && scenario != NULL && c < mesh->cell_count; ++c) {
        swe_mesh_initial state = scenario->initial(scenario, mesh->cell_x[c], mesh->cell_y[c]);
        real h = (real)state.h; /* dry as the run sees it */
        if (h >= SWE_DRY_TOLERANCE) {
            low = fmin(low, state.h + state.bed);
            high = fmax(high, state.h + state.bed);
        } else {
            lowest_dry_bed = fmin(lowest_dry_bed, state.bed);
        }
    }
    return range_from(low, high, lowest_dry_bed);
}

/* The mesh's bounding box and the metres per pixel of the map. */
typedef struct map_frame {
    double x0, y1, metres_per_pixel;
    int width, height;
} map_frame;

static map_frame frame_of(const swe_mesh *mesh)
{
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    for (int n = 0; n < mesh->node_count; ++n) {
        x0 = fmin(x0, mesh->node_x[n]);
        x1 = fmax(x1, mesh->node_x[n]);
        y0 = fmin(y0, mesh->node_y[n]);
        y1 = fmax(y1, mesh->node_y[n]);
    }
    map_frame frame = {x0, y1, (x1 - x0) / SWE_MESH_PNG_MAP_WIDTH, SWE_MESH_PNG_MAP_WIDTH, MIN_MAP};
    double height = (y1 - y0) / frame.metres_per_pixel;
    frame.height = height < MIN_MAP
                       ? MIN_MAP
                       : (height > 4 * SWE_MESH_PNG_MAP_WIDTH ? 4 * SWE_MESH_PNG_MAP_WIDTH
                                                              : (int)ceil(height));
    return frame;
}

void swe_mesh_png_size(const swe_mesh *mesh, int *width, int *height)
{
    if (width == NULL || height == NULL) {
        return;
    }
    *width = *height = 0;
    if (mesh != NULL && mesh->node_count > 0) {
        map_frame frame = frame_of(mesh);
        *width = MARGIN + frame.width + BAR_GAP + BAR_WIDTH + LABEL_WIDTH;
        *height = TITLE_BAND + frame.height + MARGIN;
    }
}

/* Twice the signed area of (a, b, p): which side of a->b the point p is. */
static double side(double ax, double ay, double bx, double by, double px, double py)
{
    return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
}

/* Colours the pixels whose centres lie in triangle c (counter-clockwise
 * nodes; a centre on an edge counts for both triangles, so none is lost). */
static void fill_triangle(swe_raster *raster, const map_frame *frame, const swe_mesh *mesh, int c,
                          swe_rgb colour)
{
    double x[3], y[3]; /* pixel coordinates, y down */
    for (int k = 0; k < 3; ++k) {
        int node = mesh->cell_node[3 * (size_t)c + k];
        x[k] = (mesh->node_x[node] - frame->x0) / frame->metres_per_pixel;
        y[k] = (frame->y1 - mesh->node_y[node]) / frame->metres_per_pixel;
    }
    int left = (int)floor(fmin(x[0], fmin(x[1], x[2]))),
        right = (int)ceil(fmax(x[0], fmax(x[1], x[2])));
    int top = (int)floor(fmin(y[0], fmin(y[1], y[2]))),
        bottom = (int)ceil(fmax(y[0], fmax(y[1], y[2])));
    left = left < 0 ? 0 : left;
    top = top < 0 ? 0 : top;
    right = right > frame->width ? frame->width : right;
    bottom = bottom > frame->height ? frame->height : bottom;
    for (int py = top; py < bottom; ++py) {
        for (int px = left; px < right; ++px) {
            double cx = px + 0.5, cy = py + 0.5;
            /* y points down, so counter-clockwise nodes turn clockwise. */
            if (side(x[0], y[0], x[1], y[1], cx, cy) <= 0 &&
                side(x[1], y[1], x[2], y[2], cx, cy) <= 0 &&
                side(x[2], y[2], x[0], y[0], cx, cy) <= 0) {
                raster->pixels[(size_t)(TITLE_BAND + py) * (size_t)raster->width + MARGIN + px] =
                    colour;
            }
        }
    }
}

static void draw_picture(swe_raster *raster, const map_frame *frame, const swe_mesh *mesh,
                         const swe_mesh_arrays *host, double time, const swe_colour_range *range)
{
    swe_raster_fill(raster, 0, 0, raster->width, raster->height, background);
    double span = range->high - range->low;
    for (int c = 0; c < mesh->cell_count; ++c) {
        real h = host->h[c];
        double eta = (double)h + (double)host->bed[c];
        swe_rgb colour =
            h >= SWE_DRY_TOLERANCE ? swe_colour_map((eta - range->low) / span) : dry_grey;
        fill_triangle(raster, frame, mesh, c, colour);
    }
    swe_colour_bar bar = {MARGIN + frame->width + BAR_GAP,
                          TITLE_BAND,
                          BAR_WIDTH,
                          frame->height,
                          range->low,
                          range->high,
                          "eta (m)",
                          TITLE_BAND - 8,
                          TEXT_SIZE};
    swe_colour_bar_draw(raster, &bar);
    char title[48];
    snprintf(title, sizeof title, "t = %.2f s", time);
    const swe_text_style title_style = {TEXT_SIZE, SWE_TEXT_LEFT, 1, ink};
    swe_text_draw(raster, MARGIN, TITLE_BAND - 8, &title_style, title);
}

int swe_mesh_png_write(const char *path, const swe_mesh *mesh, const swe_mesh_arrays *host,
                       double time, const swe_colour_range *range, swe_error *err)
{
    if (path == NULL || mesh == NULL || host == NULL || host->h == NULL || mesh->cell_count < 1 ||
        range == NULL || !(range->high > range->low)) {
        return swe_fail(
            err, SWE_ERROR_USAGE,
            "internal error: a triangle picture needs a path, a mesh, a state and a range");
    }
    map_frame frame = frame_of(mesh);
    swe_raster raster;
    swe_mesh_png_size(mesh, &raster.width, &raster.height);
    raster.pixels = malloc((size_t)raster.width * (size_t)raster.height * sizeof *raster.pixels);
    if (raster.pixels == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the picture '%s'", path);
    }
    draw_picture(&raster, &frame, mesh, host, time, range);
    int status = swe_png_write_raster(path, &raster, err);
    free(raster.pixels);
    return status;
}
