/* The style of a run's pictures and the colour range of each. */
#include "cartesian/io/output_fields.h"
#include "cartesian/io/picture.h"

#include <math.h>
#include <stdlib.h>

/* A still level is one surface height shared by this share of the wet
 * cells, to this fraction of the initial range; a wave on it swings at
 * least SMALLEST_SWING metres in the colour bar. */
#define STILL_SHARE 0.9
#define LEVEL_TOLERANCE 0.01
#define SMALLEST_SWING 0.01

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The surface heights of the wet cells, sorted; their count in *count. */
static double *sorted_wet_surface(const swe_block *block, size_t *count)
{
    double *eta = malloc((size_t)block->nx * (size_t)block->ny * sizeof *eta);
    *count = 0;
    for (int j = 1; eta != NULL && j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i) {
            size_t cell = SWE_INDEX(block, i, j);
            if (swe_picture_shows_water(block->h[cell])) {
                eta[(*count)++] = (double)block->h[cell] + (double)block->b[cell];
            }
        }
    }
    if (eta != NULL) {
        qsort(eta, *count, sizeof *eta, compare_doubles);
    }
    return eta;
}

swe_picture_style swe_picture_style_of(const swe_block *initial)
{
    swe_picture_style style = {0};
    size_t count = 0;
    double *eta = initial != NULL ? sorted_wet_surface(initial, &count) : NULL;
    if (eta != NULL && count > 0) {
        /* The median, and how many cells lie on it to a hundredth of the
         * initial range (a tsunami's hump, a dam's water column aside). */
        double level = eta[count / 2];
        double tolerance =
            fmax(LEVEL_TOLERANCE * (eta[count - 1] - eta[0]), 1e-6 * (1.0 + fabs(level)));
        size_t on_level = 0;
        for (size_t k = 0; k < count; ++k) {
            on_level += fabs(eta[k] - level) <= tolerance;
        }
        style.waves = (double)on_level >= STILL_SHARE * (double)count;
        style.still_level = style.waves ? level : 0.0;
    }
    free(eta);
    return style;
}

swe_colour_range swe_colour_range_of(const swe_block *block, const swe_picture_style *style)
{
    double low = INFINITY, high = -INFINITY;
    for (int j = 1; block != NULL && j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i) {
            size_t cell = SWE_INDEX(block, i, j);
            if (swe_picture_shows_water(block->h[cell])) {
                double eta = (double)block->h[cell] + (double)block->b[cell];
                low = fmin(low, eta);
                high = fmax(high, eta);
            }
        }
    }
    if (style != NULL && style->waves) {
        double level = style->still_level;
        double swing = high >= low ? fmax(fabs(high - level), fabs(low - level)) : 0.0;
        swing = fmax(swing, SMALLEST_SWING);
        return (swe_colour_range){level - swing, level + swing, 0};
    }
    if (!(high >= low)) { /* all dry */
        low = high = 0.0;
    }
    if (high - low < 1e-6 * (1.0 + fabs(high))) {
        return (swe_colour_range){low - 0.5, high + 0.5, 0};
    }
    return (swe_colour_range){low, high, 0};
}
