/* The edge kernels of the triangle solver, one element each, written
 * once for every backend (compiled as C, CUDA and OpenCL C): a backend
 * maps them to a loop, threads or work-items. Each edge reads its two
 * cells' states (indirect addressing through edge_left and edge_right),
 * reconstructs them at its midpoint, solves the Riemann problem and writes
 * its fluxes and allowed time step; it writes nothing of the cells, so
 * edges run in any order and in parallel without races. */
#ifndef SWE_MESH_EDGE_KERNELS_H
#define SWE_MESH_EDGE_KERNELS_H

#include "mesh/numerics/mesh_arrays.h"
#include "mesh/numerics/mesh_boundary.h"
#include "mesh/numerics/mesh_roe.h"
#include "shallow_water/cell_update.h"

/* Cell c's state as the edges read it: the current one (in the second
 * stage of a step, the first stage's result). */
SWE_INLINE swe_cell swe_mesh_edge_cell(const swe_mesh_arrays *a, int c)
{
    return swe_mesh_cell_of(a->h, a->hu, a->hv, c);
}

/* Cell c (state cell) at the midpoint of edge e, of which it is the left
 * (or right) cell, in the frame of normal n: the first-order value, or
 * with the limited gradients of the surface and velocity (the bed is
 * constant in a cell, so the depth changes as the surface does), the
 * momentum being the face's depth times its velocity: a face shallower
 * than the dry tolerance carries none. First order reads no vector to
 * the midpoint. */
SWE_INLINE swe_mesh_face swe_mesh_face_state(const swe_mesh_arrays *a, swe_mesh_launch launch,
                                             swe_cell cell, int c, int e, int left, real nx,
                                             real ny)
{
    real depth = cell.h, momentum_x = cell.hu, momentum_y = cell.hv;
    if (launch.second_order) {
        real to_mid_x = left ? a->left_to_mid_x[e] : a->right_to_mid_x[e];
        real to_mid_y = left ? a->left_to_mid_y[e] : a->right_to_mid_y[e];
        depth =
            SWE_FMAX((real)0, depth + (a->grad_eta_x[c] * to_mid_x + a->grad_eta_y[c] * to_mid_y));
        real wet = depth >= SWE_DRY_TOLERANCE ? depth : (real)0;
        real u = swe_mesh_velocity(cell.h, cell.hu) +
                 (a->grad_u_x[c] * to_mid_x + a->grad_u_y[c] * to_mid_y);
        real v = swe_mesh_velocity(cell.h, cell.hv) +
                 (a->grad_v_x[c] * to_mid_x + a->grad_v_y[c] * to_mid_y);
        momentum_x = wet * u;
        momentum_y = wet * v;
    }
    swe_mesh_face face;
    face.h = depth;
    face.qn = momentum_x * nx + momentum_y * ny;
    face.qt = momentum_y * nx - momentum_x * ny;
    return face;
}

/* Momentum (n, t) components back in x and y. */
SWE_INLINE real swe_mesh_to_x(real along_n, real along_t, real nx, real ny)
{
    return along_n * nx - along_t * ny;
}

SWE_INLINE real swe_mesh_to_y(real along_n, real along_t, real nx, real ny)
{
    return along_n * ny + along_t * nx;
}

/* The viscous momentum flux out of cell l into cell r (Roe-MUSCL GPU n.d.,
 * eq. 25) across interior edge e: -nu (h_l + h_r) / 2 * weight * (velocity
 * jump), with the edge's weight. */
SWE_INLINE void swe_mesh_viscous_flux(const swe_mesh_arrays *a, int e, swe_cell l, swe_cell r,
                                      real *flux_u, real *flux_v)
{
    real jump_u = swe_mesh_velocity(r.h, r.hu) - swe_mesh_velocity(l.h, l.hu);
    real jump_v = swe_mesh_velocity(r.h, r.hv) - swe_mesh_velocity(l.h, l.hv);
    real factor = -a->viscosity * (real)0.5 * (l.h + r.h) * a->viscous_weight[e];
    *flux_u = factor * jump_u;
    *flux_v = factor * jump_v;
}

/* The viscous momentum flux out of cell l through no-slip wall edge e:
 * eq. 25 with the wall's velocity, zero, beside the cell and the
 * centroid's distance to the wall, on the tangential velocity only (the
 * normal one is held by the Roe flux's mirror, and its derivative across
 * a no-slip wall vanishes). */
SWE_INLINE void swe_mesh_wall_viscous_flux(const swe_mesh_arrays *a, int e, swe_cell l,
                                           real *flux_u, real *flux_v)
{
    real nx = a->normal_x[e], ny = a->normal_y[e];
    real ut = swe_mesh_velocity(l.h, l.hv) * nx - swe_mesh_velocity(l.h, l.hu) * ny;
    real along_t = a->viscosity * l.h * a->viscous_weight[e] * ut;
    *flux_u = swe_mesh_to_x((real)0, along_t, nx, ny);
    *flux_v = swe_mesh_to_y((real)0, along_t, nx, ny);
}

/* The time step an edge allows, chi / max |lambda| (Optimized GPU n.d.,
 * eq. 15); no limit without waves, and a NaN speed (an unstable state)
 * stays a NaN. */
SWE_INLINE real swe_mesh_edge_time_step(real chi, real max_speed)
{
    return max_speed == (real)0 ? SWE_MESH_NO_TIME_LIMIT : chi / max_speed;
}

/* Interior edge e (0 <= e < interior_edge_count): its Riemann fluxes,
 * plus the viscous flux where viscous is set, and, but in a step's second
 * stage (launch.read_stage), the time step it allows. */
SWE_INLINE void swe_mesh_interior_edge_of(const swe_mesh_arrays *a, swe_mesh_launch launch, int e,
                                          int viscous)
{
    int l = a->edge_left[e], r = a->edge_right[e];
    real nx = a->normal_x[e], ny = a->normal_y[e], length = a->length[e];
    swe_cell cell_l = swe_mesh_edge_cell(a, l), cell_r = swe_mesh_edge_cell(a, r);
    swe_mesh_face left = swe_mesh_face_state(a, launch, cell_l, l, e, 1, nx, ny);
    swe_mesh_face right = swe_mesh_face_state(a, launch, cell_r, r, e, 0, nx, ny);
    swe_mesh_edge_flux flux = swe_mesh_flux(left, right, a->bed[r] - a->bed[l]);
    real left_hu = length * swe_mesh_to_x(flux.left_qn, flux.left_qt, nx, ny);
    real left_hv = length * swe_mesh_to_y(flux.left_qn, flux.left_qt, nx, ny);
    real right_hu = length * swe_mesh_to_x(flux.right_qn, flux.right_qt, nx, ny);
    real right_hv = length * swe_mesh_to_y(flux.right_qn, flux.right_qt, nx, ny);
    if (viscous) {
        real viscous_u, viscous_v;
        swe_mesh_viscous_flux(a, e, cell_l, cell_r, &viscous_u, &viscous_v);
        left_hu = left_hu + viscous_u;
        left_hv = left_hv + viscous_v;
        right_hu = right_hu + viscous_u;
        right_hv = right_hv + viscous_v;
    }
    a->flux_left_h[e] = length * flux.left_h;
    a->flux_left_hu[e] = left_hu;
    a->flux_left_hv[e] = left_hv;
    a->flux_right_h[e] = length * flux.right_h;
    a->flux_right_hu[e] = right_hu;
    a->flux_right_hv[e] = right_hv;
    real chi = SWE_FMIN(a->chi[l], a->chi[r]);
    a->edge_speed[e] = flux.max_speed;
    if (!launch.read_stage) {
        a->edge_time_step[e] = swe_mesh_edge_time_step(chi, flux.max_speed);
    }
}

/* Interior edge e, whole (one thread per edge). */
SWE_INLINE void swe_mesh_interior_edge(const swe_mesh_arrays *a, swe_mesh_launch launch, int e)
{
    swe_mesh_interior_edge_of(a, launch, e, a->viscosity > (real)0);
}

/* Interior edge e without the viscous flux: a loop of these vectorises
 * (CPU); where the viscosity is not zero, swe_mesh_viscous_edge follows. */
SWE_INLINE void swe_mesh_inviscid_edge(const swe_mesh_arrays *a, swe_mesh_launch launch, int e)
{
    swe_mesh_interior_edge_of(a, launch, e, 0);
}

/* Adds interior edge e's viscous flux to what swe_mesh_inviscid_edge
 * wrote: the same sums as swe_mesh_interior_edge's, so the same bits. */
SWE_INLINE void swe_mesh_viscous_edge(const swe_mesh_arrays *a, int e)
{
    real viscous_u, viscous_v;
    swe_mesh_viscous_flux(a, e, swe_mesh_cell_of(a->h, a->hu, a->hv, a->edge_left[e]),
                          swe_mesh_cell_of(a->h, a->hu, a->hv, a->edge_right[e]), &viscous_u,
                          &viscous_v);
    a->flux_left_hu[e] = a->flux_left_hu[e] + viscous_u;
    a->flux_left_hv[e] = a->flux_left_hv[e] + viscous_v;
    a->flux_right_hu[e] = a->flux_right_hu[e] + viscous_u;
    a->flux_right_hv[e] = a->flux_right_hv[e] + viscous_v;
}

/* Boundary edge e (interior_edge_count <= e < edge_count): the flux
 * between its cell and the ghost state of its condition (its first value
 * times the edge's factor), plus a no-slip wall's viscous flux. */
SWE_INLINE void swe_mesh_boundary_edge(const swe_mesh_arrays *a, swe_mesh_launch launch, int e)
{
    int l = a->edge_left[e];
    int condition = a->boundary_condition[e - a->interior_edge_count];
    real nx = a->normal_x[e], ny = a->normal_y[e], length = a->length[e];
    swe_mesh_face inside =
        swe_mesh_face_state(a, launch, swe_mesh_edge_cell(a, l), l, e, 1, nx, ny);
    int kind = a->condition_kind[condition];
    swe_mesh_face ghost = swe_mesh_ghost(kind, a->condition_value_a[condition] * a->value_scale[e],
                                         a->condition_value_b[condition], inside, a->bed[l]);
    swe_mesh_edge_flux flux = swe_mesh_flux(inside, ghost, (real)0);
    real flux_hu = length * swe_mesh_to_x(flux.left_qn, flux.left_qt, nx, ny);
    real flux_hv = length * swe_mesh_to_y(flux.left_qn, flux.left_qt, nx, ny);
    if (kind == SWE_MESH_WALL_NO_SLIP && a->viscosity > (real)0) {
        real viscous_u, viscous_v;
        swe_mesh_wall_viscous_flux(a, e, swe_mesh_edge_cell(a, l), &viscous_u, &viscous_v);
        flux_hu = flux_hu + viscous_u;
        flux_hv = flux_hv + viscous_v;
    }
    a->flux_left_h[e] = length * flux.left_h;
    a->flux_left_hu[e] = flux_hu;
    a->flux_left_hv[e] = flux_hv;
    a->edge_speed[e] = flux.max_speed;
    a->edge_time_step[e] = swe_mesh_edge_time_step(a->chi[l], flux.max_speed);
}

#endif
