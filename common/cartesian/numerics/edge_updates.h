/* The net updates of edges as the GPU kernels keep them between solving
 * an edge and updating its cells, and the update of a cell from its four
 * edges. Compiled as C, CUDA and OpenCL C.
 *
 * A set of edges keeps its updates in six planes of `plane` values each,
 * in the order of enum swe_net_update_plane: the edge arrays in device
 * memory (levels 1 and 2), in shared or local memory (level 3), in the
 * private arrays of OpenCL's CPU form (level 5). The store and the load
 * are macros, not functions, because in OpenCL C 1.2, which has no generic
 * address space, those are three different kinds of pointer. */
#ifndef SWE_EDGE_UPDATES_H
#define SWE_EDGE_UPDATES_H

#include "shallow_water/cell_update.h"
#include "shallow_water/riemann.h"

enum swe_net_update_plane {
    SWE_PLANE_H_LEFT = 0,
    SWE_PLANE_H_RIGHT,
    SWE_PLANE_HN_LEFT,
    SWE_PLANE_HN_RIGHT,
    SWE_PLANE_HT_LEFT,
    SWE_PLANE_HT_RIGHT,
    SWE_NET_UPDATE_PLANES
};

/* Stores the net updates of edge `edge` into planes of `plane` values. */
#define SWE_STORE_NET_UPDATES(planes, plane, edge, updates)                                        \
    do {                                                                                           \
        const swe_net_updates stored_ = (updates);                                                 \
        (planes)[SWE_PLANE_H_LEFT * (plane) + (edge)] = stored_.h_left;                            \
        (planes)[SWE_PLANE_H_RIGHT * (plane) + (edge)] = stored_.h_right;                          \
        (planes)[SWE_PLANE_HN_LEFT * (plane) + (edge)] = stored_.hn_left;                          \
        (planes)[SWE_PLANE_HN_RIGHT * (plane) + (edge)] = stored_.hn_right;                        \
        (planes)[SWE_PLANE_HT_LEFT * (plane) + (edge)] = stored_.ht_left;                          \
        (planes)[SWE_PLANE_HT_RIGHT * (plane) + (edge)] = stored_.ht_right;                        \
    } while (0)

/* Loads the net updates of edge `edge` from planes of `plane` values into
 * the swe_net_updates variable `updates` (max_speed is not kept). */
#define SWE_LOAD_NET_UPDATES(updates, planes, plane, edge)                                         \
    do {                                                                                           \
        (updates).h_left = (planes)[SWE_PLANE_H_LEFT * (plane) + (edge)];                          \
        (updates).h_right = (planes)[SWE_PLANE_H_RIGHT * (plane) + (edge)];                        \
        (updates).hn_left = (planes)[SWE_PLANE_HN_LEFT * (plane) + (edge)];                        \
        (updates).hn_right = (planes)[SWE_PLANE_HN_RIGHT * (plane) + (edge)];                      \
        (updates).ht_left = (planes)[SWE_PLANE_HT_LEFT * (plane) + (edge)];                        \
        (updates).ht_right = (planes)[SWE_PLANE_HT_RIGHT * (plane) + (edge)];                      \
        (updates).max_speed = (real)0;                                                             \
    } while (0)

/* The Euler update of a cell from its four edges: the right-side updates
 * of the edges left of and below it plus the left-side updates of those
 * right of and above it, summed in that order, as the serial kernel sums
 * them, so that every backend computes the same bits. On the vertical
 * edges (left, right) the normal momentum hn is hu, on the horizontal ones
 * (below, above) it is hv. */
SWE_INLINE swe_cell swe_update_from_edges(real h, real hu, real hv, real dt_dx, real dt_dy,
                                          swe_net_updates left, swe_net_updates right,
                                          swe_net_updates below, swe_net_updates above)
{
    return swe_euler_update(h, hu, hv, dt_dx, dt_dy, left.h_right + right.h_left,
                            left.hn_right + right.hn_left, left.ht_right + right.ht_left,
                            below.h_right + above.h_left, below.ht_right + above.ht_left,
                            below.hn_right + above.hn_left);
}

#endif
