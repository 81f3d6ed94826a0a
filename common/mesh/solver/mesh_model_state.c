/* The state of a triangle run in and out, in the file's cell order. */
#include "mesh/solver/mesh_model.h"

#include <math.h>

int swe_mesh_model_state_in_file_order(swe_mesh_model *model, real *h, real *hu, real *hv,
                                       swe_error *err)
{
    if (h == NULL || hu == NULL || hv == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: nowhere to put the state");
    }
    int status = swe_mesh_model_sync(model, err);
    const swe_mesh_arrays *host = &model->run.host;
    for (int k = 0; status == SWE_OK && k < model->run.mesh.cell_count; ++k) {
        int c = model->run_of_file[k];
        h[k] = host->h[c];
        hu[k] = host->hu[c];
        hv[k] = host->hv[c];
    }
    return status;
}

int swe_mesh_model_restore(swe_mesh_model *model, double t, long steps, const real *h,
                           const real *hu, const real *hv, swe_error *err)
{
    if (model == NULL || h == NULL || hu == NULL || hv == NULL || !isfinite(t) || t < 0 ||
        steps < 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no state to restore");
    }
    swe_mesh_arrays *host = &model->run.host;
    for (int k = 0; k < model->run.mesh.cell_count; ++k) {
        int c = model->run_of_file[k];
        if (!(h[k] >= 0) || !isfinite(hu[k]) || !isfinite(hv[k])) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "the state to restore has a negative or non-finite value in cell %d",
                            k);
        }
        host->h[c] = h[k];
        host->hu[c] = hu[k];
        host->hv[c] = hv[k];
    }
    model->clock.t = t;
    model->clock.steps = steps;
    return model->run.backend->upload(&model->run, err);
}

/* FNV-1a, 64 bit, over bytes. */
static uint64_t fnv1a(uint64_t hash, const void *data, size_t size)
{
    const unsigned char *bytes = data;
    for (size_t k = 0; k < size; ++k) {
        hash = (hash ^ bytes[k]) * UINT64_C(0x100000001b3);
    }
    return hash;
}

int swe_mesh_model_checksum(swe_mesh_model *model, uint64_t *checksum, swe_error *err)
{
    if (checksum == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: nowhere to put the checksum");
    }
    int status = swe_mesh_model_sync(model, err);
    const swe_mesh_arrays *host = &model->run.host;
    uint64_t hash = UINT64_C(0xcbf29ce484222325);
    const real *fields[] = {host->h, host->hu, host->hv};
    for (int f = 0; status == SWE_OK && f < 3; ++f) {
        for (int k = 0; k < model->run.mesh.cell_count; ++k) {
            hash = fnv1a(hash, &fields[f][model->run_of_file[k]], sizeof(real));
        }
    }
    *checksum = hash;
    return status;
}

int swe_mesh_model_volume(swe_mesh_model *model, double *volume, swe_error *err)
{
    if (volume == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: nowhere to put the volume");
    }
    int status = swe_mesh_model_sync(model, err);
    double sum = 0;
    for (int k = 0; status == SWE_OK && k < model->run.mesh.cell_count; ++k) {
        int c = model->run_of_file[k];
        sum += (double)model->run.host.h[c] * model->run.mesh.cell_area[c];
    }
    *volume = sum;
    return status;
}
