#include "backends/mpi/mesh/mesh_mpi_driven.h"

#include "backends/mpi/mpi_agree.h"
#include "backends/mpi/mpi_check.h"
#include "core/timer.h"
#include "mesh/solver/mesh_stepper.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Steps per advance at most: progress lines come between. A count, not
 * wall time, so that every rank returns after the same step. */
#define STEPS_PER_ADVANCE 64

static void copy_clock(const swe_mesh_mpi_driven *driven, swe_clock *clock)
{
    const swe_mesh_clock *own = &driven->model->part->clock;
    clock->t = own->t;
    clock->steps = own->steps;
    clock->last_dt = own->last_dt;
    clock->cfl = own->cfl;
    /* As shallows --mesh: not finite once the step was not positive. */
    clock->wave_speed = own->edge_step > (real)0
                            ? (real)(driven->smallest_chi / (double)own->edge_step)
                            : (real)NAN;
}

static int start(void *self, swe_clock *clock, swe_error *err)
{
    swe_mesh_mpi_driven *driven = self;
    real edge_step = 0;
    int status = swe_mesh_mpi_model_edge_step(driven->model, &edge_step, err);
    driven->model->part->clock.edge_step = edge_step;
    copy_clock(driven, clock);
    /* The step is global: every rank comes to the same answer. */
    if (status == SWE_OK) {
        status =
            swe_mesh_check_step_count(&driven->model->part->clock, edge_step, driven->plan.t_end,
                                      driven->mesh_path, driven->smallest_chi, err);
    }
    return status;
}

/* A step fails alike on every rank only when the state went wrong (the
 * time step is global); any other failure is this rank's, and ends the
 * job rather than leave the others waiting in the next exchange. */
static int advance(void *self, swe_clock *clock, double t_target, double t_pause, swe_error *err)
{
    swe_mesh_mpi_driven *driven = self;
    swe_mesh_model *part = driven->model->part;
    int status = SWE_OK, steps = 0;
    double started = swe_wall_seconds();
    do {
        status = swe_mesh_model_step(part, t_target, err);
    } while (status == SWE_OK && part->clock.t < t_target && part->clock.t < t_pause &&
             ++steps < STEPS_PER_ADVANCE);
    driven->model->step_seconds += swe_wall_seconds() - started;
    if (status != SWE_OK && part->clock.edge_step > (real)0) {
        swe_mpi_abort(err->message, 1);
    }
    copy_clock(driven, clock);
    return SWE_OK; /* an unstable state: the driver's guard says where */
}

/* Each rank its owned cells; the driver agrees on the first failure. */
static int check_state(void *self, const swe_clock *clock, swe_error *err)
{
    swe_mesh_mpi_driven *driven = self;
    swe_mesh_model *part = driven->model->part;
    int status = swe_mesh_model_sync(part, err);
    const swe_mesh_arrays *host = &part->run.host;
    for (int k = 0; status == SWE_OK && k < driven->model->sub.owned_count; ++k) {
        int c = part->run_of_file[k];
        if (!(host->h[c] >= 0) || !isfinite(host->h[c]) || !isfinite(host->hu[c]) ||
            !isfinite(host->hv[c])) {
            char where[160];
            snprintf(where, sizeof where, "triangle %d of the mesh file at (%.6g, %.6g): h = %g",
                     driven->model->sub.whole_cell[k], part->run.mesh.cell_x[c],
                     part->run.mesh.cell_y[c], (double)host->h[c]);
            return swe_fail_invalid_state(err, clock, where);
        }
    }
    return status;
}

int swe_mesh_mpi_driven_gather(swe_mesh_mpi_driven *driven, swe_error *err)
{
    swe_mesh_model *mirror = driven->mirror;
    int cells = driven->model->whole_cells;
    real *state = NULL;
    if (mirror != NULL) {
        state = malloc((3 * (size_t)cells + 1) * sizeof *state);
    }
    int status = mirror != NULL && state == NULL
                     ? swe_fail(err, SWE_ERROR_RUNTIME, "out of memory on rank 0 for the state")
                     : SWE_OK;
    if (swe_mpi_agree(driven->model->comm, status, err) != SWE_OK) {
        free(state);
        return SWE_ERROR_RUNTIME;
    }
    real *h = state, *hu = state != NULL ? state + cells : NULL;
    real *hv = state != NULL ? state + 2 * (size_t)cells : NULL;
    status = swe_mesh_mpi_model_gather(driven->model, h, hu, hv, err);
    if (status == SWE_OK && mirror != NULL) {
        const swe_mesh_clock *clock = &driven->model->part->clock;
        status = swe_mesh_model_restore(mirror, clock->t, clock->steps, h, hu, hv, err);
    }
    free(state);
    return swe_mpi_agree(driven->model->comm, status, err);
}

/* Rank 0 reads the checkpoint into the mirror; every rank takes it. */
static int restore(void *self, const char *path, swe_checkpoint_position *position, swe_error *err)
{
    swe_mesh_mpi_driven *driven = self;
    swe_mesh_model *mirror = driven->mirror;
    swe_model whole = swe_mesh_driven_model(&driven->mirror_driven);
    int cells = driven->model->whole_cells, status = SWE_OK;
    real *state = NULL;
    if (mirror != NULL) {
        status = whole.verbs->restore(whole.self, path, position, err);
        state = malloc((3 * (size_t)cells + 1) * sizeof *state);
        if (status == SWE_OK && state == NULL) {
            status = swe_fail(err, SWE_ERROR_RUNTIME, "out of memory on rank 0 for the state");
        }
    }
    if (status == SWE_OK && mirror != NULL) {
        status = swe_mesh_model_state_in_file_order(mirror, state, state + cells,
                                                    state + 2 * (size_t)cells, err);
    }
    status = swe_mpi_agree(driven->model->comm, status, err);
    if (status == SWE_OK) {
        MPI_CHECK(MPI_Bcast(position, (int)sizeof *position, MPI_BYTE, 0, driven->model->comm));
        real *h = state, *hu = state != NULL ? state + cells : NULL;
        real *hv = state != NULL ? state + 2 * (size_t)cells : NULL;
        status = swe_mesh_mpi_model_restore(driven->model, position->clock.t, position->clock.steps,
                                            h, hu, hv, err);
        driven->model->part->clock.last_dt = position->clock.last_dt;
    }
    free(state);
    return status;
}

/* Whether the mirror writes anything (NetCDF, pictures): only then is a
 * snapshot gathered. */
static int mirror_writes(const swe_mesh_mpi_driven *driven)
{
    return (driven->plan.formats & ~(unsigned)SWE_FORMAT_VTK) != 0;
}

static int pieces_asked(const swe_mesh_mpi_driven *driven)
{
    return (driven->plan.formats & SWE_FORMAT_VTK) != 0;
}

static int open_outputs(void *self, int first_snapshot, swe_error *err)
{
    swe_mesh_mpi_driven *driven = self;
    int status = mirror_writes(driven) ? swe_mesh_mpi_driven_gather(driven, err) : SWE_OK;
    if (status == SWE_OK && driven->mirror != NULL) {
        swe_model whole = swe_mesh_driven_model(&driven->mirror_driven);
        status = whole.verbs->open_outputs(whole.self, first_snapshot, err);
    }
    status = swe_mpi_agree(driven->model->comm, status, err);
    if (status == SWE_OK && pieces_asked(driven)) {
        status =
            swe_mesh_mpi_vtk_open(&driven->vtk, driven->model, &driven->plan, first_snapshot, err);
    }
    return status;
}

static int write_snapshot(void *self, int snapshot, double time, swe_error *err)
{
    swe_mesh_mpi_driven *driven = self;
    int status = mirror_writes(driven) ? swe_mesh_mpi_driven_gather(driven, err) : SWE_OK;
    if (status == SWE_OK && driven->mirror != NULL) {
        swe_model whole = swe_mesh_driven_model(&driven->mirror_driven);
        status = whole.verbs->write_snapshot(whole.self, snapshot, time, err);
    }
    status = swe_mpi_agree(driven->model->comm, status, err);
    if (status == SWE_OK && pieces_asked(driven)) {
        status = swe_mesh_mpi_vtk_write(&driven->vtk, driven->model, snapshot, time, err);
    }
    return status;
}

static int write_checkpoint(void *self, const char *path, const swe_checkpoint_position *position,
                            swe_error *err)
{
    swe_mesh_mpi_driven *driven = self;
    int status = swe_mesh_mpi_driven_gather(driven, err);
    if (status == SWE_OK && driven->mirror != NULL) {
        swe_model whole = swe_mesh_driven_model(&driven->mirror_driven);
        status = whole.verbs->write_checkpoint(whole.self, path, position, err);
    }
    return status;
}

static int close_outputs(void *self, int keep, swe_error *err)
{
    swe_mesh_mpi_driven *driven = self;
    swe_mesh_mpi_vtk_close(&driven->vtk);
    if (driven->mirror == NULL) {
        return SWE_OK;
    }
    swe_model whole = swe_mesh_driven_model(&driven->mirror_driven);
    return whole.verbs->close_outputs(whole.self, keep, err);
}

static const swe_model_verbs mpi_mesh_verbs = {
    start,        advance,        check_state,      restore,
    open_outputs, write_snapshot, write_checkpoint, close_outputs};

swe_model swe_mesh_mpi_driven_model(swe_mesh_mpi_driven *driven)
{
    return (swe_model){&mpi_mesh_verbs, driven};
}

int swe_mesh_mpi_driven_init(swe_mesh_mpi_driven *driven, swe_mesh_mpi_model *model,
                             swe_mesh_model *mirror, const swe_mesh_output_plan *plan,
                             const char *mesh_path, swe_error *err)
{
    if (driven == NULL || model == NULL || plan == NULL || (model->rank == 0) != (mirror != NULL)) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a partitioned run needs its parts");
    }
    memset(driven, 0, sizeof *driven);
    driven->model = model;
    driven->mirror = mirror;
    driven->plan = *plan;
    driven->mesh_path = mesh_path;
    swe_mesh_output_plan gathered = *plan; /* VTK: the ranks' pieces instead */
    gathered.formats &= ~(unsigned)SWE_FORMAT_VTK;
    gathered.backend_prefix = "mpi+"; /* the files say the run's backend, not the mirror's */
    int status = mirror != NULL ? swe_mesh_driven_init(&driven->mirror_driven, mirror, &gathered,
                                                       mesh_path, err)
                                : SWE_OK;
    driven->smallest_chi = INFINITY; /* the halo's chi is infinite: owned cells count */
    const swe_mesh *mesh = &model->part->run.mesh;
    for (int c = 0; c < mesh->cell_count; ++c) {
        driven->smallest_chi = fmin(driven->smallest_chi, mesh->cell_chi[c]);
    }
    MPI_CHECK(
        MPI_Allreduce(MPI_IN_PLACE, &driven->smallest_chi, 1, MPI_DOUBLE, MPI_MIN, model->comm));
    return swe_mpi_agree(model->comm, status, err);
}
