#include "shallow_water/thacker_exact.h"

#include <math.h>
#include <stddef.h>

#define SWE_THACKER_GRAVITY 9.81 /* m/s^2, as the solver's */

int swe_thacker_init(swe_thacker_exact *solution, double centre_x, double centre_y, double radius,
                     double depth, double amplitude, swe_error *err)
{
    if (solution == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no Thacker solution to fill");
    }
    if (!isfinite(centre_x) || !isfinite(centre_y) || !(radius > 0) || !isfinite(radius) ||
        !(depth > 0) || !isfinite(depth) || !(amplitude >= 0) || !isfinite(amplitude)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "Thacker's bowl needs a finite centre, radius > 0, depth > 0 and "
                        "amplitude >= 0");
    }
    *solution = (swe_thacker_exact){.centre_x = centre_x,
                                    .centre_y = centre_y,
                                    .radius = radius,
                                    .depth = depth,
                                    .amplitude = amplitude,
                                    .omega = sqrt(2.0 * SWE_THACKER_GRAVITY * depth) / radius};
    return SWE_OK;
}

double swe_thacker_bed(const swe_thacker_exact *solution, double x, double y)
{
    double dx = x - solution->centre_x, dy = y - solution->centre_y;
    double r2 = (dx * dx + dy * dy) / (solution->radius * solution->radius);
    return solution->depth * (r2 - 1.0);
}

void swe_thacker_eval(const swe_thacker_exact *solution, double x, double y, double t, double *h,
                      double *u, double *v)
{
    double phase = solution->omega * t;
    double scale = solution->amplitude * solution->depth / (solution->radius * solution->radius);
    double surface = scale * (2.0 * (x - solution->centre_x) * cos(phase) +
                              2.0 * (y - solution->centre_y) * sin(phase) - solution->amplitude);
    double depth = surface - swe_thacker_bed(solution, x, y);
    int wet = depth > 0.0;
    *h = wet ? depth : 0.0;
    *u = wet ? -solution->amplitude * solution->omega * sin(phase) : 0.0;
    *v = wet ? solution->amplitude * solution->omega * cos(phase) : 0.0;
}

double swe_thacker_shoreline_distance(const swe_thacker_exact *solution, double x, double y,
                                      double t)
{
    if (solution == NULL) {
        return NAN;
    }
    double phase = solution->omega * t;
    double disc_x = solution->centre_x + solution->amplitude * cos(phase);
    double disc_y = solution->centre_y + solution->amplitude * sin(phase);
    return hypot(x - disc_x, y - disc_y) - solution->radius;
}

double swe_thacker_period(const swe_thacker_exact *solution)
{
    return 2.0 * acos(-1.0) / solution->omega;
}
