#include "ns/solver/ns_solver.h"
#include "run/option_values.h"

#include "ns/grid/ns_boundary.h"
#include "ns/grid/ns_ghost.h"
#include "ns/solver/ns_cg.h"
#include "ns/solver/ns_time_step.h"

#include "core/memory_budget.h"
#include "core/timer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    /* 0: the default, half the stability limit */
    int status = p->cfl == 0.0 ? SWE_OK : swe_check_cfl(p->cfl, err);
    if (status != SWE_OK) {
        return status;
    }
    if (!(p->fixed_dt >= 0.0) || !isfinite(p->fixed_dt)) {
        return swe_fail(err, SWE_ERROR_USAGE, "a fixed dt must be > 0 and finite, not %g",
                        p->fixed_dt);
    }
    if (!(p->cg_tolerance >= 0.0 && p->cg_tolerance < 1.0)) {
        return swe_fail(err, SWE_ERROR_USAGE, "the CG tolerance must be in (0, 1), not %g",
                        p->cg_tolerance);
    }
    if (p->cg_max_iterations < 0 || p->model.level < 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "CG iterations and the level must not be negative");
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
    const ns_backend *backend = NULL;
    status = ns_backend_lookup(backend_name != NULL ? backend_name : "serial", &backend, err);
    if (status != SWE_OK) {
        return status;
    }
    /* Host state (7 fields) and a backend's work arrays (about 9 more):
     * refused up front against what this process may still take (its
     * memory cgroup included) rather than left to the kernel's overcommit
     * and the OOM killer. */
    char what[96];
    snprintf(what, sizeof what, "a grid of %d x %d x %d cells", grid->n[0], grid->n[1], grid->n[2]);
    status = swe_memory_check(what, (double)grid->cells * (16.0 * sizeof(real) + 1.0),
                              "give a smaller --resolution", err);
    if (status != SWE_OK) {
        return status;
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
    if (solver->slabs != NULL) {
        int status = solver->slabs->exchange(solver->slabs->context, g, solver->fluid, 1, err);
        if (status != SWE_OK) {
            return status;
        }
    }
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
    solver->speed_known = 0;
    return solver->backend->init(solver, err);
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

/* The pressure solve; one that met values that are not finite marks the
 * state invalid instead of failing the run. */
static int solve_pressure(ns_solver *solver, swe_error *err)
{
    int status = ns_cg_solve(solver, err);
    if (status == SWE_ERROR_RUNTIME && !isfinite(solver->cg_residual)) {
        snprintf(solver->invalid, sizeof solver->invalid,
                 "the pressure solve met values that are not finite (%.120s)", err->message);
        return SWE_OK;
    }
    return status;
}

/* The stages of a step after dt: predictor, projection. */
static int fractional_step(ns_solver *solver, double dt, double *mark, swe_error *err)
{
    const ns_backend *b = solver->backend;
    const double density = solver->parameters.density;
    int status = stage_done(solver, NS_STAGE_MOMENTUM, mark, b->momentum(solver, err), err);
    if (status == SWE_OK) {
        /* Adams-Bashforth 2 with a variable step (forward Euler first):
         * u* = u + dt ((1 + r/2) R^n - (r/2) R^{n-1}), r = dt / last dt. */
        double ratio = solver->have_history ? dt / solver->last_dt : 0.0;
        status = b->predict(solver, (real)dt, (real)(1.0 + 0.5 * ratio), (real)(0.5 * ratio), err);
        status = stage_done(solver, NS_STAGE_PREDICT, mark, status, err);
    }
    if (status == SWE_OK) {
        status = b->divergence(solver, (real)(-density / dt), err);
        status = stage_done(solver, NS_STAGE_DIVERGENCE, mark, status, err);
    }
    if (status == SWE_OK) {
        status = stage_done(solver, NS_STAGE_PRESSURE, mark, solve_pressure(solver, err), err);
    }
    if (status == SWE_OK && solver->invalid[0] == '\0') {
        status = b->correct(solver, (real)(dt / density), err);
        status = stage_done(solver, NS_STAGE_CORRECT, mark, status, err);
    }
    return status;
}

int ns_solver_step(ns_solver *solver, double max_dt, swe_error *err)
{
    if (solver == NULL || solver->ext == NULL || solver->invalid[0] != '\0') {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: step a started, valid solver");
    }
    double dt = 0.0, mark = swe_wall_seconds();
    int status = stage_done(solver, NS_STAGE_TIME_STEP, &mark,
                            ns_time_step_choose(solver, max_dt, &dt, err), err);
    if (status != SWE_OK || solver->invalid[0] != '\0') {
        return status;
    }
    solver->speed_known = 0;
    status = fractional_step(solver, dt, &mark, err);
    if (status == SWE_OK && solver->invalid[0] == '\0') {
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
    int status = SWE_OK;
    while (status == SWE_OK && solver->t < t_end) {
        double remaining = t_end - solver->t;
        status = ns_solver_step(solver, remaining, err);
        if (status == SWE_OK && solver->invalid[0] != '\0') {
            return swe_fail(err, SWE_ERROR_RUNTIME, "step %ld at t = %g s: %s", solver->steps,
                            solver->t, solver->invalid);
        }
        if (status == SWE_OK && t_end - solver->t < NS_SLIVER * remaining) {
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
    solver->speed_known = 0;
    solver->invalid[0] = '\0';
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

double ns_step_minimal_bytes_per_cell(double cg_iterations)
{
    /* Fields of sizeof(real) per stage, each read or written once: momentum
     * 3 + 3; predictor u, R, R_old in, u out: 12; divergence 3 + 1;
     * initial residual p, b in, r out: 3; preconditioner z = M r: 4 (r in,
     * the forward transform's spectrum out, the inverse's in, z out: each
     * transform one pass, its scaling folded in; the half spectrum of a
     * periodic grid holds one real per cell, the even extension of a wall
     * axis more, so this is a lower bound); correction u, p in, u out: 7.
     * Per CG iteration: q = A d (2), x and r updated from d and q (6), z =
     * M r (4), d = z + beta d (3). The fluid mask (1 byte) is read by the
     * predictor, divergence, residual, correction and each A d. */
    return sizeof(real) * (36.0 + 15.0 * cg_iterations) + (4.0 + cg_iterations);
}
