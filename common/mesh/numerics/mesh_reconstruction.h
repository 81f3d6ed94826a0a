/* Second-order reconstruction (Roe-MUSCL GPU n.d., section 2.4): in each
 * cell the gradient of a quantity is that of the plane through its values
 * at the three neighbouring centroids, then limited so that no value
 * reconstructed at an edge midpoint leaves the range between the cell's
 * value and the neighbour's across that edge (the face limiter of eqs.
 * 21-22, minmod-like). Compiled as C, CUDA and OpenCL C. */
#ifndef SWE_MESH_RECONSTRUCTION_H
#define SWE_MESH_RECONSTRUCTION_H

#include "core/real.h"

/* Where a cell's neighbours and edge midpoints lie, relative to its
 * centroid, listed in the cell's edge order. */
typedef struct swe_mesh_stencil {
    real neighbour_x[3], neighbour_y[3];
    real mid_x[3], mid_y[3];
} swe_mesh_stencil;

typedef struct swe_mesh_vector {
    real x, y;
} swe_mesh_vector;

/* The plane through the neighbours' centroids: differences a = n1 - n0,
 * b = n2 - n0 and 1 / det(a, b), which is 0 when the centroids lie on a
 * line (no plane through them: no gradient). */
typedef struct swe_mesh_plane {
    real ax, ay, bx, by, inverse_det;
} swe_mesh_plane;

SWE_INLINE swe_mesh_plane swe_mesh_plane_of(const swe_mesh_stencil *stencil)
{
    swe_mesh_plane plane;
    plane.ax = stencil->neighbour_x[1] - stencil->neighbour_x[0];
    plane.ay = stencil->neighbour_y[1] - stencil->neighbour_y[0];
    plane.bx = stencil->neighbour_x[2] - stencil->neighbour_x[0];
    plane.by = stencil->neighbour_y[2] - stencil->neighbour_y[0];
    real det = plane.ax * plane.by - plane.ay * plane.bx;
    real scale =
        plane.ax * plane.ax + plane.ay * plane.ay + plane.bx * plane.bx + plane.by * plane.by;
    plane.inverse_det = SWE_FABS(det) > (real)1e-6 * scale ? (real)1 / det : (real)0;
    return plane;
}

/* The limited gradient of a quantity with value centre in the cell and
 * neighbour[k] in its neighbours. */
SWE_INLINE swe_mesh_vector swe_mesh_limited_gradient(const swe_mesh_stencil *stencil,
                                                     swe_mesh_plane plane, real centre,
                                                     const real neighbour[3])
{
    swe_mesh_vector gradient;
    real dq1 = neighbour[1] - neighbour[0], dq2 = neighbour[2] - neighbour[0];
    real gx = (dq1 * plane.by - dq2 * plane.ay) * plane.inverse_det;
    real gy = (plane.ax * dq2 - plane.bx * dq1) * plane.inverse_det;
    real limiter = (real)1;
    for (int k = 0; k < 3; ++k) {
        real change = gx * stencil->mid_x[k] + gy * stencil->mid_y[k];
        real difference = neighbour[k] - centre;
        real upper = SWE_FMAX(difference, (real)0), lower = SWE_FMIN(difference, (real)0);
        /* upper / change or lower / change with one division */
        int above = change > upper, below = change < lower;
        real bound = above ? upper : lower;
        real face = (above | below) ? bound / change : (real)1;
        limiter = SWE_FMIN(limiter, face);
    }
    gradient.x = limiter * gx;
    gradient.y = limiter * gy;
    return gradient;
}

#endif
