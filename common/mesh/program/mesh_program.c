#include "mesh/program/mesh_program.h"

#include "mesh/gmsh/msh_writer.h"
#include "mesh/program/mesh_driven.h"
#include "mesh/program/mesh_options.h"
#include "mesh/program/mesh_report.h"
#include "run/driver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --write-square N: a generated mesh instead of a run. */
static int write_square(const swe_mesh_options *options, swe_error *err)
{
    if (options->model.mesh_path == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "--write-square N needs --mesh FILE to write to");
    }
    swe_msh_raw raw;
    int status = swe_msh_generate_square(options->square, 1000.0, 1, &raw, err);
    if (status == SWE_OK) {
        status = swe_msh_write_binary(options->model.mesh_path, &raw, err);
        swe_msh_raw_free(&raw);
    }
    if (status == SWE_OK && !options->quiet) {
        printf("wrote %s: %d triangles\n", options->model.mesh_path,
               2 * options->square * options->square);
    }
    return status;
}

static int run_action(const char *program, const swe_mesh_options *options, swe_error *err)
{
    switch (options->action) {
    case SWE_MESH_ACTION_HELP:
        swe_mesh_options_print_help(stdout, program);
        return SWE_OK;
    case SWE_MESH_ACTION_VERSION:
        swe_mesh_print_version(stdout, program);
        return SWE_OK;
    case SWE_MESH_ACTION_LIST_BACKENDS:
        swe_mesh_print_backends(stdout);
        return SWE_OK;
    case SWE_MESH_ACTION_LIST_SCENARIOS:
        swe_mesh_print_scenarios(stdout);
        return SWE_OK;
    case SWE_MESH_ACTION_LIST_DEVICES:
        return swe_mesh_print_devices(stdout, err);
    case SWE_MESH_ACTION_WRITE_SQUARE:
        return write_square(options, err);
    default:
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: unknown action");
    }
}

swe_drive_settings swe_mesh_drive_settings(const swe_mesh_options *options,
                                           const swe_mesh_model *model, const char *checkpoint_path)
{
    swe_drive_settings settings = {.t_end = options->plan.t_end,
                                   .outputs = options->plan.outputs,
                                   .cfl = model->clock.cfl,
                                   .writes_files = !options->benchmark,
                                   .quiet = options->quiet || options->benchmark,
                                   .checkpoint_every = options->checkpoint_every,
                                   .checkpoint_path = checkpoint_path,
                                   .restart_path = options->restart_path,
                                   .output_stem = options->plan.path_stem};
    return settings;
}

/* The model through the driver, then the final state's figures. */
static int drive(const swe_mesh_options *options, swe_mesh_model *model, swe_run_result *result,
                 swe_error *err)
{
    swe_mesh_driven driven;
    int status =
        swe_mesh_driven_init(&driven, model, &options->plan, options->model.mesh_path, err);
    char *checkpoint_path = NULL;
    if (status == SWE_OK && options->checkpoint_every > 0) {
        checkpoint_path = malloc(strlen(options->plan.path_stem) + sizeof ".checkpoint");
        status = checkpoint_path != NULL
                     ? SWE_OK
                     : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a file name");
        if (status == SWE_OK) {
            sprintf(checkpoint_path, "%s.checkpoint", options->plan.path_stem);
        }
    }
    if (status == SWE_OK) {
        const swe_drive_settings settings =
            swe_mesh_drive_settings(options, model, checkpoint_path);
        const swe_model driven_model = swe_mesh_driven_model(&driven);
        status = swe_drive(&settings, &driven_model, NULL, result, err);
    }
    if (status == SWE_OK) {
        status = swe_mesh_model_figures(model, result->checksum, sizeof result->checksum, err);
    }
    free(checkpoint_path);
    return status;
}

static int run(const swe_mesh_options *options, swe_error *err)
{
    swe_mesh_model *model = NULL;
    int status = swe_mesh_model_create(&options->model, &model, err);
    if (status != SWE_OK) {
        return status;
    }
    if (!options->quiet && !options->benchmark) {
        swe_mesh_print_setup(stdout, options->model.mesh_path, model);
    }
    swe_run_result result;
    memset(&result, 0, sizeof result);
    snprintf(result.backend_name, sizeof result.backend_name, "%s", model->run.backend->name);
    result.solver = model->run.order == 2 ? "roe-muscl" : "roe";
    result.cells = model->run.mesh.cell_count;
    status = drive(options, model, &result, err);
    if (status == SWE_OK) {
        swe_mesh_print_measures(stdout, model);
        swe_print_summary(stdout, &result);
    }
    swe_mesh_model_free(model);
    return status;
}

int swe_mesh_program_main(const char *program_name, int argc, char **argv)
{
    const char *name = program_name != NULL ? program_name : "shallows";
    swe_mesh_options options;
    swe_error err = {{0}};
    int status = swe_mesh_options_parse(argc, argv, &options, &err);
    if (status == SWE_OK) {
        status = options.action == SWE_MESH_ACTION_RUN ? run(&options, &err)
                                                       : run_action(name, &options, &err);
    }
    if (status != SWE_OK) {
        fprintf(stderr, "%s: %s\n", name, err.message);
    }
    return status;
}

int swe_mesh_program_wanted(int argc, char **argv)
{
    for (int k = 1; argv != NULL && k < argc; ++k) {
        if (strcmp(argv[k], "--") == 0) {
            return 0;
        }
        if (strcmp(argv[k], "--mesh") == 0 || strncmp(argv[k], "--mesh=", 7) == 0) {
            return 1;
        }
    }
    return 0;
}
