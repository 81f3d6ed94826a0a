#include "ns/solver/ns_cg.h"

#include "core/timer.h"

#include <math.h>

/* Every verb call below returns on failure. */
#define NS_TRY(call)                                                                               \
    do {                                                                                           \
        int ns_try_status = (call);                                                                \
        if (ns_try_status != SWE_OK) {                                                             \
            return ns_try_status;                                                                  \
        }                                                                                          \
    } while (0)

/* z = M r; with profiling on, its time apart (waiting for the device). */
static int precondition(ns_solver *solver, swe_error *err)
{
    const ns_backend *b = solver->backend;
    double start = solver->parameters.profile ? swe_wall_seconds() : 0.0;
    int status = b->precondition(solver, NS_RESIDUAL, NS_PRECONDITIONED, err);
    if (status == SWE_OK && solver->parameters.profile) {
        status = b->finish != NULL ? b->finish(solver, err) : SWE_OK;
        solver->stage_seconds[NS_STAGE_PRECONDITION] += swe_wall_seconds() - start;
    }
    return status;
}

/* r = b - A p, the residual of the previous pressure. */
static int initial_residual(ns_solver *solver, swe_error *err)
{
    const ns_backend *b = solver->backend;
    NS_TRY(b->laplacian(solver, NS_PRESSURE, NS_PRODUCT, err));
    NS_TRY(b->xpay(solver, NS_RHS, (real)0, NS_RESIDUAL, err));
    return b->axpy(solver, (real)-1, NS_PRODUCT, NS_RESIDUAL, err);
}

static int not_converged(const ns_solver *solver, int iterations, double relative, swe_error *err)
{
    return swe_fail(err, SWE_ERROR_RUNTIME,
                    "the pressure solve did not converge at t = %g s (step %ld): relative "
                    "residual %.3e after %d iterations, tolerance %.1e",
                    solver->t, solver->steps, relative, iterations,
                    solver->parameters.cg_tolerance);
}

int ns_cg_solve(ns_solver *solver, swe_error *err)
{
    const ns_backend *b = solver->backend;
    const double tolerance = solver->parameters.cg_tolerance;
    double bb, rr, rz, dq;
    NS_TRY(b->remove_mean(solver, NS_RHS, err));
    NS_TRY(b->dot(solver, NS_RHS, NS_RHS, &bb, err));
    NS_TRY(initial_residual(solver, err));
    NS_TRY(b->dot(solver, NS_RESIDUAL, NS_RESIDUAL, &rr, err));
    solver->cg_iterations = 0;
    solver->cg_residual = bb > 0.0 ? sqrt(rr / bb) : 0.0;
    if (!isfinite(bb) || !isfinite(rr)) {
        solver->cg_residual = NAN; /* the state went wrong, not the solve */
        return not_converged(solver, 0, NAN, err);
    }
    if (bb == 0.0 || solver->cg_residual <= tolerance) {
        return SWE_OK;
    }
    NS_TRY(precondition(solver, err));
    NS_TRY(b->xpay(solver, NS_PRECONDITIONED, (real)0, NS_DIRECTION, err));
    NS_TRY(b->dot(solver, NS_RESIDUAL, NS_PRECONDITIONED, &rz, err));
    for (int iteration = 1; iteration <= solver->parameters.cg_max_iterations; ++iteration) {
        NS_TRY(b->laplacian(solver, NS_DIRECTION, NS_PRODUCT, err));
        NS_TRY(b->dot(solver, NS_DIRECTION, NS_PRODUCT, &dq, err));
        if (!(dq > 0.0) || !(rz > 0.0)) {
            return not_converged(solver, iteration, solver->cg_residual, err);
        }
        double alpha = rz / dq;
        NS_TRY(b->axpy(solver, (real)alpha, NS_DIRECTION, NS_PRESSURE, err));
        NS_TRY(b->axpy(solver, (real)-alpha, NS_PRODUCT, NS_RESIDUAL, err));
        NS_TRY(b->dot(solver, NS_RESIDUAL, NS_RESIDUAL, &rr, err));
        solver->cg_iterations = iteration;
        solver->cg_residual = sqrt(rr / bb);
        solver->cg_iterations_total += 1;
        if (solver->cg_residual <= tolerance) {
            return SWE_OK;
        }
        double rz_before = rz;
        NS_TRY(precondition(solver, err));
        NS_TRY(b->dot(solver, NS_RESIDUAL, NS_PRECONDITIONED, &rz, err));
        NS_TRY(b->xpay(solver, NS_PRECONDITIONED, (real)(rz / rz_before), NS_DIRECTION, err));
    }
    return not_converged(solver, solver->parameters.cg_max_iterations, solver->cg_residual, err);
}
