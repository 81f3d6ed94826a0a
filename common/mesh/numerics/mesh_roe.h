/* The numerical flux across one edge of the triangle solver: Roe's
 * approximate Riemann solver in the edge's normal direction
 * (Roe-MUSCL GPU n.d., eqs. 7-16) with Harten and Hyman's entropy fix
 * (eq. 17), between the two states of the hydrostatic reconstruction
 * (Audusse et al. 2004): each side's depth above the higher of the two
 * beds, its velocity kept, and each side's hydrostatic pressure on the
 * part of its depth below that bed added to its momentum flux. Water at
 * rest over any bed stays at rest, a bed that rises above a surface is a
 * wall to it, and a front climbing or falling a step never carries more
 * water than stands above the step, so depths stay non-negative where
 * the upwinded bed source of Optimized GPU n.d. (eqs. 10-14) would drive
 * a shallow cell negative. A dry bed above a wet surface is a wall.
 *
 * States are in the edge's frame: depth h, momentum qn along the normal n
 * (from left to right), qt along t = (-n_y, n_x). The result is the flux
 * that leaves the left cell and the one that enters the right cell; they
 * differ only in the momentum of the hydrostatic correction (the mass
 * flux is one). Compiled as C, CUDA and OpenCL C. */
#ifndef SWE_MESH_ROE_H
#define SWE_MESH_ROE_H

#include "core/real.h"

typedef struct swe_mesh_face {
    real h, qn, qt;
} swe_mesh_face;

typedef struct swe_mesh_edge_flux {
    real left_h, left_qn, left_qt;    /* out of the left cell, per metre */
    real right_h, right_qn, right_qt; /* into the right cell, per metre */
    real max_speed;                   /* max |eigenvalue| (Optimized GPU n.d., eq. 15) */
} swe_mesh_edge_flux;

/* Velocity of a possibly dry state: zero below the dry tolerance. */
SWE_INLINE real swe_mesh_velocity(real h, real momentum)
{
    return h >= SWE_DRY_TOLERANCE ? momentum / h : (real)0;
}

/* 1 / h, or 0 for a dry state (whose velocity is zero). */
SWE_INLINE real swe_mesh_inverse_depth(real h)
{
    return h >= SWE_DRY_TOLERANCE ? (real)1 / h : (real)0;
}

/* |lambda| with Harten and Hyman's entropy fix: where the Roe eigenvalue
 * lies inside the spread eps of the same characteristic speed across the
 * edge (a transonic rarefaction), it is replaced by a parabola that
 * never reaches zero, so the dissipation does not vanish there. */
SWE_INLINE real swe_mesh_entropy_fixed(real lambda, real lambda_left, real lambda_right)
{
    real eps = SWE_FMAX(lambda - lambda_left, lambda_right - lambda);
    real size = SWE_FABS(lambda);
    return size < eps ? (real)0.5 * (lambda * lambda / eps + eps) : size;
}

/* Roe's flux between two states of which at least one is wet, over one
 * bed level. */
SWE_INLINE swe_mesh_edge_flux swe_mesh_roe_core(swe_mesh_face l, swe_mesh_face r)
{
    const real g = SWE_GRAVITY;
    real inverse_l = swe_mesh_inverse_depth(l.h), inverse_r = swe_mesh_inverse_depth(r.h);
    real u_l = l.qn * inverse_l, v_l = l.qt * inverse_l;
    real u_r = r.qn * inverse_r, v_r = r.qt * inverse_r;
    real root_l = SWE_SQRT(l.h), root_r = SWE_SQRT(r.h);
    real inverse_roots = (real)1 / (root_l + root_r);
    real u = (root_l * u_l + root_r * u_r) * inverse_roots;
    real h_mean = (real)0.5 * (l.h + r.h);
    real c = SWE_SQRT(g * h_mean);
    real lambda1 = u - c, lambda3 = u + c;
    /* Wave strengths: the jump on the eigenvectors e1 = (1, u - c, v),
     * e3 = (1, u + c, v). */
    real half_over_c = (real)0.5 / c;
    real dh = r.h - l.h, dqn = r.qn - l.qn;
    real alpha1 = ((u + c) * dh - dqn) * half_over_c;
    real alpha3 = (dqn - (u - c) * dh) * half_over_c;
    /* sqrt(g h) as sqrt(g) sqrt(h): two square roots fewer per edge. */
    real c_l = SWE_SQRT(g) * root_l, c_r = SWE_SQRT(g) * root_r;
    real abs1 = swe_mesh_entropy_fixed(lambda1, u_l - c_l, u_r - c_r);
    real abs3 = swe_mesh_entropy_fixed(lambda3, u_l + c_l, u_r + c_r);
    real wave1 = abs1 * alpha1, wave3 = abs3 * alpha3;
    /* F = (F(l) + F(r)) / 2 - |A| (r - l) / 2 */
    real half_g = (real)0.5 * g;
    swe_mesh_edge_flux flux;
    flux.left_h = (real)0.5 * (l.qn + r.qn) - (real)0.5 * (wave1 + wave3);
    flux.left_qn =
        (real)0.5 * ((l.qn * u_l + half_g * l.h * l.h) + (r.qn * u_r + half_g * r.h * r.h)) -
        (real)0.5 * (wave1 * lambda1 + wave3 * lambda3);
    /* The tangential velocity goes where the water goes, the upwind side's
     * (the contact wave of the exact solution): Roe's averaged v, carried
     * out of a cell with the water, would leave it a faster film behind,
     * which across the long sides of a sliver runs away. */
    flux.left_qt = flux.left_h * (flux.left_h >= (real)0 ? v_l : v_r);
    flux.right_h = flux.left_h;
    flux.right_qn = flux.left_qn;
    flux.right_qt = flux.left_qt;
    flux.max_speed = SWE_FMAX(SWE_FABS(lambda1), SWE_FABS(lambda3));
    return flux;
}

/* The flux at a front, between a wet face and a dry one: HLL's (Harten,
 * Lax and van Leer) with the dry bed's wave speeds, the wet side's
 * u -+ c and u +- 2c into the dry side (the exact front speed). Water
 * leaves a film at most at its velocity plus half its celerity, and a
 * film gains no velocity it was not given: Roe's linearisation, exact
 * for neither state at a front, does both. The tangential velocity goes
 * with the water, as in Roe's. */
SWE_INLINE swe_mesh_edge_flux swe_mesh_front_flux(swe_mesh_face l, swe_mesh_face r)
{
    const real g = SWE_GRAVITY;
    real u_l = swe_mesh_velocity(l.h, l.qn), u_r = swe_mesh_velocity(r.h, r.qn);
    real c_l = SWE_SQRT(g * l.h), c_r = SWE_SQRT(g * r.h);
    int dry_l = l.h < SWE_DRY_TOLERANCE, dry_r = r.h < SWE_DRY_TOLERANCE;
    real slow = dry_l ? u_r - (real)2 * c_r : u_l - c_l;
    real fast = dry_r ? u_l + (real)2 * c_l : u_r + c_r;
    slow = SWE_FMIN(slow, (real)0);
    fast = SWE_FMAX(fast, (real)0);
    real spread = SWE_FMAX(fast - slow, SWE_DRY_TOLERANCE);
    real half_g = (real)0.5 * g;
    real flux_l_qn = l.qn * u_l + half_g * l.h * l.h, flux_r_qn = r.qn * u_r + half_g * r.h * r.h;
    swe_mesh_edge_flux flux;
    flux.left_h = (fast * l.qn - slow * r.qn + slow * fast * (r.h - l.h)) / spread;
    flux.left_qn = (fast * flux_l_qn - slow * flux_r_qn + slow * fast * (r.qn - l.qn)) / spread;
    flux.left_qt = flux.left_h * (flux.left_h >= (real)0 ? swe_mesh_velocity(l.h, l.qt)
                                                         : swe_mesh_velocity(r.h, r.qt));
    flux.right_h = flux.left_h;
    flux.right_qn = flux.left_qn;
    flux.right_qt = flux.left_qt;
    flux.max_speed = SWE_FMAX(-slow, fast);
    return flux;
}

/* A face's state over a bed `rise` metres above its own (rise >= 0): the
 * depth above it, none if the bed stands above the surface, and the
 * face's velocity. With no rise the face itself, to the bit. */
SWE_INLINE swe_mesh_face swe_mesh_above_bed(swe_mesh_face face, real rise)
{
    swe_mesh_face above = face;
    real depth = SWE_FMAX(face.h - rise, (real)0);
    above.h = rise > (real)0 ? depth : face.h;
    above.qn = rise > (real)0 ? depth * swe_mesh_velocity(face.h, face.qn) : face.qn;
    above.qt = rise > (real)0 ? depth * swe_mesh_velocity(face.h, face.qt) : face.qt;
    return above;
}

/* The pressure flux g/2 h*^2 on a wall of a wet face, h* the depth of
 * the exact solution's middle state with two rarefactions (Toro):
 * c* = c + un / 2 with un towards the wall, none once the water leaves
 * it at 2c or faster. Roe's flux against the mirror image would push
 * water that runs away from the wall further away (by h u^2 / 2 with the
 * entropy fix), which on the long sides of a sliver makes a film race. */
SWE_INLINE real swe_mesh_wall_pressure(swe_mesh_face face)
{
    real c = SWE_SQRT(SWE_GRAVITY * face.h);
    real ratio = SWE_FMAX((real)1 + (real)0.5 * swe_mesh_velocity(face.h, face.qn) / c, (real)0);
    real depth = face.h * ratio * ratio;
    return (real)0.5 * SWE_GRAVITY * depth * depth;
}

/* The flux between faces l and r with the bed rising by bed_step from
 * left to right, by the hydrostatic reconstruction: Roe's flux between
 * the depths above the higher bed (the front flux where one of them is
 * dry), plus g/2 (h^2 - h*^2) on each side's
 * momentum, the pressure of its water below that bed on the step. Where
 * neither keeps water above that bed, a wet side meets a dry bed above
 * its surface: a wall, which takes the side's wall pressure and lets
 * nothing through; the dry side receives nothing. Written as selects
 * around one call of the Roe core rather than as branches, so that a
 * compiler can vectorise a loop of edges (a dry pair computes a
 * discarded flux). */
SWE_INLINE swe_mesh_edge_flux swe_mesh_flux(swe_mesh_face l, swe_mesh_face r, real bed_step)
{
    swe_mesh_face left = swe_mesh_above_bed(l, SWE_FMAX(bed_step, (real)0));
    swe_mesh_face right = swe_mesh_above_bed(r, SWE_FMAX(-bed_step, (real)0));
    int dry_left = left.h < SWE_DRY_TOLERANCE, dry_right = right.h < SWE_DRY_TOLERANCE;
    int none = dry_left & dry_right;
    int wall_for_left = none & (l.h >= SWE_DRY_TOLERANCE);
    int wall_for_right = none & (r.h >= SWE_DRY_TOLERANCE);
    swe_mesh_edge_flux roe = swe_mesh_roe_core(left, right);
    swe_mesh_edge_flux front = swe_mesh_front_flux(left, right);
    swe_mesh_edge_flux flux = (dry_left ^ dry_right) ? front : roe;
    real half_g = (real)0.5 * SWE_GRAVITY;
    swe_mesh_face towards_left = r; /* the right side's wall lies behind its normal */
    towards_left.qn = -r.qn;
    real wall_l = swe_mesh_wall_pressure(l), wall_r = swe_mesh_wall_pressure(towards_left);
    real below_l = half_g * (l.h * l.h - left.h * left.h);
    real below_r = half_g * (r.h * r.h - right.h * right.h);
    flux.left_h = none ? (real)0 : flux.left_h;
    flux.left_qt = none ? (real)0 : flux.left_qt;
    flux.left_qn = wall_for_left ? wall_l : (none ? (real)0 : flux.left_qn) + below_l;
    flux.right_h = none ? (real)0 : flux.right_h;
    flux.right_qt = none ? (real)0 : flux.right_qt;
    flux.right_qn = wall_for_right ? wall_r : (none ? (real)0 : flux.right_qn) + below_r;
    real wall_speed_l = SWE_FABS(swe_mesh_velocity(l.h, l.qn)) + SWE_SQRT(SWE_GRAVITY * l.h);
    real wall_speed_r = SWE_FABS(swe_mesh_velocity(r.h, r.qn)) + SWE_SQRT(SWE_GRAVITY * r.h);
    flux.max_speed = wall_for_left
                         ? wall_speed_l
                         : (wall_for_right ? wall_speed_r : (none ? (real)0 : flux.max_speed));
    return flux;
}

#endif
