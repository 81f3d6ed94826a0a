/* A cell as one side of the edges around it, for any solver: the kernels
 * that meet each cell at four edges (the top GPU levels) describe it once
 * as a swe_fwave_side, with the velocities and square roots that the
 * f-wave solver derives from one cell taken once per cell instead of once
 * per edge side; the other solvers read its state only, and the compiler
 * drops the rest. Compiled as C, CUDA and OpenCL C. */
#ifndef SWE_SOLVER_SIDES_H
#define SWE_SOLVER_SIDES_H

#include "shallow_water/riemann.h"

/* The cell (h, hn, ht, b) as a side of its vertical edges (hn = hu,
 * ht = hv); swe_fwave_transposed turns it to its horizontal edges. */
SWE_INLINE swe_fwave_side swe_side_for(int solver, real h, real hn, real ht, real b)
{
    if (solver == SWE_SOLVER_FWAVE) {
        return swe_fwave_side_of(h, hn, ht, b);
    }
    swe_fwave_side side = {h, hn, ht, b, (real)0, (real)0, (real)0, (real)0};
    return side;
}

/* The Riemann problem between two sides: the f-wave solver from the
 * sides' own velocities and roots (the same numbers as swe_fwave), the
 * other solvers from their states. known_wet: 1, a constant, where the
 * caller knows both sides to be wet (the f-wave solver then drops its dry
 * and wall cases: the same result, fewer instructions). */
SWE_INLINE swe_net_updates swe_riemann_sides_known_wet(int solver, swe_fwave_side l,
                                                       swe_fwave_side r, int known_wet)
{
    if (solver == SWE_SOLVER_FWAVE) {
        return swe_fwave_sides_known_wet(l, r, known_wet);
    }
    return swe_riemann(solver, l.h, r.h, l.hn, r.hn, l.ht, r.ht, l.b, r.b);
}

SWE_INLINE swe_net_updates swe_riemann_sides(int solver, swe_fwave_side l, swe_fwave_side r)
{
    return swe_riemann_sides_known_wet(solver, l, r, 0);
}

/* swe_riemann_sides for vectorised loops: the f-wave solver without its
 * rare HLL fallback, *fallback set to 1 where the caller must solve the
 * edge again with swe_riemann_sides (the updates returned are then not
 * the edge's); the other solvers are whole and set it to 0. known_wet as
 * in swe_riemann_sides_known_wet. */
SWE_INLINE swe_net_updates swe_riemann_sides_deferred(int solver, swe_fwave_side l,
                                                      swe_fwave_side r, int known_wet,
                                                      real *fallback)
{
    if (solver == SWE_SOLVER_FWAVE) {
        return swe_fwave_split(l, r, known_wet, 1, fallback);
    }
    *fallback = (real)0;
    return swe_riemann(solver, l.h, r.h, l.hn, r.hn, l.ht, r.ht, l.b, r.b);
}

#endif
