/* The body of the command-line programs of the Cartesian blocks, shallows
 * and shallows-mpi: options, --help, --version, --list-backends, the
 * backends' own actions (--list-devices), the run and its summary. Each
 * program's main fills a swe_program with what it adds. */
#ifndef SWE_CARTESIAN_PROGRAM_H
#define SWE_CARTESIAN_PROGRAM_H

#include "cartesian/program/options.h"
#include "run/summary.h"

#include <stdio.h>

typedef struct swe_program {
    const char *name;                   /* "shallows": the start of every message */
    const swe_program_options *options; /* its own options; NULL: none */
    int prints;                         /* this process prints (shallows-mpi: rank 0) */
    const char *backend_prefix;         /* "mpi+" before each backend's name; "" */
    const char *backends_label;         /* "backends" in --version */
    /* Optional: more lines of --version, more text after --help. */
    void (*print_version)(FILE *stream);
    void (*print_help)(FILE *stream, const char *program_path);
    /* The run the options describe (swe_run on one process). */
    int (*run)(void *context, const swe_options *options, swe_run_result *result, swe_error *err);
    /* Optional: lines before the summary of a run that succeeded. */
    void (*print_report)(void *context, FILE *stream);
    void *context;
} swe_program;

/* Parses argv, does what it asks, prints the outcome (when
 * program->prints) and returns the exit status: 0, 1 for a failed run, 2
 * for bad input. */
int swe_program_main(const swe_program *program, int argc, char **argv);

#endif
