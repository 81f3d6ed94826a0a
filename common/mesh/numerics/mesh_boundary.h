/* Boundary conditions of 000 (section 2.6) as ghost states across a
 * boundary edge, in the edge's frame (n outward, t = n rotated left):
 * the interior face state (h, qn, qt) gives the ghost's. Compiled as C,
 * CUDA and OpenCL C. */
#ifndef SWE_MESH_BOUNDARY_H
#define SWE_MESH_BOUNDARY_H

#include "mesh/numerics/mesh_roe.h"

enum swe_mesh_condition_kind {
    /* Slip wall (eq. 26): the normal velocity mirrored. */
    SWE_MESH_WALL = 0,
    /* Free (supercritical) outflow (eq. 30): the interior state. */
    SWE_MESH_FREE_OUTFLOW = 1,
    /* Imposed water level value_a (m, surface elevation): subcritical
     * outflow (eq. 29) or inflow (eq. 27) by the interior velocity, the
     * interior state where it leaves supercritically. */
    SWE_MESH_LEVEL = 2,
    /* Subcritical inflow of normal velocity value_a (m/s, into the
     * domain), depth from the outgoing Riemann invariant. */
    SWE_MESH_INFLOW_VELOCITY = 3,
    /* Subcritical inflow of unit discharge value_a (m^2/s), depth from
     * the outgoing Riemann invariant. */
    SWE_MESH_INFLOW_DISCHARGE = 4,
    /* Supercritical inflow (eq. 28): depth value_a (m), velocity value_b
     * (m/s, into the domain). */
    SWE_MESH_SUPERCRITICAL_INFLOW = 5
};
#define SWE_MESH_CONDITION_KINDS 6

/* Celerity c of the subcritical inflow of unit discharge q whose outgoing
 * invariant u + 2c equals invariant, with u = -q g / c^2: the root of
 * 2c^3 - invariant c^2 - q g = 0 above invariant / 2. Newton from above
 * converges without overshoot there (the cubic is convex and rising);
 * a fixed count of steps keeps every backend on the same bits. */
SWE_INLINE real swe_mesh_inflow_celerity(real invariant, real q)
{
    real qg = q * SWE_GRAVITY;
    /* Above the root: c^2 (2c - invariant) >= c^3 > qg here. */
    real c = SWE_FMAX(invariant, (real)0) + (real)1 + qg;
    for (int k = 0; k < 40; ++k) {
        real f = ((real)2 * c - invariant) * c * c - qg;
        real slope = c * ((real)6 * c - (real)2 * invariant);
        c = slope > (real)0 ? c - f / slope : c;
    }
    return c;
}

SWE_INLINE swe_mesh_face swe_mesh_face_of(real h, real un, real ut)
{
    swe_mesh_face face;
    face.h = h;
    face.qn = h * un;
    face.qt = h * ut;
    return face;
}

/* The ghost of a level condition: the level's depth above the interior
 * cell's bed, with the normal velocity from the outgoing invariant. */
SWE_INLINE swe_mesh_face swe_mesh_level_ghost(swe_mesh_face inside, real level, real bed)
{
    real un = swe_mesh_velocity(inside.h, inside.qn), ut = swe_mesh_velocity(inside.h, inside.qt);
    real c = SWE_SQRT(SWE_GRAVITY * inside.h);
    if (un >= c) {
        return inside;
    }
    real depth = SWE_FMAX(level - bed, (real)0);
    real ghost_un = un + (real)2 * (c - SWE_SQRT(SWE_GRAVITY * depth));
    return swe_mesh_face_of(depth, ghost_un, un >= (real)0 ? ut : (real)0);
}

SWE_INLINE swe_mesh_face swe_mesh_ghost(int kind, real value_a, real value_b, swe_mesh_face inside,
                                        real bed)
{
    real invariant =
        swe_mesh_velocity(inside.h, inside.qn) + (real)2 * SWE_SQRT(SWE_GRAVITY * inside.h);
    swe_mesh_face ghost = inside;
    if (kind == SWE_MESH_WALL) {
        ghost.qn = -inside.qn;
    } else if (kind == SWE_MESH_LEVEL) {
        ghost = swe_mesh_level_ghost(inside, value_a, bed);
    } else if (kind == SWE_MESH_INFLOW_VELOCITY) {
        real c = SWE_FMAX((real)0.5 * (invariant + value_a), (real)0);
        ghost = swe_mesh_face_of(c * c / SWE_GRAVITY, -value_a, (real)0);
    } else if (kind == SWE_MESH_INFLOW_DISCHARGE) {
        real c = swe_mesh_inflow_celerity(invariant, value_a);
        ghost.h = c * c / SWE_GRAVITY;
        ghost.qn = -value_a;
        ghost.qt = (real)0;
    } else if (kind == SWE_MESH_SUPERCRITICAL_INFLOW) {
        ghost = swe_mesh_face_of(value_a, -value_b, (real)0);
    }
    return ghost;
}

#endif
