#include "mesh/run/mesh_outputs.h"

#include "io/atomic_file.h"
#include "io/vtk_series.h"
#include "mesh/io/mesh_netcdf.h"
#include "mesh/io/mesh_vtk.h"

#include <stdlib.h>
#include <string.h>

struct swe_mesh_vtk_series {
    swe_vtk_series series;
};

static int write_vtk(swe_mesh_outputs *outputs, swe_mesh_model *model, swe_error *err)
{
    char *path = swe_snapshot_path(outputs->cli->vtk_stem, outputs->snapshot, ".vtu");
    if (path == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a file name");
    }
    int status = swe_mesh_vtk_write(path, &model->run.mesh, &model->run.host, model->run_of_file,
                                    model->clock.t, err);
    free(path);
    return status == SWE_OK
               ? swe_vtk_series_add(&outputs->vtk->series, outputs->snapshot, model->clock.t, err)
               : status;
}

int swe_mesh_outputs_write(swe_mesh_outputs *outputs, swe_mesh_model *model, swe_error *err)
{
    if (outputs->vtk == NULL && outputs->netcdf == NULL) {
        return SWE_OK;
    }
    int status = swe_mesh_model_sync(model, err);
    if (status == SWE_OK && outputs->vtk != NULL) {
        status = write_vtk(outputs, model, err);
    }
    if (status == SWE_OK && outputs->netcdf != NULL) {
        status = swe_mesh_netcdf_write(outputs->netcdf, &model->run.host, model->clock.t, err);
    }
    outputs->snapshot++;
    return status;
}

int swe_mesh_outputs_open(swe_mesh_outputs *outputs, const swe_mesh_cli *cli, swe_mesh_model *model,
                          swe_error *err)
{
    memset(outputs, 0, sizeof *outputs);
    outputs->cli = cli;
    int status = SWE_OK;
    if (cli->vtk_stem != NULL) {
        outputs->vtk = calloc(1, sizeof *outputs->vtk);
        status = outputs->vtk != NULL
                     ? swe_vtk_series_create(&outputs->vtk->series, cli->vtk_stem, ".vtu",
                                             cli->outputs, cli->t_end, 0, err)
                     : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the VTK series");
    }
    if (status == SWE_OK && cli->netcdf_path != NULL) {
        swe_mesh_netcdf_info info = {
            &model->scenario,         cli->options.mesh_path,
            model->run.backend->name, swe_mesh_ordering_name(model->ordering),
            model->run.order,         model->clock.cfl};
        status = swe_mesh_netcdf_create(&outputs->netcdf, cli->netcdf_path, &model->run.mesh,
                                        &model->run.host, model->run_of_file, &info, err);
    }
    return status == SWE_OK ? swe_mesh_outputs_write(outputs, model, err) : status;
}

int swe_mesh_outputs_close(swe_mesh_outputs *outputs, int status, swe_error *err)
{
    int closed = swe_mesh_netcdf_close(outputs->netcdf, status == SWE_OK, err);
    outputs->netcdf = NULL;
    if (outputs->vtk != NULL) {
        swe_vtk_series_free(&outputs->vtk->series);
        free(outputs->vtk);
        outputs->vtk = NULL;
    }
    return status != SWE_OK ? status : closed;
}
