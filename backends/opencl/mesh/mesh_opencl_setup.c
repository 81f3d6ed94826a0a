/* Setting up and tearing down the OpenCL backend of the triangle solver. */
#include "backends/opencl/mesh/mesh_opencl.h"

#include "backends/opencl/cl_check.h"
#include "backends/opencl/cl_program.h"

#include <stdio.h>
#include <stdlib.h>

static const char *const kernel_names[] = {"swe_mesh_gradients", "swe_mesh_interior_edges",
                                           "swe_mesh_boundary_edges", "swe_mesh_cell_updates",
                                           "swe_mesh_min_steps"};

static cl_kernel *kernel_slot(swe_mesh_opencl *cl, int k)
{
    cl_kernel *slots[] = {&cl->gradients, &cl->interior_edges, &cl->boundary_edges,
                          &cl->cell_updates, &cl->min_steps};
    return slots[k];
}

/* Both precisions IEEE: correctly rounded single-precision division and
 * square root where the device offers them, no contraction into FMAs
 * (mesh_kernel_parameters.h), as the Cartesian OpenCL backend does. */
static int build(swe_mesh_opencl *cl, swe_error *err)
{
    const char *precision = " -DSWE_PRECISION_DOUBLE";
#ifndef SWE_PRECISION_DOUBLE
    cl_device_fp_config single = 0;
    int status = CL_CHECK(clGetDeviceInfo(cl->device.device, CL_DEVICE_SINGLE_FP_CONFIG,
                                          sizeof single, &single, NULL),
                          err);
    if (status != SWE_OK) {
        return status;
    }
    precision = (single & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT)
                    ? " -cl-fp32-correctly-rounded-divide-sqrt"
                    : "";
#endif
    char options[256];
    snprintf(options, sizeof options, "-cl-std=CL1.2%s -DSWE_DRY_TOLERANCE_METRES=%.17g", precision,
             (double)SWE_DRY_TOLERANCE_METRES);
    return swe_cl_build_source(cl->context, cl->device.device, swe_mesh_opencl_program_source,
                               options, &cl->program, err);
}

static int create_device(swe_mesh_opencl *cl, const char *choice, swe_error *err)
{
    int status = swe_cl_choose_device(choice, &cl->device, err);
#ifdef SWE_PRECISION_DOUBLE
    if (status == SWE_OK && !swe_cl_device_has_extension(cl->device.device, "cl_khr_fp64")) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "OpenCL device %s has no double precision (cl_khr_fp64): build single "
                        "precision or pick another --cl-device",
                        cl->device.name);
    }
#endif
    cl_int code = CL_SUCCESS;
    if (status == SWE_OK) {
        cl_context_properties properties[] = {CL_CONTEXT_PLATFORM,
                                              (cl_context_properties)cl->device.platform, 0};
        cl->context = clCreateContext(properties, 1, &cl->device.device, NULL, NULL, &code);
        status = CL_CHECK_CODE(code, "clCreateContext", err);
    }
    if (status == SWE_OK) {
        cl->queue = clCreateCommandQueue(cl->context, cl->device.device, 0, &code);
        status = CL_CHECK_CODE(code, "clCreateCommandQueue", err);
    }
    if (status == SWE_OK) {
        status = build(cl, err);
    }
    for (int k = 0; status == SWE_OK && k < 5; ++k) {
        *kernel_slot(cl, k) = clCreateKernel(cl->program, kernel_names[k], &code);
        status = CL_CHECK_CODE(code, "clCreateKernel", err);
    }
    return status;
}

static int create_buffer(swe_mesh_opencl *cl, cl_mem *buffer, size_t count, size_t size,
                         swe_error *err)
{
    cl_int code = CL_SUCCESS;
    *buffer =
        clCreateBuffer(cl->context, CL_MEM_READ_WRITE, (count > 0 ? count : 1) * size, NULL, &code);
    return CL_CHECK_CODE(code, "clCreateBuffer", err);
}

#define CREATE(name, count)                                                                        \
    if (status == SWE_OK) {                                                                        \
        status = create_buffer(cl, &cl->buffers.name, (count), sizeof *host->name, err);           \
    }
#define CREATE_CELL(name) CREATE(name, cells)
#define CREATE_EDGE(name) CREATE(name, edges)
#define CREATE_BOUNDARY(name) CREATE(name, boundary)
#define CREATE_CONDITION(name) CREATE(name, conditions)

static int create_buffers(swe_mesh_opencl *cl, const swe_mesh_arrays *host, swe_error *err)
{
    size_t cells = (size_t)host->cell_count, edges = (size_t)host->edge_count;
    size_t boundary = edges - (size_t)host->interior_edge_count;
    size_t conditions = (size_t)host->condition_count;
    int status = SWE_OK;
    SWE_MESH_ARRAYS_BY_LENGTH(CREATE_CELL, CREATE_EDGE, CREATE_BOUNDARY, CREATE_CONDITION)
    size_t needed = (edges + SWE_MESH_CL_GROUP - 1) / SWE_MESH_CL_GROUP;
    cl->groups = needed < 256 ? needed : 256;
    if (status == SWE_OK) {
        status = create_buffer(cl, &cl->partial, cl->groups, sizeof(real), err);
    }
    cl->host_partial = status == SWE_OK ? malloc(cl->groups * sizeof(real)) : NULL;
    return status == SWE_OK && cl->host_partial == NULL
               ? swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the reduction")
               : status;
}

static int write_buffer(swe_mesh_opencl *cl, cl_mem buffer, const void *data, size_t bytes,
                        swe_error *err)
{
    return CL_CHECK(clEnqueueWriteBuffer(cl->queue, buffer, CL_TRUE, 0, bytes, data, 0, NULL, NULL),
                    err);
}

#define UPLOAD(name, count)                                                                        \
    if (status == SWE_OK && (count) > 0) {                                                         \
        status =                                                                                   \
            write_buffer(cl, cl->buffers.name, host->name, (count) * sizeof *host->name, err);     \
    }
#define UPLOAD_CELL(name) UPLOAD(name, cells)
#define UPLOAD_EDGE(name) UPLOAD(name, edges)
#define UPLOAD_BOUNDARY(name) UPLOAD(name, boundary)
#define UPLOAD_CONDITION(name) UPLOAD(name, conditions)

/* Everything that does not change during a run but the bed (upload). */
static int upload_geometry(swe_mesh_opencl *cl, const swe_mesh_arrays *host, swe_error *err)
{
    size_t cells = (size_t)host->cell_count, edges = (size_t)host->edge_count;
    size_t boundary = edges - (size_t)host->interior_edge_count;
    size_t conditions = (size_t)host->condition_count;
    int status = SWE_OK;
    SWE_MESH_GEOMETRY_BY_LENGTH(UPLOAD_CELL, UPLOAD_EDGE, UPLOAD_BOUNDARY, UPLOAD_CONDITION)
    return status;
}

#define SET_BUFFER(name)                                                                           \
    if (status == SWE_OK) {                                                                        \
        status =                                                                                   \
            CL_CHECK(clSetKernelArg(kernel, index++, sizeof(cl_mem), &cl->buffers.name), err);     \
    }

/* The arguments every kernel shares, in mesh_kernel_parameters.h order. */
static int set_common_arguments(swe_mesh_opencl *cl, cl_kernel kernel, const swe_mesh_arrays *host,
                                swe_error *err)
{
    cl_uint index = 0;
    int status = SWE_OK;
    SWE_MESH_ARRAY_LIST(SET_BUFFER, SET_BUFFER)
    const cl_int counts[4] = {host->cell_count, host->interior_edge_count, host->edge_count,
                              host->condition_count};
    for (int k = 0; status == SWE_OK && k < 4; ++k) {
        status = CL_CHECK(clSetKernelArg(kernel, index++, sizeof(cl_int), &counts[k]), err);
    }
    if (status == SWE_OK) {
        status = CL_CHECK(clSetKernelArg(kernel, index++, sizeof(real), &host->viscosity), err);
    }
    if (status == SWE_OK) {
        status = CL_CHECK(clSetKernelArg(kernel, index++, sizeof(real), &host->manning), err);
    }
    return status;
}

int swe_mesh_opencl_create(swe_mesh_run *run, const char *cl_device, swe_mesh_opencl **created,
                           swe_error *err)
{
    swe_mesh_opencl *cl = calloc(1, sizeof *cl);
    if (cl == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the OpenCL backend");
    }
    int status = create_device(cl, cl_device, err);
    if (status == SWE_OK) {
        status = create_buffers(cl, &run->host, err);
    }
    if (status == SWE_OK) {
        status = upload_geometry(cl, &run->host, err);
    }
    for (int k = 0; status == SWE_OK && k < 5; ++k) {
        status = set_common_arguments(cl, *kernel_slot(cl, k), &run->host, err);
    }
    if (status != SWE_OK) {
        swe_mesh_opencl_release(cl);
        return status;
    }
    *created = cl;
    return SWE_OK;
}

/* Release failures cannot be returned from a clean-up: they are told. */
static void warn_unless_released(cl_int code, const char *call)
{
    if (code != CL_SUCCESS) {
        fprintf(stderr, "shallows: warning: OpenCL call %s failed: %s\n", call,
                swe_cl_error_name(code));
    }
}

#define RELEASE_BUFFER(name)                                                                       \
    if (cl->buffers.name != NULL) {                                                                \
        warn_unless_released(clReleaseMemObject(cl->buffers.name), "clReleaseMemObject");          \
    }

void swe_mesh_opencl_release(swe_mesh_opencl *cl)
{
    if (cl == NULL) {
        return;
    }
    swe_mesh_opencl_halo_release(&cl->halo);
    for (int k = 0; k < 5; ++k) {
        if (*kernel_slot(cl, k) != NULL) {
            warn_unless_released(clReleaseKernel(*kernel_slot(cl, k)), "clReleaseKernel");
        }
    }
    SWE_MESH_ARRAY_LIST(RELEASE_BUFFER, RELEASE_BUFFER)
    if (cl->partial != NULL) {
        warn_unless_released(clReleaseMemObject(cl->partial), "clReleaseMemObject");
    }
    if (cl->program != NULL) {
        warn_unless_released(clReleaseProgram(cl->program), "clReleaseProgram");
    }
    if (cl->queue != NULL) {
        warn_unless_released(clReleaseCommandQueue(cl->queue), "clReleaseCommandQueue");
    }
    if (cl->context != NULL) {
        warn_unless_released(clReleaseContext(cl->context), "clReleaseContext");
    }
    free(cl->host_partial);
    free(cl);
}
