/* The shadow model's table for meshes (the model:
 * tests/backends/shadow/shadow_model.h): serial's kernels on a private
 * copy of the state h, hu, hv, which lives in the host arrays only between
 * download and upload, as on a device. With SWE_SHADOW_FAULT the depth of
 * the middle cell is spoiled after every cell update. */
#include "mesh/solver/mesh_backend.h"
#include "tests/backends/shadow/shadow_model.h"

#include "backends/serial/mesh/mesh_host_verbs.h"
#include "backends/serial/mesh/mesh_serial_kernels.h"

#include <stdlib.h>
#include <string.h>

typedef struct shadow_state {
    real *h, *hu, *hv; /* the private state, cell_count values each */
    double fault;      /* SWE_SHADOW_FAULT; 0: none */
} shadow_state;

static shadow_state *state_of(const swe_mesh_run *run)
{
    return run->ext;
}

/* The host arrays with the private state in place of the host's. */
static swe_mesh_arrays private_view(const swe_mesh_run *run)
{
    const shadow_state *state = state_of(run);
    swe_mesh_arrays arrays = run->host;
    arrays.h = state->h;
    arrays.hu = state->hu;
    arrays.hv = state->hv;
    return arrays;
}

static void shadow_finalize(swe_mesh_run *run)
{
    shadow_state *state = run != NULL ? state_of(run) : NULL;
    if (state != NULL) {
        free(state->h);
        free(state->hu);
        free(state->hv);
        free(state);
        run->ext = NULL;
    }
    swe_mesh_host_finalize(run);
}

static int shadow_init(swe_mesh_run *run, const swe_model_config *config, swe_error *err)
{
    (void)config;
    int status = swe_mesh_host_init(run, err);
    if (status != SWE_OK) {
        return status;
    }
    size_t cells = (size_t)run->host.cell_count + 1;
    shadow_state *state = calloc(1, sizeof *state);
    if (state != NULL) {
        state->h = calloc(cells, sizeof(real));
        state->hu = calloc(cells, sizeof(real));
        state->hv = calloc(cells, sizeof(real));
    }
    run->ext = state;
    if (state == NULL || state->h == NULL || state->hu == NULL || state->hv == NULL) {
        shadow_finalize(run);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the shadow model");
    }
    return swe_shadow_fault(&state->fault, err);
}

static void copy_state(real *h, real *hu, real *hv, const real *from_h, const real *from_hu,
                       const real *from_hv, int cells)
{
    size_t bytes = (size_t)cells * sizeof(real);
    memcpy(h, from_h, bytes);
    memcpy(hu, from_hu, bytes);
    memcpy(hv, from_hv, bytes);
}

static int shadow_upload(swe_mesh_run *run, swe_error *err)
{
    (void)err;
    shadow_state *state = state_of(run);
    copy_state(state->h, state->hu, state->hv, run->host.h, run->host.hu, run->host.hv,
               run->host.cell_count);
    return SWE_OK;
}

static int shadow_download(swe_mesh_run *run, swe_error *err)
{
    (void)err;
    const shadow_state *state = state_of(run);
    copy_state(run->host.h, run->host.hu, run->host.hv, state->h, state->hu, state->hv,
               run->host.cell_count);
    return SWE_OK;
}

static int shadow_gradients(swe_mesh_run *run, swe_error *err)
{
    (void)err;
    const swe_mesh_arrays arrays = private_view(run);
    swe_mesh_serial_gradients(&arrays);
    return SWE_OK;
}

static int shadow_edge_fluxes(swe_mesh_run *run, swe_mesh_launch launch, swe_error *err)
{
    (void)err;
    const swe_mesh_arrays arrays = private_view(run);
    swe_mesh_serial_edge_fluxes(&arrays, launch);
    return SWE_OK;
}

static int shadow_min_time_step(swe_mesh_run *run, real *time_step, swe_error *err)
{
    (void)err;
    const swe_mesh_arrays arrays = private_view(run);
    *time_step = swe_mesh_serial_min_time_step(&arrays);
    return SWE_OK;
}

static int shadow_update_cells(swe_mesh_run *run, swe_mesh_launch launch, swe_error *err)
{
    (void)err;
    const swe_mesh_arrays arrays = private_view(run);
    swe_mesh_serial_update_cells(&arrays, launch);
    shadow_state *state = state_of(run);
    if (state->fault > 0.0 && run->host.cell_count > 0) {
        real *h = &state->h[run->host.cell_count / 2];
        *h = swe_shadow_spoil(*h, state->fault);
    }
    return SWE_OK;
}

const swe_mesh_backend swe_mesh_shadow_backend = {
    .table = {&swe_shadow_model, "a test double: serial's kernels on a private copy of the state",
              0},
    .init = shadow_init,
    .finalize = shadow_finalize,
    .upload = shadow_upload,
    .download = shadow_download,
    .gradients = shadow_gradients,
    .edge_fluxes = shadow_edge_fluxes,
    .min_time_step = shadow_min_time_step,
    .update_cells = shadow_update_cells,
};
