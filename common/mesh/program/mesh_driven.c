#include "mesh/program/mesh_driven.h"

#include "core/timer.h"
#include "mesh/geometry/mesh_fingerprint.h"
#include "mesh/numerics/mesh_boundary.h"
#include "mesh/solver/mesh_stepper.h"
#include "shallow_water/cell_values.h"
#include "shallow_water/volume_round_off.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* How long one advance runs at most, wall seconds: progress lines and the
 * driver's guard come between. */
#define ADVANCE_REPORT_SECONDS 0.25

/* The clock's wave speed for a triangle run: the smallest cell's chi over
 * the step the edges allowed, i.e. the signal that would set that step on
 * the smallest cell (a lower bound of the fastest signal); not finite when
 * the step was not positive, which is how the driver learns of a state
 * gone wrong. */
static real wave_speed_of(const swe_mesh_driven *driven)
{
    real edge_step = driven->model->clock.edge_step;
    return edge_step > (real)0 ? (real)(driven->smallest_chi / (double)edge_step) : (real)NAN;
}

static void copy_clock(const swe_mesh_driven *driven, swe_clock *clock)
{
    const swe_mesh_clock *own = &driven->model->clock;
    clock->t = own->t;
    clock->steps = own->steps;
    clock->last_dt = own->last_dt;
    clock->cfl = own->cfl;
    clock->wave_speed = wave_speed_of(driven);
}

static int start(void *self, swe_clock *clock, swe_error *err)
{
    swe_mesh_driven *driven = self;
    swe_mesh_model *model = driven->model;
    /* The first step's edge sweep tells the wave speed; until then, the
     * initial state's edges would: one sweep, no step taken. */
    real edge_step = 0;
    int status =
        model->run.backend->edge_fluxes(&model->run, (swe_mesh_launch){0, 0, 0, 0, 0}, err);
    if (status == SWE_OK) {
        status = model->run.backend->min_time_step(&model->run, &edge_step, err);
    }
    model->clock.edge_step = edge_step;
    copy_clock(driven, clock);
    if (status == SWE_OK) {
        status = swe_mesh_check_step_count(&model->clock, edge_step, driven->plan.t_end,
                                           driven->mesh_path, driven->smallest_chi, err);
    }
    return status;
}

static int advance(void *self, swe_clock *clock, double t_target, double t_pause, swe_error *err)
{
    swe_mesh_driven *driven = self;
    swe_mesh_model *model = driven->model;
    double started = swe_wall_seconds();
    int status = SWE_OK;
    do {
        status = swe_mesh_model_step(model, t_target, err);
    } while (status == SWE_OK && model->clock.t < t_target && model->clock.t < t_pause &&
             swe_wall_seconds() - started < ADVANCE_REPORT_SECONDS);
    if (status != SWE_OK && !(model->clock.edge_step > (real)0)) {
        status = SWE_OK; /* the state went wrong: the driver's guard says where */
    }
    copy_clock(driven, clock);
    return status;
}

static int check_state(void *self, const swe_clock *clock, swe_error *err)
{
    swe_mesh_driven *driven = self;
    swe_mesh_model *model = driven->model;
    int status = swe_mesh_model_sync(model, err);
    const swe_mesh *mesh = &model->run.mesh;
    const swe_mesh_arrays *host = &model->run.host;
    for (int k = 0; status == SWE_OK && k < mesh->cell_count; ++k) {
        int c = model->run_of_file[k];
        if (!(host->h[c] >= 0) || !isfinite(host->h[c]) || !isfinite(host->hu[c]) ||
            !isfinite(host->hv[c])) {
            char values[160], where[320];
            swe_describe_cell_values(values, sizeof values, (double)host->h[c], (double)host->hu[c],
                                     (double)host->hv[c]);
            snprintf(where, sizeof where, "triangle %d of the mesh file at (%.6g, %.6g) has %s", k,
                     mesh->cell_x[c], mesh->cell_y[c], values);
            return swe_fail_invalid_state(err, clock, where);
        }
    }
    return status;
}

/* The state's three arrays of the mesh's cells, file order, for a
 * checkpoint, and the cells' areas, with which it sums the water. */
static int allocate_state(const swe_mesh_model *model, swe_mesh_checkpoint_state *state,
                          swe_error *err)
{
    const swe_mesh *mesh = &model->run.mesh;
    size_t cells = (size_t)mesh->cell_count;
    state->h = malloc(cells * sizeof(real));
    state->hu = malloc(cells * sizeof(real));
    state->hv = malloc(cells * sizeof(real));
    state->area = malloc(cells * sizeof(double));
    if (state->h == NULL || state->hu == NULL || state->hv == NULL || state->area == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a checkpoint");
    }
    for (size_t k = 0; k < cells; ++k) {
        state->area[k] = mesh->cell_area[model->run_of_file[k]];
    }
    return SWE_OK;
}

static void free_state(swe_mesh_checkpoint_state *state)
{
    free(state->h);
    free(state->hu);
    free(state->hv);
    free(state->area);
}

/* Whether every boundary condition of the run is a wall: its water then
 * stays what it was at the start, to round-off. */
static int closed_basin(const swe_mesh_model *model)
{
    const swe_mesh_arrays *host = &model->run.host;
    for (int k = 0; k < host->condition_count; ++k) {
        if (host->condition_kind[k] != SWE_MESH_WALL &&
            host->condition_kind[k] != SWE_MESH_WALL_NO_SLIP) {
            return 0;
        }
    }
    return 1;
}

/* A closed basin's checkpoint holds the run's initial water (initial, m3,
 * the model's before the restore) to round-off: the volume a checkpoint
 * records fits whatever state a forger wrote, the run's start does not. */
static int check_restored_water(const swe_mesh_model *model, const char *path, double initial,
                                const swe_mesh_checkpoint_state *state, long steps, swe_error *err)
{
    int cells = model->run.mesh.cell_count;
    double water = 0;
    for (int k = 0; k < cells; ++k) {
        water += (double)state->h[k] * state->area[k];
    }
    double allowed = swe_state_volume_tolerance(steps, cells);
    if (!closed_basin(model) || fabs(water - initial) <= allowed * fabs(initial)) {
        return SWE_OK;
    }
    return swe_fail(err, SWE_ERROR_USAGE,
                    "the checkpoint '%s' holds %.9g m3 of water where this closed basin started "
                    "with %.9g m3 (round-off allows %.1g of it after %ld steps)",
                    path, water, initial, allowed, steps);
}

static int restore(void *self, const char *path, swe_checkpoint_position *position, swe_error *err)
{
    swe_mesh_driven *driven = self;
    swe_mesh_model *model = driven->model;
    swe_mesh_checkpoint_state state = {NULL, NULL, NULL, NULL};
    double initial = 0;
    int status = swe_mesh_model_volume(model, &initial, err);
    status = status == SWE_OK ? allocate_state(model, &state, err) : status;
    if (status == SWE_OK) {
        status = swe_mesh_checkpoint_read(path, &driven->run, position, &state, err);
    }
    if (status == SWE_OK) {
        status = check_restored_water(model, path, initial, &state, position->clock.steps, err);
    }
    if (status == SWE_OK) {
        status = swe_mesh_model_restore(model, position->clock.t, position->clock.steps, state.h,
                                        state.hu, state.hv, err);
    }
    if (status == SWE_OK) {
        model->clock.last_dt = position->clock.last_dt;
    }
    free_state(&state);
    return status;
}

static int write_checkpoint(void *self, const char *path, const swe_checkpoint_position *position,
                            swe_error *err)
{
    swe_mesh_driven *driven = self;
    swe_mesh_checkpoint_state state = {NULL, NULL, NULL, NULL};
    /* The snapshots so far are sealed before the checkpoint that follows them. */
    int status = swe_mesh_outputs_seal(driven->outputs, err);
    status = status == SWE_OK ? allocate_state(driven->model, &state, err) : status;
    if (status == SWE_OK) {
        status =
            swe_mesh_model_state_in_file_order(driven->model, state.h, state.hu, state.hv, err);
    }
    if (status == SWE_OK) {
        status = swe_mesh_checkpoint_write(path, &driven->run, position, &state, err);
    }
    free_state(&state);
    return status;
}

static int open_outputs(void *self, int first_snapshot, swe_error *err)
{
    swe_mesh_driven *driven = self;
    if (driven->plan.formats == 0) {
        return SWE_OK;
    }
    return swe_mesh_outputs_open(&driven->outputs, &driven->plan, driven->mesh_path, driven->model,
                                 first_snapshot, err);
}

static int write_snapshot(void *self, int snapshot, double time, swe_error *err)
{
    swe_mesh_driven *driven = self;
    return driven->outputs != NULL
               ? swe_mesh_outputs_write(driven->outputs, driven->model, snapshot, time, err)
               : SWE_OK;
}

static int close_outputs(void *self, int keep, swe_error *err)
{
    swe_mesh_driven *driven = self;
    int status = swe_mesh_outputs_close(driven->outputs, keep, err);
    driven->outputs = NULL;
    return status;
}

static const swe_model_verbs mesh_verbs = {
    start,        advance,        check_state,      restore,
    open_outputs, write_snapshot, write_checkpoint, close_outputs};

swe_model swe_mesh_driven_model(swe_mesh_driven *driven)
{
    return (swe_model){&mesh_verbs, driven};
}

/* What a checkpoint of this run must match. */
static void describe_run(swe_mesh_driven *driven)
{
    const swe_mesh_model *model = driven->model;
    swe_mesh_checkpoint_run *run = &driven->run;
    memset(run, 0, sizeof *run);
    snprintf(run->scenario, sizeof run->scenario, "%s", model->scenario.name);
    run->mesh = swe_mesh_fingerprint(&model->run.mesh, model->run_of_file);
    run->parameters = SWE_FNV_OFFSET;
    for (int p = 0; p < model->scenario.parameter_count; ++p) {
        run->parameters =
            swe_fnv1a(run->parameters, &model->scenario.parameters[p].value, sizeof(double));
    }
    run->cells = model->run.mesh.cell_count;
    run->order = model->run.order;
    run->cfl = model->clock.cfl;
    run->manning = (double)model->run.host.manning;
    run->viscosity = (double)model->run.host.viscosity;
    run->t_end = driven->plan.t_end;
    run->outputs = driven->plan.outputs;
}

int swe_mesh_driven_init(swe_mesh_driven *driven, swe_mesh_model *model,
                         const swe_mesh_output_plan *plan, const char *mesh_path, swe_error *err)
{
    if (driven == NULL || model == NULL || plan == NULL || model->run.mesh.cell_count < 1) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: a driven triangle run needs a model");
    }
    memset(driven, 0, sizeof *driven);
    driven->model = model;
    driven->plan = *plan;
    driven->mesh_path = mesh_path;
    driven->smallest_chi = INFINITY;
    for (int c = 0; c < model->run.mesh.cell_count; ++c) {
        driven->smallest_chi = fmin(driven->smallest_chi, model->run.mesh.cell_chi[c]);
    }
    describe_run(driven);
    return SWE_OK;
}
