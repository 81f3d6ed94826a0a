/* The mesh application's tables in the registry of programming models
 * (run/models.h): one per model linked into this program, and the check
 * of the contract that every table handed out passes. */
#include "mesh/solver/mesh_backend.h"

#define DECLARE_TABLE(model) extern const swe_mesh_backend swe_mesh_##model##_backend SWE_IF_LINKED;
SWE_MODELS(DECLARE_TABLE)

#define TABLE_OF(model) &swe_mesh_##model##_backend.table,
static const swe_model_table *const tables[SWE_MODEL_COUNT] = {SWE_MODELS(TABLE_OF)};

static int check_verbs(const swe_model_table *table, swe_error *err)
{
    const swe_mesh_backend *backend = (const swe_mesh_backend *)table;
    const char *missing = backend->init == NULL            ? "init"
                          : backend->finalize == NULL      ? "finalize"
                          : backend->upload == NULL        ? "upload"
                          : backend->download == NULL      ? "download"
                          : backend->gradients == NULL     ? "gradients"
                          : backend->edge_fluxes == NULL   ? "edge_fluxes"
                          : backend->min_time_step == NULL ? "min_time_step"
                          : backend->update_cells == NULL  ? "update_cells"
                          : (backend->gradients_span == NULL) != (backend->edge_fluxes_span == NULL)
                              ? "gradients_span or edge_fluxes_span (both or neither)"
                          : (backend->halo_cells == NULL) != (backend->pack_halo == NULL) ||
                                  (backend->pack_halo == NULL) != (backend->unpack_halo == NULL)
                              ? "halo_cells, pack_halo or unpack_halo (all or none)"
                          : backend->halo_device_buffers != NULL && backend->pack_halo == NULL
                              ? "pack_halo (halo_device_buffers comes with the halo verbs)"
                              : NULL;
    return missing == NULL ? SWE_OK
                           : swe_fail(err, SWE_ERROR_USAGE,
                                      "the mesh backend '%s' lacks the required verb %s "
                                      "(common/mesh/solver/mesh_backend.h)",
                                      table->model->name, missing);
}

const swe_model_registry swe_mesh_models = {"mesh", tables, check_verbs};

int swe_mesh_backend_lookup(const char *name, const swe_mesh_backend **backend, swe_error *err)
{
    const swe_model_table *table = NULL;
    int status = swe_registry_lookup(&swe_mesh_models, name, &table, err);
    if (backend != NULL) {
        *backend = (const swe_mesh_backend *)table;
    }
    return status;
}

const swe_mesh_backend *swe_mesh_backend_find(const char *name)
{
    const swe_mesh_backend *backend = NULL;
    swe_error ignored;
    return swe_mesh_backend_lookup(name, &backend, &ignored) == SWE_OK ? backend : NULL;
}

const swe_mesh_backend *swe_mesh_backend_at(int index)
{
    return (const swe_mesh_backend *)swe_registry_at(&swe_mesh_models, index);
}

const char *swe_mesh_backend_name(const swe_mesh_backend *backend)
{
    return backend != NULL && backend->table.model != NULL ? backend->table.model->name : "?";
}
