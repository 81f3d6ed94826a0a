/* The OpenMP backend of the triangle solver: the kernels of
 * solutions/openmp/mesh on the host arrays, on the threads --threads asks
 * for. */
#include "backends/openmp/openmp_model.h"
#include "mesh/solver/mesh_backend.h"

#include "backends/openmp/mesh/mesh_openmp_kernels.h"
#include "backends/serial/mesh/mesh_host_spans.h"
#include "backends/serial/mesh/mesh_host_verbs.h"

#include <errno.h>
#include <omp.h>
#include <stdint.h>
#include <stdlib.h>

/* The thread count travels in run->ext as an integer, not a pointer. */
static int threads_of(const swe_mesh_run *run)
{
    return (int)(intptr_t)run->ext;
}

static int openmp_init(swe_mesh_run *run, const swe_model_config *config, swe_error *err)
{
    int threads = 0;
    int status = swe_openmp_threads(config, &threads, err);
    if (status != SWE_OK) {
        return status;
    }
    run->ext = (void *)(intptr_t)(threads > 0 ? threads : omp_get_max_threads());
    return swe_mesh_host_init(run, err);
}

static int openmp_gradients(swe_mesh_run *run, swe_error *err)
{
    (void)err;
    swe_mesh_openmp_gradients(&run->host, threads_of(run));
    return SWE_OK;
}

static int openmp_edge_fluxes(swe_mesh_run *run, swe_mesh_launch launch, swe_error *err)
{
    (void)err;
    swe_mesh_openmp_edge_fluxes(&run->host, launch, threads_of(run));
    return SWE_OK;
}

static int openmp_min_time_step(swe_mesh_run *run, real *time_step, swe_error *err)
{
    (void)err;
    *time_step = swe_mesh_openmp_min_time_step(&run->host, threads_of(run));
    return SWE_OK;
}

static int openmp_update_cells(swe_mesh_run *run, swe_mesh_launch launch, swe_error *err)
{
    (void)err;
    swe_mesh_openmp_update_cells(&run->host, launch, threads_of(run));
    return SWE_OK;
}

static int openmp_gradients_span(swe_mesh_run *run, const swe_mesh_span *span, swe_error *err)
{
    return swe_mesh_host_gradients_span(run, span, threads_of(run), err);
}

static int openmp_edge_fluxes_span(swe_mesh_run *run, swe_mesh_launch launch,
                                   const swe_mesh_span *span, swe_error *err)
{
    return swe_mesh_host_edge_fluxes_span(run, launch, span, threads_of(run), err);
}

const swe_mesh_backend swe_mesh_openmp_backend = {
    .table = {&swe_openmp_model, "CPU threads sharing the edge and cell sweeps; the serial bits",
              0},
    .init = openmp_init,
    .finalize = swe_mesh_host_finalize,
    .upload = swe_mesh_host_in_place,
    .download = swe_mesh_host_in_place,
    .gradients = openmp_gradients,
    .edge_fluxes = openmp_edge_fluxes,
    .min_time_step = openmp_min_time_step,
    .update_cells = openmp_update_cells,
    .gradients_span = openmp_gradients_span,
    .edge_fluxes_span = openmp_edge_fluxes_span,
};
