/* Registry of the Navier-Stokes backends this binary was built with; the
 * Makefile defines SWE_WITH_OPENMP and common/ns/ns.mk SWE_WITH_CUDA
 * where it could build them. */
#include "ns/solver/ns_backend.h"

#include <string.h>

extern const ns_backend ns_serial_backend;
#ifdef SWE_WITH_OPENMP
extern const ns_backend ns_openmp_backend;
#endif
#ifdef SWE_WITH_CUDA
extern const ns_backend ns_cuda_backend;
#endif

static const ns_backend *const built_backends[] = {
    &ns_serial_backend,
#ifdef SWE_WITH_OPENMP
    &ns_openmp_backend,
#endif
#ifdef SWE_WITH_CUDA
    &ns_cuda_backend,
#endif
};

int ns_backend_count(void)
{
    return (int)(sizeof built_backends / sizeof built_backends[0]);
}

const ns_backend *ns_backend_at(int index)
{
    return index >= 0 && index < ns_backend_count() ? built_backends[index] : NULL;
}

const ns_backend *ns_backend_find(const char *name)
{
    for (int index = 0; name != NULL && index < ns_backend_count(); ++index) {
        if (strcmp(built_backends[index]->name, name) == 0) {
            return built_backends[index];
        }
    }
    return NULL;
}

const char *ns_backend_missing_verb(const ns_backend *backend)
{
    if (backend == NULL || backend->name == NULL) {
        return "name";
    }
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
            return verbs[v].name;
        }
    }
    return NULL;
}
