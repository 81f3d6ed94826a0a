/* The time-step rule of the Navier-Stokes solver: the face speeds of the
 * state, the stability limit they and the viscosity set, a fixed dt
 * checked against it (ns_solver.h, ns_time_step.h). */
#include "ns/solver/ns_time_step.h"

#include <math.h>
#include <stdio.h>

double ns_solver_stability_limit(const ns_solver *solver, const double speed[NS_AXES])
{
    double convective = 0.0, diffusive = 0.0;
    for (int axis = 0; axis < NS_AXES; ++axis) {
        convective += speed[axis] / solver->grid.h[axis];
        diffusive +=
            4.0 * solver->parameters.viscosity / (solver->grid.h[axis] * solver->grid.h[axis]);
    }
    double limit = INFINITY;
    if (convective > 0.0) {
        limit = 1.0 / convective;
    }
    if (diffusive > 0.0 && 1.0 / diffusive < limit) {
        limit = 1.0 / diffusive;
    }
    return limit;
}

int ns_solver_speeds(ns_solver *solver, double speed[NS_AXES], swe_error *err)
{
    if (solver == NULL || solver->ext == NULL || speed == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: speeds of a started solver");
    }
    if (!solver->speed_known) {
        int status = solver->backend->max_speeds(solver, solver->speed, err);
        if (status == SWE_OK && solver->slabs != NULL) {
            status = solver->slabs->max(solver->slabs->context, solver->speed, NS_AXES, err);
        }
        if (status != SWE_OK) {
            return status;
        }
        for (int face = 0; face < NS_FACES; ++face) {
            for (int c = 0; c < NS_AXES; ++c) {
                double wall = fabs(solver->grid.wall[face].velocity[c]), here = solver->speed[c];
                solver->speed[c] = here >= wall || here != here ? here : wall; /* NaN stays */
            }
        }
        solver->speed_known = 1;
    }
    for (int c = 0; c < NS_AXES; ++c) {
        speed[c] = solver->speed[c];
    }
    return SWE_OK;
}

static int refuse_dt(const ns_solver *solver, double limit, swe_error *err)
{
    return swe_fail(err, SWE_ERROR_USAGE,
                    "dt = %g s is beyond the stability limit %g s at t = %g s (convective and "
                    "diffusive): choose dt <= %g or let the CFL choose",
                    solver->parameters.fixed_dt, limit, solver->t, limit);
}

int ns_solver_check_fixed_dt(ns_solver *solver, swe_error *err)
{
    double speed[NS_AXES];
    int status = ns_solver_speeds(solver, speed, err);
    if (status != SWE_OK || !(solver->parameters.fixed_dt > 0.0)) {
        return status;
    }
    double limit = ns_solver_stability_limit(solver, speed);
    return solver->parameters.fixed_dt > limit ? refuse_dt(solver, limit, err) : SWE_OK;
}

int ns_time_step_choose(ns_solver *solver, double max_dt, double *dt, swe_error *err)
{
    double speed[NS_AXES];
    int status = ns_solver_speeds(solver, speed, err);
    *dt = 0.0;
    if (status != SWE_OK) {
        return status;
    }
    if (!isfinite(speed[0] + speed[1] + speed[2])) {
        snprintf(solver->invalid, sizeof solver->invalid,
                 "a face velocity is no longer finite (max |u|, |v|, |w| = %g, %g, %g m/s)",
                 speed[0], speed[1], speed[2]);
        return SWE_OK;
    }
    double limit = ns_solver_stability_limit(solver, speed);
    const ns_parameters *p = &solver->parameters;
    if (p->fixed_dt > 0.0 && p->fixed_dt > limit && solver->steps == 0) {
        return refuse_dt(solver, limit, err);
    }
    if (p->fixed_dt > 0.0 && p->fixed_dt > limit) {
        snprintf(solver->invalid, sizeof solver->invalid,
                 "the flow outgrew the fixed dt = %g s: max |u|, |v|, |w| = %g, %g, %g m/s "
                 "allow %g s (blow-up)",
                 p->fixed_dt, speed[0], speed[1], speed[2], limit);
        return SWE_OK;
    }
    if (p->fixed_dt > 0.0) {
        *dt = p->fixed_dt;
    } else if (isinf(limit)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "no flow and no viscosity: nothing sets dt; give a fixed dt");
    } else {
        *dt = p->cfl * limit;
    }
    if (max_dt > 0.0 && *dt > max_dt) {
        *dt = max_dt;
    }
    return SWE_OK;
}
