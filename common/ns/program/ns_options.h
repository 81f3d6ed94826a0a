/* The command line of shallows-ns and shallows-ns-mpi, in the project's
 * conventions (those of shallows: --help with every default, one-line
 * messages, exit 2 for bad input): the case and its physics, the backend,
 * the files, checkpoints and restarts. */
#ifndef NS_OPTIONS_H
#define NS_OPTIONS_H

#include "ns/cases/ns_cases.h"

#include <stdio.h>

enum ns_action {
    NS_ACTION_RUN = 0,
    NS_ACTION_HELP,
    NS_ACTION_VERSION,
    NS_ACTION_LIST_BACKENDS,
    NS_ACTION_LIST_CASES
};

typedef struct ns_options {
    enum ns_action action;
    const ns_case *kase;
    ns_case_settings settings; /* resolution, reynolds, obstacles, backend, solver parameters */
    double t_end;              /* s: the case's unless given */
    long steps;                /* > 0 (--steps): t_end is steps times --dt */
    int outputs;               /* snapshots after the initial one */
    const char *output_path;   /* PATH.nc, ...: the case's name unless given */
    int formats;               /* enum swe_format bits */
    int benchmark;             /* no files */
    int quiet;                 /* no progress */
    double checkpoint_every;   /* simulated seconds; 0: none */
    const char *restart_path;  /* NULL: a fresh run */
} ns_options;

/* Parses argv and fills what is not given from the case; SWE_ERROR_USAGE
 * with a one-line message for bad input. */
int ns_options_parse(int argc, char **argv, ns_options *options, swe_error *err);

/* --help: every option with its default. */
void ns_options_print_help(FILE *stream, const char *program_path);

#endif
