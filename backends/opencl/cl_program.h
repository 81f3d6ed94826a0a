/* The OpenCL program of shallows: the kernels built for one device from
 * the source embedded at build time (tools/embed_opencl_source.sh). */
#ifndef SWE_CL_PROGRAM_H
#define SWE_CL_PROGRAM_H

#include "core/error.h"

#include <CL/cl.h>

/* The kernel source: the .cl files of backends/opencl and
 * $(KERNELS)/opencl with every header they include, flattened. */
extern const char swe_opencl_program_source[];

/* Builds the embedded source for device with the given options (e.g.
 * "-DSWE_SOLVER=0"). When compilation fails, prints the build log to
 * stderr and returns SWE_ERROR_RUNTIME. */
int swe_cl_build_program(cl_context context, cl_device_id device, const char *options,
                         cl_program *program, swe_error *err);

/* The same for another program's source (the triangle solver's). */
int swe_cl_build_source(cl_context context, cl_device_id device, const char *source,
                        const char *options, cl_program *program, swe_error *err);

#endif
