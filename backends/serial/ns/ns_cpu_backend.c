/* The verbs of the CPU backends of the Navier-Stokes application, each a
 * kernel per plane through the backend's runner. */
#include "backends/serial/ns/ns_cpu_backend.h"

#include "ns/grid/ns_boundary.h"
#include "ns/grid/ns_ghost.h"

static ns_cpu_ext *ext_of(ns_solver *solver)
{
    return solver->ext;
}

/* What a plane body needs beyond the arrays. */
typedef struct plane_task {
    ns_cpu_ext *ext;
    real a, b, c;
    const real *in;
    real *out;
    enum ns_fft_pass pass;
    const ns_grid *grid; /* ghost fills: the grid, axis and what the field holds */
    int axis, what;
} plane_task;

static void run_planes(ns_solver *solver, ns_plane_body *body, plane_task *task)
{
    task->ext = ext_of(solver);
    task->ext->run(solver->grid.n[2], body, task, task->ext->threads);
}

static void ghost_body(void *context, int batch)
{
    plane_task *task = context;
    ns_fill_ghost_batch(task->grid, task->out, task->what, task->axis, batch);
}

/* The ghost layers of field (what: component or NS_FILL_SCALAR), axis by
 * axis with the batches of each shared by the runner; then the planes
 * behind neighbour faces from the slabs next door. */
static int fill_ghosts(ns_solver *solver, real *field, int what, swe_error *err)
{
    ns_cpu_ext *ext = ext_of(solver);
    plane_task task = {.ext = ext, .out = field, .what = what, .grid = &solver->grid};
    for (task.axis = 0; task.axis < NS_AXES; ++task.axis) {
        ext->run(ns_ghost_batches(&solver->grid, task.axis), ghost_body, &task, ext->threads);
    }
    const ns_slabs *slabs = solver->slabs;
    return slabs != NULL ? slabs->exchange(slabs->context, &solver->grid, field, sizeof(real), err)
                         : SWE_OK;
}

/* sums[w] = the sum over every plane of the domain of partial[k * width +
 * w], in plane order: the same bits for any number of threads or slabs. */
static int sum_planes(ns_solver *solver, int width, double *sums, swe_error *err)
{
    const ns_cpu_ext *ext = ext_of(solver);
    const ns_slabs *slabs = solver->slabs;
    if (slabs != NULL) {
        return slabs->sum_planes(slabs->context, ext->partial, solver->grid.n[2], width, sums, err);
    }
    for (int w = 0; w < width; ++w) {
        sums[w] = 0.0;
        for (int k = 0; k < solver->grid.n[2]; ++k) {
            sums[w] += ext->partial[(size_t)k * (size_t)width + (size_t)w];
        }
    }
    return SWE_OK;
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

static int fill_velocity_ghosts(ns_solver *solver, swe_error *err)
{
    int status = SWE_OK;
    for (int c = 0; c < NS_AXES && status == SWE_OK; ++c) {
        status = fill_ghosts(solver, solver->velocity[c], c, err);
    }
    return status;
}

int ns_cpu_momentum(ns_solver *solver, swe_error *err)
{
    int status = fill_velocity_ghosts(solver, err);
    if (status == SWE_OK) {
        plane_task task = {0};
        run_planes(solver, momentum_body, &task);
    }
    return status;
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
    int status = fill_velocity_ghosts(solver, err); /* of u*, across periodic faces */
    if (status == SWE_OK) {
        plane_task task = {.a = scale, .out = ext_of(solver)->vector[NS_RHS]};
        run_planes(solver, divergence_body, &task);
    }
    return status;
}

static void laplacian_body(void *context, int k)
{
    plane_task *task = context;
    ns_serial_laplacian_plane(&task->ext->arrays, k, task->in, task->out);
}

int ns_cpu_laplacian(ns_solver *solver, enum ns_vector in, enum ns_vector out, swe_error *err)
{
    ns_cpu_ext *ext = ext_of(solver);
    int status = fill_ghosts(solver, ext->vector[in], NS_FILL_SCALAR, err);
    if (status == SWE_OK) {
        plane_task task = {.in = ext->vector[in], .out = ext->vector[out]};
        run_planes(solver, laplacian_body, &task);
    }
    return status;
}

static void fft_body(void *context, int batch)
{
    plane_task *task = context;
    ns_fftw_run_batch(task->ext->poisson, task->pass, batch, task->in, task->ext->arrays.fluid,
                      task->out);
}

int ns_cpu_precondition(ns_solver *solver, enum ns_vector in, enum ns_vector out, swe_error *err)
{
    ns_cpu_ext *ext = ext_of(solver);
    const ns_slabs *slabs = solver->slabs;
    if (slabs != NULL) {
        return slabs->precondition(slabs->context, ext->vector[in], ext->arrays.fluid,
                                   ext->vector[out], err);
    }
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
    ns_cpu_ext *ext = ext_of(solver);
    plane_task task = {.in = ext->vector[x], .out = ext->vector[y]};
    run_planes(solver, dot_body, &task);
    return sum_planes(solver, 1, result, err);
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
    ns_cpu_ext *ext = ext_of(solver);
    plane_task task = {.in = ext->vector[x], .out = ext->vector[x]};
    run_planes(solver, fluid_sum_body, &task);
    double sums[2]; /* of the values, of the fluid cells */
    int status = sum_planes(solver, 2, sums, err);
    if (status == SWE_OK) {
        task.a = sums[1] > 0.0 ? (real)(sums[0] / sums[1]) : (real)0;
        run_planes(solver, shift_body, &task);
    }
    return status;
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
    int status = fill_ghosts(solver, solver->pressure, NS_FILL_SCALAR, err);
    if (status == SWE_OK) {
        plane_task task = {.a = factor};
        run_planes(solver, correct_body, &task);
    }
    return status;
}
