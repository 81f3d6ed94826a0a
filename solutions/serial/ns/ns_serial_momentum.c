/* Exercise 11, the serial part: the momentum residual R(u) of the three
 * velocity components at the faces of one plane. The arithmetic of one
 * face is ns/grid/ns_stencils.h's, shared with the CUDA kernels. */
#include "backends/serial/ns/ns_serial_kernels.h"

#include "ns/grid/ns_stencils.h"

/* The residual of one component along the row of faces from padded index
 * start to start + nx - 1. `restrict` promises that residual and the
 * velocities do not overlap, so that GCC vectorises the loop. */
NS_ROW_LOOP void momentum_row(const ns_geometry *g, const real *restrict u, const real *restrict v,
                              const real *restrict w, real *restrict residual, real viscosity,
                              real force, int component, long start)
{
    for (long c = start; c < start + g->n[0]; ++c) {
        /* BEGIN SOLUTION: the momentum residual of this component at face c. Fill an
         * ns_neighbourhood with ns_gather (u, v, w, the component, c, the strides g->stride) and
         * store ns_momentum_residual(&neighbourhood, g->inv_h, viscosity, force) in residual[c]. */
        ns_neighbourhood neighbourhood;
        ns_gather(u, v, w, component, c, g->stride, &neighbourhood);
        residual[c] = ns_momentum_residual(&neighbourhood, g->inv_h, viscosity, force);
        /* END SOLUTION */
    }
}

void ns_serial_momentum_plane(const ns_cpu_arrays *a, int k)
{
    const ns_geometry *g = &a->geometry;
    real *const *u = a->velocity;
    for (int j = 0; j < g->n[1]; ++j) {
        long start = ns_row_start(g, j, k);
        momentum_row(g, u[0], u[1], u[2], a->residual[0], a->viscosity, a->force[0], 0, start);
        momentum_row(g, u[0], u[1], u[2], a->residual[1], a->viscosity, a->force[1], 1, start);
        momentum_row(g, u[0], u[1], u[2], a->residual[2], a->viscosity, a->force[2], 2, start);
    }
}
