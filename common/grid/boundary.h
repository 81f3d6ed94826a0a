/* Boundary conditions: ghost cells filled from the interior cells next to
 * them, on WALL (reflecting) and OUTFLOW (transmissive) edges. */
#ifndef SWE_BOUNDARY_H
#define SWE_BOUNDARY_H

#include "core/real.h"

/* Ghost value for a quantity of the inner cell beside it: the momentum
 * normal to a wall changes sign, everything else is copied. Shared with
 * the GPU kernels. */
SWE_INLINE real swe_ghost_value(int boundary_is_wall, int is_normal_momentum, real inner)
{
    return (boundary_is_wall && is_normal_momentum) ? -inner : inner;
}

/* The ghost cell of a WALL or OUTFLOW edge, from the inner cell beside it
 * (h, hu, hv, b) and the bed b_next of the cell after that, inwards (the
 * inner cell's own bed where the block is one cell wide). Shared by every
 * backend, so that all of them see the same ghosts.
 * A wall is the inner cell mirrored: normal momentum negated.
 * An outflow ghost keeps the inner cell's surface and velocities, on the
 * higher of the two inner beds. A copied ghost (the zero-gradient rule)
 * keeps a lake at rest too, but where the boundary cell lies below its
 * inner neighbour it is a pit that the hydrostatic reconstruction of HLLE
 * and Rusanov opens to the inside only through the neighbour's sill and to
 * the outside with its whole depth; that feedback grows from round-off
 * without bound. On the higher bed, both sides of the boundary cell see
 * the same sill, and on a flat bed the ghost is the copy, bit for bit. */
typedef struct swe_ghost_cell {
    real h, hu, hv, b;
} swe_ghost_cell;

SWE_INLINE swe_ghost_cell swe_boundary_ghost(int boundary_is_wall, int normal_is_hu, real h,
                                             real hu, real hv, real b, real b_next)
{
    swe_ghost_cell ghost;
    ghost.b = boundary_is_wall ? b : SWE_FMAX(b, b_next);
    ghost.h = SWE_FMAX((real)0, h - (ghost.b - b));
    real kept = h > (real)0 ? ghost.h / h : (real)0; /* exactly 1 on a flat bed */
    ghost.hu = swe_ghost_value(boundary_is_wall, normal_is_hu, hu * kept);
    ghost.hv = swe_ghost_value(boundary_is_wall, !normal_is_hu, hv * kept);
    return ghost;
}

#ifndef __OPENCL_VERSION__
#include "grid/block.h"

/* Fills the ghost layers of the host arrays on every WALL and OUTFLOW
 * edge; CONNECT edges are left to the neighbour exchange. */
void swe_set_boundary_layers(swe_block *block);
#endif

#endif
