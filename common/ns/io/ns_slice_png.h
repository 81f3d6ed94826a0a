/* A PNG picture of one plane of a cell field: the plane through cell
 * `index` normal to `axis`, its first remaining axis across and its second
 * up (x-y seen from above, x-z from the side), in the shared colour map
 * over [low, high] (values beyond in the colours of clipping, marked on
 * the colour bar), with the frame, axes and scale bar of every picture
 * (io/map_frame.h), the colour bar with its ticks (io/colour_bar.h), the
 * field's name, the plane and the time; solid cells grey. */
#ifndef NS_SLICE_PNG_H
#define NS_SLICE_PNG_H

#include "core/error.h"
#include "io/raster.h"

typedef struct ns_slice {
    const float *values;        /* n[0] n[1] n[2], x fastest */
    const unsigned char *solid; /* the same cells, 1 where solid (drawn grey); may be NULL */
    int n[3];
    double h[3];
    int axis, index;
    double low, high;
    const char *label; /* what the field is, UTF-8, drawn with io/text.h */
    const char *unit;  /* its unit under the colour bar, "1/s" */
} ns_slice;

/* The picture's size in pixels (0 x 0 for a bad slice). */
void ns_slice_png_size(const ns_slice *slice, int *width, int *height);

/* Draws the picture of slice at time into raster, of the size
 * ns_slice_png_size gives. */
int ns_slice_png_draw(swe_raster *raster, const ns_slice *slice, double time, swe_error *err);

/* Writes the picture to path (through a temporary name and a rename). */
int ns_slice_png_write(const char *path, const ns_slice *slice, double time, swe_error *err);

#endif
