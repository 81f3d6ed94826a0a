/* The ns application on the command line of shallows-ns and
 * shallows-ns-mpi: its own options (the case, its resolution and physics,
 * the solver's numbers) beside those every program shares
 * (run/command_line.h), their defaults and their checks. */
#ifndef NS_OPTIONS_H
#define NS_OPTIONS_H

#include "ns/cases/ns_cases.h"
#include "run/command_line.h"

/* The application's action option (swe_run_options.application_action). */
enum { NS_ACTION_LIST_CASES = 100 };

typedef struct ns_options {
    swe_run_options run; /* the options every program shares: first */
    const ns_case *kase;
    ns_case_settings settings; /* resolution, reynolds, obstacles, backend, solver parameters */
} ns_options;

/* The ns application: its options, parse and completion. Its context is
 * an ns_options. */
extern const swe_application ns_application;

/* Parses argv of an ns run into options: SWE_OK, or SWE_ERROR_USAGE with
 * one line. */
int ns_options_parse(int argc, char **argv, ns_options *options, swe_error *err);

#endif
