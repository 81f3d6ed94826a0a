/* The CUDA backend of the Navier-Stokes application: the state on the
 * device, kernels from solutions/cuda/ns/, the preconditioner with
 * cuFFT on the even extension of wall axes (ns_cufft_poisson.cu), the CG
 * reductions with its own kernels (interior-only sums in double in a fixed
 * order, which cuBLAS's dot cannot give over padded fields). */
#include "backends/cuda/cuda_model.h"
#include "backends/cuda/ns/ns_cuda_backend.h"

#include "backends/cuda/cuda_check.h"

#include <climits>
#include <cstdio>
#include <cstdlib>

extern "C" {
#include "ns/grid/ns_boundary.h"
}

namespace
{

ns_cuda_ext *ext_of(ns_solver *solver)
{
    return static_cast<ns_cuda_ext *>(solver->ext);
}

/* Device arrays of the padded size, zeroed on the stream. */
int allocate(ns_cuda_ext *ext, size_t cells, swe_error *err)
{
    real **arrays[] = {&ext->fields.velocity[0], &ext->fields.velocity[1], &ext->fields.velocity[2],
                       &ext->fields.residual[0], &ext->fields.residual[1], &ext->fields.residual[2],
                       &ext->fields.history[0],  &ext->fields.history[1],  &ext->fields.history[2],
                       &ext->vector[0],          &ext->vector[1],          &ext->vector[2],
                       &ext->vector[3],          &ext->vector[4],          &ext->vector[5]};
    for (real **array : arrays) {
        if (cudaMalloc(array, cells * sizeof(real)) != cudaSuccess) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "the fields do not fit in the GPU's memory (%.1f GiB needed)",
                            15.0 * (double)cells * sizeof(real) / 1073741824.0);
        }
        CUDA_CHECK(cudaMemsetAsync(*array, 0, cells * sizeof(real), ext->stream), err);
    }
    unsigned char *fluid = nullptr;
    CUDA_CHECK(cudaMalloc(&fluid, cells), err);
    ext->fields.fluid = fluid;
    int partials = ns_cuda_reduction_blocks(&ext->fields) + 1;
    CUDA_CHECK(cudaMalloc(&ext->partial, (size_t)partials * sizeof(double)), err);
    return SWE_OK;
}

int cuda_init(ns_solver *solver, swe_error *err)
{
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
        cudaGetLastError();
        return swe_fail(err, SWE_ERROR_USAGE, "no CUDA device: use --backend serial or openmp");
    }
    int device = 0;
    int chosen = swe_cuda_device_choice(&solver->parameters.model, &device, err);
    if (chosen != SWE_OK) {
        return chosen;
    }
    CUDA_CHECK(cudaSetDevice(device % devices), err);
    int level = solver->parameters.model.level > 0 ? solver->parameters.model.level : 3;
    if (level > 3) {
        return swe_fail(err, SWE_ERROR_USAGE, "the cuda backend has levels 1 to 3, not %d", level);
    }
    if (level == 3 && solver->grid.cells > (size_t)INT_MAX) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "level 3 indexes the fields with 32 bits: at most %d padded cells; use "
                        "--level 2",
                        INT_MAX);
    }
    int multiprocessors = 0;
    if (cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, 0) !=
        cudaSuccess) {
        cudaGetLastError();
        return swe_fail(err, SWE_ERROR_USAGE, "cannot query the CUDA device");
    }
    ns_cuda_ext *ext = static_cast<ns_cuda_ext *>(calloc(1, sizeof(ns_cuda_ext)));
    if (ext == nullptr) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the CUDA backend");
    }
    solver->ext = ext;
    ext->level = level;
    ext->fields.multiprocessors = multiprocessors;
    ext->fields.geometry = ns_grid_geometry(&solver->grid);
    ext->fields.viscosity = (real)solver->parameters.viscosity;
    for (int c = 0; c < NS_AXES; ++c) {
        ext->fields.force[c] = (real)solver->parameters.force[c];
    }
    int status = cudaStreamCreate(&ext->stream) == cudaSuccess
                     ? allocate(ext, solver->grid.cells, err)
                     : swe_fail(err, SWE_ERROR_RUNTIME, "cannot create a CUDA stream");
    /* Over several processes the slabs' transforms (ns_cuda_slabs_create). */
    if (status == SWE_OK && solver->slabs == nullptr) {
        status = ns_cufft_poisson_create(&ext->poisson, &solver->grid, ext->stream, err);
    }
    if (status == SWE_OK) {
        status = ns_cuda_slabs_create(&ext->staging, solver, ext->stream, err);
    }
    if (status == SWE_OK) {
        status = ns_cuda_upload(solver, err);
    }
    if (status != SWE_OK) {
        ns_cuda_finalize(solver);
    }
    return status;
}

} // namespace

void ns_cuda_finalize(ns_solver *solver)
{
    ns_cuda_ext *ext = ext_of(solver);
    if (ext == nullptr) {
        return;
    }
    ns_cufft_poisson_destroy(&ext->poisson);
    ns_cuda_slabs_destroy(&ext->staging);
    for (int c = 0; c < NS_AXES; ++c) {
        CUDA_CHECK_WARN(cudaFree(ext->fields.velocity[c]));
        CUDA_CHECK_WARN(cudaFree(ext->fields.residual[c]));
        CUDA_CHECK_WARN(cudaFree(ext->fields.history[c]));
    }
    for (int v = 0; v < NS_VECTORS; ++v) {
        CUDA_CHECK_WARN(cudaFree(ext->vector[v]));
    }
    CUDA_CHECK_WARN(cudaFree(const_cast<unsigned char *>(ext->fields.fluid)));
    CUDA_CHECK_WARN(cudaFree(ext->partial));
    if (ext->stream != nullptr) {
        CUDA_CHECK_WARN(cudaStreamDestroy(ext->stream));
    }
    free(ext);
    solver->ext = nullptr;
}

int ns_cuda_upload(ns_solver *solver, swe_error *err)
{
    ns_cuda_ext *ext = ext_of(solver);
    size_t bytes = solver->grid.cells * sizeof(real);
    for (int c = 0; c < NS_AXES; ++c) {
        CUDA_CHECK(cudaMemcpyAsync(ext->fields.velocity[c], solver->velocity[c], bytes,
                                   cudaMemcpyHostToDevice, ext->stream),
                   err);
        CUDA_CHECK(cudaMemcpyAsync(ext->fields.history[c], solver->history[c], bytes,
                                   cudaMemcpyHostToDevice, ext->stream),
                   err);
    }
    CUDA_CHECK(cudaMemcpyAsync(ext->vector[NS_PRESSURE], solver->pressure, bytes,
                               cudaMemcpyHostToDevice, ext->stream),
               err);
    CUDA_CHECK(cudaMemcpyAsync(const_cast<unsigned char *>(ext->fields.fluid), solver->fluid,
                               solver->grid.cells, cudaMemcpyHostToDevice, ext->stream),
               err);
    CUDA_CHECK(cudaStreamSynchronize(ext->stream), err);
    return SWE_OK;
}

int ns_cuda_download(ns_solver *solver, swe_error *err)
{
    ns_cuda_ext *ext = ext_of(solver);
    size_t bytes = solver->grid.cells * sizeof(real);
    for (int c = 0; c < NS_AXES; ++c) {
        CUDA_CHECK(cudaMemcpyAsync(solver->velocity[c], ext->fields.velocity[c], bytes,
                                   cudaMemcpyDeviceToHost, ext->stream),
                   err);
        CUDA_CHECK(cudaMemcpyAsync(solver->history[c], ext->fields.history[c], bytes,
                                   cudaMemcpyDeviceToHost, ext->stream),
                   err);
    }
    CUDA_CHECK(cudaMemcpyAsync(solver->pressure, ext->vector[NS_PRESSURE], bytes,
                               cudaMemcpyDeviceToHost, ext->stream),
               err);
    CUDA_CHECK(cudaStreamSynchronize(ext->stream), err);
    return SWE_OK;
}

/* The ghost layers of field (what: component or NS_FILL_SCALAR), then the
 * planes behind neighbour faces from the slabs next door. */
static int fill_ghosts(ns_solver *solver, real *field, int what, swe_error *err)
{
    ns_cuda_ext *ext = ext_of(solver);
    int status = ns_cuda_fill_ghosts(&solver->grid, field, what, ext->stream, err);
    return status != SWE_OK
               ? status
               : ns_cuda_slabs_exchange(solver, &ext->staging, field, ext->stream, err);
}

static int fill_velocity_ghosts(ns_solver *solver, swe_error *err)
{
    ns_cuda_ext *ext = ext_of(solver);
    for (int c = 0; c < NS_AXES; ++c) {
        int status = fill_ghosts(solver, ext->fields.velocity[c], c, err);
        if (status != SWE_OK) {
            return status;
        }
    }
    return SWE_OK;
}

static int cuda_max_speeds(ns_solver *solver, double speed[NS_AXES], swe_error *err)
{
    ns_cuda_ext *ext = ext_of(solver);
    for (int c = 0; c < NS_AXES; ++c) {
        int status = ns_cuda_reduce(&ext->fields, NS_REDUCE_MAX_ABS, ext->fields.velocity[c],
                                    nullptr, ext->partial, &speed[c], ext->stream, err);
        if (status != SWE_OK) {
            return status;
        }
    }
    return SWE_OK;
}

static int cuda_momentum(ns_solver *solver, swe_error *err)
{
    int status = fill_velocity_ghosts(solver, err);
    ns_cuda_ext *ext = ext_of(solver);
    return status != SWE_OK ? status : ns_cuda_momentum(&ext->fields, ext->level, ext->stream, err);
}

static int cuda_predict(ns_solver *solver, real dt, real weight_new, real weight_old,
                        swe_error *err)
{
    ns_cuda_ext *ext = ext_of(solver);
    int status = ns_cuda_predict(&ext->fields, dt, weight_new, weight_old, ext->stream, err);
    for (int c = 0; status == SWE_OK && c < NS_AXES; ++c) {
        real *used = ext->fields.history[c];
        ext->fields.history[c] = ext->fields.residual[c];
        ext->fields.residual[c] = used;
    }
    return status;
}

static int cuda_divergence(ns_solver *solver, real scale, swe_error *err)
{
    int status = fill_velocity_ghosts(solver, err);
    ns_cuda_ext *ext = ext_of(solver);
    return status != SWE_OK
               ? status
               : ns_cuda_divergence(&ext->fields, scale, ext->vector[NS_RHS], ext->stream, err);
}

static int cuda_laplacian(ns_solver *solver, enum ns_vector in, enum ns_vector out, swe_error *err)
{
    ns_cuda_ext *ext = ext_of(solver);
    int status = fill_ghosts(solver, ext->vector[in], NS_FILL_SCALAR, err);
    return status != SWE_OK ? status
                            : ns_cuda_laplacian(&ext->fields, ext->vector[in], ext->vector[out],
                                                ext->stream, err);
}

static int cuda_precondition(ns_solver *solver, enum ns_vector in, enum ns_vector out,
                             swe_error *err)
{
    ns_cuda_ext *ext = ext_of(solver);
    if (solver->slabs != nullptr) {
        return ns_cuda_slabs_precondition(solver, &ext->staging, &ext->fields, ext->vector[in],
                                          ext->vector[out], ext->stream, err);
    }
    return ns_cufft_poisson_apply(&ext->poisson, &ext->fields, ext->vector[in], ext->vector[out],
                                  ext->stream, err);
}

static int cuda_remove_mean(ns_solver *solver, enum ns_vector x, swe_error *err)
{
    ns_cuda_ext *ext = ext_of(solver);
    double sums[2] = {0.0, 0.0}; /* of the values, of the fluid cells */
    int status = ns_cuda_reduce(&ext->fields, NS_REDUCE_FLUID_SUM, ext->vector[x], nullptr,
                                ext->partial, &sums[0], ext->stream, err);
    if (status == SWE_OK) {
        status = ns_cuda_reduce(&ext->fields, NS_REDUCE_FLUID_COUNT, ext->vector[x], nullptr,
                                ext->partial, &sums[1], ext->stream, err);
    }
    if (status == SWE_OK) {
        status = ns_cuda_slabs_sum(solver, sums, 2, err);
    }
    if (status != SWE_OK || sums[1] == 0.0) {
        return status;
    }
    return ns_cuda_shift(&ext->fields, (real)(sums[0] / sums[1]), ext->vector[x], ext->stream, err);
}

static int cuda_dot(ns_solver *solver, enum ns_vector x, enum ns_vector y, double *result,
                    swe_error *err)
{
    ns_cuda_ext *ext = ext_of(solver);
    int status = ns_cuda_reduce(&ext->fields, NS_REDUCE_DOT, ext->vector[x], ext->vector[y],
                                ext->partial, result, ext->stream, err);
    return status != SWE_OK ? status : ns_cuda_slabs_sum(solver, result, 1, err);
}

static int cuda_axpy(ns_solver *solver, real alpha, enum ns_vector x, enum ns_vector y,
                     swe_error *err)
{
    ns_cuda_ext *ext = ext_of(solver);
    return ns_cuda_axpy(&ext->fields, alpha, ext->vector[x], ext->vector[y], ext->stream, err);
}

static int cuda_xpay(ns_solver *solver, enum ns_vector x, real beta, enum ns_vector y,
                     swe_error *err)
{
    ns_cuda_ext *ext = ext_of(solver);
    return ns_cuda_xpay(&ext->fields, ext->vector[x], beta, ext->vector[y], ext->stream, err);
}

static int cuda_correct(ns_solver *solver, real factor, swe_error *err)
{
    ns_cuda_ext *ext = ext_of(solver);
    real *pressure = ext->vector[NS_PRESSURE];
    int status = fill_ghosts(solver, pressure, NS_FILL_SCALAR, err);
    return status != SWE_OK ? status
                            : ns_cuda_correct(&ext->fields, pressure, factor, ext->stream, err);
}

static int cuda_finish(ns_solver *solver, swe_error *err)
{
    CUDA_CHECK(cudaStreamSynchronize(ext_of(solver)->stream), err);
    return SWE_OK;
}

extern "C" const ns_backend ns_cuda_backend = {
    .table = {&swe_cuda_model,
              "NVIDIA GPU: momentum level 1 (global memory), 2 (shared-memory planes, "
              "Costarelli et al. n.d., figs. 3-4) or 3 (planes copied ahead, z fluxes handed "
              "on); cuFFT preconditioner",
              3},
    .init = cuda_init,
    .finalize = ns_cuda_finalize,
    .upload = ns_cuda_upload,
    .download = ns_cuda_download,
    .max_speeds = cuda_max_speeds,
    .momentum = cuda_momentum,
    .predict = cuda_predict,
    .divergence = cuda_divergence,
    .laplacian = cuda_laplacian,
    .precondition = cuda_precondition,
    .remove_mean = cuda_remove_mean,
    .dot = cuda_dot,
    .axpy = cuda_axpy,
    .xpay = cuda_xpay,
    .correct = cuda_correct,
    .finish = cuda_finish,
    .measure_momentum = ns_cuda_measure_momentum,
};
