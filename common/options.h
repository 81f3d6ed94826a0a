/* The command line: every option, its default, and its validation. */
#ifndef SWE_OPTIONS_H
#define SWE_OPTIONS_H

#include "error.h"
#include "riemann.h"
#include "scenario.h"

enum swe_action {
    SWE_ACTION_RUN = 0,
    SWE_ACTION_HELP,
    SWE_ACTION_VERSION,
    SWE_ACTION_LIST_BACKENDS
};

typedef struct swe_options {
    enum swe_action action;
    const swe_scenario *scenario;
    int nx, ny;
    double t_end; /* seconds of simulated time */
    double cfl;
    enum swe_solver solver;
    const char *backend_name;
    int level;               /* backend optimisation level; 0: its best */
    int outputs;             /* snapshots after the initial one */
    const char *output_path; /* files are PATH.nc etc. */
    int benchmark;           /* no files, timing only */
    int quiet;               /* no progress lines */
    int overlap;             /* shallows-mpi: compute inner cells while the halo travels */
} swe_options;

/* Parses argv into options, filling scenario defaults for what is not
 * given. Returns SWE_OK or SWE_ERROR_USAGE with a one-line message. */
int swe_options_parse(int argc, char **argv, swe_options *options, swe_error *err);

/* Prints --help: every option with its default. */
void swe_options_print_help(const char *program);

const char *swe_solver_name(enum swe_solver solver);

#endif
