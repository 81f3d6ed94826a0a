/* The Riemann solvers behind one interface, usable from C, CUDA and OpenCL C.
 * Each takes the states on the two sides of an edge - depth h, momentum
 * normal to the edge hn, momentum along the edge ht, bathymetry b - and
 * returns the net updates that the edge sends to its left and right cells
 * (A-dQ and A+dQ of the wave-propagation form) and its fastest wave speed. */
#ifndef SWE_RIEMANN_H
#define SWE_RIEMANN_H

#include "core/real.h"

enum swe_solver {
    SWE_SOLVER_FWAVE = 0,
    SWE_SOLVER_HLLE,
    SWE_SOLVER_RUSANOV,
    SWE_SOLVER_AUGRIE,
    SWE_SOLVER_COUNT
};

typedef struct swe_net_updates {
    real h_left, h_right;   /* depth */
    real hn_left, hn_right; /* momentum normal to the edge */
    real ht_left, ht_right; /* momentum along the edge */
    real max_speed;         /* fastest wave at this edge, m/s */
} swe_net_updates;

#include "shallow_water/riemann_augrie.h"
#include "shallow_water/riemann_common.h"
#include "shallow_water/riemann_fwave.h"
#include "shallow_water/riemann_hlle.h"
#include "shallow_water/riemann_rusanov.h"

/* Dispatch on a solver known at compile time in hot loops (the branch
 * folds away) or uniform across a GPU warp. */
SWE_INLINE swe_net_updates swe_riemann(int solver, real h_l, real h_r, real hn_l, real hn_r,
                                       real ht_l, real ht_r, real b_l, real b_r)
{
    if (solver == SWE_SOLVER_HLLE) {
        return swe_hlle(h_l, h_r, hn_l, hn_r, ht_l, ht_r, b_l, b_r);
    }
    if (solver == SWE_SOLVER_RUSANOV) {
        return swe_rusanov(h_l, h_r, hn_l, hn_r, ht_l, ht_r, b_l, b_r);
    }
    if (solver == SWE_SOLVER_AUGRIE) {
        return swe_augrie(h_l, h_r, hn_l, hn_r, ht_l, ht_r, b_l, b_r);
    }
    return swe_fwave(h_l, h_r, hn_l, hn_r, ht_l, ht_r, b_l, b_r);
}

#endif
