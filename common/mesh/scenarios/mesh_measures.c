#include "mesh/scenarios/mesh_measures.h"

#include <math.h>
#include <stdlib.h>

/* A cell on the wall: where along it (its wall edge's midpoint) and its x
 * velocity. */
typedef struct wall_sample {
    double x, u;
} wall_sample;

static int by_position(const void *a, const void *b)
{
    double xa = ((const wall_sample *)a)->x, xb = ((const wall_sample *)b)->x;
    return (xa > xb) - (xa < xb);
}

/* Boundary edge e lies on the wall y = wall_y, the water above it, at or
 * behind step_x. */
static int on_wall(const swe_mesh *mesh, int e, double step_x, double wall_y)
{
    double tolerance = 1e-9 * (1 + fabs(wall_y));
    return fabs(mesh->edge_mid_y[e] - wall_y) <= tolerance && mesh->edge_normal_y[e] < -0.99 &&
           mesh->edge_mid_x[e] >= step_x;
}

/* The wet cells with an edge on the wall, in samples sorted along it;
 * returns how many. */
static int wall_samples(const swe_mesh *mesh, const swe_mesh_arrays *host, double step_x,
                        double wall_y, wall_sample *samples)
{
    int count = 0;
    for (int e = mesh->interior_edge_count; e < mesh->edge_count; ++e) {
        int c = mesh->edge_left[e];
        if (on_wall(mesh, e, step_x, wall_y) && host->h[c] >= SWE_DRY_TOLERANCE) {
            samples[count].x = mesh->edge_mid_x[e] - step_x;
            samples[count].u = host->hu[c] / host->h[c];
            ++count;
        }
    }
    qsort(samples, (size_t)count, sizeof *samples, by_position);
    return count;
}

/* From the first sample running back, the first upward zero crossing of
 * u, interpolated between the samples on either side; the last sample's
 * position when the flow never turns forward, 0 when it never runs back. */
static double first_turn_forward(const wall_sample *samples, int count)
{
    int previous = -1;
    for (int k = 0; k < count; ++k) {
        if (previous < 0 && !(samples[k].u < 0)) {
            continue; /* not yet running back: a corner vortex or the step's edge */
        }
        if (previous >= 0 && samples[k].u >= 0) {
            const wall_sample *a = &samples[previous], *b = &samples[k];
            return a->x + (b->x - a->x) * (-a->u) / (b->u - a->u);
        }
        previous = k;
    }
    return previous >= 0 ? samples[previous].x : 0;
}

double swe_mesh_reattachment_length(const swe_mesh *mesh, const swe_mesh_arrays *host,
                                    double step_x, double wall_y)
{
    if (mesh == NULL || host == NULL || !isfinite(step_x) || !isfinite(wall_y)) {
        return 0;
    }
    int boundary = mesh->edge_count - mesh->interior_edge_count;
    wall_sample *samples = malloc((size_t)(boundary > 0 ? boundary : 1) * sizeof *samples);
    if (samples == NULL) {
        return 0;
    }
    double length = first_turn_forward(samples, wall_samples(mesh, host, step_x, wall_y, samples));
    free(samples);
    return length;
}
