/* The serial backend of the triangle solver: the kernels of
 * solutions/serial/mesh on the host arrays. */
#include "backends/serial/serial_model.h"
#include "mesh/solver/mesh_backend.h"

#include "backends/serial/mesh/mesh_host_spans.h"
#include "backends/serial/mesh/mesh_host_verbs.h"
#include "backends/serial/mesh/mesh_serial_kernels.h"

static int serial_init(swe_mesh_run *run, const swe_model_config *config, swe_error *err)
{
    (void)config;
    return swe_mesh_host_init(run, err);
}

static int serial_gradients(swe_mesh_run *run, swe_error *err)
{
    (void)err;
    swe_mesh_serial_gradients(&run->host);
    return SWE_OK;
}

static int serial_edge_fluxes(swe_mesh_run *run, swe_mesh_launch launch, swe_error *err)
{
    (void)err;
    swe_mesh_serial_edge_fluxes(&run->host, launch);
    return SWE_OK;
}

static int serial_min_time_step(swe_mesh_run *run, real *time_step, swe_error *err)
{
    (void)err;
    *time_step = swe_mesh_serial_min_time_step(&run->host);
    return SWE_OK;
}

static int serial_update_cells(swe_mesh_run *run, swe_mesh_launch launch, swe_error *err)
{
    (void)err;
    swe_mesh_serial_update_cells(&run->host, launch);
    return SWE_OK;
}

static int serial_gradients_span(swe_mesh_run *run, const swe_mesh_span *span, swe_error *err)
{
    return swe_mesh_host_gradients_span(run, span, 1, err);
}

static int serial_edge_fluxes_span(swe_mesh_run *run, swe_mesh_launch launch,
                                   const swe_mesh_span *span, swe_error *err)
{
    return swe_mesh_host_edge_fluxes_span(run, launch, span, 1, err);
}

const swe_mesh_backend swe_mesh_serial_backend = {
    .table = {&swe_serial_model, "one CPU core: loops over edges, then cells", 0},
    .init = serial_init,
    .finalize = swe_mesh_host_finalize,
    .upload = swe_mesh_host_in_place,
    .download = swe_mesh_host_in_place,
    .gradients = serial_gradients,
    .edge_fluxes = serial_edge_fluxes,
    .min_time_step = serial_min_time_step,
    .update_cells = serial_update_cells,
    .gradients_span = serial_gradients_span,
    .edge_fluxes_span = serial_edge_fluxes_span,
};
