/* The OpenCL model: any OpenCL 1.2 device, a GPU or a CPU (PoCL). Its
 * options: --cl-device P:D (cl_device.h), --cl-math OPTIONS (cl_math.h),
 * whose values a table's init finds in config->option_values at these
 * slots, and the action --list-devices. */
#ifndef SWE_OPENCL_MODEL_H
#define SWE_OPENCL_MODEL_H

#include "run/models.h"

extern const swe_programming_model swe_opencl_model;

enum { SWE_CL_OPTION_DEVICE = 0, SWE_CL_OPTION_MATH = 1 };

#endif
