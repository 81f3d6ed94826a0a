#include "ns/model/ns_model.h"

#include "ns/grid/ns_boundary.h"
#include "ns/grid/ns_ghost.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static double fastest(const double speed[NS_AXES])
{
    double top = speed[0];
    for (int c = 1; c < NS_AXES; ++c) {
        top = speed[c] > top || speed[c] != speed[c] ? speed[c] : top;
    }
    return top;
}

/* The clock after a step: the solver's time and the state's fastest face
 * speed (NaN for a state that stopped being valid). */
static int take_clock(ns_model *model, swe_clock *clock, swe_error *err)
{
    const ns_solver *solver = model->solver;
    clock->t = solver->t;
    clock->steps = solver->steps;
    clock->last_dt = solver->last_dt;
    if (solver->invalid[0] != '\0') {
        clock->wave_speed = (real)NAN;
        return SWE_OK;
    }
    double speed[NS_AXES];
    int status = ns_solver_speeds(model->solver, speed, err);
    clock->wave_speed = (real)fastest(speed);
    return status;
}

/* A step the flow chose (not one shortened to land on a snapshot) that
 * would take more than NS_MAX_STEPS to --t-end: a flow of 10 km/s on a
 * fine grid steps so short that the run never ends. Every process takes
 * the same step, so every one fails alike. */
static int check_step_count(const ns_model *model, swe_error *err)
{
    const ns_solver *solver = model->solver;
    double steps = (model->files.t_end - solver->t) / solver->last_dt;
    if (!(solver->last_dt > 0) || !(steps > NS_MAX_STEPS)) {
        return SWE_OK;
    }
    return swe_fail(err, SWE_ERROR_RUNTIME,
                    "the flow's time step fell to %.3g s at t = %g s (step %ld): %.3g steps to "
                    "--t-end %g, more than %.0e (give a shorter --t-end or a coarser "
                    "--resolution)",
                    solver->last_dt, solver->t, solver->steps, steps, model->files.t_end,
                    NS_MAX_STEPS);
}

/* A fresh run: a fixed dt beyond the initial state's limit is bad input,
 * refused before any file is opened. */
static int ns_start(void *self, swe_clock *clock, swe_error *err)
{
    ns_model *model = self;
    int status = ns_solver_check_fixed_dt(model->solver, err);
    return status == SWE_OK ? take_clock(model, clock, err) : status;
}

/* One fractional step toward t_target: the driver's pause is never passed
 * by more than a step, and each call reports progress. */
static int ns_advance(void *self, swe_clock *clock, double t_target, double t_pause, swe_error *err)
{
    (void)t_pause;
    ns_model *model = self;
    ns_solver *solver = model->solver;
    model->host_current = model->whole_current = 0;
    double remaining = t_target - solver->t;
    int status = ns_solver_step(solver, remaining, err);
    if (status == SWE_OK && solver->invalid[0] == '\0' &&
        t_target - solver->t < NS_SLIVER * remaining) {
        solver->t = t_target;
    }
    if (status == SWE_OK && solver->invalid[0] == '\0' && isfinite(t_target) &&
        solver->t < t_target) {
        status = check_step_count(model, err);
    }
    return status == SWE_OK ? take_clock(model, clock, err) : status;
}

/* Where the first value that is not finite sits, in the whole domain's
 * cell numbering; 0 when every value is finite. */
static int find_not_finite(const ns_solver *solver, char *where, size_t size)
{
    static const char *const names[] = {"u", "v", "w", "p"};
    const real *fields[] = {solver->velocity[0], solver->velocity[1], solver->velocity[2],
                            solver->pressure};
    const ns_grid *g = &solver->grid;
    int z_offset = solver->slabs != NULL ? solver->slabs->z_offset : 0;
    for (int k = 0; k < g->n[2]; ++k) {
        for (int j = 0; j < g->n[1]; ++j) {
            for (int i = 0; i < g->n[0]; ++i) {
                for (int f = 0; f < 4; ++f) {
                    real value = fields[f][ns_index(g, i, j, k)];
                    if (!isfinite(value)) {
                        snprintf(where, size, "%s = %g at cell (%d, %d, %d)", names[f],
                                 (double)value, i, j, k + z_offset);
                        return 1;
                    }
                }
            }
        }
    }
    return 0;
}

/* The solver's host arrays up to date (downloaded, ghosts filled). */
static int sync_solver(ns_model *model, swe_error *err)
{
    int status = model->host_current ? SWE_OK : ns_solver_sync(model->solver, err);
    model->host_current = status == SWE_OK;
    return status;
}

/* The guard: the first value that is not finite, else the reason the
 * solver gave for stopping (a flow that outgrew a fixed dt). */
static int ns_check_state(void *self, const swe_clock *clock, swe_error *err)
{
    ns_model *model = self;
    int status = sync_solver(model, err);
    if (status != SWE_OK) {
        return status;
    }
    char where[160];
    if (find_not_finite(model->solver, where, sizeof where)) {
        return swe_fail_invalid_state(err, clock, where);
    }
    return model->solver->invalid[0] != '\0'
               ? swe_fail_invalid_state(err, clock, model->solver->invalid)
               : SWE_OK;
}

int ns_model_refresh_whole(ns_model *model, swe_error *err)
{
    if (model->whole_current) {
        return SWE_OK;
    }
    int status = sync_solver(model, err);
    if (status == SWE_OK && model->split != NULL) {
        status = model->split->gather(model->split->context, model->solver, model->whole, err);
        ns_solver *whole = model->whole;
        for (int c = 0; status == SWE_OK && whole != NULL && c < NS_AXES; ++c) {
            ns_fill_ghosts(&whole->grid, whole->velocity[c], c);
        }
        if (status == SWE_OK && whole != NULL) {
            ns_fill_ghosts(&whole->grid, whole->pressure, NS_FILL_SCALAR);
        }
    }
    model->whole_current = status == SWE_OK;
    return status;
}

static ns_checkpoint_run run_of(const ns_model *model)
{
    return (ns_checkpoint_run){.case_name = model->kase->name,
                               .t_end = model->files.t_end,
                               .outputs = model->files.outputs,
                               .backend = model->files.backend_name,
                               .history = model->files.history};
}

/* The writing process reads the file into whole; then, the outcome agreed
 * (so that no process waits on one that failed), the state goes to every
 * slab. */
static int read_checkpoint(ns_model *model, const char *path, ns_checkpoint_state *state,
                           swe_error *err)
{
    const ns_checkpoint_run run = run_of(model);
    int status =
        model->whole != NULL ? ns_checkpoint_read(path, model->whole, &run, state, err) : SWE_OK;
    const ns_model_split *split = model->split;
    if (split == NULL) {
        return status;
    }
    status = split->agree(split->context, status, err);
    if (status == SWE_OK) {
        status = split->share(split->context, state, sizeof *state, err);
    }
    return status == SWE_OK ? split->scatter(split->context, model->whole, model->solver, err)
                            : status;
}

static int ns_restore(void *self, const char *path, swe_checkpoint_position *position,
                      swe_error *err)
{
    ns_model *model = self;
    ns_checkpoint_state state;
    int status = read_checkpoint(model, path, &state, err);
    if (status != SWE_OK) {
        return status;
    }
    ns_solver *solver = model->solver;
    solver->t = state.position.clock.t;
    solver->steps = state.position.clock.steps;
    solver->last_dt = state.position.clock.last_dt;
    solver->have_history = state.have_history;
    solver->cg_iterations_total = state.cg_iterations_total;
    *position = state.position;
    model->host_current = model->whole_current = 0;
    return ns_solver_upload(solver, err);
}

static int ns_open_outputs(void *self, int first_snapshot, swe_error *err)
{
    ns_model *model = self;
    const ns_model_files *files = &model->files;
    if (files->formats == 0 || model->whole == NULL) {
        return SWE_OK;
    }
    const ns_output_plan plan = {.path_stem = files->path_stem,
                                 .formats = files->formats,
                                 .outputs = files->outputs,
                                 .compression = files->compression,
                                 .t_end = files->t_end,
                                 .case_name = model->kase->name,
                                 .backend_name = files->backend_name,
                                 .case_description = model->kase->description,
                                 .history = files->history,
                                 .restart_path = files->restart_path,
                                 .slice_axis = model->kase->slice_axis,
                                 .vorticity_top = model->vorticity_top};
    return ns_output_open(&model->output, &plan, model->whole, first_snapshot, err);
}

static int ns_write_snapshot(void *self, int snapshot, double time, swe_error *err)
{
    ns_model *model = self;
    if (model->files.formats == 0) {
        return SWE_OK;
    }
    int status = ns_model_refresh_whole(model, err);
    return status == SWE_OK && model->output != NULL
               ? ns_output_write(model->output, model->whole, snapshot, time, err)
               : status;
}

static int ns_write_checkpoint(void *self, const char *path,
                               const swe_checkpoint_position *position, swe_error *err)
{
    ns_model *model = self;
    /* The snapshots so far are sealed before the checkpoint that follows them. */
    int status = ns_output_seal(model->output, err);
    status = status == SWE_OK ? ns_model_refresh_whole(model, err) : status;
    if (status != SWE_OK || model->whole == NULL) {
        return status;
    }
    const ns_checkpoint_run run = run_of(model);
    const ns_checkpoint_state state = {.position = *position,
                                       .have_history = model->solver->have_history,
                                       .cg_iterations_total = model->solver->cg_iterations_total};
    return ns_checkpoint_write(path, model->whole, &run, &state, err);
}

static int ns_close_outputs(void *self, int keep, swe_error *err)
{
    ns_model *model = self;
    int status = ns_output_close(model->output, keep, err);
    model->output = NULL;
    return status;
}

static const swe_model_verbs ns_verbs = {
    .start = ns_start,
    .advance = ns_advance,
    .check_state = ns_check_state,
    .restore = ns_restore,
    .open_outputs = ns_open_outputs,
    .write_snapshot = ns_write_snapshot,
    .write_checkpoint = ns_write_checkpoint,
    .close_outputs = ns_close_outputs,
};

swe_model ns_model_of(ns_model *model)
{
    return (swe_model){.verbs = &ns_verbs, .self = model};
}

int ns_model_init(ns_model *model, const ns_case *kase, const ns_model_files *files,
                  ns_solver *solver, ns_solver *whole, const ns_model_split *split, swe_error *err)
{
    if (model == NULL || kase == NULL || files == NULL || solver == NULL || solver->ext == NULL ||
        (split == NULL && whole != solver)) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a model needs a started solver");
    }
    *model = (ns_model){.kase = kase,
                        .files = *files,
                        .solver = solver,
                        .whole = whole,
                        .split = split,
                        .vorticity_top = 1.0,
                        .host_current = 1,
                        .whole_current = split == NULL};
    /* Split over processes, the whole domain holds the initial state as
     * the case wrote it; the started slabs hold it as the solver starts
     * (walls' faces closed), which the first snapshot must show: gathered
     * here, by every process. */
    int status = split != NULL ? ns_model_refresh_whole(model, err) : SWE_OK;
    if (status != SWE_OK) {
        return status;
    }
    if (whole != NULL && (files->formats & SWE_FORMAT_PNG)) {
        model->vorticity_top = ns_output_vorticity_top(whole);
    }
    return SWE_OK;
}

int ns_model_create(ns_model *model, const ns_case *kase, const ns_case_settings *settings,
                    const ns_model_files *files, swe_error *err)
{
    if (model == NULL || kase == NULL || settings == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a model needs a case");
    }
    memset(model, 0, sizeof *model);
    ns_grid grid;
    ns_parameters parameters;
    ns_solver *solver = NULL;
    int status = ns_case_setup(kase, settings, &grid, &parameters, err);
    if (status == SWE_OK) {
        status = ns_solver_create(&grid, &parameters,
                                  settings->backend != NULL ? settings->backend : "serial", &solver,
                                  err);
    }
    if (status == SWE_OK) {
        status = ns_case_initialise(kase, settings, solver, err);
    }
    if (status == SWE_OK) {
        status = ns_solver_start(solver, err);
    }
    if (status == SWE_OK) {
        status = ns_model_init(model, kase, files, solver, solver, NULL, err);
    }
    if (status != SWE_OK) {
        ns_solver_destroy(solver);
        memset(model, 0, sizeof *model);
    }
    return status;
}

void ns_model_destroy(ns_model *model)
{
    if (model == NULL) {
        return;
    }
    swe_error ignored;
    ns_close_outputs(model, 0, &ignored);
    ns_solver_destroy(model->solver);
    memset(model, 0, sizeof *model);
}
