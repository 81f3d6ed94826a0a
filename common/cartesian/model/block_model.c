#include "cartesian/model/block_model.h"

#include "cartesian/grid/state_check.h"
#include "cartesian/grid/stepping.h"
#include "cartesian/model/block_model_files.h"
#include "cartesian/model/block_model_samples.h"
#include "cartesian/model/initial_block.h"
#include "core/memory_budget.h"

#include <math.h>
#include <string.h>

/* The block's four arrays, and as much again for the copies that the
 * files and the backends make of them. */
static int check_memory(const swe_options *options, const swe_block_place *place, swe_error *err)
{
    double nx = place != NULL ? place->nx : options->nx;
    double ny = place != NULL ? place->ny : options->ny;
    double bytes = 2.0 * 4.0 * (nx + 2) * (ny + 2) * sizeof(real);
    char what[96];
    snprintf(what, sizeof what, "a grid of %.0f x %.0f cells", nx, ny);
    return swe_memory_check(what, bytes, "choose a smaller --nx and --ny", err);
}

static int is_closed_basin(const swe_scenario *scenario)
{
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        if (scenario->boundary[edge] != SWE_BOUNDARY_WALL) {
            return 0;
        }
    }
    return 1;
}

int swe_cartesian_model_create(swe_cartesian_model *model, const swe_options *options,
                               const swe_block_place *place, swe_error *err)
{
    if (model == NULL || options == NULL || options->scenario == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a model needs options");
    }
    memset(model, 0, sizeof *model);
    model->options = options;
    model->closed_basin = is_closed_basin(options->scenario);
    int status = swe_cartesian_backend_lookup(options->run.backend_name, &model->backend, err);
    if (status == SWE_OK) {
        status = check_memory(options, place, err);
    }
    if (status == SWE_OK) {
        status = swe_cartesian_create_block(options, place, &model->block, &model->projection, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    snprintf(model->backend_name, sizeof model->backend_name, "%s",
             model->backend->table.model->name);
    model->block.backend = model->backend;
    swe_cartesian_backend_config config = {.solver = options->solver,
                                           .model.level = options->run.model.level,
                                           .manning = (real)options->manning,
                                           .model.device = place != NULL ? place->device : 0};
    memcpy(config.model.option_values, options->run.model.option_values,
           sizeof config.model.option_values);
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

int swe_cartesian_volume(swe_cartesian_model *model, double *volume, swe_error *err)
{
    *volume = model->block.h != NULL ? swe_block_volume(&model->block) : NAN;
    const swe_block_split *split = model->split;
    return split != NULL ? split->sum(split->context, volume, err) : SWE_OK;
}

long swe_cartesian_cell_count(const swe_cartesian_model *model)
{
    return model != NULL ? (long)model->block.domain_nx * (long)model->block.domain_ny : 0;
}

/* The initial state is in the host arrays until the first step. */
static int cartesian_start(void *self, swe_clock *clock, swe_error *err)
{
    swe_cartesian_model *model = self;
    int status = swe_cartesian_volume(model, &model->initial_volume, err);
    swe_block *block = stepped(model);
    return status == SWE_OK ? block->backend->max_wave_speed(block, &clock->wave_speed, err)
                            : status;
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

/* Each process checks its own block, then, in a closed basin, they
 * check the water volume together; the driver agrees. */
static int cartesian_check_state(void *self, const swe_clock *clock, swe_error *err)
{
    swe_cartesian_model *model = self;
    char where[256];
    int found = 0;
    int status = swe_block_describe_invalid(&model->block, &found, where, sizeof where, err);
    model->host_current = status == SWE_OK;
    if (status == SWE_OK && found) {
        status = swe_fail_invalid_state(err, clock, where);
    }
    if (!model->closed_basin) {
        return status;
    }
    double volume = 0;
    swe_error sum_err;
    int sum_status = swe_cartesian_volume(model, &volume, &sum_err); /* on every process */
    if (status == SWE_OK && sum_status != SWE_OK) {
        *err = sum_err;
        status = sum_status;
    }
    if (status == SWE_OK &&
        swe_state_describe_volume_change(model->initial_volume, volume, clock->steps,
                                         swe_cartesian_cell_count(model), where, sizeof where)) {
        status = swe_fail_invalid_state(err, clock, where);
    }
    return status;
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
