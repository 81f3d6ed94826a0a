#include "ns_cpu_backend.h"

#include "staggered/ns_boundary.h"
#include "staggered/ns_ghost.h"

#include <stdlib.h>

static ns_cpu_ext *ext_of(ns_solver *solver)
{
    return solver->ext;
}

int ns_cpu_init(ns_solver *solver, ns_plane_runner *run, int threads, swe_error *err)
{
    ns_cpu_ext *ext = calloc(1, sizeof *ext);
    if (ext == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the CPU backend");
    }
    solver->ext = ext;
    ext->run = run;
    ext->threads = threads;
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
    if (failed) {
        ns_cpu_finalize(solver);
        return swe_fail(err, SWE_ERROR_USAGE, "the solver's work arrays do not fit in memory");
    }
    int status = ns_fftw_poisson_create(&solver->grid, &ext->poisson, err);
    if (status != SWE_OK) {
        ns_cpu_finalize(solver);
    }
    return status;
}

void ns_cpu_finalize(ns_solver *solver)
{
    ns_cpu_ext *ext = ext_of(solver);
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

/* What a plane body needs beyond the arrays. */
typedef struct plane_task {
    ns_cpu_ext *ext;
    real a, b, c;
    const real *in;
    real *out;
    enum ns_fft_pass pass;
} plane_task;

static void run_planes(ns_solver *solver, ns_plane_body *body, plane_task *task)
{
    task->ext = ext_of(solver);
    task->ext->run(solver->grid.n[2], body, task, task->ext->threads);
}

static void speed_body(void *context, int k)
{
    plane_task *task = context;
    real speed[NS_AXES] = {0, 0, 0};
    ns_serial_max_speed_plane(&task->ext->arrays, k, speed);
    for (int c = 0; c < NS_AXES; ++c) {
        task->ext->partial[(size_t)k * NS_AXES + (size_t)c] = (double)speed[c];
    }
}

int ns_cpu_max_speeds(ns_solver *solver, double speed[NS_AXES], swe_error *err)
{
    (void)err;
    plane_task task = {0};
    run_planes(solver, speed_body, &task);
    for (int c = 0; c < NS_AXES; ++c) {
        speed[c] = 0.0;
        for (int k = 0; k < solver->grid.n[2]; ++k) {
            double here = task.ext->partial[(size_t)k * NS_AXES + (size_t)c];
            speed[c] = here > speed[c] || here != here ? here : speed[c];
        }
    }
    return SWE_OK;
}

static void momentum_body(void *context, int k)
{
    plane_task *task = context;
    ns_serial_momentum_plane(&task->ext->arrays, k);
}

static void fill_velocity_ghosts(ns_solver *solver)
{
    for (int c = 0; c < NS_AXES; ++c) {
        ns_fill_ghosts(&solver->grid, solver->velocity[c], c);
    }
}

int ns_cpu_momentum(ns_solver *solver, swe_error *err)
{
    (void)err;
    fill_velocity_ghosts(solver);
    plane_task task = {0};
    run_planes(solver, momentum_body, &task);
    return SWE_OK;
}

static void predict_body(void *context, int k)
{
    plane_task *task = context;
    ns_serial_predict_plane(&task->ext->arrays, k, task->a, task->b, task->c);
}

int ns_cpu_predict(ns_solver *solver, real dt, real weight_new, real weight_old, swe_error *err)
{
    (void)err;
    plane_task task = {.a = dt, .b = weight_new, .c = weight_old};
    run_planes(solver, predict_body, &task);
    ns_cpu_arrays *arrays = &task.ext->arrays;
    for (int c = 0; c < NS_AXES; ++c) {
        real *used = arrays->history[c];
        arrays->history[c] = arrays->residual[c];
        arrays->residual[c] = used;
        solver->history[c] = arrays->history[c];
    }
    return SWE_OK;
}

static void divergence_body(void *context, int k)
{
    plane_task *task = context;
    ns_serial_divergence_plane(&task->ext->arrays, k, task->a, task->out);
}

int ns_cpu_divergence(ns_solver *solver, real scale, swe_error *err)
{
    (void)err;
    fill_velocity_ghosts(solver); /* of u*, across periodic faces */
    plane_task task = {.a = scale, .out = ext_of(solver)->vector[NS_RHS]};
    run_planes(solver, divergence_body, &task);
    return SWE_OK;
}

static void laplacian_body(void *context, int k)
{
    plane_task *task = context;
    ns_serial_laplacian_plane(&task->ext->arrays, k, task->in, task->out);
}

int ns_cpu_laplacian(ns_solver *solver, enum ns_vector in, enum ns_vector out, swe_error *err)
{
    (void)err;
    ns_cpu_ext *ext = ext_of(solver);
    ns_fill_ghosts(&solver->grid, ext->vector[in], NS_FILL_SCALAR);
    plane_task task = {.in = ext->vector[in], .out = ext->vector[out]};
    run_planes(solver, laplacian_body, &task);
    return SWE_OK;
}

static void fft_body(void *context, int batch)
{
    plane_task *task = context;
    ns_fftw_run_batch(task->ext->poisson, task->pass, batch, task->in, task->ext->arrays.fluid,
                      task->out);
}

int ns_cpu_precondition(ns_solver *solver, enum ns_vector in, enum ns_vector out, swe_error *err)
{
    (void)err;
    ns_cpu_ext *ext = ext_of(solver);
    plane_task task = {.ext = ext, .in = ext->vector[in], .out = ext->vector[out]};
    for (int pass = 0; pass < NS_FFT_PASSES; ++pass) {
        task.pass = (enum ns_fft_pass)pass;
        ext->run(ns_fftw_pass_batches(ext->poisson, task.pass), fft_body, &task, ext->threads);
    }
    return SWE_OK;
}

static void dot_body(void *context, int k)
{
    plane_task *task = context;
    task->ext->partial[k] = ns_serial_dot_plane(&task->ext->arrays, k, task->in, task->out);
}

int ns_cpu_dot(ns_solver *solver, enum ns_vector x, enum ns_vector y, double *result,
               swe_error *err)
{
    (void)err;
    ns_cpu_ext *ext = ext_of(solver);
    plane_task task = {.in = ext->vector[x], .out = ext->vector[y]};
    run_planes(solver, dot_body, &task);
    double sum = 0.0;
    for (int k = 0; k < solver->grid.n[2]; ++k) {
        sum += ext->partial[k]; /* plane order: the same sum for any threads */
    }
    *result = sum;
    return SWE_OK;
}

static void fluid_sum_body(void *context, int k)
{
    plane_task *task = context;
    long cells = 0;
    task->ext->partial[2 * (size_t)k] =
        ns_serial_fluid_sum_plane(&task->ext->arrays, k, task->in, &cells);
    task->ext->partial[2 * (size_t)k + 1] = (double)cells;
}

static void shift_body(void *context, int k)
{
    plane_task *task = context;
    ns_serial_shift_plane(&task->ext->arrays, k, task->a, task->out);
}

int ns_cpu_remove_mean(ns_solver *solver, enum ns_vector x, swe_error *err)
{
    (void)err;
    ns_cpu_ext *ext = ext_of(solver);
    plane_task task = {.in = ext->vector[x], .out = ext->vector[x]};
    run_planes(solver, fluid_sum_body, &task);
    double sum = 0.0, cells = 0.0;
    for (int k = 0; k < solver->grid.n[2]; ++k) {
        sum += ext->partial[2 * (size_t)k];
        cells += ext->partial[2 * (size_t)k + 1];
    }
    task.a = cells > 0.0 ? (real)(sum / cells) : (real)0;
    run_planes(solver, shift_body, &task);
    return SWE_OK;
}

static void axpy_body(void *context, int k)
{
    plane_task *task = context;
    ns_serial_axpy_plane(&task->ext->arrays, k, task->a, task->in, task->out);
}

int ns_cpu_axpy(ns_solver *solver, real alpha, enum ns_vector x, enum ns_vector y, swe_error *err)
{
    (void)err;
    ns_cpu_ext *ext = ext_of(solver);
    plane_task task = {.a = alpha, .in = ext->vector[x], .out = ext->vector[y]};
    run_planes(solver, axpy_body, &task);
    return SWE_OK;
}

static void xpay_body(void *context, int k)
{
    plane_task *task = context;
    ns_serial_xpay_plane(&task->ext->arrays, k, task->in, task->a, task->out);
}

int ns_cpu_xpay(ns_solver *solver, enum ns_vector x, real beta, enum ns_vector y, swe_error *err)
{
    (void)err;
    ns_cpu_ext *ext = ext_of(solver);
    plane_task task = {.a = beta, .in = ext->vector[x], .out = ext->vector[y]};
    run_planes(solver, xpay_body, &task);
    return SWE_OK;
}

static void correct_body(void *context, int k)
{
    plane_task *task = context;
    ns_serial_correct_plane(&task->ext->arrays, k, task->a);
}

int ns_cpu_correct(ns_solver *solver, real factor, swe_error *err)
{
    (void)err;
    ns_fill_ghosts(&solver->grid, solver->pressure, NS_FILL_SCALAR);
    plane_task task = {.a = factor};
    run_planes(solver, correct_body, &task);
    return SWE_OK;
}
