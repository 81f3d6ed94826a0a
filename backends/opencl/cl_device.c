#include "backends/opencl/cl_device.h"

#include "backends/opencl/cl_check.h"

#include <CL/cl_ext.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_PLATFORMS = 16, MAX_DEVICES = 64 };

static const char no_platform_message[] =
    "no OpenCL platform found (install a driver: 'apt-get install pocl-opencl-icd' runs "
    "OpenCL on the CPU; 'clinfo -l' lists what is installed)";

/* The installed platforms; SWE_ERROR_USAGE when there are none. */
static int get_platforms(cl_platform_id *platforms, cl_uint *count, swe_error *err)
{
    cl_int code = clGetPlatformIDs(MAX_PLATFORMS, platforms, count);
    if (code == CL_PLATFORM_NOT_FOUND_KHR || (code == CL_SUCCESS && *count == 0)) {
        return swe_fail(err, SWE_ERROR_USAGE, "%s", no_platform_message);
    }
    *count = *count < MAX_PLATFORMS ? *count : MAX_PLATFORMS;
    return CL_CHECK_CODE(code, "clGetPlatformIDs", err);
}

/* The devices of a platform; a platform without devices has none. */
static int get_devices(cl_platform_id platform, cl_device_id *devices, cl_uint *count,
                       swe_error *err)
{
    cl_int code = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, MAX_DEVICES, devices, count);
    if (code == CL_DEVICE_NOT_FOUND) {
        *count = 0;
        return SWE_OK;
    }
    *count = *count < MAX_DEVICES ? *count : MAX_DEVICES;
    return CL_CHECK_CODE(code, "clGetDeviceIDs", err);
}

static cl_device_type device_type(cl_device_id device)
{
    cl_device_type type = 0;
    if (clGetDeviceInfo(device, CL_DEVICE_TYPE, sizeof type, &type, NULL) != CL_SUCCESS) {
        return 0;
    }
    return type;
}

static const char *type_name(cl_device_type type)
{
    if (type & CL_DEVICE_TYPE_GPU) {
        return "GPU";
    }
    if (type & CL_DEVICE_TYPE_CPU) {
        return "CPU";
    }
    if (type & CL_DEVICE_TYPE_ACCELERATOR) {
        return "accelerator";
    }
    return "other";
}

static void device_name(cl_device_id device, char *name, size_t size)
{
    if (clGetDeviceInfo(device, CL_DEVICE_NAME, size, name, NULL) != CL_SUCCESS) {
        snprintf(name, size, "(unnamed)");
    }
    name[size - 1] = '\0';
}

int swe_cl_device_has_extension(cl_device_id device, const char *extension)
{
    size_t size = 0;
    if (extension == NULL ||
        clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, 0, NULL, &size) != CL_SUCCESS) {
        return 0;
    }
    char *extensions = malloc(size + 1);
    if (extensions == NULL ||
        clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, size, extensions, NULL) != CL_SUCCESS) {
        free(extensions);
        return 0;
    }
    extensions[size] = '\0';
    /* Whole words only: cl_khr_fp64 must not match cl_khr_fp64_foo. */
    size_t length = strlen(extension);
    int found = 0;
    for (const char *at = strstr(extensions, extension); at != NULL && !found;
         at = strstr(at + 1, extension)) {
        int starts = at == extensions || at[-1] == ' ';
        int ends = at[length] == '\0' || at[length] == ' ';
        found = starts && ends;
    }
    free(extensions);
    return found;
}

/* The default: the first GPU in platform order, else the first CPU device,
 * else the first device of any kind. */
static int default_device(swe_cl_device *chosen, swe_error *err)
{
    cl_platform_id platforms[MAX_PLATFORMS];
    cl_uint platform_count = 0;
    int status = get_platforms(platforms, &platform_count, err);
    const cl_device_type preference[] = {CL_DEVICE_TYPE_GPU, CL_DEVICE_TYPE_CPU,
                                         CL_DEVICE_TYPE_ALL};
    for (size_t rank = 0; status == SWE_OK && rank < 3; ++rank) {
        for (cl_uint p = 0; status == SWE_OK && p < platform_count; ++p) {
            cl_device_id devices[MAX_DEVICES];
            cl_uint device_count = 0;
            status = get_devices(platforms[p], devices, &device_count, err);
            for (cl_uint d = 0; status == SWE_OK && d < device_count; ++d) {
                if (device_type(devices[d]) & preference[rank]) {
                    *chosen = (swe_cl_device){.platform = platforms[p],
                                              .device = devices[d],
                                              .platform_index = (int)p,
                                              .device_index = (int)d};
                    device_name(devices[d], chosen->name, sizeof chosen->name);
                    return SWE_OK;
                }
            }
        }
    }
    return status != SWE_OK ? status
                            : swe_fail(err, SWE_ERROR_USAGE,
                                       "the OpenCL platforms here have no devices ('clinfo -l' "
                                       "lists them)");
}

/* Parses "P:D" into two non-negative indices. */
static int parse_choice(const char *choice, int *platform, int *device, swe_error *err)
{
    char *end = NULL;
    long p = strtol(choice, &end, 10);
    if (end == choice || *end != ':' || p < 0 || p >= MAX_PLATFORMS) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--cl-device needs PLATFORM:DEVICE such as 0:1, got '%s' "
                        "(see --list-devices)",
                        choice);
    }
    const char *device_text = end + 1;
    long d = strtol(device_text, &end, 10);
    if (end == device_text || *end != '\0' || d < 0 || d >= MAX_DEVICES) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--cl-device needs PLATFORM:DEVICE such as 0:1, got '%s' "
                        "(see --list-devices)",
                        choice);
    }
    *platform = (int)p;
    *device = (int)d;
    return SWE_OK;
}

int swe_cl_choose_device(const char *choice, swe_cl_device *chosen, swe_error *err)
{
    if (chosen == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no device to fill");
    }
    if (choice == NULL) {
        return default_device(chosen, err);
    }
    int p = 0, d = 0;
    int status = parse_choice(choice, &p, &d, err);
    cl_platform_id platforms[MAX_PLATFORMS];
    cl_uint platform_count = 0;
    if (status == SWE_OK) {
        status = get_platforms(platforms, &platform_count, err);
    }
    if (status == SWE_OK && (cl_uint)p >= platform_count) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--cl-device %s: there is no platform %d (%u installed; see "
                        "--list-devices)",
                        choice, p, platform_count);
    }
    cl_device_id devices[MAX_DEVICES];
    cl_uint device_count = 0;
    if (status == SWE_OK) {
        status = get_devices(platforms[p], devices, &device_count, err);
    }
    if (status == SWE_OK && (cl_uint)d >= device_count) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--cl-device %s: platform %d has no device %d (%u there; see "
                        "--list-devices)",
                        choice, p, d, device_count);
    }
    if (status != SWE_OK) {
        return status;
    }
    *chosen = (swe_cl_device){
        .platform = platforms[p], .device = devices[d], .platform_index = p, .device_index = d};
    device_name(devices[d], chosen->name, sizeof chosen->name);
    return SWE_OK;
}

static void print_device(FILE *stream, int p, int d, cl_device_id device, int is_default)
{
    char name[128];
    device_name(device, name, sizeof name);
    cl_ulong memory = 0;
    cl_uint units = 0;
    clGetDeviceInfo(device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof memory, &memory, NULL);
    clGetDeviceInfo(device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, NULL);
    fprintf(stream, "  %s %d:%d  %-11s %s, %.0f MiB, %u compute units, fp64 %s\n",
            is_default ? "*" : " ", p, d, type_name(device_type(device)), name,
            (double)memory / (1024.0 * 1024.0), units,
            swe_cl_device_has_extension(device, "cl_khr_fp64") ? "yes" : "no");
}

int swe_cl_list_devices(FILE *stream, swe_error *err)
{
    if (stream == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no stream to list devices on");
    }
    cl_platform_id platforms[MAX_PLATFORMS];
    cl_uint platform_count = 0;
    int status = get_platforms(platforms, &platform_count, err);
    swe_cl_device chosen = {.platform_index = -1};
    if (status == SWE_OK && default_device(&chosen, err) != SWE_OK) {
        chosen.platform_index = -1; /* platforms without devices: nothing is the default */
    }
    for (cl_uint p = 0; status == SWE_OK && p < platform_count; ++p) {
        char name[128] = "(unnamed)", version[128] = "";
        clGetPlatformInfo(platforms[p], CL_PLATFORM_NAME, sizeof name, name, NULL);
        clGetPlatformInfo(platforms[p], CL_PLATFORM_VERSION, sizeof version, version, NULL);
        name[sizeof name - 1] = version[sizeof version - 1] = '\0';
        fprintf(stream, "platform %u: %s (%s)\n", p, name, version);
        cl_device_id devices[MAX_DEVICES];
        cl_uint device_count = 0;
        status = get_devices(platforms[p], devices, &device_count, err);
        for (cl_uint d = 0; status == SWE_OK && d < device_count; ++d) {
            int is_default = chosen.platform_index == (int)p && chosen.device_index == (int)d;
            print_device(stream, (int)p, (int)d, devices[d], is_default);
        }
    }
    if (status == SWE_OK) {
        fprintf(stream, "(* marks the default; choose another with --cl-device P:D)\n");
    }
    return status;
}
