#include "mesh/io/mesh_png.h"

#include "io/colour_bar.h"
#include "io/colour_map.h"
#include "io/map_frame.h"
#include "io/png_raster.h"
#include "io/text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Layout, pixels: the time and title above the map, the frame's labels
 * left of it and below it (io/map_frame.h), the colour bar right of it
 * with room for its clipping triangles and labels. */
enum {
    TITLE_BAND = 46,
    MIN_MAP = 120,
    BAR_GAP = 24,
    BAR_WIDTH = 22,
    BAR_LABELS = 88,
    TRIANGLE_ROOM = 18,
    MARGIN = 10
};

static const swe_rgb dry_grey = {160, 160, 160};

static int shows_water(real h)
{
    return h >= SWE_DRY_TOLERANCE && h >= SWE_PICTURE_VISIBLE_DEPTH;
}

/* From the wet cells' lowest and highest surface (high < low: none is wet):
 * widened by a tenth on each side, or +-0.5 m around a flat surface. */
static swe_colour_range range_from(double low, double high)
{
    if (!(high >= low)) { /* all dry */
        low = high = 0.0;
    }
    double span = high - low;
    if (span < 1e-6 * (1.0 + fabs(high))) {
        return (swe_colour_range){low - 0.5, high + 0.5, 0};
    }
    return (swe_colour_range){low - 0.1 * span, high + 0.1 * span, 0};
}

swe_colour_range swe_mesh_png_range_of(const swe_mesh *mesh, const swe_mesh_arrays *host)
{
    double low = INFINITY, high = -INFINITY;
    for (int c = 0; mesh != NULL && host != NULL && c < mesh->cell_count; ++c) {
        if (shows_water(host->h[c])) {
            double eta = (double)host->h[c] + (double)host->bed[c];
            low = fmin(low, eta);
            high = fmax(high, eta);
        }
    }
    return range_from(low, high);
}

/* The mesh's bounding box and the metres per pixel of the map. */
typedef struct map_frame {
    double x0, y0, y1, x_span, metres_per_pixel;
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
    map_frame frame = {
        x0, y0, y1, x1 - x0, (x1 - x0) / SWE_MESH_PNG_MAP_WIDTH, SWE_MESH_PNG_MAP_WIDTH, MIN_MAP};
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
        *width = SWE_MAP_FRAME_LEFT + frame.width + BAR_GAP + BAR_WIDTH + BAR_LABELS + MARGIN;
        *height = TITLE_BAND + frame.height + SWE_MAP_FRAME_BOTTOM;
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
                raster->pixels[(size_t)(TITLE_BAND + py) * (size_t)raster->width +
                               SWE_MAP_FRAME_LEFT + px] = colour;
            }
        }
    }
}

/* The colour of water whose surface is eta in range (clipped values in
 * the colours of clipping). */
static swe_rgb water_colour(double eta, const void *context)
{
    const swe_colour_range *range = context;
    if (range->clip && eta > range->high) {
        return swe_colour_over;
    }
    if (range->clip && eta < range->low) {
        return swe_colour_under;
    }
    return swe_colour_map((eta - range->low) / (range->high - range->low));
}

static void draw_titles(swe_raster *raster, double time)
{
    char text[64];
    swe_picture_time_text(time, text, sizeof text);
    const swe_text_style title = {SWE_PICTURE_TITLE_SIZE, SWE_TEXT_LEFT, 1, swe_picture_ink};
    swe_text_draw(raster, SWE_MAP_FRAME_LEFT, 19, &title, text);
    const swe_text_style note = {SWE_PICTURE_LABEL_SIZE, SWE_TEXT_LEFT, 0, swe_picture_ink};
    swe_text_draw(raster, SWE_MAP_FRAME_LEFT, 37, &note,
                  "water: surface height \xCE\xB7 (m); dry: grey");
}

static void draw_picture(swe_raster *raster, const map_frame *frame, const swe_mesh *mesh,
                         const swe_mesh_arrays *host, double time, const swe_colour_range *range)
{
    swe_raster_fill(raster, 0, 0, raster->width, raster->height, swe_picture_paper);
    int clipped_low = 0, clipped_high = 0;
    for (int c = 0; c < mesh->cell_count; ++c) {
        real h = host->h[c];
        double eta = (double)h + (double)host->bed[c];
        int water = shows_water(h);
        clipped_high |= water && range->clip && eta > range->high;
        clipped_low |= water && range->clip && eta < range->low;
        fill_triangle(raster, frame, mesh, c, water ? water_colour(eta, range) : dry_grey);
    }
    const swe_map_frame axes = {SWE_MAP_FRAME_LEFT,
                                TITLE_BAND,
                                frame->width,
                                frame->height,
                                frame->x0,
                                frame->y0,
                                frame->x_span,
                                frame->height * frame->metres_per_pixel,
                                "x",
                                "y"};
    swe_map_frame_draw(raster, &axes);
    swe_colour_range inside = {range->low, range->high, 0};
    const swe_colour_bar bar = {.left = SWE_MAP_FRAME_LEFT + frame->width + BAR_GAP,
                                .top = TITLE_BAND + TRIANGLE_ROOM,
                                .width = BAR_WIDTH,
                                .height = frame->height - 2 * TRIANGLE_ROOM,
                                .low = range->low,
                                .high = range->high,
                                .label = "\xCE\xB7 (m)",
                                .label_baseline =
                                    TITLE_BAND + frame->height + 2 * SWE_PICTURE_LABEL_SIZE + 4,
                                .clipped_low = clipped_low,
                                .clipped_high = clipped_high,
                                .colour = water_colour,
                                .context = &inside};
    swe_colour_bar_draw(raster, &bar);
    draw_titles(raster, time);
}

int swe_mesh_png_draw(swe_raster *raster, const swe_mesh *mesh, const swe_mesh_arrays *host,
                      double time, const swe_colour_range *range, swe_error *err)
{
    int width = 0, height = 0;
    swe_mesh_png_size(mesh, &width, &height);
    if (raster == NULL || raster->pixels == NULL || mesh == NULL || host == NULL ||
        host->h == NULL || host->bed == NULL || mesh->cell_count < 1 || raster->width != width ||
        raster->height != height || (range != NULL && !(range->high > range->low))) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: a triangle picture needs a raster of its size, a mesh, "
                        "a state and a range");
    }
    map_frame frame = frame_of(mesh);
    const swe_colour_range own = swe_mesh_png_range_of(mesh, host);
    draw_picture(raster, &frame, mesh, host, time, range != NULL ? range : &own);
    return SWE_OK;
}

int swe_mesh_png_write(const char *path, const swe_mesh *mesh, const swe_mesh_arrays *host,
                       double time, const swe_colour_range *range, swe_error *err)
{
    if (path == NULL || mesh == NULL || mesh->node_count < 1) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: a triangle picture needs a path and a mesh");
    }
    swe_raster raster;
    swe_mesh_png_size(mesh, &raster.width, &raster.height);
    raster.pixels = malloc((size_t)raster.width * (size_t)raster.height * sizeof *raster.pixels);
    if (raster.pixels == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the picture '%s'", path);
    }
    int status = swe_mesh_png_draw(&raster, mesh, host, time, range, err);
    if (status == SWE_OK) {
        status = swe_png_write_raster(path, &raster, err);
    }
    free(raster.pixels);
    return status;
}
