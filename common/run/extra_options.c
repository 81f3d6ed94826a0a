#include "run/extra_options.h"

#include <stdio.h>
#include <string.h>

static const swe_backend_option *declared(const swe_backend_option *options, int count,
                                          const char *name)
{
    for (int o = 0; o < count; ++o) {
        if (strcmp(options[o].name, name) == 0) {
            return &options[o];
        }
    }
    return NULL;
}

static int is_core_name(const char *const *core_names, const char *name)
{
    for (int c = 0; core_names != NULL && core_names[c] != NULL; ++c) {
        if (strcmp(core_names[c], name) == 0) {
            return 1;
        }
    }
    return 0;
}

/* Adds one declaration by owner; a name seen before must take a value
 * (or not) as it did there. */
static int add(swe_extra_options *extras, const swe_backend_option *option, const char *owner,
               const char *const *core_names, swe_error *err)
{
    if (is_core_name(core_names, option->name)) {
        return swe_fail(err, SWE_ERROR_USAGE, "%s declares --%s, an option of the core", owner,
                        option->name);
    }
    for (int k = 0; k < extras->count; ++k) {
        if (strcmp(extras->known[k]->name, option->name) == 0) {
            int same_kind = (extras->known[k]->argument == NULL) == (option->argument == NULL) &&
                            (extras->known[k]->action == NULL) == (option->action == NULL);
            return same_kind ? SWE_OK
                             : swe_fail(err, SWE_ERROR_USAGE,
                                        "%s declares --%s unlike another declaration of it", owner,
                                        option->name);
        }
    }
    if (extras->count == SWE_MAX_EXTRA_OPTIONS) {
        return swe_fail(err, SWE_ERROR_USAGE, "more than %d backend options",
                        SWE_MAX_EXTRA_OPTIONS);
    }
    extras->known[extras->count++] = option;
    return SWE_OK;
}

int swe_extra_options_collect(swe_extra_options *extras, const swe_program_options *program,
                              const char *const *core_names, swe_error *err)
{
    if (extras == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no extra options to collect");
    }
    memset(extras, 0, sizeof *extras);
    extras->program = program;
    int status = SWE_OK;
    for (int o = 0; program != NULL && o < program->count && status == SWE_OK; ++o) {
        status = add(extras, &program->options[o], program->program, core_names, err);
    }
    for (int index = 0; index < swe_backend_count() && status == SWE_OK; ++index) {
        const swe_backend *backend = swe_backend_at(index);
        for (int o = 0; backend != NULL && o < backend->option_count && status == SWE_OK; ++o) {
            status = add(extras, &backend->options[o], backend->name, core_names, err);
        }
    }
    return status;
}

const char *swe_extra_options_action(const swe_extra_options *extras)
{
    for (int k = 0; extras != NULL && k < extras->count; ++k) {
        if (extras->given[k] != NULL && extras->known[k]->action != NULL) {
            return extras->known[k]->name;
        }
    }
    return NULL;
}

/* "--cl-device is an option of backend opencl, not of 'serial'". */
static int refuse_foreign(const char *name, const swe_backend *chosen, swe_error *err)
{
    char owners[128] = "";
    for (int index = 0; index < swe_backend_count(); ++index) {
        const swe_backend *backend = swe_backend_at(index);
        if (backend != NULL && declared(backend->options, backend->option_count, name) != NULL) {
            size_t used = strlen(owners);
            snprintf(owners + used, sizeof owners - used, "%s%s", used > 0 ? ", " : "",
                     backend->name);
        }
    }
    return swe_fail(err, SWE_ERROR_USAGE,
                    "--%s is an option of backend %s, not of '%s' (choose it with --backend)", name,
                    owners, chosen->name);
}

int swe_extra_options_resolve(const swe_extra_options *extras, const swe_backend *backend,
                              const char *program_values[SWE_BACKEND_MAX_OPTIONS],
                              const char *backend_values[SWE_BACKEND_MAX_OPTIONS], swe_error *err)
{
    if (extras == NULL || backend == NULL || program_values == NULL || backend_values == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: nothing to resolve");
    }
    const swe_program_options *program = extras->program;
    for (int k = 0; k < extras->count; ++k) {
        const char *name = extras->known[k]->name;
        if (extras->given[k] == NULL) {
            continue;
        }
        const swe_backend_option *own =
            program != NULL ? declared(program->options, program->count, name) : NULL;
        const swe_backend_option *of_backend =
            declared(backend->options, backend->option_count, name);
        if (own != NULL) {
            program_values[own->slot] = extras->given[k];
        } else if (of_backend != NULL) {
            backend_values[of_backend->slot] = extras->given[k];
        } else {
            return refuse_foreign(name, backend, err);
        }
    }
    return SWE_OK;
}

/* "  --usage   help", the help wrapped at word ends into the column of
 * the core's help lines. */
static void print_wrapped(const char *usage, const char *help)
{
    enum { HELP_COLUMN = 22, HELP_WIDTH = 58 };
    int column = printf("  %s", usage);
    const char *word = help;
    while (*word != '\0') {
        size_t length = strcspn(word, " ");
        if (column >= HELP_COLUMN && column + 1 + (int)length > HELP_COLUMN + HELP_WIDTH) {
            column = printf("\n%*s", HELP_COLUMN - 1, "") - 1;
        }
        column += printf("%*s%.*s", column < HELP_COLUMN ? HELP_COLUMN - column : 1, "",
                         (int)length, word);
        word += length;
        word += strspn(word, " ");
    }
    printf("\n");
}

static void print_options(const char *title, const swe_backend_option *options, int count)
{
    if (count > 0) {
        printf("\n%s:\n", title);
    }
    for (int o = 0; o < count; ++o) {
        char usage[64];
        snprintf(usage, sizeof usage, "--%s%s%s", options[o].name,
                 options[o].argument != NULL ? " " : "",
                 options[o].argument != NULL ? options[o].argument : "");
        print_wrapped(usage, options[o].help);
    }
}

void swe_extra_options_print_help(const swe_program_options *program)
{
    if (program != NULL) {
        char title[96];
        snprintf(title, sizeof title, "Options of %s", program->program);
        print_options(title, program->options, program->count);
    }
    for (int index = 0; index < swe_backend_count(); ++index) {
        const swe_backend *backend = swe_backend_at(index);
        if (backend != NULL) {
            char title[96];
            snprintf(title, sizeof title, "Options of --backend %s", backend->name);
            print_options(title, backend->options, backend->option_count);
        }
    }
}
