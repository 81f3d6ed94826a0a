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
 * break ties), so that the split is unique. */
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

typedef int (*rcb_order)(const void *, const void *);

static void swap_points(rcb_point *a, rcb_point *b)
{
    rcb_point kept = *a;
    *a = *b;
    *b = kept;
}

/* Rearranges points so that the first k (0 < k < count) are the k lowest
 * in order (among themselves in any order): Hoare's selection with the
 * median of three as pivot, linear time on a mesh's centroids where a
 * sort takes n log n. Under a total order the k lowest are one set, so
 * the split is the one a sort gives. */
static void select_lowest(rcb_point *points, int count, int k, rcb_order order)
{
    int lo = 0, hi = count - 1;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (order(&points[mid], &points[lo]) < 0) {
            swap_points(&points[mid], &points[lo]);
        }
        if (order(&points[hi], &points[lo]) < 0) {
            swap_points(&points[hi], &points[lo]);
        }
        if (order(&points[hi], &points[mid]) < 0) {
            swap_points(&points[hi], &points[mid]);
        }
        const rcb_point pivot = points[mid];
        int i = lo, j = hi;
        while (i <= j) {
            while (order(&points[i], &pivot) < 0) {
                ++i;
            }
            while (order(&points[j], &pivot) > 0) {
                --j;
            }
            if (i <= j) {
                swap_points(&points[i++], &points[j--]);
            }
        }
        /* lo .. j at most the pivot, i .. hi at least, between: the pivot */
        if (k <= j) {
            hi = j;
        } else if (k >= i) {
            lo = i;
        } else {
            return;
        }
    }
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

/* points (count of them) into parts first .. first + parts - 1: along
 * the longer side of their bounding box, the first floor(parts / 2)
 * parts' shares of cells to the lowest points, the rest to the others. */
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
    int lower_parts = parts / 2;
    int lower = cells_of(shares, first, lower_parts);
    select_lowest(points, count, lower, x_max - x_min >= y_max - y_min ? by_x : by_y);
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
