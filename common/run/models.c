/* The registry of programming models, over any application's tables. */
#include "run/models.h"

#include <string.h>

int swe_registry_count(const swe_model_registry *registry)
{
    int count = 0;
    for (int k = 0; registry != NULL && k < SWE_MODEL_COUNT; ++k) {
        count += registry->tables[k] != NULL;
    }
    return count;
}

const swe_model_table *swe_registry_linked_at(const swe_model_registry *registry, int index)
{
    for (int k = 0; registry != NULL && k < SWE_MODEL_COUNT; ++k) {
        if (registry->tables[k] != NULL && index-- == 0) {
            return registry->tables[k];
        }
    }
    return NULL;
}

static int refuse(const swe_model_registry *registry, const swe_model_table *table,
                  const char *rule, swe_error *err)
{
    const char *name =
        table->model != NULL && table->model->name != NULL ? table->model->name : "(unnamed)";
    return swe_fail(err, SWE_ERROR_USAGE,
                    "backend '%s' breaks the contract of the %s tables: %s (common/run/models.h)",
                    name, registry->application, rule);
}

/* Each option named, described, in a slot of its own. */
static int check_options(const swe_model_registry *registry, const swe_model_table *table,
                         swe_error *err)
{
    const swe_programming_model *model = table->model;
    if (model->option_count < 0 || model->option_count > SWE_MODEL_MAX_OPTIONS ||
        (model->option_count > 0) != (model->options != NULL)) {
        return refuse(registry, table, "'options' and 'option_count' disagree", err);
    }
    unsigned used_slots = 0;
    for (int o = 0; o < model->option_count; ++o) {
        const swe_model_option *option = &model->options[o];
        if (option->name == NULL || option->name[0] == '\0' || option->help == NULL) {
            return refuse(registry, table, "an option has no name or no help line", err);
        }
        if (option->action != NULL) {
            continue;
        }
        if (option->slot < 0 || option->slot >= SWE_MODEL_MAX_OPTIONS ||
            (used_slots & (1u << option->slot)) != 0) {
            return refuse(registry, table, "two options share a slot, or a slot is out of range",
                          err);
        }
        used_slots |= 1u << option->slot;
    }
    return SWE_OK;
}

int swe_registry_check(const swe_model_registry *registry, const swe_model_table *table,
                       swe_error *err)
{
    if (registry == NULL || registry->check == NULL || table == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no table to check");
    }
    const swe_programming_model *model = table->model;
    if (model == NULL || model->name == NULL || model->description == NULL) {
        return refuse(registry, table, "it names no model, or its model no name or description",
                      err);
    }
    if (table->levels < 0) {
        return refuse(registry, table, "a negative number of levels", err);
    }
    if (model->agreement != SWE_AGREES_BIT_FOR_BIT && model->agreement != SWE_AGREES_TO_ROUNDING) {
        return refuse(registry, table,
                      "an agreement with serial that is neither bit for bit nor to rounding", err);
    }
    int status = check_options(registry, table, err);
    return status != SWE_OK ? status : registry->check(table, err);
}

const swe_model_table *swe_registry_at(const swe_model_registry *registry, int index)
{
    const swe_model_table *table = swe_registry_linked_at(registry, index);
    swe_error ignored;
    return table != NULL && swe_registry_check(registry, table, &ignored) == SWE_OK ? table : NULL;
}

int swe_registry_lookup(const swe_model_registry *registry, const char *name,
                        const swe_model_table **table, swe_error *err)
{
    if (registry == NULL || name == NULL || table == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a model lookup without a name");
    }
    *table = NULL;
    for (int index = 0; index < swe_registry_count(registry); ++index) {
        const swe_model_table *linked = swe_registry_linked_at(registry, index);
        if (linked->model != NULL && linked->model->name != NULL &&
            strcmp(linked->model->name, name) == 0) {
            int status = swe_registry_check(registry, linked, err);
            *table = status == SWE_OK ? linked : NULL;
            return status;
        }
    }
    return swe_fail(err, SWE_ERROR_USAGE,
                    "backend '%s' is not built into this program (see --list-backends; "
                    "'make deps' installs what the others need)",
                    name);
}

const char *swe_table_description(const swe_model_table *table)
{
    return table->description != NULL ? table->description : table->model->description;
}

const char *swe_serial_agreement_name(enum swe_serial_agreement agreement)
{
    return agreement == SWE_AGREES_TO_ROUNDING ? "rounding" : "bit-for-bit";
}

void swe_registry_print(FILE *stream, const swe_model_registry *registry, const char *prefix,
                        int bit_for_bit_only)
{
    for (int index = 0; index < swe_registry_count(registry); ++index) {
        const swe_model_table *table = swe_registry_linked_at(registry, index);
        swe_error err = {{0}};
        int status = swe_registry_check(registry, table, &err);
        if (status == SWE_OK && bit_for_bit_only &&
            table->model->agreement != SWE_AGREES_BIT_FOR_BIT) {
            continue;
        }
        char name[64];
        snprintf(name, sizeof name, "%s%s", prefix != NULL ? prefix : "",
                 table->model != NULL && table->model->name != NULL ? table->model->name : "?");
        if (status == SWE_OK) {
            fprintf(stream, "%-16s levels=%d agrees=%-11s  %s\n", name, table->levels,
                    swe_serial_agreement_name(table->model->agreement),
                    swe_table_description(table));
        } else {
            fprintf(stream, "%-16s unusable: %s\n", name, err.message);
        }
    }
}
