/* Ghost layers of the state on WALL and OUTFLOW edges, filled on the
 * device before the kernels of levels 1 to 3 run (the fused levels apply
 * the boundary conditions as they read the cells instead). Work item k
 * fills ghost k + 1 of every such edge: the same cells, by the same rules,
 * as the host's swe_set_boundary_layers (swe_fill_ghosts). */
#include "backends/opencl/cartesian/kernel_support.h"

__kernel void set_ghost_layers(int nx, int ny, int stride, int wall_edges, int derived_edges,
                               __global real *h, __global real *hu, __global real *hv,
                               __global real *b)
{
    swe_fill_ghosts(h, hu, hv, b, nx, ny, stride, wall_edges, derived_edges,
                    1 + (int)get_global_id(0));
}
