#include "mesh/solver/mesh_stepper.h"

#include "mesh/solver/mesh_backend.h"
#include "shallow_water/state_limits.h"
#include "shallow_water/time_step.h"

static swe_mesh_launch edge_launch(int read_stage, int second_order)
{
    swe_mesh_launch launch = {read_stage, second_order, 0, (real)0, (real)0};
    return launch;
}

static swe_mesh_launch cell_launch(int write_stage, double dt, double friction_dt)
{
    swe_mesh_launch launch = {0, 0, write_stage, (real)dt, (real)friction_dt};
    return launch;
}

/* The step's dt from the smallest edge time step. */
static int choose_dt(const swe_mesh_clock *clock, real edge_step, double t_target, double *dt,
                     swe_error *err)
{
    if (!(edge_step > 0)) {
        return swe_fail(err, SWE_ERROR_RUNTIME,
                        "the solution became unstable (time step %g) at step %ld, t = %.6g s",
                        (double)edge_step, clock->steps, clock->t);
    }
    double remaining = t_target - clock->t;
    *dt = edge_step >= SWE_MESH_NO_TIME_LIMIT ? remaining : clock->cfl * (double)edge_step;
    *dt = *dt < remaining ? *dt : remaining;
    return SWE_OK;
}

/* Gradients (second order) and edge fluxes of one span. */
static int span_fluxes(swe_mesh_run *run, const swe_mesh_span *span, swe_error *err)
{
    const struct swe_mesh_backend *backend = run->backend;
    int second = run->order == 2;
    int status = second ? backend->gradients_span(run, span, err) : SWE_OK;
    if (status == SWE_OK) {
        status = backend->edge_fluxes_span(run, edge_launch(0, second), span, err);
    }
    return status;
}

/* The halo exchange, then the first stage's gradients and fluxes; where
 * the coupling overlaps them, what reads no halo cell is computed while
 * the halo travels. */
static int exchange_and_fluxes(swe_mesh_run *run, swe_error *err)
{
    const swe_mesh_coupling *coupling = run->coupling;
    int status = coupling != NULL ? coupling->before_step(coupling->context, run, err) : SWE_OK;
    if (status == SWE_OK && coupling != NULL && coupling->finish_exchange != NULL) {
        status = span_fluxes(run, &coupling->inner, err);
        if (status == SWE_OK) {
            status = coupling->finish_exchange(coupling->context, run, err);
        }
        return status == SWE_OK ? span_fluxes(run, &coupling->outer, err) : status;
    }
    if (status == SWE_OK && run->order == 2) {
        status = run->backend->gradients(run, err);
    }
    if (status == SWE_OK) {
        status = run->backend->edge_fluxes(run, edge_launch(0, run->order == 2), err);
    }
    return status;
}

int swe_mesh_step(swe_mesh_run *run, swe_mesh_clock *clock, double t_target, swe_error *err)
{
    if (run == NULL || run->backend == NULL || clock == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: nothing to step");
    }
    if (!(t_target > clock->t)) {
        /* A step that no edge limits goes to the target at once: so do kernels that write no
         * edge time step (a skeleton's), and the next step finds nothing left to do. */
        return swe_fail(err, SWE_ERROR_USAGE,
                        "nothing to step: the clock is at t = %g s, not before the target %g s "
                        "(did the edge kernels write each edge's time step?)",
                        clock->t, t_target);
    }
    const struct swe_mesh_backend *backend = run->backend;
    int second = run->order == 2;
    real edge_step = 0;
    double dt = 0;
    const swe_mesh_coupling *coupling = run->coupling;
    int status = exchange_and_fluxes(run, err);
    if (status == SWE_OK) {
        status = backend->min_time_step(run, &edge_step, err);
    }
    if (status == SWE_OK && coupling != NULL) {
        status = coupling->reduce_time_step(coupling->context, &edge_step, err);
    }
    if (status == SWE_OK) {
        clock->edge_step = edge_step;
        status = choose_dt(clock, edge_step, t_target, &dt, err);
    }
    /* Second order: Heun's two Euler steps (enum swe_mesh_stage), the
     * second from the first's state with its own gradients. */
    if (status == SWE_OK && !second) {
        status = backend->update_cells(run, cell_launch(SWE_MESH_ONE_STAGE, dt, dt), err);
    } else if (status == SWE_OK) {
        status = backend->update_cells(run, cell_launch(SWE_MESH_FIRST_STAGE, dt, dt), err);
        if (status == SWE_OK) {
            status = backend->gradients(run, err);
        }
        if (status == SWE_OK) {
            status = backend->edge_fluxes(run, edge_launch(1, 1), err);
        }
        if (status == SWE_OK) {
            status = backend->update_cells(run, cell_launch(SWE_MESH_SECOND_STAGE, dt, dt), err);
        }
    }
    if (status == SWE_OK) {
        clock->t = swe_time_after_step(clock->t, dt, t_target);
        clock->steps++;
        clock->last_dt = dt;
    }
    return status;
}

int swe_mesh_advance(swe_mesh_run *run, swe_mesh_clock *clock, double t_target, swe_error *err)
{
    int status = SWE_OK;
    while (status == SWE_OK && clock != NULL && clock->t < t_target) {
        status = swe_mesh_step(run, clock, t_target, err);
    }
    return status;
}

int swe_mesh_check_step_count(const swe_mesh_clock *clock, real edge_step, double t_end,
                              const char *mesh, double smallest_chi, swe_error *err)
{
    if (clock == NULL || mesh == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no run to count the steps of");
    }
    double dt = clock->cfl * (double)edge_step;
    double steps = (t_end - clock->t) / dt;
    /* A state gone wrong (no positive step, waves beyond any run's) is the
     * guard's to report; with waves a run reaches, the mesh is what makes
     * the steps this short. */
    double speed = smallest_chi / (double)edge_step;
    if (!(edge_step > 0) || edge_step >= SWE_MESH_NO_TIME_LIMIT ||
        !(speed <= SWE_STATE_MAX_SPEED) || !(steps > SWE_MESH_MAX_STEPS)) {
        return SWE_OK;
    }
    return swe_fail(err, SWE_ERROR_USAGE,
                    "the mesh '%s' takes steps of %.3g s, %.3g steps to --t-end %g, more than "
                    "%.0e (its smallest triangle's area over its longest side is %.3g m: remove "
                    "slivers from the mesh, or give a shorter --t-end)",
                    mesh, dt, steps, t_end, SWE_MESH_MAX_STEPS, smallest_chi);
}
