/* OpenCL platforms and devices: listing them for --list-devices and
 * choosing one for a run (--cl-device P:D, or the first GPU, else the
 * first CPU device). */
#ifndef SWE_CL_DEVICE_H
#define SWE_CL_DEVICE_H

#include "core/error.h"

#include <CL/cl.h>
#include <stdio.h>

typedef struct swe_cl_device {
    cl_platform_id platform;
    cl_device_id device;
    int platform_index, device_index;
    char name[128];
} swe_cl_device;

/* The device that choice names ("P:D"), or the default when choice is
 * NULL. SWE_ERROR_USAGE when there is no platform, no device, or choice
 * is malformed or out of range. */
int swe_cl_choose_device(const char *choice, swe_cl_device *chosen, swe_error *err);

/* Prints every platform and its devices with type and memory, marking
 * the default; SWE_ERROR_USAGE when there is no platform. */
int swe_cl_list_devices(FILE *stream, swe_error *err);

/* Whether the device reports the extension (e.g. "cl_khr_fp64"). */
int swe_cl_device_has_extension(cl_device_id device, const char *extension);

#endif
