#include "cartesian/block_model.h"

#include "cartesian/block_model_files.h"
#include "cartesian/block_model_samples.h"
#include "cartesian/initial_block.h"
#include "grid/stepping.h"

#include <string.h>

int swe_cartesian_model_create(swe_cartesian_model *model, const swe_options *options,
                               const swe_block_place *place, swe_error *err)
{
    if (model == NULL || options == NULL || options->scenario == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a model needs options");
    }
    memset(model, 0, sizeof *model);
    model->options = options;
    int status = swe_backend_lookup(options->backend_name, &model->backend, err);
    if (status == SWE_OK) {
        status = swe_cartesian_create_block(options, place, &model->block, &model->projection, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    snprintf(model->backend_name, sizeof model->backend_name, "%s", model->backend->name);
    model->block.backend = model->backend;
    swe_backend_config config = {.solver = options->solver,
                                 .level = options->level,
                                 .manning = (real)options->manning,
                                 .device = place != NULL ? place->device : 0};
    memcpy(config.option_values, options->backend_option_values, sizeof config.option_values);
    status = model->backend->init(&model->block, &config, err);
    model->initialised = status == SWE_OK;
    return status == SWE_OK ? model->backend->sync_after_write(&model->block, err) : status;
}

void swe_cartesian_model_set_split(swe_cartesian_model *model, const swe_block_split *split)
{
    if (model != NULL) {
        model->split = split;
    }
}

void swe_cartesian_model_destroy(swe_cartesian_model *model)
{
    if (model == NULL) {
        return;
    }
    swe_error ignored;
    swe_cartesian_close_outputs(model, 0, &ignored);
    if (model->initialised) {
        model->backend->finalize(&model->block);
        model->initialised = 0;
    }
    swe_block_destroy(&model->block);
}

/* The block as the steps see it: under a split, with the halo exchange
 * and the global wave speed around it. */
static swe_block *stepped(swe_cartesian_model *model)
{
    return model->split != NULL ? model->split->stepped : &model->block;
}

static int cartesian_start(void *self, swe_clock *clock, swe_error *err)
{
    swe_block *block = stepped(self);
    return block->backend->max_wave_speed(block, &clock->wave_speed, err);
}

static int cartesian_advance(void *self, swe_clock *clock, double t_target, double t_pause,
                             swe_error *err)
{
    swe_cartesian_model *model = self;
    model->host_current = 0;
    t_pause = swe_cartesian_sample_pause(model, t_pause);
    int status = swe_block_advance(stepped(model), clock, t_target, t_pause, err);
    return status == SWE_OK ? swe_cartesian_sample(model, clock, err) : status;
}

/* Each process checks its own block; the driver agrees. */
static int cartesian_check_state(void *self, const swe_clock *clock, swe_error *err)
{
    swe_cartesian_model *model = self;
    char where[256];
    int found = 0;
    int status = swe_block_describe_invalid(&model->block, &found, where, sizeof where, err);
    model->host_current = status == SWE_OK;
    return status == SWE_OK && found ? swe_fail_invalid_state(err, clock, where) : status;
}

static const swe_model_verbs cartesian_verbs = {
    .start = cartesian_start,
    .advance = cartesian_advance,
    .check_state = cartesian_check_state,
    .restore = swe_cartesian_restore,
    .open_outputs = swe_cartesian_open_outputs,
    .write_snapshot = swe_cartesian_write_snapshot,
    .write_checkpoint = swe_cartesian_write_checkpoint,
    .close_outputs = swe_cartesian_close_outputs,
};

swe_model swe_cartesian_model_of(swe_cartesian_model *model)
{
    return (swe_model){.verbs = &cartesian_verbs, .self = model};
}
