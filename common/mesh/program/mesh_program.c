#include "mesh/program/mesh_program.h"

#include "io/atomic_file.h"
#include "mesh/gmsh/msh_writer.h"
#include "mesh/program/mesh_driven.h"
#include "mesh/program/mesh_options.h"
#include "mesh/program/mesh_report.h"
#include "run/driver.h"
#include "run/program.h"

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
    if (status == SWE_OK && !options->run.quiet) {
        printf("wrote %s: %d triangles\n", options->model.mesh_path,
               2 * options->square * options->square);
    }
    return status;
}

int swe_mesh_program_act(const swe_mesh_options *options, swe_error *err)
{
    if (options->run.application_action == SWE_MESH_ACTION_LIST_SCENARIOS) {
        swe_mesh_print_scenarios(stdout);
        return SWE_OK;
    }
    return write_square(options, err);
}

swe_drive_settings swe_mesh_drive_settings(const swe_mesh_options *options,
                                           const char *checkpoint_path)
{
    swe_drive_settings settings = swe_drive_settings_of(&options->run);
    settings.checkpoint_path = checkpoint_path;
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
    if (status == SWE_OK && options->run.checkpoint_every > 0) {
        checkpoint_path = swe_path_join(options->plan.path_stem, ".checkpoint");
        status = checkpoint_path != NULL
                     ? SWE_OK
                     : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a file name");
    }
    if (status == SWE_OK) {
        const swe_drive_settings settings = swe_mesh_drive_settings(options, checkpoint_path);
        const swe_model driven_model = swe_mesh_driven_model(&driven);
        status = swe_drive(&settings, &driven_model, NULL, result, err);
    }
    if (status == SWE_OK) {
        status = swe_mesh_model_figures(model, result->checksum, sizeof result->checksum, err);
    }
    free(checkpoint_path);
    return status;
}

/* A run of one process; the measures of its final state before the summary. */
static int run_one_process(void *context, const swe_run_options *run, swe_run_result *result,
                           swe_error *err)
{
    const swe_mesh_options *options = context;
    swe_mesh_model *model = NULL;
    int status = swe_mesh_model_create(&options->model, &model, err);
    if (status != SWE_OK) {
        return status;
    }
    if (!run->quiet && !run->benchmark) {
        swe_mesh_print_setup(stdout, options->model.mesh_path, model);
    }
    snprintf(result->backend_name, sizeof result->backend_name, "%s",
             swe_mesh_backend_name(model->run.backend));
    result->solver = model->run.order == 2 ? "roe-muscl" : "roe";
    result->cells = model->run.mesh.cell_count;
    status = drive(options, model, result, err);
    if (status == SWE_OK) {
        swe_mesh_print_measures(stdout, model);
    }
    swe_mesh_model_free(model);
    return status;
}

static int act(void *context, const swe_run_options *run, swe_error *err)
{
    (void)run;
    return swe_mesh_program_act(context, err);
}

int swe_mesh_program_main(const char *name, int argc, char **argv)
{
    static swe_mesh_options options;
    const swe_program program = {.name = name,
                                 .application = &swe_mesh_application,
                                 .application_options = &options,
                                 .prints = 1,
                                 .backend_prefix = "",
                                 .run = run_one_process,
                                 .act = act,
                                 .context = &options};
    return swe_program_main(&program, argc, argv);
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
