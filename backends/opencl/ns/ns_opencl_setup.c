/* Setting up and tearing down the Navier-Stokes OpenCL backend: the
 * device, its program and kernels, the buffers, the host's FFT plans. */
#include "backends/opencl/ns/ns_opencl.h"

#include "backends/opencl/cl_check.h"
#include "backends/opencl/cl_math.h"
#include "backends/opencl/cl_program.h"
#include "backends/opencl/opencl_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kernel_names[NS_CL_KERNELS] = {
    "ns_momentum",        "ns_predict",         "ns_divergence_cells",
    "ns_laplacian",       "ns_correct",         "ns_combine",
    "ns_shift",           "ns_fill_ghost_axis", "ns_reduce_cells",
    "ns_reduce_partials", "ns_extend",          "ns_spectral_divide",
    "ns_restrict"};

/* The reductions' work-group: NS_CL_REDUCE_MAX work-items, or the largest
 * power of two the device allows. */
static int choose_reduce_group(ns_opencl_ext *ext, swe_error *err)
{
    size_t largest = 0;
    int status = CL_CHECK(clGetDeviceInfo(ext->device.device, CL_DEVICE_MAX_WORK_GROUP_SIZE,
                                          sizeof largest, &largest, NULL),
                          err);
    ext->reduce_group = NS_CL_REDUCE_MAX;
    while (status == SWE_OK && ext->reduce_group > largest && ext->reduce_group > 1) {
        ext->reduce_group /= 2;
    }
    return status;
}

/* The program with the model's math options (--cl-math, or the device's
 * default: exact on a CPU, backends/opencl/cl_math.h). */
static int build(ns_opencl_ext *ext, const char *math, swe_error *err)
{
    char math_options[256];
    int status =
        swe_cl_math_options(ext->device.device, math, math_options, sizeof math_options, err);
    if (status != SWE_OK) {
        return status;
    }
    const char *precision = SWE_CL_PRECISION_OPTION;
    char options[512];
    snprintf(options, sizeof options, "-cl-std=CL1.2%s -DNS_CL_REDUCE=%zu %s", precision,
             ext->reduce_group, math_options);
    return swe_cl_build_source(ext->context, ext->device.device, swe_ns_opencl_program_source,
                               options, &ext->program, err);
}

static int create_device(ns_opencl_ext *ext, const swe_model_config *model, swe_error *err)
{
    int status =
        swe_cl_choose_device(model->option_values[SWE_CL_OPTION_DEVICE], &ext->device, err);
    if (status == SWE_OK && !swe_cl_device_has_extension(ext->device.device, "cl_khr_fp64")) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "OpenCL device %s has no double precision (cl_khr_fp64), which the "
                        "pressure solve's sums need: pick another --cl-device",
                        ext->device.name);
    }
    cl_int code = CL_SUCCESS;
    if (status == SWE_OK) {
        cl_context_properties properties[] = {CL_CONTEXT_PLATFORM,
                                              (cl_context_properties)ext->device.platform, 0};
        ext->context = clCreateContext(properties, 1, &ext->device.device, NULL, NULL, &code);
        status = CL_CHECK_CODE(code, "clCreateContext", err);
    }
    if (status == SWE_OK) {
        ext->queue = clCreateCommandQueue(ext->context, ext->device.device, 0, &code);
        status = CL_CHECK_CODE(code, "clCreateCommandQueue", err);
    }
    if (status == SWE_OK) {
        status = choose_reduce_group(ext, err);
    }
    if (status == SWE_OK) {
        status = build(ext, model->option_values[SWE_CL_OPTION_MATH], err);
    }
    for (int k = 0; status == SWE_OK && k < NS_CL_KERNELS; ++k) {
        ext->kernel[k] = clCreateKernel(ext->program, kernel_names[k], &code);
        status = CL_CHECK_CODE(code, "clCreateKernel", err);
    }
    return status;
}

/* A device buffer of bytes, zeroed (the ghosts of the CG vectors are
 * read before any kernel writes them). */
static int create_buffer(ns_opencl_ext *ext, cl_mem *buffer, size_t bytes, swe_error *err)
{
    cl_int code = CL_SUCCESS;
    *buffer = clCreateBuffer(ext->context, CL_MEM_READ_WRITE, bytes, NULL, &code);
    int status = CL_CHECK_CODE(code, "clCreateBuffer", err);
    if (status == SWE_OK) {
        const unsigned char zero = 0;
        status = CL_CHECK(
            clEnqueueFillBuffer(ext->queue, *buffer, &zero, 1, 0, bytes, 0, NULL, NULL), err);
    }
    return status;
}

static int create_buffers(ns_opencl_ext *ext, const ns_solver *solver, swe_error *err)
{
    size_t bytes = solver->grid.cells * sizeof(real);
    cl_mem *fields[] = {&ext->velocity[0], &ext->velocity[1], &ext->velocity[2],
                        &ext->residual[0], &ext->residual[1], &ext->residual[2],
                        &ext->history[0],  &ext->history[1],  &ext->history[2]};
    int status = SWE_OK;
    for (size_t f = 0; status == SWE_OK && f < sizeof fields / sizeof fields[0]; ++f) {
        status = create_buffer(ext, fields[f], bytes, err);
    }
    for (int v = 0; status == SWE_OK && v < NS_VECTORS; ++v) {
        status = create_buffer(ext, &ext->vector[v], bytes, err);
    }
    if (status == SWE_OK) {
        status = create_buffer(ext, &ext->fluid, solver->grid.cells, err);
    }
    size_t interior = ns_grid_interior_cells(&solver->grid);
    ext->reduce_groups = (interior + ext->reduce_group - 1) / ext->reduce_group;
    if (status == SWE_OK) {
        status = create_buffer(ext, &ext->partials, (ext->reduce_groups + 1) * sizeof(double), err);
    }
    return status;
}

/* Where the preconditioner transforms: SWE_CL_FFT=device or host, else
 * on the device (clFFT) for a GPU or an accelerator and on the host for a
 * CPU device, where FFTW's cosine transforms of the grid itself outrun
 * clFFT's of the even extension on the same cores
 * (docs/RESULTS-navier-stokes.md). *required: the device was asked for. */
static int fft_on_device(const ns_opencl_ext *ext, int *on_device, int *required, swe_error *err)
{
    const char *asked = getenv("SWE_CL_FFT");
    *required = asked != NULL && strcmp(asked, "device") == 0;
    if (asked != NULL && !*required && strcmp(asked, "host") != 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "SWE_CL_FFT must be device or host, not '%s'", asked);
    }
    cl_device_type type = 0;
    int status = CL_CHECK(
        clGetDeviceInfo(ext->device.device, CL_DEVICE_TYPE, sizeof type, &type, NULL), err);
    *on_device = asked != NULL ? *required : (type & CL_DEVICE_TYPE_CPU) == 0;
    return status;
}

/* clFFT's plans, else the host's FFT plans and the two vectors they read
 * and write. */
static int create_preconditioner(ns_opencl_ext *ext, const ns_solver *solver, swe_error *err)
{
    int on_device = 0, required = 0;
    int status = fft_on_device(ext, &on_device, &required, err);
    if (status == SWE_OK && on_device) {
        status = ns_clfft_create(ext, &solver->grid, required, &ext->clfft, err);
    }
    if (status != SWE_OK || ext->clfft != NULL) {
        return status;
    }
    status = ns_fftw_poisson_create(&solver->grid, &ext->poisson, err);
    if (status != SWE_OK) {
        return status;
    }
    for (int k = 0; k < solver->grid.n[2]; ++k) {
        ns_fftw_clear_plane(ext->poisson, k);
    }
    ext->host_in = calloc(solver->grid.cells, sizeof(real));
    ext->host_out = calloc(solver->grid.cells, sizeof(real));
    return ext->host_in == NULL || ext->host_out == NULL
               ? swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the preconditioner's vectors")
               : SWE_OK;
}

int ns_opencl_init(ns_solver *solver, swe_error *err)
{
    if (solver == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenCL init without a solver");
    }
    if (solver->slabs != NULL) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "the opencl backend does not run over slabs (shallows-ns-mpi): use "
                        "shallows-ns, or serial, openmp or cuda over ranks");
    }
    ns_opencl_ext *ext = calloc(1, sizeof *ext);
    if (ext == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the OpenCL backend");
    }
    solver->ext = ext;
    ext->geometry = ns_grid_geometry(&solver->grid);
    int status = create_device(ext, &solver->parameters.model, err);
    if (status == SWE_OK) {
        status = create_buffers(ext, solver, err);
    }
    if (status == SWE_OK) {
        status = create_preconditioner(ext, solver, err);
    }
    if (status == SWE_OK) {
        status = solver->backend->upload(solver, err);
    }
    if (status != SWE_OK) {
        ns_opencl_finalize(solver);
    }
    return status;
}

/* Release failures cannot be returned from a clean-up: they are told. */
static void warn_unless_released(cl_int code, const char *call)
{
    if (code != CL_SUCCESS) {
        fprintf(stderr, "shallows-ns: warning: OpenCL call %s failed: %s\n", call,
                swe_cl_error_name(code));
    }
}

static void release_buffer(cl_mem buffer)
{
    if (buffer != NULL) {
        warn_unless_released(clReleaseMemObject(buffer), "clReleaseMemObject");
    }
}

void ns_opencl_finalize(ns_solver *solver)
{
    ns_opencl_ext *ext = solver != NULL ? solver->ext : NULL;
    if (ext == NULL) {
        return;
    }
    if (ext->queue != NULL) {
        warn_unless_released(clFinish(ext->queue), "clFinish"); /* nothing may still use them */
    }
    for (int c = 0; c < NS_AXES; ++c) {
        release_buffer(ext->velocity[c]);
        release_buffer(ext->residual[c]);
        release_buffer(ext->history[c]);
    }
    for (int v = 0; v < NS_VECTORS; ++v) {
        release_buffer(ext->vector[v]);
    }
    release_buffer(ext->fluid);
    release_buffer(ext->partials);
    for (int k = 0; k < NS_CL_KERNELS; ++k) {
        if (ext->kernel[k] != NULL) {
            warn_unless_released(clReleaseKernel(ext->kernel[k]), "clReleaseKernel");
        }
    }
    if (ext->program != NULL) {
        warn_unless_released(clReleaseProgram(ext->program), "clReleaseProgram");
    }
    if (ext->queue != NULL) {
        warn_unless_released(clReleaseCommandQueue(ext->queue), "clReleaseCommandQueue");
    }
    if (ext->context != NULL) {
        warn_unless_released(clReleaseContext(ext->context), "clReleaseContext");
    }
    ns_clfft_destroy(ext->clfft);
    ns_fftw_poisson_destroy(ext->poisson);
    free(ext->host_in);
    free(ext->host_out);
    free(ext);
    solver->ext = NULL;
}

int ns_opencl_launch(ns_opencl_ext *ext, enum ns_cl_kernel kernel, const ns_cl_argument *arguments,
                     int count, cl_uint dimensions, const size_t *global, const size_t *local,
                     swe_error *err)
{
    int status = SWE_OK;
    for (int a = 0; status == SWE_OK && a < count; ++a) {
        status = CL_CHECK(
            clSetKernelArg(ext->kernel[kernel], (cl_uint)a, arguments[a].size, arguments[a].value),
            err);
    }
    return status != SWE_OK
               ? status
               : CL_CHECK(clEnqueueNDRangeKernel(ext->queue, ext->kernel[kernel], dimensions, NULL,
                                                 global, local, 0, NULL, NULL),
                          err);
}
