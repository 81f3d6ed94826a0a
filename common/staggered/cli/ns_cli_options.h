/* The command line of shallows-ns, the phase-1 program of the
 * Navier-Stokes application (until it joins the shared run driver). */
#ifndef NS_CLI_OPTIONS_H
#define NS_CLI_OPTIONS_H

#include "staggered/cases/ns_cases.h"
#include "staggered/writers/ns_output.h"

#include <stdio.h>

enum { NS_MAX_TIMES = 64 };

typedef struct ns_run_options {
    const char *case_name;
    ns_case_settings settings;
    double end_time;            /* s; 0: the case's */
    long steps;                 /* > 0: this many steps instead (benchmarks) */
    int snapshots;              /* output times after the initial one, evenly spaced */
    double times[NS_MAX_TIMES]; /* or these output times (--times), increasing */
    int time_count;
    const char *output; /* file stem; NULL: no files */
    int formats;        /* ns_format bits */
    int help, list;
} ns_run_options;

/* Parses argv; SWE_ERROR_USAGE with a message for bad input. */
int ns_parse_options(int argc, char **argv, ns_run_options *options, swe_error *err);

void ns_print_usage(FILE *stream, const char *program);

#endif
