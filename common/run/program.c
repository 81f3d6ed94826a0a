#include "run/program.h"

#include "core/interrupt.h"
#include "core/real.h"
#include "io/library_versions.h"

#include <string.h>

#ifndef SWE_VERSION
#define SWE_VERSION "unknown"
#endif

static void print_version(const swe_program *program)
{
    const swe_model_registry *models = program->application->models;
    printf("%s %s (%s precision)\nbackends:", program->name, SWE_VERSION, SWE_PRECISION_NAME);
    for (int index = 0; index < swe_registry_count(models); ++index) {
        const swe_model_table *table = swe_registry_linked_at(models, index);
        if (!program->bit_for_bit_only || table->model->agreement == SWE_AGREES_BIT_FOR_BIT) {
            printf(" %s%s", program->backend_prefix, table->model->name);
        }
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

static void print_help(const swe_program *program, const char *program_path)
{
    swe_command_line_print_help(stdout, program_path, program->application, program->options);
    if (program->print_help != NULL) {
        program->print_help(stdout, program_path);
    }
    printf("\nEvery run ends with a line 'summary: backend=... cell_updates_per_s=...'.\n"
           "Exit codes: 0 success, 1 the run failed, 2 bad input, 130 and 143 stopped by\n"
           "Ctrl-C or SIGTERM.\n");
}

/* A model's action option (--list-devices): every model that declares it
 * runs it; bad input (exit 2) when none has anything to show. */
static int run_model_action(const swe_program *program, const char *action)
{
    const swe_model_registry *models = program->application->models;
    int shown = 0;
    for (int index = 0; index < swe_registry_count(models); ++index) {
        const swe_model_table *table = swe_registry_at(models, index);
        const swe_programming_model *model = table != NULL ? table->model : NULL;
        for (int o = 0; model != NULL && o < model->option_count; ++o) {
            const swe_model_option *option = &model->options[o];
            if (option->action == NULL || strcmp(option->name, action) != 0) {
                continue;
            }
            swe_error err = {{0}};
            printf("%s:\n", model->name);
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
static int run_action(const swe_program *program, const swe_run_options *run,
                      const char *program_path, swe_error *err)
{
    switch (run->action) {
    case SWE_ACTION_HELP:
        print_help(program, program_path);
        return SWE_OK;
    case SWE_ACTION_VERSION:
        print_version(program);
        return SWE_OK;
    case SWE_ACTION_LIST_BACKENDS:
        swe_registry_print(stdout, program->application->models, program->backend_prefix,
                           program->bit_for_bit_only);
        return SWE_OK;
    case SWE_ACTION_MODEL:
        return run_model_action(program, run->action_option);
    case SWE_ACTION_APPLICATION:
        return program->act != NULL
                   ? program->act(program->context, run, err)
                   : swe_fail(err, SWE_ERROR_USAGE, "internal error: no application action");
    case SWE_ACTION_RUN:
        break;
    }
    return SWE_OK;
}

int swe_program_main(const swe_program *program, int argc, char **argv)
{
    if (program == NULL || program->application == NULL || program->run == NULL || argv == NULL ||
        argc < 1) {
        return SWE_ERROR_USAGE;
    }
    swe_interrupt_install(); /* Ctrl-C and SIGTERM finish the current write */
    /* The application's options begin with the shared ones. */
    swe_run_options *run = program->application_options;
    swe_error err = {{0}};
    int status =
        swe_command_line_parse(program->application, program->options, run, argc, argv, run, &err);
    if (status == SWE_OK && run->action != SWE_ACTION_RUN) {
        /* Only the printing process acts (writes --write-square's file too). */
        status = program->prints ? run_action(program, run, argv[0], &err) : SWE_OK;
    } else {
        if (status == SWE_OK && run->warning[0] != '\0' && program->prints) {
            fprintf(stderr, "%s: warning: %s\n", program->name, run->warning);
        }
        swe_run_result result;
        memset(&result, 0, sizeof result);
        if (status == SWE_OK) {
            status = program->run(program->context, run, &result, &err);
        }
        if (status == SWE_OK && program->prints) {
            if (program->print_report != NULL) {
                program->print_report(program->context, stdout);
            }
            swe_print_summary(stdout, &result);
        }
    }
    if (status != SWE_OK && program->prints && err.message[0] != '\0') {
        fprintf(stderr, "%s: %s\n", program->name, err.message);
    }
    return status;
}
