/* The body of every command-line program (shallows, shallows-mpi,
 * shallows-ns, shallows-ns-mpi, for whichever application it runs):
 * the command line (run/command_line.h), --help, --version,
 * --list-backends, the models' actions (--list-devices), the
 * application's (--list-scenarios), the run, its report and the summary
 * line, with one message and one exit code per outcome. Each program's
 * main fills a swe_program with what it adds. */
#ifndef SWE_PROGRAM_H
#define SWE_PROGRAM_H

#include "run/command_line.h"
#include "run/summary.h"

#include <stdio.h>

typedef struct swe_program {
    const char *name; /* "shallows": the start of every message */
    const swe_application *application;
    /* Where the command line goes: the application's options, which begin
     * with the shared ones (a swe_run_options as their first member). */
    void *application_options;
    const swe_program_options *options; /* the program's own; NULL: none */
    int prints;                         /* this process prints (MPI: rank 0) */
    const char *backend_prefix;         /* "mpi+" before each model's name; "" */
    int bit_for_bit_only;               /* runs only the models that agree bit for bit */
    /* Optional: more lines of --version, more text after --help. */
    void (*print_version)(FILE *stream);
    void (*print_help)(FILE *stream, const char *program_path);
    /* The run the options describe; result filled on the printing process. */
    int (*run)(void *context, const swe_run_options *run, swe_run_result *result, swe_error *err);
    /* Optional: the application's action options (--list-scenarios). */
    int (*act)(void *context, const swe_run_options *run, swe_error *err);
    /* Optional: lines before the summary of a run that succeeded. */
    void (*print_report)(void *context, FILE *stream);
    void *context;
} swe_program;

/* Parses argv, does what it asks, prints the outcome (when
 * program->prints) and returns the exit status: 0, 1 for a failed run, 2
 * for bad input, 130 or 143 for a run stopped by SIGINT or SIGTERM. */
int swe_program_main(const swe_program *program, int argc, char **argv);

#endif
