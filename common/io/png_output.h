/* PNG pictures of the water surface eta = h + b of one snapshot: the
 * domain in a perceptually uniform colour map (north up), dry cells and
 * land in grey, a colour bar labelled with its range and the simulated
 * time. Small grids are scaled up so that the map is at least
 * SWE_PNG_MIN_MAP_WIDTH pixels wide; large ones are sampled down to at
 * most SWE_PNG_MAX_MAP_WIDTH. */
#ifndef SWE_PNG_OUTPUT_H
#define SWE_PNG_OUTPUT_H

#include "core/error.h"
#include "grid/block.h"

enum { SWE_PNG_MIN_MAP_WIDTH = 400, SWE_PNG_MAX_MAP_WIDTH = 1600 };

/* The surface heights that the colour bar spans, metres. */
typedef struct swe_png_range {
    double low, high;
} swe_png_range;

/* A range from the initial state of a run (so that every picture of a run,
 * restarted or not, uses the same colours): from the lowest surface of the
 * wet cells, or the lowest dry ground below it, to the highest surface,
 * widened by a tenth on each side, or +-0.5 m around a flat surface. */
swe_png_range swe_png_range_of(const swe_block *block);

/* The same from the extremes of a state of any shape: the lowest and
 * highest surface of the wet cells (high < low: none is wet) and the
 * lowest bed of the dry ones (INFINITY: none). */
swe_png_range swe_png_range_from(double low, double high, double lowest_dry_bed);

/* Width and height in pixels of the picture of block. */
void swe_png_picture_size(const swe_block *block, int *width, int *height);

/* Writes the picture of block at simulated time to path (through
 * path.tmp and a rename). */
int swe_png_write(const char *path, const swe_block *block, double time, const swe_png_range *range,
                  swe_error *err);

#endif
