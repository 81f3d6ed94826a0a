/* Registry of the backends this binary was built with (the Makefile
 * defines SWE_WITH_<NAME> for each one it could build), and the check of
 * the contract that every table handed out passes. */
#include "cartesian/grid/backend.h"

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

static int refuse(swe_error *err, const swe_backend *table, const char *rule)
{
    return swe_fail(
        err, SWE_ERROR_USAGE,
        "backend '%s' breaks the backend contract: %s (common/cartesian/grid/backend.h)",
        table->name != NULL ? table->name : "(unnamed)", rule);
}

/* The required verbs, and the optional ones that need a partner. */
static int check_verbs(const swe_backend *table, swe_error *err)
{
    const struct {
        int present;
        const char *name;
    } required[] = {{table->init != NULL, "init"},
                    {table->finalize != NULL, "finalize"},
                    {table->sync_after_write != NULL, "sync_after_write"},
                    {table->sync_before_read != NULL, "sync_before_read"},
                    {table->max_wave_speed != NULL, "max_wave_speed"},
                    {table->step != NULL, "step"}};
    for (size_t v = 0; v < sizeof required / sizeof required[0]; ++v) {
        if (!required[v].present) {
            char rule[96];
            snprintf(rule, sizeof rule, "it has no '%s', a required verb", required[v].name);
            return refuse(err, table, rule);
        }
    }
    if ((table->pack_copy_layer == NULL) != (table->unpack_ghost_layer == NULL)) {
        return refuse(err, table, "'pack_copy_layer' and 'unpack_ghost_layer' go together");
    }
    if ((table->step_interior == NULL) != (table->step_ring == NULL)) {
        return refuse(err, table, "'step_interior' and 'step_ring' go together");
    }
    if (table->advances != NULL && table->advance == NULL) {
        return refuse(err, table, "'advances' without 'advance'");
    }
    return SWE_OK;
}

/* Each option named, described, in a slot of its own. */
static int check_options(const swe_backend *table, swe_error *err)
{
    if (table->option_count < 0 || table->option_count > SWE_BACKEND_MAX_OPTIONS ||
        (table->option_count > 0) != (table->options != NULL)) {
        return refuse(err, table, "'options' and 'option_count' disagree");
    }
    unsigned used_slots = 0;
    for (int o = 0; o < table->option_count; ++o) {
        const swe_backend_option *option = &table->options[o];
        if (option->name == NULL || option->name[0] == '\0' || option->help == NULL) {
            return refuse(err, table, "an option has no name or no help line");
        }
        if (option->action != NULL) {
            continue;
        }
        if (option->slot < 0 || option->slot >= SWE_BACKEND_MAX_OPTIONS ||
            (used_slots & (1u << option->slot)) != 0) {
            return refuse(err, table, "two options share a slot, or a slot is out of range");
        }
        used_slots |= 1u << option->slot;
    }
    return SWE_OK;
}

int swe_backend_check(const swe_backend *table, swe_error *err)
{
    if (table == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no backend table to check");
    }
    if (table->name == NULL || table->description == NULL) {
        return refuse(err, table, "it has no name or no description");
    }
    if (table->levels < 0) {
        return refuse(err, table, "a negative number of levels");
    }
    if (table->agreement != SWE_AGREES_BIT_FOR_BIT && table->agreement != SWE_AGREES_TO_ROUNDING) {
        return refuse(err, table,
                      "an agreement with serial that is neither bit for bit nor to rounding");
    }
    int status = check_verbs(table, err);
    return status != SWE_OK ? status : check_options(table, err);
}

int swe_backend_count(void)
{
    return (int)(sizeof built_backends / sizeof built_backends[0]);
}

const char *swe_backend_name_at(int index)
{
    if (index < 0 || index >= swe_backend_count()) {
        return NULL;
    }
    return built_backends[index]->name;
}

const swe_backend *swe_backend_at(int index)
{
    if (index < 0 || index >= swe_backend_count()) {
        return NULL;
    }
    swe_error ignored;
    return swe_backend_check(built_backends[index], &ignored) == SWE_OK ? built_backends[index]
                                                                        : NULL;
}

int swe_backend_lookup(const char *name, const swe_backend **backend, swe_error *err)
{
    if (name == NULL || backend == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: backend lookup without a name");
    }
    *backend = NULL;
    for (int index = 0; index < swe_backend_count(); ++index) {
        const char *built = swe_backend_name_at(index);
        if (built != NULL && strcmp(built, name) == 0) {
            int status = swe_backend_check(built_backends[index], err);
            *backend = status == SWE_OK ? built_backends[index] : NULL;
            return status;
        }
    }
    return swe_fail(err, SWE_ERROR_USAGE,
                    "backend '%s' is not built into this binary (see --list-backends; "
                    "'make deps' installs what the others need)",
                    name);
}

const swe_backend *swe_backend_find(const char *name)
{
    const swe_backend *backend = NULL;
    swe_error ignored;
    return swe_backend_lookup(name, &backend, &ignored) == SWE_OK ? backend : NULL;
}

const char *swe_serial_agreement_name(enum swe_serial_agreement agreement)
{
    return agreement == SWE_AGREES_TO_ROUNDING ? "rounding" : "bit-for-bit";
}
