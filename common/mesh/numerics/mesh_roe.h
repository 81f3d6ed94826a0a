/* The numerical flux across one edge of the triangle solver: Roe's
 * approximate Riemann solver in the edge's normal direction
 * (Roe-MUSCL GPU n.d., eqs. 7-16) with Harten and Hyman's entropy fix
 * (eq. 17), and the bed step between the two cells as a source term
 * projected on the same eigenvectors and upwinded with the waves
 * (Optimized GPU n.d., eqs. 10-14), so that water at rest over any bed
 * stays at rest.
 *
 * States are in the edge's frame: depth h, momentum qn along the normal n
 * (from left to right), qt along t = (-n_y, n_x). The result is the flux
 * that leaves the left cell and the one that enters the right cell; they
 * differ only by the bed source, which each side takes from the waves
 * that travel into it. Compiled as C, CUDA and OpenCL C. */
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

/* Share of a wave of speed s that goes to the left cell. */
SWE_INLINE real swe_mesh_left_share(real s)
{
    return s < (real)0 ? (real)1 : (s > (real)0 ? (real)0 : (real)0.5);
}

/* Roe's flux between two states of which at least one is wet, with the
 * bed rising by bed_step from left to right. */
SWE_INLINE swe_mesh_edge_flux swe_mesh_roe_core(swe_mesh_face l, swe_mesh_face r, real bed_step)
{
    const real g = SWE_GRAVITY;
    real inverse_l = swe_mesh_inverse_depth(l.h), inverse_r = swe_mesh_inverse_depth(r.h);
    real u_l = l.qn * inverse_l, v_l = l.qt * inverse_l;
    real u_r = r.qn * inverse_r, v_r = r.qt * inverse_r;
    real root_l = SWE_SQRT(l.h), root_r = SWE_SQRT(r.h);
    real inverse_roots = (real)1 / (root_l + root_r);
    real u = (root_l * u_l + root_r * u_r) * inverse_roots;
    real v = (root_l * v_l + root_r * v_r) * inverse_roots;
    real h_mean = (real)0.5 * (l.h + r.h);
    real c = SWE_SQRT(g * h_mean);
    real lambda1 = u - c, lambda3 = u + c;
    /* Wave strengths (the jump on the eigenvectors e1 = (1, u - c, v),
     * e2 = (0, 0, 1), e3 = (1, u + c, v)) and source strength (beta3 = -beta1). */
    real half_over_c = (real)0.5 / c;
    real dh = r.h - l.h, dqn = r.qn - l.qn, dqt = r.qt - l.qt;
    real alpha1 = ((u + c) * dh - dqn) * half_over_c;
    real alpha3 = (dqn - (u - c) * dh) * half_over_c;
    real alpha2 = dqt - v * dh;
    real beta1 = g * h_mean * bed_step * half_over_c;
    /* sqrt(g h) as sqrt(g) sqrt(h): two square roots fewer per edge. */
    real c_l = SWE_SQRT(g) * root_l, c_r = SWE_SQRT(g) * root_r;
    real abs1 = swe_mesh_entropy_fixed(lambda1, u_l - c_l, u_r - c_r);
    real abs3 = swe_mesh_entropy_fixed(lambda3, u_l + c_l, u_r + c_r);
    real wave1 = abs1 * alpha1, wave3 = abs3 * alpha3;
    /* F = (F(l) + F(r)) / 2 - |A| (r - l) / 2 */
    real half_g = (real)0.5 * g;
    real flux_h = (real)0.5 * (l.qn + r.qn) - (real)0.5 * (wave1 + wave3);
    real flux_qn =
        (real)0.5 * ((l.qn * u_l + half_g * l.h * l.h) + (r.qn * u_r + half_g * r.h * r.h)) -
        (real)0.5 * (wave1 * lambda1 + wave3 * lambda3);
    real flux_qt = (real)0.5 * (l.qn * v_l + r.qn * v_r) -
                   (real)0.5 * ((wave1 + wave3) * v + SWE_FABS(u) * alpha2);
    /* The source's waves, each to the side it travels to. */
    real w1 = swe_mesh_left_share(lambda1), w3 = swe_mesh_left_share(lambda3);
    real source_left = w1 * beta1 - w3 * beta1;
    real source_right = ((real)1 - w1) * beta1 - ((real)1 - w3) * beta1;
    real source_left_qn = w1 * beta1 * lambda1 - w3 * beta1 * lambda3;
    real source_right_qn = ((real)1 - w1) * beta1 * lambda1 - ((real)1 - w3) * beta1 * lambda3;
    swe_mesh_edge_flux flux;
    flux.left_h = flux_h - source_left;
    flux.left_qn = flux_qn - source_left_qn;
    flux.left_qt = flux_qt - source_left * v;
    flux.right_h = flux_h + source_right;
    flux.right_qn = flux_qn + source_right_qn;
    flux.right_qt = flux_qt + source_right * v;
    flux.max_speed = SWE_FMAX(SWE_FABS(lambda1), SWE_FABS(lambda3));
    return flux;
}

/* A wet state seen from a dry neighbour whose bed rises at least to its
 * surface: the neighbour acts as a wall (the state's mirror image). */
SWE_INLINE swe_mesh_face swe_mesh_mirror(swe_mesh_face face)
{
    face.qn = -face.qn;
    return face;
}

/* The flux with wet/dry fronts: two dry cells exchange nothing; a dry
 * cell whose bed stands above the wet neighbour's surface is a wall to
 * it and receives nothing; a bed drop onto a dry cell counts at most the
 * water depth above it (the water cannot be pushed harder than its own
 * weight), so depths stay positive at fronts. Written as selects around
 * one call of the Roe core rather than as branches, so that a compiler
 * can vectorise a loop of edges (a dry pair computes a discarded flux). */
SWE_INLINE swe_mesh_edge_flux swe_mesh_flux(swe_mesh_face l, swe_mesh_face r, real bed_step)
{
    real dry_l = l.h < SWE_DRY_TOLERANCE ? (real)1 : (real)0;
    real dry_r = r.h < SWE_DRY_TOLERANCE ? (real)1 : (real)0;
    real none = dry_l * dry_r;
    real wall_right = ((real)1 - dry_l) * dry_r * (bed_step >= l.h ? (real)1 : (real)0);
    real wall_left = dry_l * ((real)1 - dry_r) * (-bed_step >= r.h ? (real)1 : (real)0);
    real step = dry_r > (real)0 ? SWE_FMAX(bed_step, -l.h) : bed_step;
    step = dry_l > (real)0 ? SWE_FMIN(step, r.h) : step;
    step = (wall_left + wall_right) > (real)0 ? (real)0 : step;
    swe_mesh_face left = l, right = r;
    left.qn = wall_left > (real)0 ? -r.qn : l.qn;
    left.h = wall_left > (real)0 ? r.h : l.h;
    left.qt = wall_left > (real)0 ? r.qt : l.qt;
    right.qn = wall_right > (real)0 ? -l.qn : r.qn;
    right.h = wall_right > (real)0 ? l.h : r.h;
    right.qt = wall_right > (real)0 ? l.qt : r.qt;
    swe_mesh_edge_flux flux = swe_mesh_roe_core(left, right, step);
    real no_left = none + wall_left, no_right = none + wall_right;
    flux.left_h = no_left > (real)0 ? (real)0 : flux.left_h;
    flux.left_qn = no_left > (real)0 ? (real)0 : flux.left_qn;
    flux.left_qt = no_left > (real)0 ? (real)0 : flux.left_qt;
    flux.right_h = no_right > (real)0 ? (real)0 : flux.right_h;
    flux.right_qn = no_right > (real)0 ? (real)0 : flux.right_qn;
    flux.right_qt = no_right > (real)0 ? (real)0 : flux.right_qt;
    flux.max_speed = none > (real)0 ? (real)0 : flux.max_speed;
    return flux;
}

#endif
