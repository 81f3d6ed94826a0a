#include "backends/opencl/cl_check.h"

#include <CL/cl_ext.h>
#include <string.h>

#define ERROR_ENTRY(code)                                                                          \
    {                                                                                              \
        code, #code                                                                                \
    }

static const struct {
    cl_int code;
    const char *name;
} error_names[] = {
    ERROR_ENTRY(CL_SUCCESS),
    ERROR_ENTRY(CL_DEVICE_NOT_FOUND),
    ERROR_ENTRY(CL_DEVICE_NOT_AVAILABLE),
    ERROR_ENTRY(CL_COMPILER_NOT_AVAILABLE),
    ERROR_ENTRY(CL_MEM_OBJECT_ALLOCATION_FAILURE),
    ERROR_ENTRY(CL_OUT_OF_RESOURCES),
    ERROR_ENTRY(CL_OUT_OF_HOST_MEMORY),
    ERROR_ENTRY(CL_PROFILING_INFO_NOT_AVAILABLE),
    ERROR_ENTRY(CL_MEM_COPY_OVERLAP),
    ERROR_ENTRY(CL_IMAGE_FORMAT_MISMATCH),
    ERROR_ENTRY(CL_IMAGE_FORMAT_NOT_SUPPORTED),
    ERROR_ENTRY(CL_BUILD_PROGRAM_FAILURE),
    ERROR_ENTRY(CL_MAP_FAILURE),
    ERROR_ENTRY(CL_MISALIGNED_SUB_BUFFER_OFFSET),
    ERROR_ENTRY(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST),
    ERROR_ENTRY(CL_COMPILE_PROGRAM_FAILURE),
    ERROR_ENTRY(CL_LINKER_NOT_AVAILABLE),
    ERROR_ENTRY(CL_LINK_PROGRAM_FAILURE),
    ERROR_ENTRY(CL_DEVICE_PARTITION_FAILED),
    ERROR_ENTRY(CL_KERNEL_ARG_INFO_NOT_AVAILABLE),
    ERROR_ENTRY(CL_INVALID_VALUE),
    ERROR_ENTRY(CL_INVALID_DEVICE_TYPE),
    ERROR_ENTRY(CL_INVALID_PLATFORM),
    ERROR_ENTRY(CL_INVALID_DEVICE),
    ERROR_ENTRY(CL_INVALID_CONTEXT),
    ERROR_ENTRY(CL_INVALID_QUEUE_PROPERTIES),
    ERROR_ENTRY(CL_INVALID_COMMAND_QUEUE),
    ERROR_ENTRY(CL_INVALID_HOST_PTR),
    ERROR_ENTRY(CL_INVALID_MEM_OBJECT),
    ERROR_ENTRY(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR),
    ERROR_ENTRY(CL_INVALID_IMAGE_SIZE),
    ERROR_ENTRY(CL_INVALID_SAMPLER),
    ERROR_ENTRY(CL_INVALID_BINARY),
    ERROR_ENTRY(CL_INVALID_BUILD_OPTIONS),
    ERROR_ENTRY(CL_INVALID_PROGRAM),
    ERROR_ENTRY(CL_INVALID_PROGRAM_EXECUTABLE),
    ERROR_ENTRY(CL_INVALID_KERNEL_NAME),
    ERROR_ENTRY(CL_INVALID_KERNEL_DEFINITION),
    ERROR_ENTRY(CL_INVALID_KERNEL),
    ERROR_ENTRY(CL_INVALID_ARG_INDEX),
    ERROR_ENTRY(CL_INVALID_ARG_VALUE),
    ERROR_ENTRY(CL_INVALID_ARG_SIZE),
    ERROR_ENTRY(CL_INVALID_KERNEL_ARGS),
    ERROR_ENTRY(CL_INVALID_WORK_DIMENSION),
    ERROR_ENTRY(CL_INVALID_WORK_GROUP_SIZE),
    ERROR_ENTRY(CL_INVALID_WORK_ITEM_SIZE),
    ERROR_ENTRY(CL_INVALID_GLOBAL_OFFSET),
    ERROR_ENTRY(CL_INVALID_EVENT_WAIT_LIST),
    ERROR_ENTRY(CL_INVALID_EVENT),
    ERROR_ENTRY(CL_INVALID_OPERATION),
    ERROR_ENTRY(CL_INVALID_GL_OBJECT),
    ERROR_ENTRY(CL_INVALID_BUFFER_SIZE),
    ERROR_ENTRY(CL_INVALID_MIP_LEVEL),
    ERROR_ENTRY(CL_INVALID_GLOBAL_WORK_SIZE),
    ERROR_ENTRY(CL_INVALID_PROPERTY),
    ERROR_ENTRY(CL_INVALID_IMAGE_DESCRIPTOR),
    ERROR_ENTRY(CL_INVALID_COMPILER_OPTIONS),
    ERROR_ENTRY(CL_INVALID_LINKER_OPTIONS),
    ERROR_ENTRY(CL_INVALID_DEVICE_PARTITION_COUNT),
    ERROR_ENTRY(CL_PLATFORM_NOT_FOUND_KHR),
};

const char *swe_cl_error_name(cl_int code)
{
    for (size_t e = 0; e < sizeof error_names / sizeof error_names[0]; ++e) {
        if (error_names[e].code == code) {
            return error_names[e].name;
        }
    }
    return "unknown OpenCL error";
}

int swe_cl_check(cl_int code, const char *call, const char *file, int line, swe_error *err)
{
    if (code == CL_SUCCESS) {
        return SWE_OK;
    }
    call = call != NULL ? call : "(unnamed)";
    file = file != NULL ? file : "(unknown file)";
    const char *open_paren = strchr(call, '(');
    int name_length = open_paren != NULL ? (int)(open_paren - call) : (int)strlen(call);
    return swe_fail(err, SWE_ERROR_RUNTIME, "OpenCL call %.*s failed at %s:%d: %s (%d)",
                    name_length, call, file, line, swe_cl_error_name(code), (int)code);
}
