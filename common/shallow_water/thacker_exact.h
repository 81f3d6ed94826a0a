/* Thacker's planar oscillation in a parabolic bowl (Thacker 1981): the bed
 *   b(x, y) = h0 (r^2 / a^2 - 1),  r the distance from the bowl's centre,
 * holds water whose surface stays a tilted plane that circles the bowl,
 *   eta(x, y, t) = (amplitude h0 / a^2) (2 x' cos(w t) + 2 y' sin(w t) - amplitude),
 *   u = -amplitude w sin(w t),  v = amplitude w cos(w t),  w = sqrt(2 g h0) / a,
 * with x', y' measured from the centre; depth h = max(0, eta - b). The
 * shoreline moves over dry ground all the time, which makes it the
 * standard test of wet/dry fronts with an exact solution. Period 2 pi / w. */
#ifndef SWE_THACKER_EXACT_H
#define SWE_THACKER_EXACT_H

#include "core/error.h"

typedef struct swe_thacker_exact {
    double centre_x, centre_y; /* bowl centre, m */
    double radius;             /* a: where the bed crosses b = 0, m */
    double depth;              /* h0: depth of the bowl below b = 0, m */
    double amplitude;          /* eta: displacement of the water body, m */
    double omega;              /* w, 1/s */
} swe_thacker_exact;

/* Refuses non-finite values, radius <= 0, depth <= 0 and amplitude < 0
 * with SWE_ERROR_USAGE. */
int swe_thacker_init(swe_thacker_exact *solution, double centre_x, double centre_y, double radius,
                     double depth, double amplitude, swe_error *err);

/* Bed level b(x, y), m. */
double swe_thacker_bed(const swe_thacker_exact *solution, double x, double y);

/* Depth and velocity at (x, y) and time t; zero velocity where dry. */
void swe_thacker_eval(const swe_thacker_exact *solution, double x, double y, double t, double *h,
                      double *u, double *v);

/* Signed distance (m) from (x, y) to the shoreline at time t: negative in
 * the water, positive on dry ground. The depth is
 *   h = h0 / a^2 (a^2 - |x' - amplitude (cos w t, sin w t)|^2),
 * so the water covers a disc of radius a around that moving point. */
double swe_thacker_shoreline_distance(const swe_thacker_exact *solution, double x, double y,
                                      double t);

/* Period of the oscillation, s. */
double swe_thacker_period(const swe_thacker_exact *solution);

#endif
