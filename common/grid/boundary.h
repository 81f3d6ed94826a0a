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

#ifndef __OPENCL_VERSION__
#include "grid/block.h"

/* Fills the ghost layers of the host arrays on every WALL and OUTFLOW
 * edge; CONNECT edges are left to the neighbour exchange. */
void swe_set_boundary_layers(swe_block *block);
#endif

#endif
