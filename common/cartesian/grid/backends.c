/* The Cartesian application's tables in the registry of programming
 * models (run/models.h): one per model linked into this program, and the
 * check of the contract that every table handed out passes. */
#include "cartesian/grid/backend.h"

#define DECLARE_TABLE(model)                                                                       \
    extern const swe_cartesian_backend swe_cartesian_##model##_backend SWE_IF_LINKED;
SWE_MODELS(DECLARE_TABLE)

#define TABLE_OF(model) &swe_cartesian_##model##_backend.table,
static const swe_model_table *const tables[SWE_MODEL_COUNT] = {SWE_MODELS(TABLE_OF)};

/* The required verbs, and the optional ones that need a partner. */
static int check_verbs(const swe_model_table *table, swe_error *err)
{
    const swe_cartesian_backend *backend = (const swe_cartesian_backend *)table;
    const struct {
        int present;
        const char *name;
    } required[] = {{backend->init != NULL, "init"},
                    {backend->finalize != NULL, "finalize"},
                    {backend->sync_after_write != NULL, "sync_after_write"},
                    {backend->sync_before_read != NULL, "sync_before_read"},
                    {backend->max_wave_speed != NULL, "max_wave_speed"},
                    {backend->step != NULL, "step"}};
    const char *name = table->model->name;
    for (size_t v = 0; v < sizeof required / sizeof required[0]; ++v) {
        if (!required[v].present) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "backend '%s' breaks the backend contract: it has no '%s', a "
                            "required verb (common/cartesian/grid/backend.h)",
                            name, required[v].name);
        }
    }
    const char *broken =
        (backend->pack_copy_layer == NULL) != (backend->unpack_ghost_layer == NULL)
            ? "'pack_copy_layer' and 'unpack_ghost_layer' go together"
        : (backend->step_interior == NULL) != (backend->step_ring == NULL)
            ? "'step_interior' and 'step_ring' go together"
        : backend->advances != NULL && backend->advance == NULL ? "'advances' without 'advance'"
        : backend->overlaps != NULL && backend->step_interior == NULL
            ? "'overlaps' without 'step_interior'"
        : backend->sync_layers != NULL && backend->pack_copy_layer == NULL
            ? "'sync_layers' without 'pack_copy_layer'"
        : (backend->alloc_layer_buffer == NULL) != (backend->free_layer_buffer == NULL)
            ? "'alloc_layer_buffer' and 'free_layer_buffer' go together"
        : backend->alloc_layer_buffer != NULL && backend->sync_layers == NULL
            ? "'alloc_layer_buffer' without 'sync_layers'"
            : NULL;
    return broken == NULL ? SWE_OK
                          : swe_fail(err, SWE_ERROR_USAGE,
                                     "backend '%s' breaks the backend contract: %s "
                                     "(common/cartesian/grid/backend.h)",
                                     name, broken);
}

const swe_model_registry swe_cartesian_models = {"cartesian", tables, check_verbs};

int swe_cartesian_backend_lookup(const char *name, const swe_cartesian_backend **backend,
                                 swe_error *err)
{
    const swe_model_table *table = NULL;
    int status = swe_registry_lookup(&swe_cartesian_models, name, &table, err);
    if (backend != NULL) {
        *backend = (const swe_cartesian_backend *)table;
    }
    return status;
}

const swe_cartesian_backend *swe_cartesian_backend_at(int index)
{
    return (const swe_cartesian_backend *)swe_registry_at(&swe_cartesian_models, index);
}

const swe_cartesian_backend *swe_cartesian_backend_find(const char *name)
{
    const swe_cartesian_backend *backend = NULL;
    swe_error ignored;
    return swe_cartesian_backend_lookup(name, &backend, &ignored) == SWE_OK ? backend : NULL;
}

const char *swe_cartesian_backend_name(const swe_cartesian_backend *backend)
{
    return backend != NULL && backend->table.model != NULL ? backend->table.model->name : "?";
}
