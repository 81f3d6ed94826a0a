/* An application's OpenCL program: its kernels built for one device from
 * the source embedded at build time (tools/build/embed_opencl_source.sh
 * writes each application's as swe_<app>_opencl_program_source). */
#ifndef SWE_CL_PROGRAM_H
#define SWE_CL_PROGRAM_H

#include "core/error.h"

#include <CL/cl.h>

/* Builds source for device with the given options (e.g. "-DSWE_SOLVER=0").
 * When compilation fails, prints the build log to stderr and returns
 * SWE_ERROR_RUNTIME. */
int swe_cl_build_source(cl_context context, cl_device_id device, const char *source,
                        const char *options, cl_program *program, swe_error *err);

#endif
