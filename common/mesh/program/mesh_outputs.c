#include "mesh/program/mesh_outputs.h"

#include "io/atomic_file.h"
#include "io/vtk_series.h"
#include "mesh/io/mesh_netcdf.h"
#include "mesh/io/mesh_png.h"
#include "mesh/io/mesh_run_pictures.h"
#include "mesh/io/mesh_vtk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct swe_mesh_outputs {
    swe_mesh_output_plan plan;
    swe_vtk_series vtk;
    int vtk_open;
    swe_mesh_netcdf_series *netcdf;
    swe_colour_range png_range; /* a fixed range; unused for each snapshot's own */
    int png_fixed;
    int last_snapshot;    /* the number of the last snapshot written, or -1 */
    const swe_mesh *mesh; /* for the pictures of the whole run, drawn at the end */
    const int *run_of_file;
    char backend[64]; /* the files' backend attribute: the NetCDF series writes it later */
};

static int write_file(const swe_mesh_outputs *outputs, swe_mesh_model *model, int snapshot,
                      double time, const char *suffix, swe_error *err)
{
    char *path = swe_snapshot_path(outputs->plan.path_stem, snapshot, suffix);
    if (path == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a file name");
    }
    const swe_mesh *mesh = &model->run.mesh;
    int status = strcmp(suffix, ".vtu") == 0
                     ? swe_mesh_vtk_write(path, mesh, &model->run.host, model->run_of_file, time,
                                          outputs->plan.compression, err)
                     : swe_mesh_png_write(path, mesh, &model->run.host, time,
                                          outputs->png_fixed ? &outputs->png_range : NULL, err);
    free(path);
    return status;
}

int swe_mesh_outputs_write(swe_mesh_outputs *outputs, swe_mesh_model *model, int snapshot,
                           double time, swe_error *err)
{
    if (outputs == NULL || model == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no outputs to write");
    }
    int status = swe_mesh_model_sync(model, err);
    unsigned formats = outputs->plan.formats;
    if (status == SWE_OK && (formats & SWE_FORMAT_VTK)) {
        status = write_file(outputs, model, snapshot, time, ".vtu", err);
        if (status == SWE_OK) {
            status = swe_vtk_series_add(&outputs->vtk, snapshot, time, err);
        }
    }
    /* --colour-range run: the pictures are drawn from the file at the end. */
    if (status == SWE_OK && (formats & SWE_FORMAT_PNG) &&
        outputs->plan.colour_range.mode != SWE_RANGE_RUN) {
        status = write_file(outputs, model, snapshot, time, ".png", err);
    }
    if (status == SWE_OK && outputs->netcdf != NULL) {
        status = swe_mesh_netcdf_write(outputs->netcdf, &model->run.host, snapshot, time, err);
        outputs->last_snapshot = status == SWE_OK ? snapshot : outputs->last_snapshot;
    }
    return status;
}

static int open_netcdf(swe_mesh_outputs *outputs, const char *mesh_path, swe_mesh_model *model,
                       int first_snapshot, swe_error *err)
{
    snprintf(outputs->backend, sizeof outputs->backend, "%s%s",
             outputs->plan.backend_prefix != NULL ? outputs->plan.backend_prefix : "",
             model->run.backend->table.model->name);
    swe_mesh_netcdf_info info = {.scenario = &model->scenario,
                                 .mesh_file = mesh_path,
                                 .backend = outputs->backend,
                                 .history = outputs->plan.history,
                                 .ordering = swe_mesh_ordering_name(model->ordering),
                                 .order = model->run.order,
                                 .cfl = model->clock.cfl,
                                 .compression = outputs->plan.compression};
    char *earlier =
        first_snapshot > 0 ? swe_path_strip(outputs->plan.restart_path, ".checkpoint") : NULL;
    const swe_sealed_plan plan = {.path_stem = outputs->plan.path_stem,
                                  .earlier_stem = earlier,
                                  .outputs = outputs->plan.outputs,
                                  .t_end = outputs->plan.t_end,
                                  .first_snapshot = first_snapshot};
    int status = swe_mesh_netcdf_open(&outputs->netcdf, &plan, &model->run.mesh, &model->run.host,
                                      model->run_of_file, &info, err);
    free(earlier);
    return status;
}

int swe_mesh_outputs_open(swe_mesh_outputs **outputs, const swe_mesh_output_plan *plan,
                          const char *mesh_path, swe_mesh_model *model, int first_snapshot,
                          swe_error *err)
{
    if (outputs == NULL || plan == NULL || plan->path_stem == NULL || model == NULL ||
        first_snapshot < 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: outputs need a plan and a model");
    }
    swe_mesh_outputs *opened = calloc(1, sizeof *opened);
    if (opened == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the outputs");
    }
    *outputs = opened;
    opened->plan = *plan;
    opened->png_fixed = plan->colour_range.mode == SWE_RANGE_FIXED;
    opened->last_snapshot = -1;
    opened->mesh = &model->run.mesh;
    opened->run_of_file = model->run_of_file;
    opened->png_range = (swe_colour_range){plan->colour_range.low, plan->colour_range.high, 1};
    int status = SWE_OK;
    if (plan->formats & SWE_FORMAT_VTK) {
        status = swe_vtk_series_create(&opened->vtk, plan->path_stem, ".vtu", plan->outputs,
                                       plan->t_end, first_snapshot, err);
        opened->vtk_open = status == SWE_OK;
    }
    if (status == SWE_OK && (plan->formats & SWE_FORMAT_NETCDF)) {
        status = open_netcdf(opened, mesh_path, model, first_snapshot, err);
    }
    return status;
}

int swe_mesh_outputs_seal(swe_mesh_outputs *outputs, swe_error *err)
{
    return outputs != NULL ? swe_mesh_netcdf_seal(outputs->netcdf, err) : SWE_OK;
}

int swe_mesh_outputs_close(swe_mesh_outputs *outputs, int keep, swe_error *err)
{
    if (outputs == NULL) {
        return SWE_OK;
    }
    int status = swe_mesh_netcdf_close(outputs->netcdf, keep, err);
    if (status == SWE_OK && keep && outputs->netcdf != NULL && outputs->last_snapshot >= 0 &&
        (outputs->plan.formats & SWE_FORMAT_PNG) &&
        outputs->plan.colour_range.mode == SWE_RANGE_RUN) {
        const swe_mesh_run_pictures pictures = {outputs->plan.path_stem, outputs->last_snapshot,
                                                outputs->mesh, outputs->run_of_file};
        status = swe_mesh_draw_run_pictures(&pictures, err);
    }
    if (outputs->vtk_open) {
        swe_vtk_series_free(&outputs->vtk);
    }
    free(outputs);
    return status;
}
