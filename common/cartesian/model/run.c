#include "cartesian/model/run.h"

#include "cartesian/model/block_model_files.h"
#include "io/atomic_file.h"

#include <stdlib.h>
#include <string.h>

int swe_cartesian_drive(swe_cartesian_model *model, const swe_run_team *team,
                        swe_run_result *result, swe_error *err)
{
    if (model == NULL || model->options == NULL || result == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a run needs a model and a result");
    }
    const swe_options *options = model->options;
    memset(result, 0, sizeof *result);
    snprintf(result->backend_name, sizeof result->backend_name, "%s", model->backend_name);
    result->solver = swe_solver_name(options->solver);
    result->cells = (long)options->nx * options->ny;
    swe_drive_settings settings = swe_drive_settings_of(&options->run);
    char *checkpoint_path = NULL;
    int status = SWE_OK;
    if (settings.writes_files && settings.checkpoint_every > 0) {
        checkpoint_path = swe_path_join(options->run.output_stem, ".checkpoint.nc");
        status = checkpoint_path != NULL
                     ? SWE_OK
                     : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a file name");
    }
    if (team != NULL) {
        status = team->agree(team->context, status, err);
    }
    settings.checkpoint_path = checkpoint_path;
    const swe_model driven = swe_cartesian_model_of(model);
    if (status == SWE_OK) {
        status = swe_drive(&settings, &driven, team, result, err);
    }
    /* The final state's checksum for the summary, outside the timed steps. */
    if (status == SWE_OK) {
        status = swe_cartesian_checksum(model, result->checksum, sizeof result->checksum, err);
    }
    free(checkpoint_path);
    return status;
}

int swe_run(const swe_options *options, swe_run_result *result, swe_error *err)
{
    if (options == NULL || result == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: run needs options and a result");
    }
    memset(result, 0, sizeof *result);
    swe_cartesian_model model;
    memset(&model, 0, sizeof model); /* destroy is safe whatever create reached */
    int status = swe_cartesian_model_create(&model, options, NULL, err);
    if (status == SWE_OK) {
        status = swe_cartesian_drive(&model, NULL, result, err);
    }
    swe_cartesian_model_destroy(&model);
    return status;
}
