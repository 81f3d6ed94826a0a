/* Recursive coordinate bisection of the cell centroids: no library, a
 * short cut (each part a compact block of the plane), the same split for
 * any numbering of the same mesh. */
#include "mesh/partition/mesh_partition.h"

#include <math.h>
#include <stdlib.h>

typedef struct rcb_point {
    double x, y;
    int cell;
} rcb_point;

/* A total order along each axis (the other coordinate, then the cell,
 * break ties), so that the sort, and the split, is unique. */
static int by_x(const void *a, const void *b)
{
    const rcb_point *p = a, *q = b;
    if (p->x != q->x) {
        return p->x < q->x ? -1 : 1;
    }
    if (p->y != q->y) {
        return p->y < q->y ? -1 : 1;
    }
    return (p->cell > q->cell) - (p->cell < q->cell);
}

static int by_y(const void *a, const void *b)
{
    const rcb_point *p = a, *q = b;
    if (p->y != q->y) {
        return p->y < q->y ? -1 : 1;
    }
    if (p->x != q->x) {
        return p->x < q->x ? -1 : 1;
    }
    return (p->cell > q->cell) - (p->cell < q->cell);
}

/* Part p holds base cells, one more for the first extra parts: every
 * part within one cell of an equal share. */
typedef struct rcb_shares {
    int base, extra;
} rcb_shares;

static int cells_of(const rcb_shares *shares, int first, int count)
{
    int end = first + count;
    int with_extra = (end < shares->extra ? end : shares->extra) - first;
    return count * shares->base + (with_extra > 0 ? with_extra : 0);
}

/* points (count of them) into parts first .. first + parts - 1: sorted
 * along the longer side of their bounding box, the first floor(parts / 2)
 * parts' shares of cells to the lower side, the rest to the upper. */
static void bisect(rcb_point *points, int count, int first, int parts, const rcb_shares *shares,
                   int *part)
{
    if (parts == 1) {
        for (int k = 0; k < count; ++k) {
            part[points[k].cell] = first;
        }
        return;
    }
    double x_min = points[0].x, x_max = points[0].x, y_min = points[0].y, y_max = points[0].y;
    for (int k = 1; k < count; ++k) {
        x_min = fmin(x_min, points[k].x);
        x_max = fmax(x_max, points[k].x);
        y_min = fmin(y_min, points[k].y);
        y_max = fmax(y_max, points[k].y);
    }
    qsort(points, (size_t)count, sizeof *points, x_max - x_min >= y_max - y_min ? by_x : by_y);
    int lower_parts = parts / 2;
    int lower = cells_of(shares, first, lower_parts);
    bisect(points, lower, first, lower_parts, shares, part);
    bisect(points + lower, count - lower, first + lower_parts, parts - lower_parts, shares, part);
}

int swe_mesh_partition_rcb(const double *x, const double *y, int cells, int parts, int *part,
                           swe_error *err)
{
    if (x == NULL || y == NULL || part == NULL || cells < 1 || parts < 1 || parts > cells) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: no centroids to bisect (%d cells into %d parts)", cells,
                        parts);
    }
    rcb_point *points = malloc((size_t)cells * sizeof *points);
    if (points == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a coordinate bisection");
    }
    for (int c = 0; c < cells; ++c) {
        if (!isfinite(x[c]) || !isfinite(y[c])) {
            free(points);
            return swe_fail(err, SWE_ERROR_USAGE, "cell %d has no finite centroid to bisect", c);
        }
        points[c] = (rcb_point){x[c], y[c], c};
    }
    const rcb_shares shares = {cells / parts, cells % parts};
    bisect(points, cells, 0, parts, &shares, part);
    free(points);
    return SWE_OK;
}
