/* Internal to the command line (run/command_line.c, run/command_help.c):
 * the options every program shares, and the options that the models and
 * the program declare for themselves (the extras). */
#ifndef SWE_COMMAND_OPTIONS_H
#define SWE_COMMAND_OPTIONS_H

#include "run/command_line.h"

/* The shared options with a short form are their letter (getopt_long
 * returns it for both forms); the others count from 256, an
 * application's k-th option is SWE_OPTION_APPLICATION + k, the k-th extra
 * SWE_OPTION_EXTRA + k. */
enum swe_option_id {
    SWE_OPTION_BACKEND = 'b',
    SWE_OPTION_T_END = 't',
    SWE_OPTION_OUTPUT = 'o',
    SWE_OPTION_QUIET = 'q',
    SWE_OPTION_FORMAT = 'f',
    SWE_OPTION_VERSION = 'V',
    SWE_OPTION_HELP = 'h',
    SWE_OPTION_LEVEL = 256,
    SWE_OPTION_STEPS,
    SWE_OPTION_CFL,
    SWE_OPTION_OUTPUTS,
    SWE_OPTION_COMPRESS,
    SWE_OPTION_CHECKPOINT_EVERY,
    SWE_OPTION_RESTART,
    SWE_OPTION_BENCHMARK,
    SWE_OPTION_LIST_BACKENDS,
    SWE_OPTION_APPLICATION = 1000,
    SWE_OPTION_EXTRA = 2000
};

/* The shared options, in --help's order; "{setup}" in a help text stands
 * for the application's setup word ("scenario", "case"). */
extern const swe_app_option swe_shared_options[];
extern const int swe_shared_option_count;

/* The value of shared option id into run. */
int swe_shared_option_parse(int id, const char *value, swe_run_options *run, swe_error *err);

/* Most distinct extra options over a program and the models of one application. */
enum { SWE_MAX_EXTRA_OPTIONS = 24 };

/* An option of the models or the program, each name once (two models may
 * declare it alike: --list-devices), and its value when given. */
typedef struct swe_extra_option {
    const swe_model_option *option; /* the first declaration */
    const char *given;              /* value; "" for a flag; NULL: not given */
} swe_extra_option;

/* The options of program (NULL: none) and of the models of registry; none
 * may take a shared option's or an application option's name, and two
 * declarations of one name must agree on taking a value. */
int swe_extra_options_collect(const swe_program_options *program,
                              const swe_model_registry *registry, swe_extra_option *extras,
                              int *count, swe_error *err);

/* The first action option given (--list-devices), or NULL. */
const char *swe_extra_options_action(const swe_extra_option *extras, int count);

/* Puts each value given into run->program_option_values or the chosen
 * table's run->model.option_values by its slot; refuses one that neither
 * declares, naming the models that do. */
int swe_extra_options_resolve(const swe_extra_option *extras, int count,
                              const swe_program_options *program,
                              const swe_model_registry *registry, const swe_model_table *chosen,
                              swe_run_options *run, swe_error *err);

/* Prints the extras under their owners' names, for --help. */
void swe_extra_options_print_help(FILE *stream, const swe_program_options *program,
                                  const swe_model_registry *registry);

/* "  --usage   help", the help wrapped at word ends into --help's column. */
void swe_print_option_help(FILE *stream, const char *usage, const char *help);

#endif
