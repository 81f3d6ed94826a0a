/* Checking OpenCL calls: every call's status goes through CL_CHECK, which
 * turns a failure into a swe_error naming the call, the file, the line
 * and the error by name (CL_OUT_OF_RESOURCES, not -5). */
#ifndef SWE_CL_CHECK_H
#define SWE_CL_CHECK_H

#include "core/error.h"

#include <CL/cl.h>

/* The name of an OpenCL error code, e.g. "CL_INVALID_KERNEL_ARGS";
 * "unknown OpenCL error" for codes outside the table. */
const char *swe_cl_error_name(cl_int code);

/* SWE_OK when code is CL_SUCCESS, else SWE_ERROR_RUNTIME with a message
 * "OpenCL call NAME failed at FILE:LINE: CL_... (code)". call may be the
 * whole call expression; only the function name is kept. */
int swe_cl_check(cl_int code, const char *call, const char *file, int line, swe_error *err);

/* For calls that return their status: CL_CHECK(clFinish(queue), err). */
#define CL_CHECK(call, err) swe_cl_check((call), #call, __FILE__, __LINE__, (err))

/* For calls that return an object and their status through an errcode
 * argument: cl_mem m = clCreateBuffer(..., &code); CL_CHECK_CODE(code,
 * "clCreateBuffer", err). */
#define CL_CHECK_CODE(code, name, err) swe_cl_check((code), (name), __FILE__, __LINE__, (err))

#endif
