/* The options the models and the program declare for themselves: the
 * command line accepts them all, then hands each value to the one that
 * declared it, or refuses an option of a model that was not chosen. */
#include "run/command_options.h"

#include <stdio.h>
#include <string.h>

static const swe_model_option *declared(const swe_model_option *options, int count,
                                        const char *name)
{
    for (int o = 0; o < count; ++o) {
        if (strcmp(options[o].name, name) == 0) {
            return &options[o];
        }
    }
    return NULL;
}

static int is_shared_name(const char *name)
{
    for (int k = 0; k < swe_shared_option_count; ++k) {
        if (strcmp(swe_shared_options[k].name, name) == 0) {
            return 1;
        }
    }
    return 0;
}

/* Adds one declaration by owner; a name seen before must take a value
 * (or not) as it did there. */
static int add(swe_extra_option *extras, int *count, const swe_model_option *option,
               const char *owner, swe_error *err)
{
    if (is_shared_name(option->name)) {
        return swe_fail(err, SWE_ERROR_USAGE, "%s declares --%s, an option of every program", owner,
                        option->name);
    }
    for (int k = 0; k < *count; ++k) {
        const swe_model_option *known = extras[k].option;
        if (strcmp(known->name, option->name) == 0) {
            int same_kind = (known->argument == NULL) == (option->argument == NULL) &&
                            (known->action == NULL) == (option->action == NULL);
            return same_kind ? SWE_OK
                             : swe_fail(err, SWE_ERROR_USAGE,
                                        "%s declares --%s unlike another declaration of it", owner,
                                        option->name);
        }
    }
    if (*count == SWE_MAX_EXTRA_OPTIONS) {
        return swe_fail(err, SWE_ERROR_USAGE, "more than %d options of the models",
                        SWE_MAX_EXTRA_OPTIONS);
    }
    extras[(*count)++] = (swe_extra_option){option, NULL};
    return SWE_OK;
}

int swe_extra_options_collect(const swe_program_options *program,
                              const swe_model_registry *registry, swe_extra_option *extras,
                              int *count, swe_error *err)
{
    *count = 0;
    int status = SWE_OK;
    for (int o = 0; program != NULL && o < program->count && status == SWE_OK; ++o) {
        status = add(extras, count, &program->options[o], program->program, err);
    }
    for (int index = 0; index < swe_registry_count(registry) && status == SWE_OK; ++index) {
        const swe_model_table *table = swe_registry_at(registry, index);
        const swe_programming_model *model = table != NULL ? table->model : NULL;
        for (int o = 0; model != NULL && o < model->option_count && status == SWE_OK; ++o) {
            status = add(extras, count, &model->options[o], model->name, err);
        }
    }
    return status;
}

const char *swe_extra_options_action(const swe_extra_option *extras, int count)
{
    for (int k = 0; k < count; ++k) {
        if (extras[k].given != NULL && extras[k].option->action != NULL) {
            return extras[k].option->name;
        }
    }
    return NULL;
}

/* "--cl-device is an option of backend opencl, not of 'serial'". */
static int refuse_foreign(const char *name, const swe_model_registry *registry,
                          const swe_model_table *chosen, swe_error *err)
{
    char owners[128] = "";
    for (int index = 0; index < swe_registry_count(registry); ++index) {
        const swe_model_table *table = swe_registry_at(registry, index);
        if (table != NULL &&
            declared(table->model->options, table->model->option_count, name) != NULL) {
            size_t used = strlen(owners);
            snprintf(owners + used, sizeof owners - used, "%s%s", used > 0 ? ", " : "",
                     table->model->name);
        }
    }
    return swe_fail(err, SWE_ERROR_USAGE,
                    "--%s is an option of backend %s, not of '%s' (choose it with --backend)", name,
                    owners, chosen->model->name);
}

int swe_extra_options_resolve(const swe_extra_option *extras, int count,
                              const swe_program_options *program,
                              const swe_model_registry *registry, const swe_model_table *chosen,
                              swe_run_options *run, swe_error *err)
{
    if (chosen == NULL || run == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: nothing to resolve");
    }
    const swe_programming_model *model = chosen->model;
    for (int k = 0; k < count; ++k) {
        const char *name = extras[k].option->name;
        if (extras[k].given == NULL) {
            continue;
        }
        const swe_model_option *own =
            program != NULL ? declared(program->options, program->count, name) : NULL;
        const swe_model_option *of_model = declared(model->options, model->option_count, name);
        if (own != NULL) {
            run->program_option_values[own->slot] = extras[k].given;
        } else if (of_model != NULL) {
            run->model.option_values[of_model->slot] = extras[k].given;
        } else {
            return refuse_foreign(name, registry, chosen, err);
        }
    }
    return SWE_OK;
}
