#include "staggered/ns_solver.h"

#include "staggered/ns_boundary.h"
#include "staggered/ns_cg.h"
#include "staggered/ns_ghost.h"

#include "core/timer.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef SWE_PRECISION_DOUBLE
#define NS_DEFAULT_TOLERANCE 1e-10
#else
#define NS_DEFAULT_TOLERANCE 1e-6
#endif

static int check_parameters(const ns_parameters *p, swe_error *err)
{
    if (!(p->viscosity >= 0.0) || !isfinite(p->viscosity)) {
        return swe_fail(err, SWE_ERROR_USAGE, "the viscosity must be >= 0 and finite, not %g",
                        p->viscosity);
    }
    if (!(p->density > 0.0) || !isfinite(p->density)) {
        return swe_fail(err, SWE_ERROR_USAGE, "the density must be > 0 and finite, not %g",
                        p->density);
    }
    if (!isfinite(p->force[0] + p->force[1] + p->force[2])) {
        return swe_fail(err, SWE_ERROR_USAGE, "the body force must be finite");
    }
    if (!(p->cfl >= 0.0 && p->cfl <= 1.0)) {
        return swe_fail(err, SWE_ERROR_USAGE, "the CFL factor must be in (0, 1], not %g", p->cfl);
    }
    if (!(p->fixed_dt >= 0.0) || !isfinite(p->fixed_dt)) {
        return swe_fail(err, SWE_ERROR_USAGE, "a fixed dt must be > 0 and finite, not %g",
                        p->fixed_dt);
    }
    if (!(p->cg_tolerance >= 0.0 && p->cg_tolerance < 1.0)) {
        return swe_fail(err, SWE_ERROR_USAGE, "the CG tolerance must be in (0, 1), not %g",
                        p->cg_tolerance);
    }
    if (p->cg_max_iterations < 0 || p->level < 0 || p->threads < 0) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "CG iterations, level and threads must not be negative");
    }
    return SWE_OK;
}

static int allocate_state(ns_solver *solver)
{
    size_t cells = solver->grid.cells;
    for (int c = 0; c < NS_AXES; ++c) {
        solver->velocity[c] = calloc(cells, sizeof(real));
        solver->history[c] = calloc(cells, sizeof(real));
        if (solver->velocity[c] == NULL || solver->history[c] == NULL) {
            return -1;
        }
    }
    solver->pressure = calloc(cells, sizeof(real));
    solver->fluid = calloc(cells, 1);
    if (solver->pressure == NULL || solver->fluid == NULL) {
        return -1;
    }
    const ns_grid *g = &solver->grid;
    for (int k = 0; k < g->n[2]; ++k) {
        for (int j = 0; j < g->n[1]; ++j) {
            memset(solver->fluid + ns_index(g, 0, j, k), 1, (size_t)g->n[0]);
        }
    }
    return 0;
}

int ns_solver_create(const ns_grid *grid, const ns_parameters *parameters, const char *backend_name,
                     ns_solver **out, swe_error *err)
{
    if (grid == NULL || parameters == NULL || out == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: ns_solver_create needs all arguments");
    }
    int status = check_parameters(parameters, err);
    if (status != SWE_OK) {
        return status;
    }
    const ns_backend *backend = ns_backend_find(backend_name);
    if (backend == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "Navier-Stokes backend '%s' is not built into this binary",
                        backend_name != NULL ? backend_name : "(none)");
    }
    const char *missing = ns_backend_missing_verb(backend);
    if (missing != NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "backend '%s' lacks the required verb %s",
                        backend->name, missing);
    }
    /* Host state (7 fields) and a backend's work arrays (about 9 more):
     * refused up front rather than left to the kernel's overcommit. */
    double needed = (double)grid->cells * (16.0 * sizeof(real) + 1.0);
    double available = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
    if (available > 0.0 && needed > available) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "%d x %d x %d cells need about %.1f GiB; this machine has %.1f GiB",
                        grid->n[0], grid->n[1], grid->n[2], needed / 1073741824.0,
                        available / 1073741824.0);
    }
    ns_solver *solver = calloc(1, sizeof *solver);
    if (solver == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the solver");
    }
    solver->grid = *grid;
    solver->parameters = *parameters;
    ns_parameters *p = &solver->parameters;
    p->cfl = p->cfl > 0.0 ? p->cfl : 0.5;
    p->cg_tolerance = p->cg_tolerance > 0.0 ? p->cg_tolerance : NS_DEFAULT_TOLERANCE;
    p->cg_max_iterations = p->cg_max_iterations > 0 ? p->cg_max_iterations : 100;
    solver->backend = backend;
    if (allocate_state(solver) != 0) {
        ns_solver_destroy(solver);
        return swe_fail(err, SWE_ERROR_USAGE,
                        "%d x %d x %d cells do not fit in memory (%.1f GiB of host fields)",
                        grid->n[0], grid->n[1], grid->n[2],
                        (double)grid->cells * (7.0 * sizeof(real) + 1.0) / 1073741824.0);
    }
    *out = solver;
    return SWE_OK;
}

int ns_solver_start(ns_solver *solver, swe_error *err)
{
    if (solver == NULL || solver->ext != NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: start a created solver once");
    }
    const ns_grid *g = &solver->grid;
    ns_fill_mask_ghosts(g, solver->fluid);
    for (int c = 0; c < NS_AXES; ++c) {
        real *u = solver->velocity[c];
        for (size_t cell = 0; cell + g->stride[c] < g->cells; ++cell) {
            if (!(solver->fluid[cell] & solver->fluid[cell + g->stride[c]])) {
                u[cell] = (real)0;
            }
        }
        ns_fill_ghosts(g, u, c);
    }
    ns_fill_ghosts(g, solver->pressure, NS_FILL_SCALAR);
    return solver->backend->init(solver, err);
}

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

/* The face speeds of the state and of the walls, and the dt of this step. */
static int choose_dt(ns_solver *solver, double max_dt, double *dt, swe_error *err)
{
    double speed[NS_AXES];
    int status = solver->backend->max_speeds(solver, speed, err);
    if (status != SWE_OK) {
        return status;
    }
    for (int face = 0; face < NS_FACES; ++face) {
        for (int c = 0; c < NS_AXES; ++c) {
            speed[c] = fmax(speed[c], fabs(solver->grid.wall[face].velocity[c]));
        }
    }
    if (!isfinite(speed[0] + speed[1] + speed[2])) {
        return swe_fail(err, SWE_ERROR_RUNTIME,
                        "the velocity is no longer finite at t = %g s (step %ld): unstable",
                        solver->t, solver->steps);
    }
    double limit = ns_solver_stability_limit(solver, speed);
    const ns_parameters *p = &solver->parameters;
    if (p->fixed_dt > 0.0) {
        if (p->fixed_dt > limit) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "dt = %g s is beyond the stability limit %g s at t = %g s "
                            "(convective and diffusive): choose dt <= %g or let the CFL choose",
                            p->fixed_dt, limit, solver->t, limit);
        }
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

/* With profiling on, waits for the backend and adds the time since *mark
 * to the stage; without, only passes the status on. */
static int stage_done(ns_solver *solver, enum ns_stage stage, double *mark, int status,
                      swe_error *err)
{
    if (status != SWE_OK || !solver->parameters.profile) {
        return status;
    }
    if (solver->backend->finish != NULL) {
        status = solver->backend->finish(solver, err);
    }
    double now = swe_wall_seconds();
    solver->stage_seconds[stage] += now - *mark;
    *mark = now;
    return status;
}

int ns_solver_step(ns_solver *solver, double max_dt, swe_error *err)
{
    if (solver == NULL || solver->ext == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: step a started solver");
    }
    const ns_backend *b = solver->backend;
    const double density = solver->parameters.density;
    double dt = 0.0, mark = swe_wall_seconds();
    int status =
        stage_done(solver, NS_STAGE_TIME_STEP, &mark, choose_dt(solver, max_dt, &dt, err), err);
    if (status == SWE_OK) {
        status = stage_done(solver, NS_STAGE_MOMENTUM, &mark, b->momentum(solver, err), err);
    }
    if (status == SWE_OK) {
        /* Adams-Bashforth 2 with a variable step (forward Euler first):
         * u* = u + dt ((1 + r/2) R^n - (r/2) R^{n-1}), r = dt / last dt. */
        double ratio = solver->have_history ? dt / solver->last_dt : 0.0;
        status = b->predict(solver, (real)dt, (real)(1.0 + 0.5 * ratio), (real)(0.5 * ratio), err);
        status = stage_done(solver, NS_STAGE_PREDICT, &mark, status, err);
    }
    if (status == SWE_OK) {
        status = b->divergence(solver, (real)(-density / dt), err);
        status = stage_done(solver, NS_STAGE_DIVERGENCE, &mark, status, err);
    }
    if (status == SWE_OK) {
        status = stage_done(solver, NS_STAGE_PRESSURE, &mark, ns_cg_solve(solver, err), err);
    }
    if (status == SWE_OK) {
        status = b->correct(solver, (real)(dt / density), err);
        status = stage_done(solver, NS_STAGE_CORRECT, &mark, status, err);
    }
    if (status == SWE_OK) {
        solver->t += dt;
        solver->steps += 1;
        solver->last_dt = dt;
        solver->have_history = 1;
    }
    return status;
}

int ns_solver_advance(ns_solver *solver, double t_end, swe_error *err)
{
    if (solver == NULL || !isfinite(t_end)) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: advance needs a finite end time");
    }
    /* A step that would end within a millionth of a step of t_end ends
     * on it, so that round-off in t leaves no sliver of a step. */
    int status = SWE_OK;
    while (status == SWE_OK && solver->t < t_end) {
        double remaining = t_end - solver->t;
        status = ns_solver_step(solver, remaining, err);
        if (status == SWE_OK && t_end - solver->t < 1e-9 * remaining) {
            solver->t = t_end;
        }
    }
    return status;
}

int ns_solver_sync(ns_solver *solver, swe_error *err)
{
    if (solver == NULL || solver->ext == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: sync a started solver");
    }
    int status = solver->backend->download(solver, err);
    if (status == SWE_OK) {
        for (int c = 0; c < NS_AXES; ++c) {
            ns_fill_ghosts(&solver->grid, solver->velocity[c], c);
        }
        ns_fill_ghosts(&solver->grid, solver->pressure, NS_FILL_SCALAR);
    }
    return status;
}

int ns_solver_upload(ns_solver *solver, swe_error *err)
{
    if (solver == NULL || solver->ext == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: upload to a started solver");
    }
    return solver->backend->upload(solver, err);
}

void ns_solver_destroy(ns_solver *solver)
{
    if (solver == NULL) {
        return;
    }
    if (solver->ext != NULL) {
        solver->backend->finalize(solver);
    }
    for (int c = 0; c < NS_AXES; ++c) {
        free(solver->velocity[c]);
        free(solver->history[c]);
    }
    free(solver->pressure);
    free(solver->fluid);
    free(solver);
}

double ns_momentum_minimal_bytes_per_cell(void)
{
    return 6.0 * sizeof(real);
}

double ns_step_minimal_bytes_per_cell(int cg_iterations)
{
    /* Fields of sizeof(real) per stage, each read or written once: momentum
     * 3 + 3; predictor u, R, R_old in, u out: 12; divergence 3 + 1;
     * initial residual p, b in, r out: 3; preconditioner r in, z out: 2
     * (the transforms' own passes not counted); correction u, p in, u out:
     * 7. Per CG iteration: q = A d (2), x and r updated from d and q (6), z
     * = M r (2), d = z + beta d (3). The fluid mask (1 byte) is read by
     * the predictor, divergence, residual, correction and each A d. */
    return sizeof(real) * (34.0 + 13.0 * cg_iterations) + (4.0 + cg_iterations);
}
