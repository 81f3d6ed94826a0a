/* Boundary conditions (Roe-MUSCL GPU n.d., section 2.6) as ghost states
 * across a boundary edge, in the edge's frame (n outward, t = n rotated
 * left): the interior face state (h, qn, qt) gives the ghost's. Compiled as
 * C, CUDA and OpenCL C. */
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
    SWE_MESH_SUPERCRITICAL_INFLOW = 5,
    /* Radiating (Flather-type) level: level value_a (m) and normal
     * velocity value_b (m/s, leaving the domain) of the mean flow set the
     * incoming invariant only, so that long waves from inside leave
     * instead of reflecting; the interior state where it leaves
     * supercritically. */
    SWE_MESH_LEVEL_RADIATING = 6,
    /* Radiating subcritical inflow: normal velocity value_a (m/s, into the
     * domain) at reference level value_b (m, surface elevation) set the
     * incoming invariant; the inflow follows the level by the same rule. */
    SWE_MESH_INFLOW_RADIATING = 7,
    /* No-slip wall: the slip wall's ghost for the Roe flux, and a viscous
     * flux that holds the tangential velocity at zero on the wall
     * (swe_mesh_wall_viscous_flux). */
    SWE_MESH_WALL_NO_SLIP = 8
};
#define SWE_MESH_CONDITION_KINDS 9

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

/* The ghost of a radiating condition whose reference state outside has
 * depth depth and normal velocity un (outward): the outgoing invariant
 * un + 2c from inside, the incoming un - 2c from the reference. Linearised,
 * u - un = sqrt(g / h) (h - depth): waves leaving carry their own level
 * and velocity through the edge, and nothing comes back. */
SWE_INLINE swe_mesh_face swe_mesh_radiating_ghost(swe_mesh_face inside, real depth, real un)
{
    real inside_un = swe_mesh_velocity(inside.h, inside.qn);
    real c = SWE_SQRT(SWE_GRAVITY * inside.h);
    if (inside_un >= c) {
        return inside;
    }
    real outgoing = inside_un + (real)2 * c;
    real incoming = un - (real)2 * SWE_SQRT(SWE_GRAVITY * SWE_FMAX(depth, (real)0));
    real ghost_c = SWE_FMAX((real)0.25 * (outgoing - incoming), (real)0);
    real ghost_un = (real)0.5 * (outgoing + incoming);
    real ut = ghost_un >= (real)0 ? swe_mesh_velocity(inside.h, inside.qt) : (real)0;
    return swe_mesh_face_of(ghost_c * ghost_c / SWE_GRAVITY, ghost_un, ut);
}

SWE_INLINE swe_mesh_face swe_mesh_ghost(int kind, real value_a, real value_b, swe_mesh_face inside,
                                        real bed)
{
    real invariant =
        swe_mesh_velocity(inside.h, inside.qn) + (real)2 * SWE_SQRT(SWE_GRAVITY * inside.h);
    swe_mesh_face ghost = inside;
    if (kind == SWE_MESH_WALL || kind == SWE_MESH_WALL_NO_SLIP) {
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
    } else if (kind == SWE_MESH_LEVEL_RADIATING) {
        ghost = swe_mesh_radiating_ghost(inside, value_a - bed, value_b);
    } else if (kind == SWE_MESH_INFLOW_RADIATING) {
        ghost = swe_mesh_radiating_ghost(inside, value_b - bed, -value_a);
    }
    return ghost;
}

#endif
