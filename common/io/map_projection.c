#include "io/map_projection.h"

#include <math.h>

#define PI 3.14159265358979323846
static const double degrees = PI / 180.0;

static double scale_error_at(double standard_parallel, double latitude)
{
    return fabs(cos(standard_parallel * degrees) / cos(latitude * degrees) - 1.0);
}

swe_map_projection swe_map_projection_for(double west, double east, double south, double north)
{
    swe_map_projection projection = {.geographic = 1,
                                     .central_longitude = 0.5 * (west + east),
                                     .standard_parallel = 0.5 * (south + north)};
    /* k grows away from the standard parallel: its extremes are the edges. */
    projection.largest_scale_error = fmax(scale_error_at(projection.standard_parallel, south),
                                          scale_error_at(projection.standard_parallel, north));
    if (!(fabs(south) < 90.0 && fabs(north) < 90.0)) {
        projection.largest_scale_error = INFINITY;
    }
    return projection;
}

static double stretched_radius(const swe_map_projection *projection)
{
    return SWE_EARTH_RADIUS * cos(projection->standard_parallel * degrees);
}

void swe_map_project(const swe_map_projection *projection, double longitude, double latitude,
                     double *x, double *y)
{
    double radius = stretched_radius(projection);
    *x = radius * (longitude - projection->central_longitude) * degrees;
    *y = radius * log(tan(PI / 4.0 + 0.5 * latitude * degrees));
}

void swe_map_unproject(const swe_map_projection *projection, double x, double y, double *longitude,
                       double *latitude)
{
    double radius = stretched_radius(projection);
    *longitude = projection->central_longitude + x / radius / degrees;
    *latitude = (2.0 * atan(exp(y / radius)) - PI / 2.0) / degrees;
}
