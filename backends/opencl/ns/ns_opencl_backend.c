/* The OpenCL backend of the Navier-Stokes application: the state in device
 * buffers, one work-item per cell running the stencils every backend
 * shares (ns_kernels.cl), the CG's reductions in double on the device,
 * and the FFT preconditioner on the device or the host
 * (ns_opencl_precondition.c). */
#include "backends/opencl/cl_check.h"
#include "backends/opencl/ns/ns_opencl.h"
#include "backends/opencl/opencl_model.h"
#include "ns/grid/ns_boundary.h"

static ns_opencl_ext *ext_of(ns_solver *solver)
{
    return solver->ext;
}

/* Every interior cell, one work-item each (the kernels' cell_index). */
static int launch_cells(ns_solver *solver, enum ns_cl_kernel kernel,
                        const ns_cl_argument *arguments, int count, swe_error *err)
{
    const size_t global[NS_AXES] = {(size_t)solver->grid.n[0], (size_t)solver->grid.n[1],
                                    (size_t)solver->grid.n[2]};
    return ns_opencl_launch(ext_of(solver), kernel, arguments, count, NS_AXES, global, NULL, err);
}

static int transfer(ns_solver *solver, int to_device, swe_error *err)
{
    ns_opencl_ext *ext = ext_of(solver);
    size_t bytes = solver->grid.cells * sizeof(real);
    cl_mem buffers[] = {ext->velocity[0],        ext->velocity[1], ext->velocity[2],
                        ext->history[0],         ext->history[1],  ext->history[2],
                        ext->vector[NS_PRESSURE]};
    real *arrays[] = {solver->velocity[0], solver->velocity[1], solver->velocity[2],
                      solver->history[0],  solver->history[1],  solver->history[2],
                      solver->pressure};
    int status = SWE_OK;
    for (size_t a = 0; status == SWE_OK && a < sizeof buffers / sizeof buffers[0]; ++a) {
        status = to_device ? CL_CHECK(clEnqueueWriteBuffer(ext->queue, buffers[a], CL_TRUE, 0,
                                                           bytes, arrays[a], 0, NULL, NULL),
                                      err)
                           : CL_CHECK(clEnqueueReadBuffer(ext->queue, buffers[a], CL_TRUE, 0, bytes,
                                                          arrays[a], 0, NULL, NULL),
                                      err);
    }
    if (status == SWE_OK && to_device) {
        status = CL_CHECK(clEnqueueWriteBuffer(ext->queue, ext->fluid, CL_TRUE, 0,
                                               solver->grid.cells, solver->fluid, 0, NULL, NULL),
                          err);
    }
    return status;
}

static int opencl_upload(ns_solver *solver, swe_error *err)
{
    return transfer(solver, 1, err);
}

static int opencl_download(ns_solver *solver, swe_error *err)
{
    return transfer(solver, 0, err);
}

/* The ghost layers of field (what: component or NS_FILL_SCALAR), axis by
 * axis, one work-item per line along the axis. */
static int fill_ghosts(ns_solver *solver, cl_mem field, int what, swe_error *err)
{
    const ns_grid *grid = &solver->grid;
    int status = SWE_OK;
    for (int axis = 0; status == SWE_OK && axis < NS_AXES; ++axis) {
        int next = (axis + 1) % NS_AXES, after = (axis + 2) % NS_AXES;
        cl_int n = grid->n[axis], across = grid->padded[next];
        cl_long strides[3] = {(cl_long)grid->stride[axis], (cl_long)grid->stride[next],
                              (cl_long)grid->stride[after]};
        cl_long lines = (cl_long)grid->padded[next] * grid->padded[after];
        const ns_wall *minus = &grid->wall[2 * axis], *plus = &grid->wall[2 * axis + 1];
        cl_int kinds[2] = {(cl_int)minus->kind, (cl_int)plus->kind};
        real velocity[2] = {what < NS_FILL_SCALAR ? (real)minus->velocity[what] : (real)0,
                            what < NS_FILL_SCALAR ? (real)plus->velocity[what] : (real)0};
        cl_int axis_argument = axis, what_argument = what;
        const ns_cl_argument arguments[] = {
            NS_CL_ARG(field),      NS_CL_ARG(axis_argument), NS_CL_ARG(what_argument),
            NS_CL_ARG(n),          NS_CL_ARG(strides[0]),    NS_CL_ARG(strides[1]),
            NS_CL_ARG(strides[2]), NS_CL_ARG(across),        NS_CL_ARG(lines),
            NS_CL_ARG(kinds[0]),   NS_CL_ARG(kinds[1]),      NS_CL_ARG(velocity[0]),
            NS_CL_ARG(velocity[1])};
        const size_t group = 64, global = ((size_t)lines + group - 1) / group * group;
        status = ns_opencl_launch(ext_of(solver), NS_CL_FILL_GHOSTS, arguments,
                                  (int)(sizeof arguments / sizeof arguments[0]), 1, &global, &group,
                                  err);
    }
    return status;
}

static int fill_velocity_ghosts(ns_solver *solver, swe_error *err)
{
    int status = SWE_OK;
    for (int c = 0; c < NS_AXES && status == SWE_OK; ++c) {
        status = fill_ghosts(solver, ext_of(solver)->velocity[c], c, err);
    }
    return status;
}

/* A reduction over the interior (x, y: buffers of the operation; y only
 * for the dot product): the work-groups' partials, one work-group over
 * them, the result read back. */
static int reduce(ns_solver *solver, enum ns_cl_reduction operation, cl_mem x, cl_mem y,
                  double *result, swe_error *err)
{
    ns_opencl_ext *ext = ext_of(solver);
    cl_int op = (cl_int)operation, count = (cl_int)ext->reduce_groups;
    const ns_cl_argument cells[] = {
        NS_CL_ARG(ext->geometry), NS_CL_ARG(op),           NS_CL_ARG(x), NS_CL_ARG(y),
        NS_CL_ARG(ext->fluid),    NS_CL_ARG(ext->partials)};
    size_t global = ext->reduce_groups * ext->reduce_group;
    int status =
        ns_opencl_launch(ext, NS_CL_REDUCE_CELLS, cells, 6, 1, &global, &ext->reduce_group, err);
    const ns_cl_argument partials[] = {NS_CL_ARG(op), NS_CL_ARG(ext->partials), NS_CL_ARG(count)};
    if (status == SWE_OK) {
        status = ns_opencl_launch(ext, NS_CL_REDUCE_PARTIALS, partials, 3, 1, &ext->reduce_group,
                                  &ext->reduce_group, err);
    }
    return status != SWE_OK ? status
                            : CL_CHECK(clEnqueueReadBuffer(ext->queue, ext->partials, CL_TRUE,
                                                           ext->reduce_groups * sizeof(double),
                                                           sizeof(double), result, 0, NULL, NULL),
                                       err);
}

static int opencl_max_speeds(ns_solver *solver, double speed[NS_AXES], swe_error *err)
{
    int status = SWE_OK;
    for (int c = 0; c < NS_AXES && status == SWE_OK; ++c) {
        cl_mem velocity = ext_of(solver)->velocity[c];
        status = reduce(solver, NS_CL_REDUCE_MAX_ABS, velocity, velocity, &speed[c], err);
    }
    return status;
}

static int opencl_momentum(ns_solver *solver, swe_error *err)
{
    int status = fill_velocity_ghosts(solver, err);
    if (status != SWE_OK) {
        return status;
    }
    ns_opencl_ext *ext = ext_of(solver);
    real viscosity = (real)solver->parameters.viscosity;
    real force[NS_AXES] = {(real)solver->parameters.force[0], (real)solver->parameters.force[1],
                           (real)solver->parameters.force[2]};
    const ns_cl_argument arguments[] = {
        NS_CL_ARG(ext->geometry),    NS_CL_ARG(ext->velocity[0]), NS_CL_ARG(ext->velocity[1]),
        NS_CL_ARG(ext->velocity[2]), NS_CL_ARG(ext->residual[0]), NS_CL_ARG(ext->residual[1]),
        NS_CL_ARG(ext->residual[2]), NS_CL_ARG(viscosity),        NS_CL_ARG(force[0]),
        NS_CL_ARG(force[1]),         NS_CL_ARG(force[2])};
    return launch_cells(solver, NS_CL_MOMENTUM, arguments, 11, err);
}

static int opencl_predict(ns_solver *solver, real dt, real weight_new, real weight_old,
                          swe_error *err)
{
    ns_opencl_ext *ext = ext_of(solver);
    const ns_cl_argument arguments[] = {
        NS_CL_ARG(ext->geometry),    NS_CL_ARG(ext->velocity[0]), NS_CL_ARG(ext->velocity[1]),
        NS_CL_ARG(ext->velocity[2]), NS_CL_ARG(ext->residual[0]), NS_CL_ARG(ext->residual[1]),
        NS_CL_ARG(ext->residual[2]), NS_CL_ARG(ext->history[0]),  NS_CL_ARG(ext->history[1]),
        NS_CL_ARG(ext->history[2]),  NS_CL_ARG(ext->fluid),       NS_CL_ARG(dt),
        NS_CL_ARG(weight_new),       NS_CL_ARG(weight_old)};
    int status = launch_cells(solver, NS_CL_PREDICT, arguments, 14, err);
    for (int c = 0; status == SWE_OK && c < NS_AXES; ++c) {
        cl_mem used = ext->history[c]; /* R^n becomes the history of the next step */
        ext->history[c] = ext->residual[c];
        ext->residual[c] = used;
    }
    return status;
}

static int opencl_divergence(ns_solver *solver, real scale, swe_error *err)
{
    int status = fill_velocity_ghosts(solver, err);
    ns_opencl_ext *ext = ext_of(solver);
    const ns_cl_argument arguments[] = {NS_CL_ARG(ext->geometry),      NS_CL_ARG(ext->velocity[0]),
                                        NS_CL_ARG(ext->velocity[1]),   NS_CL_ARG(ext->velocity[2]),
                                        NS_CL_ARG(ext->fluid),         NS_CL_ARG(scale),
                                        NS_CL_ARG(ext->vector[NS_RHS])};
    return status != SWE_OK ? status : launch_cells(solver, NS_CL_DIVERGENCE, arguments, 7, err);
}

static int opencl_laplacian(ns_solver *solver, enum ns_vector in, enum ns_vector out,
                            swe_error *err)
{
    ns_opencl_ext *ext = ext_of(solver);
    int status = fill_ghosts(solver, ext->vector[in], NS_FILL_SCALAR, err);
    const ns_cl_argument arguments[] = {NS_CL_ARG(ext->geometry), NS_CL_ARG(ext->vector[in]),
                                        NS_CL_ARG(ext->fluid), NS_CL_ARG(ext->vector[out])};
    return status != SWE_OK ? status : launch_cells(solver, NS_CL_LAPLACIAN, arguments, 4, err);
}

static int opencl_remove_mean(ns_solver *solver, enum ns_vector x, swe_error *err)
{
    ns_opencl_ext *ext = ext_of(solver);
    double sum = 0.0, cells = 0.0;
    int status = reduce(solver, NS_CL_REDUCE_FLUID_SUM, ext->vector[x], ext->vector[x], &sum, err);
    if (status == SWE_OK) {
        status =
            reduce(solver, NS_CL_REDUCE_FLUID_COUNT, ext->vector[x], ext->vector[x], &cells, err);
    }
    if (status != SWE_OK || cells == 0.0) {
        return status;
    }
    real shift = (real)(sum / cells);
    const ns_cl_argument arguments[] = {NS_CL_ARG(ext->geometry), NS_CL_ARG(ext->fluid),
                                        NS_CL_ARG(shift), NS_CL_ARG(ext->vector[x])};
    return launch_cells(solver, NS_CL_SHIFT, arguments, 4, err);
}

static int opencl_dot(ns_solver *solver, enum ns_vector x, enum ns_vector y, double *result,
                      swe_error *err)
{
    ns_opencl_ext *ext = ext_of(solver);
    return reduce(solver, NS_CL_REDUCE_DOT, ext->vector[x], ext->vector[y], result, err);
}

/* y = a x + b y with a or b 1 (ns_combine). */
static int combine(ns_solver *solver, real a, enum ns_vector x, real b, enum ns_vector y,
                   swe_error *err)
{
    ns_opencl_ext *ext = ext_of(solver);
    const ns_cl_argument arguments[] = {NS_CL_ARG(ext->geometry), NS_CL_ARG(a),
                                        NS_CL_ARG(ext->vector[x]), NS_CL_ARG(b),
                                        NS_CL_ARG(ext->vector[y])};
    return launch_cells(solver, NS_CL_COMBINE, arguments, 5, err);
}

static int opencl_axpy(ns_solver *solver, real alpha, enum ns_vector x, enum ns_vector y,
                       swe_error *err)
{
    return combine(solver, alpha, x, (real)1, y, err);
}

static int opencl_xpay(ns_solver *solver, enum ns_vector x, real beta, enum ns_vector y,
                       swe_error *err)
{
    return combine(solver, (real)1, x, beta, y, err);
}

static int opencl_correct(ns_solver *solver, real factor, swe_error *err)
{
    ns_opencl_ext *ext = ext_of(solver);
    int status = fill_ghosts(solver, ext->vector[NS_PRESSURE], NS_FILL_SCALAR, err);
    const ns_cl_argument arguments[] = {NS_CL_ARG(ext->geometry),
                                        NS_CL_ARG(ext->velocity[0]),
                                        NS_CL_ARG(ext->velocity[1]),
                                        NS_CL_ARG(ext->velocity[2]),
                                        NS_CL_ARG(ext->fluid),
                                        NS_CL_ARG(ext->vector[NS_PRESSURE]),
                                        NS_CL_ARG(factor)};
    return status != SWE_OK ? status : launch_cells(solver, NS_CL_CORRECT, arguments, 7, err);
}

static int opencl_finish(ns_solver *solver, swe_error *err)
{
    return CL_CHECK(clFinish(ext_of(solver)->queue), err);
}

const ns_backend ns_opencl_backend = {
    .table = {&swe_opencl_model,
              "any OpenCL 1.2 device: one work-item per cell from global memory (the stencils of "
              "the C and CUDA kernels); CG reductions on the device; preconditioner with clFFT "
              "on a GPU, with FFTW on the host for a CPU device (SWE_CL_FFT=device|host)",
              0},
    .init = ns_opencl_init,
    .finalize = ns_opencl_finalize,
    .upload = opencl_upload,
    .download = opencl_download,
    .max_speeds = opencl_max_speeds,
    .momentum = opencl_momentum,
    .predict = opencl_predict,
    .divergence = opencl_divergence,
    .laplacian = opencl_laplacian,
    .precondition = ns_opencl_precondition,
    .remove_mean = opencl_remove_mean,
    .dot = opencl_dot,
    .axpy = opencl_axpy,
    .xpay = opencl_xpay,
    .correct = opencl_correct,
    .finish = opencl_finish,
};
