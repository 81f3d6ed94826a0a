/* The command line: every option, its default, and its validation. */
#ifndef SWE_OPTIONS_H
#define SWE_OPTIONS_H

#include "core/error.h"
#include "numerics/riemann.h"
#include "scenarios/scenario.h"

enum swe_action {
    SWE_ACTION_RUN = 0,
    SWE_ACTION_HELP,
    SWE_ACTION_VERSION,
    SWE_ACTION_LIST_BACKENDS,
    SWE_ACTION_LIST_DEVICES
};

/* Output formats, combined with | in swe_options.formats. */
enum swe_format {
    SWE_FORMAT_NETCDF = 1 << 0, /* PATH.nc */
    SWE_FORMAT_VTK = 1 << 1,    /* PATH_NNNN.vtr per snapshot and PATH.pvd */
    SWE_FORMAT_PNG = 1 << 2     /* PATH_NNNN.png per snapshot */
};

typedef struct swe_options {
    enum swe_action action;
    const swe_scenario *scenario;
    int nx, ny;
    double t_end; /* seconds of simulated time */
    double cfl;
    enum swe_solver solver;
    double manning; /* Manning coefficient, s/m^(1/3); 0: no bed friction */
    const char *backend_name;
    int level;                     /* backend optimisation level; 0: its best */
    int outputs;                   /* snapshots after the initial one */
    const char *output_path;       /* files are PATH.nc etc. */
    int benchmark;                 /* no files, timing only */
    int quiet;                     /* no progress lines */
    unsigned formats;              /* enum swe_format flags; default netcdf */
    double checkpoint_every;       /* simulated seconds between checkpoints; 0: none */
    const char *restart_path;      /* checkpoint to continue from, or NULL */
    const char *bathymetry_path;   /* --scenario netcdf: bed elevation file */
    const char *displacement_path; /* --scenario netcdf: initial surface displacement */
    const char *cl_device;         /* --cl-device P:D for the OpenCL backend; NULL: default */
    int overlap;                   /* shallows-mpi: compute inner cells while the halo travels */
} swe_options;

/* Parses argv into options, filling scenario defaults for what is not
 * given. Returns SWE_OK or SWE_ERROR_USAGE with a one-line message. */
int swe_options_parse(int argc, char **argv, swe_options *options, swe_error *err);

/* Prints --help: every option with its default. */
void swe_options_print_help(const char *program);

const char *swe_solver_name(enum swe_solver solver);

#endif
