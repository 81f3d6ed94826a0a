/* How input files in longitude and latitude (GEBCO, ETOPO) become a grid
 * in metres: a Mercator projection of a sphere of radius
 * SWE_EARTH_RADIUS whose standard parallel is the middle latitude of the
 * bathymetry, and whose central meridian is its middle longitude.
 *
 *   x = R cos(phi_s) (lambda - lambda_0)
 *   y = R cos(phi_s) ln tan(pi/4 + phi/2)
 *
 * It is conformal (a circle stays a circle, so the waves keep their
 * shape) and keeps longitude a function of x and latitude a function of
 * y alone, so a grid of meridians and parallels becomes a rectangle of
 * cells. Distances are exact along the standard parallel and stretched by
 * k = cos(phi_s) / cos(phi) away from it; files whose k leaves
 * [1 - SWE_MAX_SCALE_ERROR, 1 + SWE_MAX_SCALE_ERROR] are refused, which
 * allows a band of about 7 degrees of latitude at 40 degrees north. The
 * output files carry the projection as a CF grid mapping ("mercator")
 * and the longitude and latitude of every cell. */
#ifndef SWE_MAP_PROJECTION_H
#define SWE_MAP_PROJECTION_H

#include "io/grid_mapping.h"

#define SWE_EARTH_RADIUS 6371000.0 /* metres: the mean radius */
#define SWE_MAX_SCALE_ERROR 0.05

typedef struct swe_map_projection {
    int geographic;             /* 0: the input was in metres; nothing below applies */
    double central_longitude;   /* degrees east */
    double standard_parallel;   /* degrees north */
    double largest_scale_error; /* max |k - 1| over the bathymetry's extent */
    swe_grid_mapping carried;   /* not geographic: the input's own grid mapping, for the outputs */
} swe_map_projection;

/* The projection for data over [west, east] x [south, north] (degrees). */
swe_map_projection swe_map_projection_for(double west, double east, double south, double north);

/* Degrees to metres and back. */
void swe_map_project(const swe_map_projection *projection, double longitude, double latitude,
                     double *x, double *y);
void swe_map_unproject(const swe_map_projection *projection, double x, double y, double *longitude,
                       double *latitude);

#endif
