/* Registry of the backends this binary was built with; the Makefile
 * defines SWE_WITH_<NAME> for each one it could build. */
#include "grid/backend.h"

#include <string.h>

extern const swe_backend swe_serial_backend;
#ifdef SWE_WITH_OPENMP
extern const swe_backend swe_openmp_backend;
#endif
#ifdef SWE_WITH_CUDA
extern const swe_backend swe_cuda_backend;
#endif
#ifdef SWE_WITH_OPENCL
extern const swe_backend swe_opencl_backend;
#endif
/* Test-only (tests/backends/shadow/): in shallows-tests always. */
#ifdef SWE_WITH_SHADOW
extern const swe_backend swe_shadow_backend;
#endif

static const swe_backend *const built_backends[] = {
    &swe_serial_backend,
#ifdef SWE_WITH_OPENMP
    &swe_openmp_backend,
#endif
#ifdef SWE_WITH_CUDA
    &swe_cuda_backend,
#endif
#ifdef SWE_WITH_OPENCL
    &swe_opencl_backend,
#endif
#ifdef SWE_WITH_SHADOW
    &swe_shadow_backend,
#endif
};

int swe_backend_count(void)
{
    return (int)(sizeof built_backends / sizeof built_backends[0]);
}

const swe_backend *swe_backend_at(int index)
{
    if (index < 0 || index >= swe_backend_count()) {
        return NULL;
    }
    return built_backends[index];
}

const swe_backend *swe_backend_find(const char *name)
{
    if (name == NULL) {
        return NULL;
    }
    for (int index = 0; index < swe_backend_count(); ++index) {
        if (strcmp(built_backends[index]->name, name) == 0) {
            return built_backends[index];
        }
    }
    return NULL;
}

const char *swe_serial_agreement_name(enum swe_serial_agreement agreement)
{
    return agreement == SWE_AGREES_TO_ROUNDING ? "rounding" : "bit-for-bit";
}
