#include "backends/opencl/cl_program.h"

#include "backends/opencl/cl_check.h"

#include <stdio.h>
#include <stdlib.h>

/* Prints the compiler's log for device to stderr, when it has one. */
static void print_build_log(cl_program program, cl_device_id device)
{
    size_t size = 0;
    if (clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, NULL, &size) !=
            CL_SUCCESS ||
        size == 0) {
        fprintf(stderr, "shallows: the OpenCL compiler left no build log\n");
        return;
    }
    char *log = malloc(size + 1);
    if (log == NULL || clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log,
                                             NULL) != CL_SUCCESS) {
        free(log);
        fprintf(stderr, "shallows: the OpenCL build log could not be read\n");
        return;
    }
    log[size] = '\0';
    fprintf(stderr, "shallows: OpenCL build log:\n%s\n", log);
    free(log);
}

int swe_cl_build_source(cl_context context, cl_device_id device, const char *source,
                        const char *options, cl_program *program, swe_error *err)
{
    if (context == NULL || device == NULL || source == NULL || program == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: nothing to build the program for");
    }
    const char *sources[] = {source};
    cl_int code = CL_SUCCESS;
    *program = clCreateProgramWithSource(context, 1, sources, NULL, &code);
    int status = CL_CHECK_CODE(code, "clCreateProgramWithSource", err);
    if (status != SWE_OK) {
        *program = NULL;
        return status;
    }
    code = clBuildProgram(*program, 1, &device, options, NULL, NULL);
    if (code == CL_BUILD_PROGRAM_FAILURE || code == CL_COMPILE_PROGRAM_FAILURE) {
        print_build_log(*program, device);
    }
    status = CL_CHECK_CODE(code, "clBuildProgram", err);
    if (status != SWE_OK) {
        clReleaseProgram(*program);
        *program = NULL;
    }
    return status;
}
