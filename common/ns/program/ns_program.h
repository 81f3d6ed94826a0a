/* The body of the Navier-Stokes programs, shallows-ns (one process) and
 * shallows-ns-mpi (slabs over MPI ranks): options, --help, --version,
 * --list-backends, --list-cases, the run, its report lines and the summary
 * line. Each program's main fills an ns_program with what it adds. */
#ifndef NS_PROGRAM_H
#define NS_PROGRAM_H

#include "ns/model/ns_drive.h"
#include "ns/program/ns_options.h"

#include <stdio.h>

typedef struct ns_program {
    const char *name;           /* "shallows-ns": the start of every message */
    int prints;                 /* this process prints (shallows-ns-mpi: rank 0) */
    const char *backend_prefix; /* "mpi+" before each backend's name; "" */
    int cpu_backends_only;      /* list only the backends that agree bit for bit (MPI ranks) */
    /* Optional: more lines of --version, more text after --help. */
    void (*print_version)(FILE *stream);
    void (*print_help)(FILE *stream, const char *program_path);
    /* The run the options describe; report filled on the printing process. */
    int (*run)(void *context, const ns_options *options, ns_run_report *report, swe_error *err);
    /* Optional: lines before the summary of a run that succeeded. */
    void (*print_report)(void *context, FILE *stream);
    void *context;
} ns_program;

/* Parses argv, does what it asks, prints the outcome (when
 * program->prints) and returns the exit status: 0, 1 for a failed run, 2
 * for bad input. */
int ns_program_main(const ns_program *program, int argc, char **argv);

/* What the options ask of the driver and of the files. */
ns_drive_settings ns_drive_settings_of(const ns_options *options);
ns_model_files ns_model_files_of(const ns_options *options, const char *backend_name);

#endif
