/* Bands sized to the threads' measured speeds (openmp_plan.h). */
#include "backends/openmp/cartesian/openmp_plan.h"

#include <math.h>
#include <stdlib.h>

int swe_openmp_plan_init(swe_openmp_plan *plan, int ny, int bands, swe_error *err)
{
    if (plan == NULL || ny < 1 || bands < 1) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: an OpenMP plan without rows");
    }
    plan->bands = bands;
    plan->first_row = malloc(((size_t)bands + 1) * sizeof *plan->first_row);
    plan->seconds = calloc((size_t)bands, sizeof *plan->seconds);
    plan->rows_per_second = calloc((size_t)bands, sizeof *plan->rows_per_second);
    if (plan->first_row == NULL || plan->seconds == NULL || plan->rows_per_second == NULL) {
        swe_openmp_plan_free(plan);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the OpenMP bands");
    }
    for (int t = 0; t < bands; ++t) {
        int last;
        swe_openmp_band(ny, t, bands, &plan->first_row[t], &last);
    }
    plan->first_row[bands] = ny + 1;
    return SWE_OK;
}

void swe_openmp_plan_free(swe_openmp_plan *plan)
{
    if (plan == NULL) {
        return;
    }
    free(plan->first_row);
    free(plan->seconds);
    free(plan->rows_per_second);
    plan->first_row = NULL;
    plan->seconds = plan->rows_per_second = NULL;
    plan->bands = 0;
}

/* Each thread's speed: the last step's, averaged with the earlier ones so
 * that one slow step (an interrupt, a neighbour's burst) moves few rows.
 * Returns their sum, or 0 when a band was not timed. */
static double update_speeds(swe_openmp_plan *plan)
{
    double total = 0;
    for (int t = 0; t < plan->bands; ++t) {
        if (!(plan->seconds[t] > 0)) {
            return 0;
        }
    }
    for (int t = 0; t < plan->bands; ++t) {
        double rows = plan->first_row[t + 1] - plan->first_row[t];
        double now = rows / plan->seconds[t];
        double before = plan->rows_per_second[t];
        plan->rows_per_second[t] = before > 0 ? 0.5 * (before + now) : now;
        plan->seconds[t] = 0;
        total += plan->rows_per_second[t];
    }
    return total;
}

void swe_openmp_plan_rebalance(swe_openmp_plan *plan)
{
    if (plan == NULL || plan->first_row == NULL || plan->bands < 2) {
        return;
    }
    const int bands = plan->bands, ny = plan->first_row[bands] - 1;
    if (ny < 2 * bands) {
        return;
    }
    double total = update_speeds(plan);
    if (!(total > 0) || !isfinite(total)) {
        return;
    }
    double share = 0;
    for (int t = 1; t < bands; ++t) {
        share += plan->rows_per_second[t - 1];
        int row = 1 + (int)floor(ny * (share / total) + 0.5);
        int lowest = plan->first_row[t - 1] + 1; /* band t-1 keeps a row */
        int highest = ny + 1 - (bands - t);      /* and so does every band after it */
        plan->first_row[t] = row < lowest ? lowest : (row > highest ? highest : row);
    }
}
