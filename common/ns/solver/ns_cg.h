/* The pressure solve of one step: conjugate gradients on minus the
 * Laplacian over open faces, preconditioned with the FFT solve of the
 * obstacle-free problem (Costarelli et al. n.d., section 3.5), from the
 * previous pressure. Without obstacles the preconditioner is the exact
 * inverse and one iteration converges; solid cells make the operator differ
 * from it. */
#ifndef NS_CG_H
#define NS_CG_H

#include "ns/solver/ns_solver.h"

/* Solves A p = b (the backend's NS_RHS) to the solver's relative residual
 * tolerance ||b - A p|| <= tol ||b||, recording the iterations and the
 * residual in solver; SWE_ERROR_RUNTIME when it does not converge within
 * the iteration limit or breaks down (a non-positive curvature); the
 * residual is then NaN where the vectors held values that are not finite. */
int ns_cg_solve(ns_solver *solver, swe_error *err);

#endif
