/* The shadow model, a test double: each application's serial kernels on a
 * private copy of its state, as a device keeps its own, so that a driver
 * or a test that reads the host arrays without synchronising them is
 * caught (they hold stale values here as on a GPU). It shows that a model
 * is tested by being registered: the agreement suites of every application
 * find it in the registry, no test names it.
 *
 * SWE_SHADOW_FAULT=F in the environment (read at init) makes it wrong on
 * purpose, for the tests that show a wrong model is caught. */
#ifndef SWE_SHADOW_MODEL_H
#define SWE_SHADOW_MODEL_H

#include "core/real.h"
#include "run/models.h"

extern const swe_programming_model swe_shadow_model;

/* SWE_SHADOW_FAULT: a relative error >= 0 (0 when unset). */
int swe_shadow_fault(double *fault, swe_error *err);

/* value made wrong by fault: multiplied by 1 + fault, or moved up by one
 * unit in the last place where that changes nothing. */
real swe_shadow_spoil(real value, double fault);

#endif
