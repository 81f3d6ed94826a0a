/* An RGB picture in memory, row 0 at the top, for the PNG writer. */
#ifndef SWE_RASTER_H
#define SWE_RASTER_H

#include <stddef.h>

typedef struct swe_rgb {
    unsigned char red, green, blue;
} swe_rgb;

typedef struct swe_raster {
    int width, height;
    swe_rgb *pixels; /* width * height, row after row */
} swe_raster;

/* Fills the rectangle at (x, y) of size w x h, clipped to the raster. */
static inline void swe_raster_fill(swe_raster *raster, int x, int y, int w, int h, swe_rgb colour)
{
    for (int row = y < 0 ? 0 : y; row < y + h && row < raster->height; ++row) {
        for (int column = x < 0 ? 0 : x; column < x + w && column < raster->width; ++column) {
            raster->pixels[(size_t)row * (size_t)raster->width + (size_t)column] = colour;
        }
    }
}

/* A frame one pixel wide just outside the rectangle at (x, y) of size
 * w x h. */
static inline void swe_raster_frame(swe_raster *raster, int x, int y, int w, int h, swe_rgb colour)
{
    swe_raster_fill(raster, x - 1, y - 1, w + 2, 1, colour);
    swe_raster_fill(raster, x - 1, y + h, w + 2, 1, colour);
    swe_raster_fill(raster, x - 1, y - 1, 1, h + 2, colour);
    swe_raster_fill(raster, x + w, y - 1, 1, h + 2, colour);
}

#endif
