/* The OpenMP backend of the triangle solver: the kernels of
 * solutions/openmp/mesh on the host arrays, on config->threads threads. */
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

/* --threads N: a whole number in 1..4096. */
static int apply_threads(swe_mesh_backend_config *config, const char *value, swe_error *err)
{
    char *end = NULL;
    errno = 0;
    long threads = strtol(value, &end, 10);
    if (end == value || *end != '\0' || errno != 0 || threads < 1 || threads > 4096) {
        return swe_fail(err, SWE_ERROR_USAGE, "--threads needs a whole number in 1..4096, got '%s'",
                        value);
    }
    config->threads = (int)threads;
    return SWE_OK;
}

static const swe_mesh_backend_option openmp_options[] = {
    {"threads", "N", "threads of the edge and cell sweeps (default: OMP_NUM_THREADS or all)",
     apply_threads}};

static int openmp_init(swe_mesh_run *run, const swe_mesh_backend_config *config, swe_error *err)
{
    int threads = config != NULL ? config->threads : 0;
    if (threads < 0 || threads > 4096) {
        return swe_fail(err, SWE_ERROR_USAGE, "thread count %d is outside 1..4096", threads);
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
    .name = "openmp",
    .options = openmp_options,
    .option_count = 1,
    .description = "CPU threads sharing the edge and cell sweeps; the serial bits",
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
