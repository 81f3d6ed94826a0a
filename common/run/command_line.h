/* The command line of every program: the options all programs share,
 * parsed and checked here once (one number parser, one CFL rule, one
 * message per mistake, exit code 2 for each), the options of the
 * programming models (run/models.h: --threads, --cl-device, ...), those a
 * program declares (shallows-mpi's --overlap), and the table of options an
 * application adds for itself (a scenario, a grid, a mesh file, ...). */
#ifndef SWE_COMMAND_LINE_H
#define SWE_COMMAND_LINE_H

#include "core/error.h"
#include "run/models.h"

#include <stdio.h>

/* The longest --output, and the CF history line of the files. */
enum { SWE_MAX_PATH = 4096, SWE_MAX_HISTORY = 1024 };

enum swe_action {
    SWE_ACTION_RUN = 0,
    SWE_ACTION_HELP,
    SWE_ACTION_VERSION,
    SWE_ACTION_LIST_BACKENDS,
    SWE_ACTION_MODEL,      /* an action option of the models (--list-devices) */
    SWE_ACTION_APPLICATION /* an action option of the application (--list-scenarios) */
};

/* The options every program shares, with their values after completion
 * (the application's defaults filled in, every check passed). */
typedef struct swe_run_options {
    enum swe_action action;
    const char *action_option;    /* SWE_ACTION_MODEL: its name ("list-devices") */
    int application_action;       /* SWE_ACTION_APPLICATION: the option's id */
    const char *backend_name;     /* --backend: the model, "serial" unless given */
    const swe_model_table *table; /* its table in the application's registry */
    /* --level, the device (0; an MPI rank's local index), the model's options */
    swe_model_config model;
    double t_end;                   /* simulated seconds */
    long steps;                     /* --steps N: exactly N steps (a timing run); 0: to t_end */
    double cfl;                     /* the CFL number, in (0, 1] */
    int outputs;                    /* snapshots after the initial one */
    const char *output_path;        /* --output as given; NULL: the application's default name */
    char output_stem[SWE_MAX_PATH]; /* the output path without an extension */
    unsigned formats;               /* enum swe_format flags (io/formats.h) */
    int compression;                /* --compress: deflate / zlib level 0..9 */
    double checkpoint_every;        /* simulated seconds between checkpoints; 0: none */
    const char *restart_path;       /* a checkpoint to continue from, or NULL */
    int benchmark;                  /* no files, timing only */
    int quiet;                      /* no progress lines */
    /* The values of the options the program declares, by slot. */
    const char *program_option_values[SWE_MODEL_MAX_OPTIONS];
    char history[SWE_MAX_HISTORY]; /* CF history: date and command line */
    char warning[192];             /* one line for stderr before the run ("" when none) */
} swe_run_options;

/* An option an application declares for itself. */
typedef struct swe_app_option {
    const char *name;     /* without the dashes: "scenario" */
    char short_name;      /* its letter ('s'), or 0 */
    const char *argument; /* the value's name in --help ("NAME"); NULL: a flag */
    const char *help;     /* --help's text, with the default */
    int id;               /* what the application's parse receives */
    int action;           /* 1: given, it replaces the run (--list-scenarios) */
} swe_app_option;

/* The options a program declares for itself (shallows-mpi: --overlap),
 * whose values reach it in swe_run_options.program_option_values. */
typedef struct swe_program_options {
    const char *program; /* "shallows-mpi", for --help */
    const swe_model_option *options;
    int count;
} swe_program_options;

/* An application on the command line. */
struct swe_application {
    const char *name;  /* "cartesian", "mesh", "ns" */
    const char *title; /* --help's first line: what it solves, how */
    const char *usage; /* after the program's name: "[options]", "--mesh FILE.msh [options]" */
    const char *setup; /* what sets the defaults of --t-end and --cfl: "scenario", "case" */
    const swe_model_registry *models;
    const swe_app_option *options;
    int option_count;
    /* Sets context (the application's options, which begin with a
     * swe_run_options) to the application's defaults before a parse. */
    void (*defaults)(void *context);
    /* The value of the option with id into context (a flag's value is
     * NULL); SWE_ERROR_USAGE with a message naming the option. */
    int (*parse)(void *context, int id, const char *value, swe_error *err);
    /* After the whole command line of a run: fills what was not given
     * from the application (run->t_end and run->cfl when NaN, the output's
     * name when NULL) and checks what depends on several options. */
    int (*complete)(void *context, swe_run_options *run, swe_error *err);
    /* Optional: once every check has passed (the model chosen, its options
     * resolved), what the application takes from the shared options. */
    void (*settle)(void *context, const swe_run_options *run);
    /* Optional: more of --help after the options (lists of scenarios). */
    void (*print_help)(FILE *stream);
};
typedef struct swe_application swe_application;

/* Parses argv: the shared options (into run), the application's (into
 * context: the application's options, whose first member is run), the
 * models' of the application's registry and the program's (NULL: none).
 * For a run, completes the options and checks them together: SWE_OK, or
 * SWE_ERROR_USAGE with one line. */
int swe_command_line_parse(const swe_application *application, const swe_program_options *program,
                           void *context, int argc, char **argv, swe_run_options *run,
                           swe_error *err);

/* --help: the shared options with their defaults, the application's, the
 * program's, then each model's under its name. */
void swe_command_line_print_help(FILE *stream, const char *program_path,
                                 const swe_application *application,
                                 const swe_program_options *program);

#endif
