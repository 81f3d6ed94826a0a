#include "cartesian/program/program.h"
#include "io/library_versions.h"

#include "cartesian/io/netcdf_output.h"
#include "cartesian/io/png_output.h"
#include "core/float_mode.h"
#include "core/interrupt.h"
#include "io/text.h"
#include "io/units.h"
#include "io/vtk_zlib.h"

#include <string.h>

#ifndef SWE_VERSION
#define SWE_VERSION "unknown"
#endif

static void print_version(const swe_program *program)
{
    printf("%s %s (%s precision)\n%s:", program->name, SWE_VERSION, SWE_PRECISION_NAME,
           program->backends_label);
    for (int index = 0; index < swe_backend_count(); ++index) {
        printf(" %s", swe_backend_name_at(index));
    }
    /* The NetCDF library's own string goes on with its build date. */
    const char *netcdf = swe_netcdf_library_version();
    int netcdf_length =
        netcdf[0] >= '0' && netcdf[0] <= '9' ? (int)strcspn(netcdf, " ") : (int)strlen(netcdf);
    printf("\nNetCDF: %.*s\nPNG: %s\ntext in pictures: %s\nVTK compression: %s\n"
           "units of input files: %s\n",
           netcdf_length, netcdf, swe_png_library(), swe_text_library(), swe_zlib_library(),
           swe_units_library());
    if (program->print_version != NULL) {
        program->print_version(stdout);
    }
}

/* Every registered backend; one whose table breaks the contract says so. */
static void print_backends(const swe_program *program)
{
    for (int index = 0; index < swe_backend_count(); ++index) {
        const swe_backend *backend = NULL;
        swe_error err;
        char name[64];
        snprintf(name, sizeof name, "%s%s", program->backend_prefix, swe_backend_name_at(index));
        if (swe_backend_lookup(swe_backend_name_at(index), &backend, &err) == SWE_OK) {
            printf("%-16s levels=%d agrees=%-11s  %s\n", name, backend->levels,
                   swe_serial_agreement_name(backend->agreement), backend->description);
        } else {
            printf("%-16s unusable: %s\n", name, err.message);
        }
    }
}

static void print_help(const swe_program *program, const char *program_path)
{
    swe_options_print_help(program_path, program->options);
    if (program->print_help != NULL) {
        program->print_help(stdout, program_path);
    }
}

/* An action option (--list-devices): every backend that declares it runs
 * it; bad input (exit 2) when none has anything to show. */
static int run_backend_action(const swe_program *program, const char *action)
{
    int shown = 0;
    for (int index = 0; index < swe_backend_count(); ++index) {
        const swe_backend *backend = swe_backend_at(index);
        for (int o = 0; backend != NULL && o < backend->option_count; ++o) {
            const swe_backend_option *option = &backend->options[o];
            if (option->action == NULL || strcmp(option->name, action) != 0) {
                continue;
            }
            swe_error err = {{0}};
            printf("%s:\n", backend->name);
            if (option->action(stdout, &err) == SWE_OK) {
                shown = 1;
            } else {
                fprintf(stderr, "%s: %s\n", program->name, err.message);
            }
        }
    }
    return shown ? SWE_OK : SWE_ERROR_USAGE;
}

/* What a parsed command line asks for besides a run. */
static int run_action(const swe_program *program, const swe_options *options,
                      const char *program_path)
{
    if (!program->prints) {
        return SWE_OK;
    }
    switch (options->action) {
    case SWE_ACTION_HELP:
        print_help(program, program_path);
        return SWE_OK;
    case SWE_ACTION_VERSION:
        print_version(program);
        return SWE_OK;
    case SWE_ACTION_LIST_BACKENDS:
        print_backends(program);
        return SWE_OK;
    case SWE_ACTION_BACKEND_OPTION:
        return run_backend_action(program, options->action_option);
    case SWE_ACTION_RUN:
        break;
    }
    return SWE_OK;
}

int swe_program_main(const swe_program *program, int argc, char **argv)
{
    if (program == NULL || program->run == NULL || argv == NULL || argc < 1) {
        return SWE_ERROR_USAGE;
    }
    swe_set_float_mode();    /* before any thread starts: threads inherit it */
    swe_interrupt_install(); /* Ctrl-C and SIGTERM finish the current write */
    swe_options options;
    swe_error err = {{0}};
    int status = swe_options_parse_program(program->options, argc, argv, &options, &err);
    if (status == SWE_OK && options.action != SWE_ACTION_RUN) {
        return run_action(program, &options, argv[0]);
    }
    if (status == SWE_OK && options.warning[0] != '\0' && program->prints) {
        fprintf(stderr, "%s: warning: %s\n", program->name, options.warning);
    }
    swe_run_result result;
    if (status == SWE_OK) {
        status = program->run(program->context, &options, &result, &err);
    }
    if (!program->prints) {
        return status;
    }
    if (status != SWE_OK) {
        fprintf(stderr, "%s: %s\n", program->name, err.message);
        return status;
    }
    if (program->print_report != NULL) {
        program->print_report(program->context, stdout);
    }
    swe_print_summary(stdout, &result);
    return SWE_OK;
}
