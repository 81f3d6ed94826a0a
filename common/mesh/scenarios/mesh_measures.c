#include "mesh/scenarios/mesh_measures.h"

#include <math.h>
#include <stdlib.h>

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
    double *momentum = calloc((size_t)bins, sizeof *momentum);
    double *area = calloc((size_t)bins, sizeof *area);
    double length = 0;
    if (momentum != NULL && area != NULL) {
        for (int c = 0; c < mesh->cell_count; ++c) {
            int k = (int)((mesh->cell_x[c] - step_x) / bin);
            if (mesh->cell_x[c] >= step_x && k < bins && mesh->cell_y[c] - wall_y < band &&
                host->h[c] >= SWE_DRY_TOLERANCE) {
                momentum[k] += host->hu[c] / host->h[c] * mesh->cell_area[c];
                area[k] += mesh->cell_area[c];
            }
        }
        /* The downstream end of the last bin running back: a small vortex in
         * the step's corner or a pause in the main one does not end it. */
        for (int k = 0; k < bins; ++k) {
            if (area[k] > 0 && momentum[k] < 0) { /* empty bins say nothing */
                length = (k + 1) * bin;
            }
        }
    }
    free(momentum);
    free(area);
    return length;
}
