#include "cartesian/model/block_model_samples.h"

#include <math.h>

int swe_cartesian_open_samples(swe_cartesian_model *model, const swe_block *initial,
                               const swe_block *whole, double time, swe_error *err)
{
    const swe_options *options = model->options;
    if (options->gauge_count == 0 && !options->maxima) {
        return SWE_OK;
    }
    if (model->split != NULL) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "shallows-mpi records no gauges and maxima yet (run shallows for "
                        "--gauge and --maxima)");
    }
    int status = SWE_OK;
    if (options->gauge_count > 0) {
        const swe_gauge_request request = {.count = options->gauge_count,
                                           .x = options->gauge_x,
                                           .y = options->gauge_y,
                                           .path_stem = options->run.output_stem,
                                           .title = options->scenario->title,
                                           .history = options->run.history,
                                           .compression = options->run.compression};
        status = swe_gauges_create(&model->gauges, &request, initial, err);
    }
    if (status == SWE_OK && options->maxima) {
        status = swe_maxima_create(&model->maxima, initial, err);
    }
    model->samples = status == SWE_OK;
    model->next_sample = time;
    if (status == SWE_OK && whole == initial) {
        const swe_clock start = {.t = time};
        status = swe_cartesian_sample(model, &start, err);
    }
    return status;
}

double swe_cartesian_sample_pause(const swe_cartesian_model *model, double t_pause)
{
    return model->samples && model->options->sample_every > 0 ? fmin(t_pause, model->next_sample)
                                                              : t_pause;
}

int swe_cartesian_sample(swe_cartesian_model *model, const swe_clock *clock, swe_error *err)
{
    if (!model->samples || clock->t < model->next_sample) {
        return SWE_OK;
    }
    double every = model->options->sample_every;
    model->next_sample = every > 0 ? (floor(clock->t / every) + 1.0) * every : clock->t;
    int status =
        model->host_current ? SWE_OK : model->backend->sync_before_read(&model->block, err);
    model->host_current = status == SWE_OK;
    if (status == SWE_OK && model->gauges.count > 0) {
        status = swe_gauges_sample(&model->gauges, &model->block, clock->t, err);
    }
    if (status == SWE_OK && model->maxima.field[0] != NULL) {
        swe_maxima_update(&model->maxima, &model->block, clock->t);
    }
    return status;
}

int swe_cartesian_write_maxima(swe_cartesian_model *model, const swe_block *whole, swe_error *err)
{
    if (model->maxima.field[0] == NULL || model->outputs == NULL) {
        return SWE_OK;
    }
    const real *const planes[SWE_MAXIMA_COUNT] = {model->maxima.field[SWE_MAX_DEPTH],
                                                  model->maxima.field[SWE_MAX_SPEED],
                                                  model->maxima.field[SWE_ARRIVAL_TIME]};
    return swe_output_set_write_maxima(model->outputs, whole, planes, model->maxima.period, err);
}

int swe_cartesian_close_samples(swe_cartesian_model *model, int keep, swe_error *err)
{
    int status = swe_gauges_close(&model->gauges, keep, err);
    swe_maxima_free(&model->maxima);
    model->samples = 0;
    return status;
}
