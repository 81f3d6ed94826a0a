#include "cartesian/program/options.h"

#include "run/history.h"
#include "run/option_refusal.h"
#include "run/option_values.h"

#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The short forms, for getopt_long. */
static const char short_options[] = "s:b:t:o:qf:Vh";

/* The largest CFL number for which the unsplit first-order update is
 * stable (DESIGN.md); a larger one is warned about. */
#define SWE_STABLE_CFL 0.5

/* Largest grid edge accepted from the command line. */
enum { SWE_MAX_CELLS_PER_EDGE = 1 << 16 };

/* The options with a short form are their letter (getopt_long returns
 * it for both forms); the others count from 256. */
enum option_id {
    OPTION_SCENARIO = 's',
    OPTION_BACKEND = 'b',
    OPTION_T_END = 't',
    OPTION_OUTPUT = 'o',
    OPTION_QUIET = 'q',
    OPTION_FORMAT = 'f',
    OPTION_VERSION = 'V',
    OPTION_HELP = 'h',
    OPTION_NX = 256,
    OPTION_NY,
    OPTION_SOLVER,
    OPTION_MANNING,
    OPTION_LEVEL,
    OPTION_CFL,
    OPTION_OUTPUTS,
    OPTION_BENCHMARK,
    OPTION_CHECKPOINT_EVERY,
    OPTION_RESTART,
    OPTION_BATHYMETRY,
    OPTION_DISPLACEMENT,
    OPTION_BATHYMETRY_VARIABLE,
    OPTION_DISPLACEMENT_VARIABLE,
    OPTION_COMPRESS,
    OPTION_COLOUR_RANGE,
    OPTION_GAUGE,
    OPTION_MAXIMA,
    OPTION_SAMPLE_EVERY,
    OPTION_LIST_BACKENDS,
    OPTION_EXTRA /* OPTION_EXTRA + k: swe_extra_options.known[k] */
};

static const struct option long_options[] = {
    {"scenario", required_argument, NULL, OPTION_SCENARIO},
    {"nx", required_argument, NULL, OPTION_NX},
    {"ny", required_argument, NULL, OPTION_NY},
    {"t-end", required_argument, NULL, OPTION_T_END},
    {"solver", required_argument, NULL, OPTION_SOLVER},
    {"manning", required_argument, NULL, OPTION_MANNING},
    {"backend", required_argument, NULL, OPTION_BACKEND},
    {"level", required_argument, NULL, OPTION_LEVEL},
    {"cfl", required_argument, NULL, OPTION_CFL},
    {"outputs", required_argument, NULL, OPTION_OUTPUTS},
    {"output", required_argument, NULL, OPTION_OUTPUT},
    {"benchmark", no_argument, NULL, OPTION_BENCHMARK},
    {"quiet", no_argument, NULL, OPTION_QUIET},
    {"format", required_argument, NULL, OPTION_FORMAT},
    {"checkpoint-every", required_argument, NULL, OPTION_CHECKPOINT_EVERY},
    {"restart", required_argument, NULL, OPTION_RESTART},
    {"bathymetry", required_argument, NULL, OPTION_BATHYMETRY},
    {"displacement", required_argument, NULL, OPTION_DISPLACEMENT},
    {"bathymetry-var", required_argument, NULL, OPTION_BATHYMETRY_VARIABLE},
    {"displacement-var", required_argument, NULL, OPTION_DISPLACEMENT_VARIABLE},
    {"compress", required_argument, NULL, OPTION_COMPRESS},
    {"colour-range", required_argument, NULL, OPTION_COLOUR_RANGE},
    {"gauge", required_argument, NULL, OPTION_GAUGE},
    {"maxima", no_argument, NULL, OPTION_MAXIMA},
    {"sample-every", required_argument, NULL, OPTION_SAMPLE_EVERY},
    {"list-backends", no_argument, NULL, OPTION_LIST_BACKENDS},
    {"version", no_argument, NULL, OPTION_VERSION},
    {"help", no_argument, NULL, OPTION_HELP}};

enum { CORE_OPTION_COUNT = sizeof long_options / sizeof long_options[0] };

/* Values not given on the command line: -1 (counts) or NaN (numbers)
 * marks "use the scenario's". */
static void set_defaults(swe_options *options)
{
    *options = (swe_options){.action = SWE_ACTION_RUN,
                             .scenario = swe_scenario_find("radial-dam-break"),
                             .nx = -1,
                             .ny = -1,
                             .t_end = NAN,
                             .cfl = NAN,
                             .solver = SWE_SOLVER_FWAVE,
                             .backend_name = "serial",
                             .outputs = 10,
                             .formats = SWE_FORMAT_NETCDF,
                             .compression = SWE_DEFAULT_COMPRESSION,
                             .colour_range = {SWE_RANGE_SNAPSHOT, 0.0, 0.0},
                             .output_path = NULL};
}

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

/* The options of the files a run reads and writes; -1: not one of them. */
static int parse_file_option(int id, const char *value, swe_options *options, swe_error *err)
{
    switch (id) {
    case OPTION_OUTPUT:
        options->output_path = value;
        return SWE_OK;
    case OPTION_FORMAT:
        return swe_parse_formats(value, &options->formats, err);
    case OPTION_COMPRESS:
        return swe_parse_count(value, "--compress", 0, SWE_MAX_COMPRESSION, &options->compression,
                               err);
    case OPTION_COLOUR_RANGE:
        return swe_parse_colour_range(value, &options->colour_range, err);
    case OPTION_GAUGE:
        return add_gauge(value, options, err);
    case OPTION_MAXIMA:
        options->maxima = 1;
        return SWE_OK;
    case OPTION_SAMPLE_EVERY:
        return swe_parse_sample_every(value, &options->sample_every, err);
    case OPTION_CHECKPOINT_EVERY:
        return swe_parse_checkpoint_every(value, &options->checkpoint_every, err);
    case OPTION_RESTART:
        options->restart_path = value;
        return SWE_OK;
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
    default:
        return -1;
    }
}

/* The options that replace a run by something else. */
static int parse_action(int id, swe_options *options, swe_error *err)
{
    switch (id) {
    case OPTION_LIST_BACKENDS:
        options->action = SWE_ACTION_LIST_BACKENDS;
        return SWE_OK;
    case OPTION_VERSION:
        options->action = SWE_ACTION_VERSION;
        return SWE_OK;
    case OPTION_HELP:
        options->action = SWE_ACTION_HELP;
        return SWE_OK;
    default:
        return swe_fail(err, SWE_ERROR_USAGE, "unknown option (see --help)");
    }
}

static int parse_one(int id, const char *value, swe_options *options, swe_error *err)
{
    switch (id) {
    case OPTION_SCENARIO:
        options->scenario = swe_scenario_find(value);
        return options->scenario != NULL
                   ? SWE_OK
                   : swe_fail(err, SWE_ERROR_USAGE, "unknown scenario '%s' (see --help)", value);
    case OPTION_NX:
        return swe_parse_count(value, "--nx", 1, SWE_MAX_CELLS_PER_EDGE, &options->nx, err);
    case OPTION_NY:
        return swe_parse_count(value, "--ny", 1, SWE_MAX_CELLS_PER_EDGE, &options->ny, err);
    case OPTION_T_END:
        return swe_parse_number(value, "--t-end", &options->t_end, err);
    case OPTION_CFL:
        return swe_parse_number(value, "--cfl", &options->cfl, err);
    case OPTION_SOLVER:
        return swe_solver_lookup(value, &options->solver, err);
    case OPTION_MANNING:
        return swe_parse_manning(value, &options->manning, err);
    case OPTION_BACKEND:
        options->backend_name = value;
        return SWE_OK;
    case OPTION_LEVEL:
        return swe_parse_count(value, "--level", 1, 99, &options->level, err);
    case OPTION_OUTPUTS:
        return swe_parse_count(value, "--outputs", 1, INT_MAX, &options->outputs, err);
    case OPTION_BENCHMARK:
        options->benchmark = 1;
        return SWE_OK;
    case OPTION_QUIET:
        options->quiet = 1;
        return SWE_OK;
    default: {
        int status = parse_file_option(id, value, options, err);
        return status >= 0 ? status : parse_action(id, options, err);
    }
    }
}

/* The checks of the files a run reads and writes. */
static int complete_files(swe_options *options, swe_error *err)
{
    const swe_scenario *scenario = options->scenario;
    const char *output = options->output_path != NULL ? options->output_path : scenario->name;
    int status = swe_output_stem(output, options->output_stem, sizeof options->output_stem, err);
    int wants_files = scenario->needs_input_files;
    if (status == SWE_OK && (wants_files != (options->bathymetry_path != NULL) ||
                             wants_files != (options->displacement_path != NULL))) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        wants_files
                            ? "--scenario %s needs --bathymetry FILE and --displacement FILE"
                            : "--bathymetry and --displacement go with --scenario netcdf, "
                              "not --scenario %s",
                        scenario->name);
    }
    if (status == SWE_OK && !wants_files &&
        (options->bathymetry_variable != NULL || options->displacement_variable != NULL)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--bathymetry-var and --displacement-var go with --scenario netcdf");
    }
    if (status == SWE_OK && options->benchmark &&
        (options->checkpoint_every > 0 || options->restart_path != NULL ||
         options->gauge_count > 0 || options->maxima)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--benchmark writes no files: drop "
                        "--checkpoint-every, --restart, --gauge and --maxima");
    }
    if (status == SWE_OK && options->colour_range.mode != SWE_RANGE_SNAPSHOT &&
        !(options->formats & SWE_FORMAT_PNG)) {
        return swe_fail(err, SWE_ERROR_USAGE, "--colour-range goes with png in --format");
    }
    if (status == SWE_OK && options->maxima && !(options->formats & SWE_FORMAT_NETCDF)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--maxima writes its fields into PATH.nc: add netcdf to --format");
    }
    return status;
}

/* Fills what was not given from the scenario, then checks the ranges that
 * depend on each other. */
static int complete(const swe_extra_options *extras, swe_options *options, swe_error *err)
{
    const swe_scenario *scenario = options->scenario;
    options->nx = options->nx > 0 ? options->nx : scenario->default_nx;
    options->ny = options->ny > 0 ? options->ny : scenario->default_ny;
    options->t_end = isnan(options->t_end) ? scenario->default_t_end : options->t_end;
    options->cfl = isnan(options->cfl) ? scenario->default_cfl : options->cfl;
    if (!(options->t_end > 0)) {
        return swe_fail(err, SWE_ERROR_USAGE, "--t-end must be positive, got %g", options->t_end);
    }
    if (!(options->cfl > 0 && options->cfl <= 1)) {
        return swe_fail(err, SWE_ERROR_USAGE, "--cfl must be in (0, 1], got %g", options->cfl);
    }
    if (options->cfl > SWE_STABLE_CFL) {
        snprintf(options->warning, sizeof options->warning,
                 "--cfl %g is above %g, the stable limit of the unsplit update: the run may go "
                 "wrong, and the guard stops it if it does",
                 options->cfl, SWE_STABLE_CFL);
    }
    int status = complete_files(options, err);
    if (status != SWE_OK) {
        return status;
    }
    const swe_backend *backend = NULL;
    status = swe_backend_lookup(options->backend_name, &backend, err);
    if (status == SWE_OK) {
        status = swe_extra_options_resolve(extras, backend, options->program_option_values,
                                           options->backend_option_values, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    if (options->level > backend->levels) {
        return backend->levels == 0
                   ? swe_fail(err, SWE_ERROR_USAGE, "backend '%s' has no optimisation levels",
                              backend->name)
                   : swe_fail(err, SWE_ERROR_USAGE, "--level for backend '%s' must be 1 to %d",
                              backend->name, backend->levels);
    }
    return SWE_OK;
}

/* The core's options and the extras, as getopt_long wants them. */
static void list_options(const swe_extra_options *extras,
                         struct option all[CORE_OPTION_COUNT + SWE_MAX_EXTRA_OPTIONS + 1],
                         const char *core_names[CORE_OPTION_COUNT + 1])
{
    for (int c = 0; c < CORE_OPTION_COUNT; ++c) {
        all[c] = long_options[c];
        core_names[c] = long_options[c].name;
    }
    core_names[CORE_OPTION_COUNT] = NULL;
    for (int k = 0; extras != NULL && k < extras->count; ++k) {
        all[CORE_OPTION_COUNT + k] =
            (struct option){extras->known[k]->name,
                            extras->known[k]->argument != NULL ? required_argument : no_argument,
                            NULL, OPTION_EXTRA + k};
    }
    all[CORE_OPTION_COUNT + (extras != NULL ? extras->count : 0)] = (struct option){0};
}

/* getopt_long over argv; options of backends and program into extras. */
static int parse_arguments(int argc, char **argv, const struct option *all,
                           swe_extra_options *extras, swe_options *options, swe_error *err)
{
    opterr = 0; /* our own one-line messages instead of getopt's */
    optind = 1;
    int id;
    while ((id = getopt_long(argc, argv, short_options, all, NULL)) != -1) {
        if (id == '?') {
            const char *given = optind > 0 && optind <= argc ? argv[optind - 1] : "?";
            if (given[0] == '-' && given[1] != '-' && optopt != 0 &&
                strchr(short_options, optopt) != NULL) {
                return swe_fail(err, SWE_ERROR_USAGE, "option '-%c' needs a value (see --help)",
                                optopt);
            }
            return swe_options_refuse(given, all, err);
        }
        if (id >= OPTION_EXTRA) {
            extras->given[id - OPTION_EXTRA] = optarg != NULL ? optarg : "";
            continue;
        }
        int status = parse_one(id, optarg, options, err);
        if (status != SWE_OK) {
            return status;
        }
    }
    return optind < argc ? swe_fail(err, SWE_ERROR_USAGE, "unexpected argument '%s' (see --help)",
                                    argv[optind])
                         : SWE_OK;
}

int swe_options_parse_program(const swe_program_options *program, int argc, char **argv,
                              swe_options *options, swe_error *err)
{
    if (options == NULL || argv == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no options to parse");
    }
    set_defaults(options);
    struct option all[CORE_OPTION_COUNT + SWE_MAX_EXTRA_OPTIONS + 1];
    const char *core_names[CORE_OPTION_COUNT + 1];
    swe_extra_options extras;
    list_options(NULL, all, core_names);
    int status = swe_extra_options_collect(&extras, program, core_names, err);
    if (status != SWE_OK) {
        return status;
    }
    list_options(&extras, all, core_names);
    status = parse_arguments(argc, argv, all, &extras, options, err);
    if (status != SWE_OK) {
        return status;
    }
    swe_history_of(argc, argv, options->history, sizeof options->history);
    options->action_option = swe_extra_options_action(&extras);
    if (options->action == SWE_ACTION_RUN && options->action_option != NULL) {
        options->action = SWE_ACTION_BACKEND_OPTION;
    }
    return options->action == SWE_ACTION_RUN ? complete(&extras, options, err) : SWE_OK;
}

int swe_options_parse(int argc, char **argv, swe_options *options, swe_error *err)
{
    return swe_options_parse_program(NULL, argc, argv, options, err);
}
