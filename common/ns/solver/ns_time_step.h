/* The dt of one fractional step (ns_solver.c): fixed_dt, or cfl times
 * the stability limit of the current state, at most max_dt (0: no bound).
 * A state that allows none (a velocity that is not finite, a flow that
 * outgrew a fixed dt after the first step) gives dt 0 and sets
 * solver->invalid; a fixed dt beyond the limit of the first step is
 * SWE_ERROR_USAGE. */
#ifndef NS_TIME_STEP_H
#define NS_TIME_STEP_H

#include "ns/solver/ns_solver.h"

int ns_time_step_choose(ns_solver *solver, double max_dt, double *dt, swe_error *err);

#endif
