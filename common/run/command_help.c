/* --help of every program: the shared options with their defaults, the
 * application's, then those that the program and each model declare for
 * themselves, under their names. */
#include "run/command_options.h"

#include <stdio.h>
#include <string.h>

void swe_print_option_help(FILE *stream, const char *usage, const char *help)
{
    enum { HELP_COLUMN = 22, HELP_WIDTH = 58 };
    int column = fprintf(stream, "  %s", usage);
    const char *word = help;
    while (*word != '\0') {
        size_t length = strcspn(word, " ");
        if (column >= HELP_COLUMN && column + 1 + (int)length > HELP_COLUMN + HELP_WIDTH) {
            column = fprintf(stream, "\n%*s", HELP_COLUMN - 1, "") - 1;
        }
        column += fprintf(stream, "%*s%.*s", column < HELP_COLUMN ? HELP_COLUMN - column : 1, "",
                          (int)length, word);
        word += length;
        word += strspn(word, " ");
    }
    fprintf(stream, "\n");
}

/* "-b, --backend NAME", "--steps N", "--benchmark". */
static void usage_of(const swe_app_option *option, char *usage, size_t size)
{
    int used = option->short_name != 0 ? snprintf(usage, size, "-%c, ", option->short_name) : 0;
    snprintf(usage + used, size - (size_t)used, "--%s%s%s", option->name,
             option->argument != NULL ? " " : "", option->argument != NULL ? option->argument : "");
}

/* "{setup}" in a help text becomes the application's setup word. */
static void print_app_option(FILE *stream, const swe_app_option *option, const char *setup)
{
    static const char placeholder[] = "{setup}";
    char usage[64], help[512];
    usage_of(option, usage, sizeof usage);
    const char *at = strstr(option->help, placeholder);
    if (at != NULL) {
        snprintf(help, sizeof help, "%.*s%s%s", (int)(at - option->help), option->help, setup,
                 at + sizeof placeholder - 1);
    } else {
        snprintf(help, sizeof help, "%s", option->help);
    }
    swe_print_option_help(stream, usage, help);
}

static void print_model_options(FILE *stream, const char *title, const swe_model_option *options,
                                int count)
{
    if (count > 0) {
        fprintf(stream, "\n%s:\n", title);
    }
    for (int o = 0; o < count; ++o) {
        char usage[64];
        snprintf(usage, sizeof usage, "--%s%s%s", options[o].name,
                 options[o].argument != NULL ? " " : "",
                 options[o].argument != NULL ? options[o].argument : "");
        swe_print_option_help(stream, usage, options[o].help);
    }
}

void swe_extra_options_print_help(FILE *stream, const swe_program_options *program,
                                  const swe_model_registry *registry)
{
    if (program != NULL) {
        char title[96];
        snprintf(title, sizeof title, "Options of %s", program->program);
        print_model_options(stream, title, program->options, program->count);
    }
    for (int index = 0; index < swe_registry_count(registry); ++index) {
        const swe_model_table *table = swe_registry_at(registry, index);
        if (table != NULL) {
            char title[96];
            snprintf(title, sizeof title, "Options of --backend %s", table->model->name);
            print_model_options(stream, title, table->model->options, table->model->option_count);
        }
    }
}

void swe_command_line_print_help(FILE *stream, const char *program_path,
                                 const swe_application *application,
                                 const swe_program_options *program)
{
    fprintf(stream, "usage: %s %s\n\n%s\n\nOptions of every program:\n", program_path,
            application->usage, application->title);
    for (int k = 0; k < swe_shared_option_count; ++k) {
        print_app_option(stream, &swe_shared_options[k], application->setup);
    }
    fprintf(stream, "\nOptions of the %s application:\n", application->name);
    for (int k = 0; k < application->option_count; ++k) {
        print_app_option(stream, &application->options[k], application->setup);
    }
    swe_extra_options_print_help(stream, program, application->models);
    if (application->print_help != NULL) {
        application->print_help(stream);
    }
}
