/* Set-up of the CPU backends of the Navier-Stokes application: their
 * work arrays, the state's placement in memory (first touch by the
 * threads that use it), the FFT plans. */
#include "backends/serial/ns/ns_cpu_backend.h"

#include <stdlib.h>
#include <string.h>

/* A copy of a padded field whose pages the threads that work on each
 * plane touch first: on a machine of several memory nodes each thread
 * then finds its planes in its own node's memory. */
typedef struct placement {
    const ns_grid *grid;
    const void *from;
    void *to;
    size_t element_size;
} placement;

static void place_body(void *context, int plane)
{
    const placement *p = context;
    size_t bytes = p->grid->stride[2] * p->element_size;
    memcpy((char *)p->to + (size_t)plane * bytes, (const char *)p->from + (size_t)plane * bytes,
           bytes);
}

/* Replaces *array by a copy placed plane by plane through the runner;
 * keeps it where memory runs out. */
static void place(ns_solver *solver, ns_plane_runner *run, int threads, void **array,
                  size_t element_size)
{
    placement p = {.grid = &solver->grid, .from = *array, .element_size = element_size};
    p.to = malloc(solver->grid.cells * element_size);
    if (p.to != NULL) {
        run(solver->grid.padded[2], place_body, &p, threads);
        free(*array);
        *array = p.to;
    }
}

static void clear_body(void *context, int plane)
{
    placement *p = context;
    size_t bytes = p->grid->stride[2] * p->element_size;
    memset((char *)p->to + (size_t)plane * bytes, 0, bytes);
}

static void clear_transform_body(void *context, int plane)
{
    ns_fftw_clear_plane(context, plane);
}

/* The work arrays' pages touched now, each plane by the thread that will
 * work on it, rather than page by page inside the first timed steps. */
static void touch_work(ns_solver *solver, ns_cpu_ext *ext)
{
    placement p = {.grid = &solver->grid, .element_size = sizeof(real)};
    for (int c = 0; c < NS_AXES; ++c) {
        p.to = ext->arrays.residual[c];
        ext->run(solver->grid.padded[2], clear_body, &p, ext->threads);
    }
    for (int v = NS_PRESSURE + 1; v < NS_VECTORS; ++v) {
        p.to = ext->vector[v];
        ext->run(solver->grid.padded[2], clear_body, &p, ext->threads);
    }
    if (ext->poisson != NULL) {
        ext->run(solver->grid.n[2], clear_transform_body, ext->poisson, ext->threads);
    }
}

static void place_state(ns_solver *solver, ns_plane_runner *run, int threads)
{
    for (int c = 0; c < NS_AXES; ++c) {
        place(solver, run, threads, (void **)&solver->velocity[c], sizeof(real));
        place(solver, run, threads, (void **)&solver->history[c], sizeof(real));
    }
    place(solver, run, threads, (void **)&solver->pressure, sizeof(real));
    place(solver, run, threads, (void **)&solver->fluid, 1);
}

/* The work arrays, zeroed pages that the first kernel touches. */
static int allocate_work(ns_solver *solver, ns_cpu_ext *ext)
{
    size_t cells = solver->grid.cells;
    int failed = 0;
    for (int c = 0; c < NS_AXES; ++c) {
        ext->arrays.velocity[c] = solver->velocity[c];
        ext->arrays.history[c] = solver->history[c];
        ext->arrays.residual[c] = calloc(cells, sizeof(real));
        failed |= ext->arrays.residual[c] == NULL;
    }
    ext->vector[NS_PRESSURE] = solver->pressure;
    for (int v = NS_PRESSURE + 1; v < NS_VECTORS; ++v) {
        ext->vector[v] = calloc(cells, sizeof(real));
        failed |= ext->vector[v] == NULL;
    }
    ext->partial = calloc((size_t)solver->grid.n[2] * NS_AXES, sizeof(double));
    failed |= ext->partial == NULL;
    ext->arrays.pressure = solver->pressure;
    ext->arrays.fluid = solver->fluid;
    ext->arrays.geometry = ns_grid_geometry(&solver->grid);
    ext->arrays.viscosity = (real)solver->parameters.viscosity;
    for (int c = 0; c < NS_AXES; ++c) {
        ext->arrays.force[c] = (real)solver->parameters.force[c];
    }
    return failed ? -1 : 0;
}

int ns_cpu_init(ns_solver *solver, ns_plane_runner *run, int threads, swe_error *err)
{
    ns_cpu_ext *ext = calloc(1, sizeof *ext);
    if (ext == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the CPU backend");
    }
    if (threads > 1) {
        place_state(solver, run, threads);
    }
    solver->ext = ext;
    ext->run = run;
    ext->threads = threads;
    if (allocate_work(solver, ext) != 0) {
        ns_cpu_finalize(solver);
        return swe_fail(err, SWE_ERROR_USAGE, "the solver's work arrays do not fit in memory");
    }
    /* Over several processes the slabs bring the whole domain's transforms. */
    int status =
        solver->slabs == NULL ? ns_fftw_poisson_create(&solver->grid, &ext->poisson, err) : SWE_OK;
    if (status != SWE_OK) {
        ns_cpu_finalize(solver);
        return status;
    }
    touch_work(solver, ext);
    return SWE_OK;
}

void ns_cpu_finalize(ns_solver *solver)
{
    ns_cpu_ext *ext = solver->ext;
    if (ext == NULL) {
        return;
    }
    for (int c = 0; c < NS_AXES; ++c) {
        free(ext->arrays.residual[c]); /* the history buffer is the solver's */
    }
    for (int v = NS_PRESSURE + 1; v < NS_VECTORS; ++v) {
        free(ext->vector[v]);
    }
    free(ext->partial);
    ns_fftw_poisson_destroy(ext->poisson);
    free(ext);
    solver->ext = NULL;
}

int ns_cpu_transfer(ns_solver *solver, swe_error *err)
{
    (void)solver;
    (void)err; /* the host arrays are the CPU backends' own */
    return SWE_OK;
}
