/* The ns application's tables in the registry of programming models
 * (run/models.h): one per model linked into this program, and the check
 * of the contract that every table handed out passes. */
#include "ns/solver/ns_backend.h"

#define DECLARE_TABLE(model) extern const ns_backend ns_##model##_backend SWE_IF_LINKED;
SWE_MODELS(DECLARE_TABLE)

#define TABLE_OF(model) &ns_##model##_backend.table,
static const swe_model_table *const tables[SWE_MODEL_COUNT] = {SWE_MODELS(TABLE_OF)};

static int check_verbs(const swe_model_table *table, swe_error *err)
{
    const ns_backend *backend = (const ns_backend *)table;
    const struct {
        const char *name;
        int present;
    } verbs[] = {
        {"init", backend->init != NULL},
        {"finalize", backend->finalize != NULL},
        {"upload", backend->upload != NULL},
        {"download", backend->download != NULL},
        {"max_speeds", backend->max_speeds != NULL},
        {"momentum", backend->momentum != NULL},
        {"predict", backend->predict != NULL},
        {"divergence", backend->divergence != NULL},
        {"laplacian", backend->laplacian != NULL},
        {"precondition", backend->precondition != NULL},
        {"remove_mean", backend->remove_mean != NULL},
        {"dot", backend->dot != NULL},
        {"axpy", backend->axpy != NULL},
        {"xpay", backend->xpay != NULL},
        {"correct", backend->correct != NULL},
    };
    for (size_t v = 0; v < sizeof verbs / sizeof verbs[0]; ++v) {
        if (!verbs[v].present) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "the ns backend '%s' lacks the required verb %s "
                            "(common/ns/solver/ns_backend.h)",
                            table->model->name, verbs[v].name);
        }
    }
    return SWE_OK;
}

const swe_model_registry ns_models = {"ns", tables, check_verbs};

int ns_backend_lookup(const char *name, const ns_backend **backend, swe_error *err)
{
    const swe_model_table *table = NULL;
    int status = swe_registry_lookup(&ns_models, name, &table, err);
    if (backend != NULL) {
        *backend = (const ns_backend *)table;
    }
    return status;
}

const ns_backend *ns_backend_find(const char *name)
{
    const ns_backend *backend = NULL;
    swe_error ignored;
    return ns_backend_lookup(name, &backend, &ignored) == SWE_OK ? backend : NULL;
}

const char *ns_backend_name(const ns_backend *backend)
{
    return backend != NULL && backend->table.model != NULL ? backend->table.model->name : "?";
}
