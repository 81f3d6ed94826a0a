#include "mesh/scenarios/mesh_measures.h"

#include <math.h>
#include <stdlib.h>

/* The mean x velocity per bin of the wet cells within band of the wall
 * behind the step, into mean (NaN for a bin without cells). */
static void near_wall_means(const swe_mesh *mesh, const swe_mesh_arrays *host, double step_x,
                            double wall_y, double band, double bin, int bins, double *mean,
                            double *area)
{
    for (int k = 0; k < bins; ++k) {
        mean[k] = area[k] = 0;
    }
    for (int c = 0; c < mesh->cell_count; ++c) {
        double offset = mesh->cell_x[c] - step_x;
        int k = (int)(offset / bin);
        if (offset >= 0 && k < bins && mesh->cell_y[c] - wall_y < band &&
            host->h[c] >= SWE_DRY_TOLERANCE) {
            mean[k] += host->hu[c] / host->h[c] * mesh->cell_area[c];
            area[k] += mesh->cell_area[c];
        }
    }
    for (int k = 0; k < bins; ++k) {
        mean[k] = area[k] > 0 ? mean[k] / area[k] : NAN;
    }
}

/* From the first bin running back, the first upward zero crossing of the
 * means, between the centres of the bins on either side (empty bins
 * skipped); the end of the last bin when the flow never turns forward. */
static double first_turn_forward(const double *mean, int bins, double bin)
{
    int previous = -1;
    for (int k = 0; k < bins; ++k) {
        if (isnan(mean[k])) {
            continue;
        }
        if (previous < 0 && !(mean[k] < 0)) {
            continue; /* not yet running back: a corner vortex or the step's edge */
        }
        if (previous >= 0 && mean[k] >= 0) {
            double x0 = (previous + 0.5) * bin, x1 = (k + 0.5) * bin;
            return x0 + (x1 - x0) * (-mean[previous]) / (mean[k] - mean[previous]);
        }
        previous = k;
    }
    return previous >= 0 ? bins * bin : 0;
}

double swe_mesh_reattachment_length(const swe_mesh *mesh, const swe_mesh_arrays *host,
                                    double step_x, double wall_y, double band, double bin)
{
    if (mesh == NULL || host == NULL || !(band > 0) || !(bin > 0)) {
        return 0;
    }
    double far = step_x;
    for (int c = 0; c < mesh->cell_count; ++c) {
        far = fmax(far, mesh->cell_x[c]);
    }
    int bins = (int)((far - step_x) / bin) + 1;
    double *mean = calloc((size_t)bins, sizeof *mean);
    double *area = calloc((size_t)bins, sizeof *area);
    double length = 0;
    if (mean != NULL && area != NULL) {
        near_wall_means(mesh, host, step_x, wall_y, band, bin, bins, mean, area);
        length = first_turn_forward(mean, bins, bin);
    }
    free(mean);
    free(area);
    return length;
}
