/* The files of the Cartesian model. On one process the block is the
 * whole domain; under a split the writer gathers the parts into a block of
 * the whole domain for NetCDF, PNG and checkpoints (one file however many
 * ranks, which shallows and shallows-mpi continue from alike), while VTK
 * goes as one piece per process. */
#include "cartesian/model/block_model_files.h"

#include "cartesian/grid/block_checksum.h"
#include "cartesian/grid/state_check.h"
#include "cartesian/io/checkpoint.h"
#include "cartesian/model/block_model_samples.h"
#include "cartesian/model/initial_block.h"
#include "io/atomic_file.h"

#include <stdlib.h>
#include <string.h>

/* What a checkpoint must have been written by: the same run. */
static swe_checkpoint_run identity_of(const swe_options *options)
{
    return (swe_checkpoint_run){.scenario = options->scenario->name,
                                .solver = swe_solver_name(options->solver),
                                .cfl = options->run.cfl,
                                .t_end = options->run.t_end,
                                .outputs = options->run.outputs,
                                .manning = options->manning};
}

static int agree(const swe_cartesian_model *model, int status, swe_error *err)
{
    const swe_block_split *split = model->split;
    return split != NULL ? split->agree(split->context, status, err) : status;
}

static int is_writer(const swe_cartesian_model *model)
{
    return model->split == NULL || model->split->writer;
}

/* Under a split, the formats each process writes its part of: VTK, and
 * NetCDF where the library does parallel I/O, unless the run checkpoints
 * or restarts: then its snapshots go through the writer's sealed parts
 * (cartesian/io/netcdf_series.h), which a restart takes over. */
static unsigned part_formats(const swe_cartesian_model *model)
{
    const swe_block_split *split = model->split;
    if (split == NULL) {
        return 0;
    }
    const swe_options *options = model->options;
    int resumable = options->run.checkpoint_every > 0 || options->run.restart_path != NULL;
    unsigned parallel =
        SWE_FORMAT_VTK | (split->open_netcdf != NULL && !resumable ? SWE_FORMAT_NETCDF : 0);
    return model->options->run.formats & parallel;
}

/* The formats written from the whole domain: all of them on one process,
 * the others under a split. */
static unsigned whole_formats(const swe_cartesian_model *model)
{
    return model->options->run.formats & ~part_formats(model);
}

static swe_output_plan plan_of(const swe_options *options, unsigned formats)
{
    return (swe_output_plan){.formats = formats,
                             .path_stem = options->run.output_stem,
                             .outputs = options->run.outputs,
                             .t_end = options->run.t_end,
                             .vtk_compression = options->run.compression,
                             .colour_range = options->colour_range};
}

/* What the files say about the run, and how they are compressed. */
static swe_output_info info_of(const swe_cartesian_model *model)
{
    const swe_options *options = model->options;
    return (swe_output_info){.scenario = options->scenario,
                             .solver = swe_solver_name(options->solver),
                             .backend = model->backend_name,
                             .cfl = options->run.cfl,
                             .compression = options->run.compression,
                             .history = options->run.history,
                             .projection = &model->projection,
                             .with_maxima = options->maxima};
}

/* The whole domain with its host arrays up to date, on the writer
 * (*whole; NULL elsewhere). Collective under a split. */
static int read_whole(swe_cartesian_model *model, swe_block **whole, swe_error *err)
{
    if (model->split != NULL) {
        return model->split->gather(model->split->context, whole, err);
    }
    *whole = &model->block;
    /* The guard before every file has read the state back already. */
    int status =
        model->host_current ? SWE_OK : model->backend->sync_before_read(&model->block, err);
    model->host_current = status == SWE_OK;
    return status;
}

/* A checkpoint of a closed basin holds the water the run started with. */
static int check_restored_volume(swe_cartesian_model *model, const char *path,
                                 const swe_checkpoint_position *position, swe_error *err)
{
    double volume = 0;
    int status = swe_cartesian_volume(model, &volume, err);
    char change[256];
    if (status == SWE_OK &&
        swe_state_describe_volume_change(model->initial_volume, volume, position->clock.steps,
                                         swe_cartesian_cell_count(model), change, sizeof change)) {
        status = swe_fail(err, SWE_ERROR_USAGE,
                          "checkpoint '%s' is not of this run: %s (it is damaged: use an earlier "
                          "checkpoint or start again)",
                          path, change);
    }
    return status;
}

int swe_cartesian_restore(void *self, const char *path, swe_checkpoint_position *position,
                          swe_error *err)
{
    swe_cartesian_model *model = self;
    const swe_checkpoint_run identity = identity_of(model->options);
    swe_block *whole = NULL;
    /* The checkpoint's bathymetry and water are checked against the
     * initial state. */
    int status =
        model->closed_basin ? swe_cartesian_volume(model, &model->initial_volume, err) : SWE_OK;
    if (status == SWE_OK) {
        status = read_whole(model, &whole, err);
    }
    if (status == SWE_OK && whole != NULL) {
        status = swe_checkpoint_read(path, whole, &identity, position, err);
    }
    status = agree(model, status, err);
    if (status != SWE_OK) {
        return status;
    }
    const swe_block_split *split = model->split;
    if (split == NULL) {
        status = model->backend->sync_after_write(&model->block, err);
    } else {
        status = split->share(split->context, position, sizeof *position, err);
        status = status == SWE_OK ? split->scatter(split->context, err) : status;
    }
    if (status == SWE_OK && model->closed_basin) {
        status = agree(model, check_restored_volume(model, path, position, err), err);
    }
    return status;
}

/* The writer's files of the whole domain, and its gauges and maxima. The
 * pictures take their style and the maxima their reference from the
 * initial state, so a restart (first_snapshot > 0) sets them up from a
 * fresh initial block of the whole domain. */
static int open_whole_outputs(swe_cartesian_model *model, unsigned formats, int first_snapshot,
                              swe_error *err)
{
    const swe_options *options = model->options;
    if (formats == 0 && options->gauge_count == 0 && !options->maxima) {
        return SWE_OK;
    }
    swe_block initial = {0};
    swe_block *whole = NULL, *start = NULL;
    int status = SWE_OK;
    if (first_snapshot > 0 && is_writer(model)) {
        status = swe_cartesian_create_block(options, NULL, &initial, NULL, err);
        start = &initial;
        whole = model->split == NULL ? &model->block : NULL;
    } else if (first_snapshot == 0) {
        status = read_whole(model, &whole, err);
        start = whole;
    }
    if (status == SWE_OK && start != NULL && formats != 0) {
        swe_output_plan plan = plan_of(options, formats);
        /* The PATH of the run that wrote the checkpoint, where its earlier
         * snapshots lie. */
        plan.earlier_stem =
            first_snapshot > 0 ? swe_path_strip(options->run.restart_path, ".checkpoint.nc") : NULL;
        const swe_output_info info = info_of(model);
        status = swe_output_set_create(&model->outputs, &plan, start, &info, first_snapshot, err);
        free((char *)plan.earlier_stem);
    }
    if (status == SWE_OK && start != NULL) {
        status = swe_cartesian_open_samples(model, start, whole, 0.0, err);
    }
    swe_block_destroy(&initial);
    return status;
}

int swe_cartesian_open_outputs(void *self, int first_snapshot, swe_error *err)
{
    swe_cartesian_model *model = self;
    int status = open_whole_outputs(model, whole_formats(model), first_snapshot, err);
    status = agree(model, status, err);
    const swe_block_split *split = model->split;
    const unsigned parts = part_formats(model);
    if (status == SWE_OK && (parts & SWE_FORMAT_VTK)) {
        const swe_output_plan plan = plan_of(model->options, SWE_FORMAT_VTK);
        status = split->open_pieces(split->context, &plan, first_snapshot, err);
    }
    if (status == SWE_OK && (parts & SWE_FORMAT_NETCDF)) {
        const swe_output_plan plan = plan_of(model->options, SWE_FORMAT_NETCDF);
        const swe_output_info info = info_of(model);
        status = split->open_netcdf(split->context, &plan, &info, err);
    }
    return status;
}

int swe_cartesian_write_snapshot(void *self, int snapshot, double time, swe_error *err)
{
    swe_cartesian_model *model = self;
    int status = SWE_OK;
    if (whole_formats(model) != 0) {
        swe_block *whole = NULL;
        status = read_whole(model, &whole, err);
        if (status == SWE_OK && whole != NULL) {
            status = swe_output_set_write(model->outputs, whole, snapshot, time, err);
        }
        if (status == SWE_OK && whole != NULL && model->samples) {
            /* The maxima and gauges take in every snapshot's state too. */
            model->next_sample = model->next_sample < time ? model->next_sample : time;
            const swe_clock now = {.t = time};
            status = swe_cartesian_sample(model, &now, err);
        }
        if (status == SWE_OK && whole != NULL) {
            status = swe_cartesian_write_maxima(model, whole, err);
        }
        status = agree(model, status, err);
    }
    const swe_block_split *split = model->split;
    const unsigned parts = part_formats(model);
    if (status == SWE_OK && (parts & SWE_FORMAT_VTK)) {
        status = split->write_pieces(split->context, snapshot, time, err);
    }
    if (status == SWE_OK && (parts & SWE_FORMAT_NETCDF)) {
        status = split->write_netcdf(split->context, time, err);
    }
    return status;
}

int swe_cartesian_write_checkpoint(void *self, const char *path,
                                   const swe_checkpoint_position *position, swe_error *err)
{
    swe_cartesian_model *model = self;
    swe_checkpoint_run identity = identity_of(model->options);
    identity.backend = model->backend_name;
    identity.history = model->options->run.history;
    swe_block *whole = NULL;
    int status = read_whole(model, &whole, err);
    /* The snapshots so far are sealed before the checkpoint that follows
     * them is in place. */
    if (status == SWE_OK && whole != NULL) {
        status = swe_output_set_seal(model->outputs, err);
    }
    if (status == SWE_OK && whole != NULL) {
        status = swe_checkpoint_write(path, whole, &identity, position, err);
    }
    return agree(model, status, err);
}

int swe_cartesian_close_outputs(void *self, int keep, swe_error *err)
{
    swe_cartesian_model *model = self;
    int status = swe_output_set_close(model->outputs, keep, err);
    model->outputs = NULL;
    if (part_formats(model) & SWE_FORMAT_NETCDF) {
        swe_error parallel_err;
        int parallel = model->split->close_netcdf(model->split->context, keep, &parallel_err);
        if (status == SWE_OK && parallel != SWE_OK) {
            status = parallel;
            *err = parallel_err;
        }
    }
    swe_error samples_err;
    int samples_status = swe_cartesian_close_samples(model, keep, &samples_err);
    if (status == SWE_OK && samples_status != SWE_OK) {
        status = samples_status;
        *err = samples_err;
    }
    return status;
}

int swe_cartesian_checksum(swe_cartesian_model *model, char *text, size_t size, swe_error *err)
{
    if (model == NULL || text == NULL || size == 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a checksum needs a model");
    }
    text[0] = '\0';
    swe_block *whole = NULL;
    int status = read_whole(model, &whole, err);
    if (status == SWE_OK && whole != NULL) {
        swe_block_checksum checksum;
        status = swe_block_checksum_of(whole, &checksum, err);
        swe_block_checksum_format(&checksum, text, size);
    }
    return agree(model, status, err);
}
