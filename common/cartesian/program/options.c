#include "cartesian/program/options.h"

#include "io/formats.h"
#include "run/option_values.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The largest CFL number for which the unsplit first-order update is
 * stable (DESIGN.md); a larger one is warned about. */
#define SWE_STABLE_CFL 0.5

/* Largest grid edge accepted from the command line. */
enum { SWE_MAX_CELLS_PER_EDGE = 1 << 16 };

enum option_id {
    OPTION_SCENARIO,
    OPTION_NX,
    OPTION_NY,
    OPTION_SOLVER,
    OPTION_MANNING,
    OPTION_BATHYMETRY,
    OPTION_DISPLACEMENT,
    OPTION_BATHYMETRY_VARIABLE,
    OPTION_DISPLACEMENT_VARIABLE,
    OPTION_COLOUR_RANGE,
    OPTION_GAUGE,
    OPTION_MAXIMA,
    OPTION_SAMPLE_EVERY,
    OPTION_LIST_SCENARIOS
};

static const swe_app_option cartesian_options[] = {
    {"scenario", 's', "NAME",
     "initial and boundary conditions (default radial-dam-break; the list below)", OPTION_SCENARIO,
     0},
    {"nx", 0, "N", "cells in x (default: the scenario's, 500 for radial-dam-break)", OPTION_NX, 0},
    {"ny", 0, "N", "cells in y (default: the scenario's, 500 for radial-dam-break)", OPTION_NY, 0},
    {"solver", 0, "NAME",
     "Riemann solver: fwave, hlle, rusanov or augrie (augmented, for wet/dry fronts; default "
     "fwave)",
     OPTION_SOLVER, 0},
    {"manning", 0, "N", "Manning bed friction n in s/m^(1/3), e.g. 0.03 (default 0: none)",
     OPTION_MANNING, 0},
    {"bathymetry", 0, "FILE",
     "for --scenario netcdf: a CF NetCDF file of the bed elevation or depth, in metres or "
     "longitude/latitude (GEBCO, ETOPO; README says how they are read)",
     OPTION_BATHYMETRY, 0},
    {"displacement", 0, "FILE",
     "for --scenario netcdf: initial displacement of the sea floor and surface, zero outside its "
     "extent (default none)",
     OPTION_DISPLACEMENT, 0},
    {"bathymetry-var", 0, "NAME",
     "the variable to read (default: the one a standard_name identifies, or the only 2D "
     "variable)",
     OPTION_BATHYMETRY_VARIABLE, 0},
    {"displacement-var", 0, "NAME", "the same for --displacement", OPTION_DISPLACEMENT_VARIABLE, 0},
    {"colour-range", 0, "R",
     "the pictures' colours: snapshot (each its own range), run (one range for the whole run, "
     "drawn from PATH.nc when it ends) or LOW,HIGH in metres, clipping shown (default snapshot)",
     OPTION_COLOUR_RANGE, 0},
    {"gauge", 0, "X,Y",
     "record h, eta, u, v at the point X,Y (m) into PATH_gauges.nc; repeat for more gauges "
     "(default none)",
     OPTION_GAUGE, 0},
    {"maxima", 0, NULL, "add max_depth, max_speed and arrival_time to PATH.nc", OPTION_MAXIMA, 0},
    {"sample-every", 0, "SECONDS",
     "sample gauges and maxima at the first step past every multiple of SECONDS (default 0: "
     "every step)",
     OPTION_SAMPLE_EVERY, 0},
    {"list-scenarios", 0, NULL, "list the scenarios", OPTION_LIST_SCENARIOS, 1},
};

static int add_gauge(const char *value, swe_options *options, swe_error *err)
{
    if (options->gauge_count >= SWE_MAX_GAUGES) {
        return swe_fail(err, SWE_ERROR_USAGE, "at most %d --gauge options", SWE_MAX_GAUGES);
    }
    int g = options->gauge_count;
    int status = swe_parse_point(value, "--gauge", &options->gauge_x[g], &options->gauge_y[g], err);
    options->gauge_count += status == SWE_OK;
    return status;
}

/* The options of the files a run reads and what it records. */
static int parse_files(swe_options *options, int id, const char *value, swe_error *err)
{
    switch (id) {
    case OPTION_BATHYMETRY:
        options->bathymetry_path = value;
        return SWE_OK;
    case OPTION_DISPLACEMENT:
        options->displacement_path = value;
        return SWE_OK;
    case OPTION_BATHYMETRY_VARIABLE:
        options->bathymetry_variable = value;
        return SWE_OK;
    case OPTION_DISPLACEMENT_VARIABLE:
        options->displacement_variable = value;
        return SWE_OK;
    case OPTION_COLOUR_RANGE:
        return swe_parse_colour_range(value, &options->colour_range, err);
    case OPTION_GAUGE:
        return add_gauge(value, options, err);
    case OPTION_MAXIMA:
        options->maxima = 1;
        return SWE_OK;
    case OPTION_SAMPLE_EVERY: {
        int status = swe_parse_number(value, "--sample-every", &options->sample_every, err);
        return status != SWE_OK || options->sample_every >= 0
                   ? status
                   : swe_fail(err, SWE_ERROR_USAGE,
                              "--sample-every must be 0 (every step) or a positive number of "
                              "seconds, got %s",
                              value);
    }
    default:
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: option %d has no parser", id);
    }
}

static int parse(void *context, int id, const char *value, swe_error *err)
{
    swe_options *options = context;
    switch (id) {
    case OPTION_SCENARIO:
        options->scenario = swe_scenario_find(value);
        return options->scenario != NULL
                   ? SWE_OK
                   : swe_fail(err, SWE_ERROR_USAGE, "unknown scenario '%s' (see --list-scenarios)",
                              value);
    case OPTION_NX:
        return swe_parse_int(value, "--nx", 1, SWE_MAX_CELLS_PER_EDGE, &options->nx, err);
    case OPTION_NY:
        return swe_parse_int(value, "--ny", 1, SWE_MAX_CELLS_PER_EDGE, &options->ny, err);
    case OPTION_SOLVER:
        return swe_solver_lookup(value, &options->solver, err);
    case OPTION_MANNING:
        return swe_parse_manning(value, &options->manning, err);
    case OPTION_LIST_SCENARIOS:
        return SWE_OK; /* an action: swe_cartesian_act */
    default:
        return parse_files(options, id, value, err);
    }
}

/* The checks of the files a run reads and writes. */
static int complete_files(const swe_options *options, swe_error *err)
{
    const swe_scenario *scenario = options->scenario;
    const swe_run_options *run = &options->run;
    int wants_files = scenario->needs_input_files;
    if (wants_files != (options->bathymetry_path != NULL) ||
        wants_files != (options->displacement_path != NULL)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        wants_files
                            ? "--scenario %s needs --bathymetry FILE and --displacement FILE"
                            : "--bathymetry and --displacement go with --scenario netcdf, "
                              "not --scenario %s",
                        scenario->name);
    }
    if (!wants_files &&
        (options->bathymetry_variable != NULL || options->displacement_variable != NULL)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--bathymetry-var and --displacement-var go with --scenario netcdf");
    }
    if (run->benchmark && (options->gauge_count > 0 || options->maxima)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--benchmark writes no files: drop --gauge and "
                        "--maxima");
    }
    if (options->colour_range.mode != SWE_RANGE_SNAPSHOT && !(run->formats & SWE_FORMAT_PNG)) {
        return swe_fail(err, SWE_ERROR_USAGE, "--colour-range goes with png in --format");
    }
    if (options->maxima && !(run->formats & SWE_FORMAT_NETCDF)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--maxima writes its fields into PATH.nc: add netcdf to --format");
    }
    return SWE_OK;
}

/* Fills what was not given from the scenario. */
static int complete(void *context, swe_run_options *run, swe_error *err)
{
    swe_options *options = context;
    const swe_scenario *scenario = options->scenario;
    options->nx = options->nx > 0 ? options->nx : scenario->default_nx;
    options->ny = options->ny > 0 ? options->ny : scenario->default_ny;
    run->t_end = isnan(run->t_end) ? scenario->default_t_end : run->t_end;
    run->cfl = isnan(run->cfl) ? scenario->default_cfl : run->cfl;
    run->output_path = run->output_path != NULL ? run->output_path : scenario->name;
    if (run->cfl > SWE_STABLE_CFL && run->cfl <= 1.0) {
        snprintf(run->warning, sizeof run->warning,
                 "--cfl %g is above %g, the stable limit of the unsplit update: the run may go "
                 "wrong, and the guard stops it if it does",
                 run->cfl, SWE_STABLE_CFL);
    }
    return complete_files(options, err);
}

static void list_scenarios(FILE *stream, const char *indent)
{
    for (int s = 0; s < swe_scenario_count(); ++s) {
        const swe_scenario *scenario = swe_scenario_at(s);
        fprintf(stream, "%s%-22s %s\n", indent, scenario->name, scenario->title);
    }
}

static void print_scenarios(FILE *stream)
{
    fprintf(stream, "\nScenarios (--scenario):\n");
    list_scenarios(stream, "  ");
}

int swe_cartesian_act(void *context, const swe_run_options *run, swe_error *err)
{
    (void)context;
    if (run == NULL || run->application_action != OPTION_LIST_SCENARIOS) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no such Cartesian action");
    }
    list_scenarios(stdout, "");
    return SWE_OK;
}

/* Values not given on the command line: -1 (counts) marks "use the
 * scenario's". */
static void set_defaults(void *context)
{
    swe_options *options = context;
    memset(options, 0, sizeof *options);
    options->scenario = swe_scenario_find("radial-dam-break");
    options->nx = -1;
    options->ny = -1;
    options->solver = SWE_SOLVER_FWAVE;
    options->colour_range = (swe_range_choice){SWE_RANGE_SNAPSHOT, 0.0, 0.0};
}

const swe_application swe_cartesian_application = {
    .name = "cartesian",
    .title = "Solves the 2D shallow water equations with finite volumes on a Cartesian grid.",
    .usage = "[options]",
    .setup = "scenario",
    .models = &swe_cartesian_models,
    .options = cartesian_options,
    .option_count = sizeof cartesian_options / sizeof cartesian_options[0],
    .defaults = set_defaults,
    .parse = parse,
    .complete = complete,
    .print_help = print_scenarios,
};

int swe_options_parse_program(const swe_program_options *program, int argc, char **argv,
                              swe_options *options, swe_error *err)
{
    if (options == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no options to parse into");
    }
    return swe_command_line_parse(&swe_cartesian_application, program, options, argc, argv,
                                  &options->run, err);
}

int swe_options_parse(int argc, char **argv, swe_options *options, swe_error *err)
{
    return swe_options_parse_program(NULL, argc, argv, options, err);
}
