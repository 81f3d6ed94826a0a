/* Where a ghost value comes from (C and CUDA): value = sign * field[source]
 * + offset, with source the index along the axis of the ghost. Ghosts are
 * filled one axis after the other over the full padded extent of the other
 * axes, so edges and corners come out consistent. */
#ifndef NS_BOUNDARY_H
#define NS_BOUNDARY_H

#include "core/real.h"
#include "ns/grid/ns_grid.h"

/* What is being filled: a velocity component (0..2), a scalar that is
 * periodic or mirrored at walls (pressure, CG vectors), or the fluid mask
 * (0 behind walls). */
enum { NS_FILL_SCALAR = 3, NS_FILL_MASK = 4 };

typedef struct ns_ghost_rule {
    int source;  /* index along the axis, -NS_GHOST..n+NS_GHOST-1 */
    real sign;   /* 0, 1 or -1 */
    real offset; /* twice a no-slip wall's tangential velocity */
} ns_ghost_rule;

/* Ghost layer `layer` (0 next to the domain) on side `side` (0 minus, 1
 * plus) of an axis with n cells whose wall there is `kind`; what is filled
 * is `what` (component 0..2, NS_FILL_SCALAR, NS_FILL_MASK), the axis is
 * `axis`, and wall_velocity the wall's velocity along component `what`. */
SWE_INLINE ns_ghost_rule ns_ghost_rule_for(int axis, int side, int layer, int n,
                                           enum ns_wall_kind kind, int what, real wall_velocity)
{
    ns_ghost_rule rule;
    rule.sign = (real)1;
    rule.offset = (real)0;
    int mirror = side == 0 ? layer : n - 1 - layer; /* mirror image across the wall */
    if (kind == NS_PERIODIC) {
        rule.source = side == 0 ? n - 1 - layer : layer;
        return rule;
    }
    rule.source = mirror;
    if (what == NS_FILL_MASK) {
        rule.sign = (real)0; /* no fluid behind a wall */
    } else if (what == axis) {
        /* The normal velocity lives on faces: the wall itself is face -1
         * (minus) or face n - 1 (plus, kept 0 by the fluid mask), and the
         * faces behind it hold the odd mirror of those in front. */
        rule.sign = side == 0 && layer == 0 ? (real)0 : (real)-1;
        rule.source = side == 0 ? (layer > 0 ? layer - 1 : 0) : n - 2 - layer;
    } else if (what < NS_FILL_SCALAR && kind == NS_NO_SLIP) {
        /* Tangential velocity: the wall's own value halfway between. */
        rule.sign = (real)-1;
        rule.offset = (real)2 * wall_velocity;
    }
    return rule;
}

#endif
