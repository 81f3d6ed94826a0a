/* What the picture suites look for in a raster, whichever application drew
 * it: pixels of one colour, the ink runs of a column (a frame's edge, the
 * ticks beside an axis or a colour bar), the scale bar, the time. */
#ifndef SWE_PICTURE_PROBE_H
#define SWE_PICTURE_PROBE_H

#include "io/map_frame.h"
#include "io/raster.h"
#include "io/text.h"

#include <stddef.h>

static inline int swe_probe_same(swe_rgb a, swe_rgb b)
{
    return a.red == b.red && a.green == b.green && a.blue == b.blue;
}

static inline size_t swe_probe_count(const swe_raster *raster, swe_rgb colour)
{
    size_t count = 0;
    for (size_t p = 0; p < (size_t)raster->width * (size_t)raster->height; ++p) {
        count += swe_probe_same(raster->pixels[p], colour);
    }
    return count;
}

/* How many different colours row y holds from column x0 to x1 (at most
 * 1024 counted). */
static inline int swe_probe_row_colours(const swe_raster *raster, int y, int x0, int x1)
{
    enum { MOST = 1024 };
    swe_rgb seen[MOST];
    int count = 0;
    for (int x = x0; x < x1 && x < raster->width && count < MOST; ++x) {
        swe_rgb pixel = raster->pixels[(size_t)y * (size_t)raster->width + (size_t)x];
        int known = 0;
        for (int k = 0; k < count && !known; ++k) {
            known = swe_probe_same(seen[k], pixel);
        }
        if (!known) {
            seen[count++] = pixel;
        }
    }
    return count;
}

static inline int swe_probe_ink(const swe_raster *raster, int x, int y)
{
    return swe_probe_same(raster->pixels[(size_t)y * (size_t)raster->width + (size_t)x],
                          swe_picture_ink);
}

/* Runs of ink down column x; the longest in *longest. */
static inline int swe_probe_ink_runs(const swe_raster *raster, int x, int *longest)
{
    int runs = 0, run = 0, most = 0;
    for (int y = 0; y < raster->height; ++y) {
        run = swe_probe_ink(raster, x, y) ? run + 1 : 0;
        runs += run == 1;
        most = run > most ? run : most;
    }
    if (longest != NULL) {
        *longest = most;
    }
    return runs;
}

/* The ticks right of the colour bar: the runs of ink two pixels right of
 * the rightmost column that holds an ink line of at least 60 pixels (the
 * bar's frame); -1 where there is none. */
static inline int swe_probe_bar_ticks(const swe_raster *raster)
{
    for (int x = raster->width - 3; x >= 0; --x) {
        int longest = 0;
        swe_probe_ink_runs(raster, x, &longest);
        if (longest >= 60) {
            return swe_probe_ink_runs(raster, x + 2, NULL);
        }
    }
    return -1;
}

/* The frame and ticks of the map's left edge: an ink line of at least 60
 * pixels in the column just left of the map and at least 3 ticks beside
 * it. */
static inline int swe_probe_has_left_axis(const swe_raster *raster)
{
    int longest = 0;
    swe_probe_ink_runs(raster, SWE_MAP_FRAME_LEFT - 1, &longest);
    return longest >= 60 && swe_probe_ink_runs(raster, SWE_MAP_FRAME_LEFT - 3, NULL) >= 3;
}

static inline int swe_probe_paper(const swe_raster *raster, int x, int y)
{
    return swe_probe_same(raster->pixels[(size_t)y * (size_t)raster->width + (size_t)x],
                          swe_picture_paper);
}

/* The scale bar in the lower left of the map: a bar of ink 6 pixels high
 * on paper, 10 pixels inside the map's left edge, whose top row runs at
 * least 8 pixels; its length in pixels, 0 where there is none. (The map's
 * bottom edge and the ticks below it have ink, not paper, left of it.) */
static inline int swe_probe_scale_bar(const swe_raster *raster)
{
    const int x0 = SWE_MAP_FRAME_LEFT + 10;
    for (int y = 1; y + 6 <= raster->height && x0 < raster->width; ++y) {
        int tall = !swe_probe_ink(raster, x0, y - 1) && swe_probe_paper(raster, x0 - 3, y);
        for (int k = 0; k < 6 && tall; ++k) {
            tall = swe_probe_ink(raster, x0, y + k);
        }
        int length = 0;
        while (tall && x0 + length < raster->width && swe_probe_ink(raster, x0 + length, y)) {
            ++length;
        }
        if (tall && length >= 8 && x0 + length + 2 < raster->width &&
            swe_probe_paper(raster, x0 + length + 2, y)) {
            return length;
        }
    }
    return 0;
}

/* Pixels that differ between two pictures of the same size, in rows
 * [y0, y1). */
static inline size_t swe_probe_differences(const swe_raster *a, const swe_raster *b, int y0, int y1)
{
    size_t count = 0;
    for (int y = y0; y < y1 && y < a->height; ++y) {
        for (int x = 0; x < a->width; ++x) {
            size_t p = (size_t)y * (size_t)a->width + (size_t)x;
            count += !swe_probe_same(a->pixels[p], b->pixels[p]);
        }
    }
    return count;
}

/* The rows of the time written above every picture (its baseline at 19,
 * the title size 16): two pictures of one state at two times differ
 * there and nowhere else. */
enum { SWE_PROBE_TIME_ROWS = 24 };

/* What every application's frame shows, from one state drawn at two
 * times: an axis on the left, a colour bar of at least four ticks, a
 * scale bar, and the time above the picture as the only rows that differ
 * (where this build draws text). 0 when all of it holds, otherwise the
 * number of the first that does not (1 axis, 2 ticks, 3 scale bar, 4 time,
 * 5 a difference below the time). */
static inline int swe_probe_frame_fault(const swe_raster *at, const swe_raster *later)
{
    const swe_text_style style = {SWE_PICTURE_TITLE_SIZE, SWE_TEXT_LEFT, 1, swe_picture_ink};
    size_t in_title = swe_probe_differences(at, later, 0, SWE_PROBE_TIME_ROWS);
    if (!swe_probe_has_left_axis(at)) {
        return 1;
    }
    if (swe_probe_bar_ticks(at) < 4) {
        return 2;
    }
    if (swe_probe_scale_bar(at) < 8) {
        return 3;
    }
    if (swe_text_width(&style, "t") > 0 ? in_title <= 20 : in_title != 0) {
        return 4;
    }
    return swe_probe_differences(at, later, SWE_PROBE_TIME_ROWS, at->height) == 0 ? 0 : 5;
}

#endif
