/* shallows: the command-line program. */
#include "grid/backend.h"
#include "io/netcdf_output.h"
#include "run/options.h"
#include "run/simulation.h"

#include <stdio.h>

#ifndef SWE_VERSION
#define SWE_VERSION "unknown"
#endif

static void print_version(void)
{
    printf("shallows %s\nprecision: %s\nbackends:", SWE_VERSION, SWE_PRECISION_NAME);
    for (int index = 0; index < swe_backend_count(); ++index) {
        printf(" %s", swe_backend_at(index)->name);
    }
    printf("\noutput: %s\n", swe_netcdf_library_version());
}

static void print_backends(void)
{
    for (int index = 0; index < swe_backend_count(); ++index) {
        const swe_backend *backend = swe_backend_at(index);
        printf("%-12s levels=%d agrees=%-11s  %s\n", backend->name, backend->levels,
               swe_serial_agreement_name(backend->agreement), backend->description);
    }
}

/* Devices of every backend that has some; bad input (exit 2) when no
 * backend built here has a device to offer. */
static int list_devices(void)
{
    int listed = 0;
    swe_error err = {{0}};
    for (int index = 0; index < swe_backend_count(); ++index) {
        const swe_backend *backend = swe_backend_at(index);
        if (backend->list_devices == NULL) {
            continue;
        }
        printf("%s:\n", backend->name);
        if (backend->list_devices(stdout, &err) == SWE_OK) {
            listed = 1;
        } else {
            fprintf(stderr, "shallows: %s\n", err.message);
        }
    }
    if (!listed && err.message[0] == '\0') {
        fprintf(stderr, "shallows: no backend with devices is built into this binary "
                        "(the OpenCL backend needs ocl-icd-opencl-dev: 'make deps')\n");
    }
    return listed ? SWE_OK : SWE_ERROR_USAGE;
}

int main(int argc, char **argv)
{
    swe_options options;
    swe_error err = {{0}};
    int status = swe_options_parse(argc, argv, &options, &err);
    if (status != SWE_OK) {
        fprintf(stderr, "shallows: %s\n", err.message);
        return status;
    }
    switch (options.action) {
    case SWE_ACTION_HELP:
        swe_options_print_help(argv[0]);
        return SWE_OK;
    case SWE_ACTION_VERSION:
        print_version();
        return SWE_OK;
    case SWE_ACTION_LIST_BACKENDS:
        print_backends();
        return SWE_OK;
    case SWE_ACTION_LIST_DEVICES:
        return list_devices();
    case SWE_ACTION_RUN:
        break;
    }
    swe_run_result result;
    status = swe_run(&options, &result, &err);
    if (status != SWE_OK) {
        fprintf(stderr, "shallows: %s\n", err.message);
        return status;
    }
    swe_print_summary(stdout, &options, &result);
    return SWE_OK;
}
