#include "backends/opencl/mesh/mesh_opencl_halo.h"

#include "backends/opencl/cl_check.h"
#include "backends/opencl/cl_program.h"

#include <stdio.h>
#include <string.h>

/* Work-items per group of the copy kernels. */
enum { HALO_GROUP = 64 };

static const char halo_source[] =
    "#ifdef SWE_PRECISION_DOUBLE\n"
    "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
    "typedef double real;\n"
    "#else\n"
    "typedef float real;\n"
    "#endif\n"
    "__kernel void gather_cells(__global const real *h, __global const real *hu,\n"
    "                           __global const real *hv, __global const int *cells, int count,\n"
    "                           __global real *values)\n"
    "{\n"
    "    int j = get_global_id(0);\n"
    "    if (j < count) {\n"
    "        int c = cells[j];\n"
    "        values[3 * j] = h[c];\n"
    "        values[3 * j + 1] = hu[c];\n"
    "        values[3 * j + 2] = hv[c];\n"
    "    }\n"
    "}\n"
    "__kernel void scatter_cells(__global real *h, __global real *hu, __global real *hv,\n"
    "                            __global const int *cells, int count,\n"
    "                            __global const real *values)\n"
    "{\n"
    "    int j = get_global_id(0);\n"
    "    if (j < count) {\n"
    "        int c = cells[j];\n"
    "        h[c] = values[3 * j];\n"
    "        hu[c] = values[3 * j + 1];\n"
    "        hv[c] = values[3 * j + 2];\n"
    "    }\n"
    "}\n";

static int build(swe_mesh_opencl_halo *halo, cl_context context, cl_device_id device,
                 swe_error *err)
{
#ifdef SWE_PRECISION_DOUBLE
    const char *options = "-cl-std=CL1.2 -DSWE_PRECISION_DOUBLE";
#else
    const char *options = "-cl-std=CL1.2";
#endif
    int status = swe_cl_build_source(context, device, halo_source, options, &halo->program, err);
    cl_int code = CL_SUCCESS;
    if (status == SWE_OK) {
        halo->gather = clCreateKernel(halo->program, "gather_cells", &code);
        status = CL_CHECK_CODE(code, "clCreateKernel", err);
    }
    if (status == SWE_OK) {
        halo->scatter = clCreateKernel(halo->program, "scatter_cells", &code);
        status = CL_CHECK_CODE(code, "clCreateKernel", err);
    }
    return status;
}

/* A device copy of count cell numbers (one element at least). */
static int list_buffer(cl_context context, cl_command_queue queue, const int *cells, int count,
                       cl_mem *buffer, swe_error *err)
{
    cl_int code = CL_SUCCESS;
    *buffer =
        clCreateBuffer(context, CL_MEM_READ_ONLY, ((size_t)count + 1) * sizeof(int), NULL, &code);
    int status = CL_CHECK_CODE(code, "clCreateBuffer", err);
    if (status == SWE_OK && count > 0) {
        status = CL_CHECK(clEnqueueWriteBuffer(queue, *buffer, CL_TRUE, 0,
                                               (size_t)count * sizeof(int), cells, 0, NULL, NULL),
                          err);
    }
    return status;
}

int swe_mesh_opencl_halo_set(swe_mesh_opencl_halo *halo, cl_context context, cl_device_id device,
                             cl_command_queue queue, const int *send_cells, int send_count,
                             const int *receive_cells, int receive_count, swe_error *err)
{
    if (halo == NULL || send_count < 0 || receive_count < 0 ||
        (send_count > 0 && send_cells == NULL) || (receive_count > 0 && receive_cells == NULL)) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no halo lists for the device");
    }
    swe_mesh_opencl_halo_release(halo);
    int status = build(halo, context, device, err);
    if (status == SWE_OK) {
        status = list_buffer(context, queue, send_cells, send_count, &halo->send_cells, err);
    }
    if (status == SWE_OK) {
        status =
            list_buffer(context, queue, receive_cells, receive_count, &halo->receive_cells, err);
    }
    cl_int code = CL_SUCCESS;
    if (status == SWE_OK) {
        size_t most = (size_t)(send_count > receive_count ? send_count : receive_count) + 1;
        halo->values =
            clCreateBuffer(context, CL_MEM_READ_WRITE, 3 * most * sizeof(real), NULL, &code);
        status = CL_CHECK_CODE(code, "clCreateBuffer", err);
    }
    halo->send_count = send_count;
    halo->receive_count = receive_count;
    return status;
}

/* The copy kernel over count cells: h, hu, hv, cells, count, values. */
static int run_copy(cl_kernel kernel, cl_command_queue queue, const cl_mem state[3], cl_mem cells,
                    int count, cl_mem values, swe_error *err)
{
    cl_int n = count;
    int status = SWE_OK;
    for (cl_uint k = 0; k < 3 && status == SWE_OK; ++k) {
        status = CL_CHECK(clSetKernelArg(kernel, k, sizeof(cl_mem), &state[k]), err);
    }
    if (status == SWE_OK) {
        status = CL_CHECK(clSetKernelArg(kernel, 3, sizeof(cl_mem), &cells), err);
    }
    if (status == SWE_OK) {
        status = CL_CHECK(clSetKernelArg(kernel, 4, sizeof n, &n), err);
    }
    if (status == SWE_OK) {
        status = CL_CHECK(clSetKernelArg(kernel, 5, sizeof(cl_mem), &values), err);
    }
    size_t local = HALO_GROUP, global = ((size_t)count + local - 1) / local * local;
    if (status == SWE_OK) {
        status = CL_CHECK(
            clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, &local, 0, NULL, NULL), err);
    }
    return status;
}

int swe_mesh_opencl_halo_pack(const swe_mesh_opencl_halo *halo, cl_command_queue queue,
                              const cl_mem state[3], real *send_values, swe_error *err)
{
    if (halo->send_count == 0) {
        return SWE_OK;
    }
    int status =
        run_copy(halo->gather, queue, state, halo->send_cells, halo->send_count, halo->values, err);
    size_t bytes = 3 * (size_t)halo->send_count * sizeof(real);
    return status == SWE_OK ? CL_CHECK(clEnqueueReadBuffer(queue, halo->values, CL_TRUE, 0, bytes,
                                                           send_values, 0, NULL, NULL),
                                       err)
                            : status;
}

int swe_mesh_opencl_halo_unpack(const swe_mesh_opencl_halo *halo, cl_command_queue queue,
                                const cl_mem state[3], const real *receive_values, swe_error *err)
{
    if (halo->receive_count == 0) {
        return SWE_OK;
    }
    size_t bytes = 3 * (size_t)halo->receive_count * sizeof(real);
    int status = CL_CHECK(
        clEnqueueWriteBuffer(queue, halo->values, CL_TRUE, 0, bytes, receive_values, 0, NULL, NULL),
        err);
    if (status == SWE_OK) {
        status = run_copy(halo->scatter, queue, state, halo->receive_cells, halo->receive_count,
                          halo->values, err);
    }
    /* the next pack reuses values: the scatter must have read them */
    return status == SWE_OK ? CL_CHECK(clFinish(queue), err) : status;
}

static void warn_unless_released(cl_int code, const char *call)
{
    if (code != CL_SUCCESS) {
        fprintf(stderr, "shallows: warning: OpenCL call %s failed: %s\n", call,
                swe_cl_error_name(code));
    }
}

void swe_mesh_opencl_halo_release(swe_mesh_opencl_halo *halo)
{
    if (halo == NULL) {
        return;
    }
    cl_mem buffers[3] = {halo->send_cells, halo->receive_cells, halo->values};
    for (int k = 0; k < 3; ++k) {
        if (buffers[k] != NULL) {
            warn_unless_released(clReleaseMemObject(buffers[k]), "clReleaseMemObject");
        }
    }
    cl_kernel kernels[2] = {halo->gather, halo->scatter};
    for (int k = 0; k < 2; ++k) {
        if (kernels[k] != NULL) {
            warn_unless_released(clReleaseKernel(kernels[k]), "clReleaseKernel");
        }
    }
    if (halo->program != NULL) {
        warn_unless_released(clReleaseProgram(halo->program), "clReleaseProgram");
    }
    memset(halo, 0, sizeof *halo);
}
