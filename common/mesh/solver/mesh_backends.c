/* Registry of the triangle solver's backends; the Makefile defines
 * SWE_WITH_OPENMP, SWE_WITH_CUDA and SWE_WITH_OPENCL
 * (common/mesh/mesh.mk) for each one it could build. */
#include "mesh/solver/mesh_backend.h"

#include <string.h>

extern const swe_mesh_backend swe_mesh_serial_backend;
#ifdef SWE_WITH_OPENMP
extern const swe_mesh_backend swe_mesh_openmp_backend;
#endif
#ifdef SWE_WITH_CUDA
extern const swe_mesh_backend swe_mesh_cuda_backend;
#endif
#ifdef SWE_WITH_OPENCL
extern const swe_mesh_backend swe_mesh_opencl_backend;
#endif

static const swe_mesh_backend *const built_backends[] = {
    &swe_mesh_serial_backend,
#ifdef SWE_WITH_OPENMP
    &swe_mesh_openmp_backend,
#endif
#ifdef SWE_WITH_CUDA
    &swe_mesh_cuda_backend,
#endif
#ifdef SWE_WITH_OPENCL
    &swe_mesh_opencl_backend,
#endif
};

int swe_mesh_backend_count(void)
{
    return (int)(sizeof built_backends / sizeof built_backends[0]);
}

const swe_mesh_backend *swe_mesh_backend_at(int index)
{
    return index >= 0 && index < swe_mesh_backend_count() ? built_backends[index] : NULL;
}

const swe_mesh_backend *swe_mesh_backend_find(const char *name)
{
    for (int k = 0; name != NULL && k < swe_mesh_backend_count(); ++k) {
        if (strcmp(built_backends[k]->name, name) == 0) {
            return built_backends[k];
        }
    }
    return NULL;
}

int swe_mesh_backend_check(const swe_mesh_backend *backend, swe_error *err)
{
    if (backend == NULL || backend->name == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a backend table without a name");
    }
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
                              : NULL;
    for (int k = 0; missing == NULL && k < backend->option_count; ++k) {
        const swe_mesh_backend_option *option =
            backend->options != NULL ? &backend->options[k] : NULL;
        if (option == NULL || option->name == NULL || option->argument == NULL ||
            option->help == NULL || option->apply == NULL) {
            missing = "options (an option without a name, argument, help or apply)";
        }
    }
    if (missing != NULL) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "the triangle backend '%s' lacks the required verb %s (mesh_backend.h)",
                        backend->name, missing);
    }
    return SWE_OK;
}
