/* A PNG picture of one plane of a cell field: the plane through cell
 * `index` normal to `axis`, its first remaining axis across and its second
 * up (x-y seen from above, x-z from the side), in the shared colour map
 * over [low, high] with a colour bar, a label and the time; solid cells
 * grey. */
#ifndef NS_SLICE_PNG_H
#define NS_SLICE_PNG_H

#include "core/error.h"

typedef struct ns_slice {
    const float *values;        /* n[0] n[1] n[2], x fastest */
    const unsigned char *solid; /* the same cells, 1 where solid (drawn grey); may be NULL */
    int n[3];
    double h[3];
    int axis, index;
    double low, high;
    const char *label; /* UTF-8, drawn with io/text.h */
} ns_slice;

int ns_slice_png_write(const char *path, const ns_slice *slice, double time, swe_error *err);

#endif
