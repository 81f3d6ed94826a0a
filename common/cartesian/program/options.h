/* The Cartesian application on the command line: its own options
 * (scenario, grid, solver, input files, gauges, ...) beside those every
 * program shares (run/command_line.h), their defaults and their checks. */
#ifndef SWE_OPTIONS_H
#define SWE_OPTIONS_H

#include "cartesian/grid/backend.h"
#include "cartesian/scenarios/scenario.h"
#include "io/colour_range.h"
#include "run/command_line.h"
#include "shallow_water/solver_names.h"

/* Most --gauge options of a run. */
enum { SWE_MAX_GAUGES = 64 };

typedef struct swe_options {
    swe_run_options run; /* the options every program shares: first */
    const swe_scenario *scenario;
    int nx, ny;
    enum swe_solver solver;
    double manning;                    /* Manning coefficient, s/m^(1/3); 0: no bed friction */
    const char *bathymetry_path;       /* --scenario netcdf: bed elevation file */
    const char *displacement_path;     /* --scenario netcdf: initial surface displacement */
    const char *bathymetry_variable;   /* --bathymetry-var; NULL: by standard_name */
    const char *displacement_variable; /* --displacement-var */
    swe_range_choice colour_range;     /* --colour-range of the pictures */
    int gauge_count;                   /* --gauge X,Y, repeated */
    double gauge_x[SWE_MAX_GAUGES], gauge_y[SWE_MAX_GAUGES];
    int maxima;          /* --maxima: max depth, speed, arrival time */
    double sample_every; /* --sample-every: seconds between gauge and maxima samples; 0: each
                            step */
} swe_options;

/* The Cartesian application: its options, parse and completion. Its
 * context is a swe_options. */
extern const swe_application swe_cartesian_application;

/* What an action option of the application does (--list-scenarios), for
 * swe_program.act. */
int swe_cartesian_act(void *context, const swe_run_options *run, swe_error *err);

/* Parses argv of a Cartesian run into options, with the program's own
 * options (NULL: none): SWE_OK, or SWE_ERROR_USAGE with one line. */
int swe_options_parse_program(const swe_program_options *program, int argc, char **argv,
                              swe_options *options, swe_error *err);
/* The same for a program without options of its own. */
int swe_options_parse(int argc, char **argv, swe_options *options, swe_error *err);

#endif
