/* The cell kernels of the triangle solver, one element each, written once
 * for every backend (compiled as C, CUDA and OpenCL C): the limited
 * gradients of second order, and the update that gathers a cell's three
 * edge fluxes. A cell visits its edges in its listed order (by midpoint),
 * so the sum, and the result, are the same bits for every numbering of
 * the mesh and every backend that runs this code; and as each cell only
 * reads edges and writes itself, the gather needs no atomics. */
#ifndef SWE_MESH_CELL_KERNELS_H
#define SWE_MESH_CELL_KERNELS_H

#include "mesh/numerics/mesh_arrays.h"
#include "mesh/numerics/mesh_boundary.h"
#include "mesh/numerics/mesh_cbrt.h"
#include "mesh/numerics/mesh_reconstruction.h"
#include "shallow_water/friction.h"

/* A cell shallower than this, metres, is at a front: it and its
 * neighbours are reconstructed at first order. A film's velocity, hu / h
 * from a few updates of a few micrometres, is no bound for a deep
 * neighbour's limited velocity: used as one it widens the limits, the
 * deep cell sends faster water into the film, and the two race. */
#define SWE_MESH_FRONT_DEPTH ((real)1e-3)

/* The neighbour of cell c across its k-th edge for the gradient: where it
 * lies, relative to c, and its surface and velocity; a boundary edge has
 * the ghost of its condition, mirrored through the edge. Returns whether
 * the neighbour is shallower than SWE_MESH_FRONT_DEPTH. With
 * with_boundary 0 (a literal), every edge is taken for an interior one
 * and the boundary's code drops out, so that a loop of cells can be
 * vectorised: what that gives a cell on the boundary (itself as its
 * neighbour) is wrong, and swe_mesh_boundary_gradient writes it again. */
SWE_INLINE int swe_mesh_gradient_neighbour(const swe_mesh_arrays *a, int c, int e, int k,
                                           int with_boundary, swe_mesh_stencil *stencil, real *eta,
                                           real *u, real *v)
{
    /* Every load made, then chosen from (no load on one side only). */
    int left_cell = a->edge_left[e], right_cell = a->edge_right[e];
    real left_x = a->left_to_mid_x[e], left_y = a->left_to_mid_y[e];
    real right_x = a->right_to_mid_x[e], right_y = a->right_to_mid_y[e];
    int left = left_cell == c;
    real own_x = left ? left_x : right_x, own_y = left ? left_y : right_y;
    stencil->mid_x[k] = own_x;
    stencil->mid_y[k] = own_y;
    if (!with_boundary || e < a->interior_edge_count) {
        int other = left ? right_cell : left_cell;
        other = other < 0 ? 0 : other;
        stencil->neighbour_x[k] = own_x - (left ? right_x : left_x);
        stencil->neighbour_y[k] = own_y - (left ? right_y : left_y);
        real depth = a->h[SWE_MESH_AT(other)];
        eta[k] = depth + a->bed[other];
        u[k] = swe_mesh_velocity(depth, a->hu[SWE_MESH_AT(other)]);
        v[k] = swe_mesh_velocity(depth, a->hv[SWE_MESH_AT(other)]);
        return depth < SWE_MESH_FRONT_DEPTH;
    }
    real nx = a->normal_x[e], ny = a->normal_y[e];
    real twice_along = (real)2 * (own_x * nx + own_y * ny);
    stencil->neighbour_x[k] = twice_along * nx;
    stencil->neighbour_y[k] = twice_along * ny;
    real depth = a->h[SWE_MESH_AT(c)], momentum_x = a->hu[SWE_MESH_AT(c)];
    real momentum_y = a->hv[SWE_MESH_AT(c)];
    swe_mesh_face inside;
    inside.h = depth;
    inside.qn = momentum_x * nx + momentum_y * ny;
    inside.qt = momentum_y * nx - momentum_x * ny;
    int condition = a->boundary_condition[e - a->interior_edge_count];
    swe_mesh_face ghost =
        swe_mesh_ghost(a->condition_kind[condition], a->condition_value_a[condition],
                       a->condition_value_b[condition], inside, a->bed[c]);
    real un = swe_mesh_velocity(ghost.h, ghost.qn), ut = swe_mesh_velocity(ghost.h, ghost.qt);
    eta[k] = ghost.h + a->bed[c];
    u[k] = un * nx - ut * ny;
    v[k] = un * ny + ut * nx;
    return ghost.h < SWE_MESH_FRONT_DEPTH;
}

/* Limited gradients of eta, u and v in cell c from the current state;
 * zero (first order) at a front: in and next to cells shallower than
 * SWE_MESH_FRONT_DEPTH, and where the surface would leave less than that
 * above the bed at an edge, where a reconstruction would extrapolate a
 * surface and a velocity that the water there does not have (and a
 * depth clipped at zero would add water to the cell's faces).
 * with_boundary: as for swe_mesh_gradient_neighbour. */
SWE_INLINE void swe_mesh_gradient_of(const swe_mesh_arrays *a, int c, int with_boundary)
{
    int edges[3];
    edges[0] = a->cell_edge_0[c];
    edges[1] = a->cell_edge_1[c];
    edges[2] = a->cell_edge_2[c];
    swe_mesh_stencil stencil;
    real eta[3], u[3], v[3];
    real depth = a->h[SWE_MESH_AT(c)];
    int front = depth < SWE_MESH_FRONT_DEPTH;
    for (int k = 0; k < 3; ++k) {
        front |= swe_mesh_gradient_neighbour(a, c, edges[k], k, with_boundary, &stencil, eta, u, v);
    }
    swe_mesh_plane plane = swe_mesh_plane_of(&stencil);
    swe_mesh_vector g_eta = swe_mesh_limited_gradient(&stencil, plane, depth + a->bed[c], eta);
    for (int k = 0; k < 3; ++k) {
        /* a surface that dips below the bed at an edge is a front too */
        front |= depth + (g_eta.x * stencil.mid_x[k] + g_eta.y * stencil.mid_y[k]) <
                 SWE_MESH_FRONT_DEPTH;
    }
    swe_mesh_vector g_u = swe_mesh_limited_gradient(
        &stencil, plane, swe_mesh_velocity(depth, a->hu[SWE_MESH_AT(c)]), u);
    swe_mesh_vector g_v = swe_mesh_limited_gradient(
        &stencil, plane, swe_mesh_velocity(depth, a->hv[SWE_MESH_AT(c)]), v);
    real keep = front ? (real)0 : (real)1;
    a->grad_eta_x[c] = keep * g_eta.x;
    a->grad_eta_y[c] = keep * g_eta.y;
    a->grad_u_x[c] = keep * g_u.x;
    a->grad_u_y[c] = keep * g_u.y;
    a->grad_v_x[c] = keep * g_v.x;
    a->grad_v_y[c] = keep * g_v.y;
}

/* The gradient of cell c, whichever its edges (one thread per cell). */
SWE_INLINE void swe_mesh_gradient(const swe_mesh_arrays *a, int c)
{
    swe_mesh_gradient_of(a, c, 1);
}

/* The gradient of cell c as if all its edges were interior: right for
 * every cell off the boundary, and a loop of these vectorises (CPU). */
SWE_INLINE void swe_mesh_interior_gradient(const swe_mesh_arrays *a, int c)
{
    swe_mesh_gradient_of(a, c, 0);
}

/* After swe_mesh_interior_gradient on every cell: boundary edge e's cell
 * again, with its ghosts. A cell with two boundary edges is written by
 * the first in its edge order only, so that no two edges write one cell. */
SWE_INLINE void swe_mesh_boundary_gradient(const swe_mesh_arrays *a, int e)
{
    int c = a->edge_left[e], interior = a->interior_edge_count;
    int first = a->cell_edge_0[c] >= interior
                    ? a->cell_edge_0[c]
                    : (a->cell_edge_1[c] >= interior ? a->cell_edge_1[c] : a->cell_edge_2[c]);
    if (first == e) {
        swe_mesh_gradient_of(a, c, 1);
    }
}

/* What the fluxes of a cell's three edges sum to: minus what leaves,
 * plus what enters (times the edges' lengths). */
typedef struct swe_mesh_flux_sum {
    real h, hu, hv;
} swe_mesh_flux_sum;

/* The gather of cell c: its edges in its listed order (by midpoint), each
 * giving its left flux (with a minus: it leaves) when c is its left cell,
 * its right flux otherwise. The listed order, not the edges' numbers,
 * fixes the order of the additions, hence the bits. */
SWE_INLINE swe_mesh_flux_sum swe_mesh_cell_gather(const swe_mesh_arrays *a, int c)
{
    int edges[3];
    edges[0] = a->cell_edge_0[c];
    edges[1] = a->cell_edge_1[c];
    edges[2] = a->cell_edge_2[c];
    swe_mesh_flux_sum sum;
    sum.h = (real)0;
    sum.hu = (real)0;
    sum.hv = (real)0;
    for (int k = 0; k < 3; ++k) {
        int e = edges[k];
        if (a->edge_left[e] == c) {
            sum.h -= a->flux_left_h[e];
            sum.hu -= a->flux_left_hu[e];
            sum.hv -= a->flux_left_hv[e];
        } else {
            sum.h += a->flux_right_h[e];
            sum.hu += a->flux_right_hu[e];
            sum.hv += a->flux_right_hv[e];
        }
    }
    return sum;
}

/* A cell's state made physical after an update: a negative depth
 * (round-off at a front) becomes zero (a NaN stays NaN, so that the run's
 * guard finds it) and a dry cell loses its momentum. */
SWE_INLINE swe_cell swe_mesh_physical(swe_cell cell)
{
    cell.h = cell.h < (real)0 ? (real)0 : cell.h;
    int dry = cell.h < SWE_DRY_TOLERANCE;
    cell.hu = dry ? (real)0 : cell.hu;
    cell.hv = dry ? (real)0 : cell.hv;
    return cell;
}

/* The fastest wave at cell c's edges in the last flux pass. */
SWE_INLINE real swe_mesh_fastest_wave(const swe_mesh_arrays *a, int c)
{
    real fastest = SWE_FMAX(a->edge_speed[a->cell_edge_0[c]], a->edge_speed[a->cell_edge_1[c]]);
    return SWE_FMAX(fastest, a->edge_speed[a->cell_edge_2[c]]);
}

/* A film (shallower than SWE_MESH_FRONT_DEPTH) after an update moves no
 * faster than the fastest wave at its edges: water that passes through a
 * cell which it nearly empties in one step leaves a momentum that, over
 * the little depth left, reads as any speed; the wave speeds that set
 * the step bound what the water there can do. */
SWE_INLINE swe_cell swe_mesh_film_speed_bound(const swe_mesh_arrays *a, int c, swe_cell cell)
{
    real speed = SWE_SQRT(cell.hu * cell.hu + cell.hv * cell.hv) * swe_mesh_inverse_depth(cell.h);
    real bound = swe_mesh_fastest_wave(a, c);
    real scale = (cell.h < SWE_MESH_FRONT_DEPTH) & (speed > bound) ? bound / speed : (real)1;
    cell.hu = cell.hu * scale;
    cell.hv = cell.hv * scale;
    return cell;
}

/* Cell c after an Euler step of launch.dt from the current state, given
 * the sum of its edges' fluxes (a gather, or a scatter's accumulators):
 * the sum over its area, made physical, a film's speed bounded, then
 * Manning friction, which can
 * slow the flow but never reverse it (shallow_water/friction.h). What it
 * writes follows launch.write_stage (enum swe_mesh_stage): in a second
 * stage the mean of that and the state the step started from. */
SWE_INLINE void swe_mesh_cell_apply(const swe_mesh_arrays *a, swe_mesh_launch launch, int c,
                                    swe_mesh_flux_sum sum)
{
    real factor = launch.dt / a->area[c];
    swe_cell now = swe_mesh_cell_of(a->h, a->hu, a->hv, c), cell;
    cell.h = now.h + factor * sum.h;
    cell.hu = now.hu + factor * sum.hu;
    cell.hv = now.hv + factor * sum.hv;
    cell = swe_mesh_film_speed_bound(a, c, swe_mesh_physical(cell));
    cell = swe_manning_friction(cell, launch.friction_dt,
                                launch.friction_dt > (real)0 ? a->manning : (real)0);
    if (launch.write_stage == SWE_MESH_SECOND_STAGE) {
        swe_cell start = swe_mesh_cell_of(a->h_stage, a->hu_stage, a->hv_stage, c);
        cell.h = (real)0.5 * (start.h + cell.h);
        cell.hu = (real)0.5 * (start.hu + cell.hu);
        cell.hv = (real)0.5 * (start.hv + cell.hv);
        cell = swe_mesh_physical(cell);
    } else if (launch.write_stage == SWE_MESH_FIRST_STAGE) {
        a->h_stage[SWE_MESH_AT(c)] = now.h;
        a->hu_stage[SWE_MESH_AT(c)] = now.hu;
        a->hv_stage[SWE_MESH_AT(c)] = now.hv;
    }
    a->h[SWE_MESH_AT(c)] = cell.h;
    a->hu[SWE_MESH_AT(c)] = cell.hu;
    a->hv[SWE_MESH_AT(c)] = cell.hv;
}

/* Cell c after a step: its gather, applied. */
SWE_INLINE void swe_mesh_cell_update(const swe_mesh_arrays *a, swe_mesh_launch launch, int c)
{
    swe_mesh_cell_apply(a, launch, c, swe_mesh_cell_gather(a, c));
}

#endif
