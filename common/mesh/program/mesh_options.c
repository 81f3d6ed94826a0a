#include "mesh/program/mesh_options.h"

#include "io/formats.h"
#include "mesh/gmsh/msh_reader.h"
#include "run/option_values.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

enum option_id {
    OPTION_MESH,
    OPTION_SCENARIO,
    OPTION_SET,
    OPTION_ORDERING,
    OPTION_SEED,
    OPTION_ORDER,
    OPTION_MANNING,
    OPTION_VISCOSITY,
    OPTION_COLOUR_RANGE,
    OPTION_LIST_SCENARIOS = SWE_MESH_ACTION_LIST_SCENARIOS,
    OPTION_WRITE_SQUARE = SWE_MESH_ACTION_WRITE_SQUARE
};

static const swe_app_option mesh_options[] = {
    {"mesh", 0, "FILE",
     "the GMSH mesh (2.2 or 4.1, ASCII or binary; the cases' meshes: common/mesh/geo/, make "
     "meshes)",
     OPTION_MESH, 0},
    {"scenario", 's', "NAME", "the case (default partial-dam-break; --list-scenarios)",
     OPTION_SCENARIO, 0},
    {"set", 0, "NAME=VALUE", "a parameter of the scenario (repeatable)", OPTION_SET, 0},
    {"ordering", 0, "NAME", "gmsh, random, rcm or rcm+edges (default gmsh)", OPTION_ORDERING, 0},
    {"seed", 0, "N", "seed of the random ordering (default 1)", OPTION_SEED, 0},
    {"order", 0, "1|2", "first or second order (default: the scenario's)", OPTION_ORDER, 0},
    {"manning", 0, "N", "Manning's n, s/m^(1/3) (default: the scenario's)", OPTION_MANNING, 0},
    {"viscosity", 0, "NU", "eddy viscosity, m^2/s (default: the scenario's)", OPTION_VISCOSITY, 0},
    {"colour-range", 0, "R",
     "the pictures' colours: snapshot (each its own range), run (one range for the whole run, "
     "drawn from PATH.nc when it ends) or LOW,HIGH in metres, clipping shown (default snapshot)",
     OPTION_COLOUR_RANGE, 0},
    {"list-scenarios", 0, NULL, "list the scenarios and their defaults", OPTION_LIST_SCENARIOS, 1},
    {"write-square", 0, "N",
     "write a 1000 m square of 2 N^2 triangles to --mesh FILE (GMSH 4.1 binary, for "
     "benchmarks without gmsh) and stop",
     OPTION_WRITE_SQUARE, 1},
};

static int parse_set(swe_mesh_options *options, const char *value, swe_error *err)
{
    if (options->set_count == SWE_MESH_MAX_SETS) {
        return swe_fail(err, SWE_ERROR_USAGE, "at most %d --set options", SWE_MESH_MAX_SETS);
    }
    options->sets[options->set_count++] = value;
    return SWE_OK;
}

static int parse(void *context, int id, const char *value, swe_error *err)
{
    swe_mesh_options *options = context;
    swe_mesh_model_options *model = &options->model;
    switch (id) {
    case OPTION_MESH:
        model->mesh_path = value;
        return SWE_OK;
    case OPTION_SCENARIO:
        options->scenario_name = value;
        return SWE_OK;
    case OPTION_SET:
        return parse_set(options, value, err);
    case OPTION_ORDERING:
        options->ordering_given = 1;
        return swe_mesh_ordering_parse(value, &model->ordering, err);
    case OPTION_SEED: {
        long seed = 0;
        int status = swe_parse_count(value, "--seed", 0, 2147483647, &seed, err);
        model->seed = (unsigned long long)seed;
        return status;
    }
    case OPTION_ORDER:
        return swe_parse_int(value, "--order", 1, 2, &model->order, err);
    case OPTION_MANNING:
        return swe_parse_manning(value, &model->manning, err);
    case OPTION_VISCOSITY:
        return swe_parse_within(value, "--viscosity", 0, 1e6, &model->viscosity, err);
    case OPTION_COLOUR_RANGE:
        return swe_parse_colour_range(value, &options->colour_range, err);
    case OPTION_WRITE_SQUARE:
        return swe_parse_int(value, "--write-square", 1, 20000, &options->square, err);
    case OPTION_LIST_SCENARIOS:
        return SWE_OK;
    default:
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: option %d has no parser", id);
    }
}

/* "NAME=VALUE" into the scenario's parameters. */
static int apply_set(const char *text, swe_mesh_scenario *scenario, swe_error *err)
{
    const char *equals = strchr(text, '=');
    char name[64];
    if (equals == NULL || equals == text || (size_t)(equals - text) >= sizeof name) {
        return swe_fail(err, SWE_ERROR_USAGE, "--set needs NAME=VALUE, got '%s'", text);
    }
    memcpy(name, text, (size_t)(equals - text));
    name[equals - text] = '\0';
    double value = 0;
    int status = swe_parse_number(equals + 1, "--set", &value, err);
    return status == SWE_OK ? swe_mesh_scenario_set(scenario, name, value, err) : status;
}

static int settle_scenario(swe_mesh_options *options, swe_error *err)
{
    const char *name =
        options->scenario_name != NULL ? options->scenario_name : "partial-dam-break";
    const swe_mesh_scenario *scenario = swe_mesh_scenario_find(name);
    if (scenario == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "unknown scenario '%s' (see --list-scenarios)", name);
    }
    options->scenario = *scenario;
    for (int k = 0; k < options->set_count; ++k) {
        int status = apply_set(options->sets[k], &options->scenario, err);
        if (status != SWE_OK) {
            return status;
        }
    }
    options->model.scenario = &options->scenario;
    return SWE_OK;
}

/* A bare --mesh NAME (no '/') that is no file here names one of the
 * cases' meshes: those `make install` puts in PREFIX/share/shallows/meshes
 * beside PREFIX/bin, else the repository's common/mesh/geo beside
 * build/PRECISION, both found from the program's own path; so the
 * README's runs work from any folder. The path found goes into
 * options->mesh_found; a name found nowhere is left as given (the reader
 * then says why it cannot open it). */
static void find_installed_mesh(swe_mesh_options *options)
{
    const char *name = options->model.mesh_path;
    char program[4096];
    ssize_t length = readlink("/proc/self/exe", program, sizeof program - 1);
    if (strchr(name, '/') != NULL || access(name, F_OK) == 0 || length <= 0) {
        return;
    }
    program[length] = '\0';
    char *slash = strrchr(program, '/');
    if (slash == NULL) {
        return;
    }
    *slash = '\0';
    static const char *const places[] = {"/../share/shallows/meshes/", "/../../common/mesh/geo/"};
    for (size_t p = 0; p < sizeof places / sizeof places[0]; ++p) {
        int written = snprintf(options->mesh_found, sizeof options->mesh_found, "%s%s%s", program,
                               places[p], name);
        if (written > 0 && (size_t)written < sizeof options->mesh_found &&
            access(options->mesh_found, R_OK) == 0) {
            options->model.mesh_path = options->mesh_found;
            return;
        }
    }
}

/* The scenario with its --set parameters, the defaults of the shared
 * options from it, and what the model and the files take from them. */
static int complete(void *context, swe_run_options *run, swe_error *err)
{
    swe_mesh_options *options = context;
    if (options->model.mesh_path == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "a mesh run needs --mesh FILE.msh (the cases' meshes are in "
                        "common/mesh/geo/, make meshes writes the large ones)");
    }
    find_installed_mesh(options);
    /* Refused here, before any program starts its run (under MPI: on every
     * rank, before the ranks read it). */
    int status = swe_msh_check_file(options->model.mesh_path, err);
    if (status == SWE_OK) {
        status = settle_scenario(options, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    if (options->colour_range.mode != SWE_RANGE_SNAPSHOT && !(run->formats & SWE_FORMAT_PNG)) {
        return swe_fail(err, SWE_ERROR_USAGE, "--colour-range goes with png in --format");
    }
    if (options->colour_range.mode == SWE_RANGE_RUN && !(run->formats & SWE_FORMAT_NETCDF)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--colour-range run draws the pictures from PATH.nc when the run ends: "
                        "add netcdf to --format");
    }
    run->t_end = isnan(run->t_end) ? options->scenario.t_end : run->t_end;
    run->cfl = isnan(run->cfl) ? options->scenario.cfl : run->cfl;
    run->output_path = run->output_path != NULL ? run->output_path : options->scenario.name;
    return SWE_OK;
}

/* What the model and the files take from the shared options. */
static void settle(void *context, const swe_run_options *run)
{
    swe_mesh_options *options = context;
    options->model.cfl = run->cfl;
    options->model.backend = run->backend_name;
    options->model.config = run->model;
    options->plan = (swe_mesh_output_plan){.formats = run->benchmark ? 0 : run->formats,
                                           .path_stem = run->output_stem,
                                           .outputs = run->outputs,
                                           .compression = run->compression,
                                           .t_end = run->t_end,
                                           .colour_range = options->colour_range,
                                           .history = run->history,
                                           .backend_prefix = "",
                                           .restart_path = run->restart_path};
}

static void print_scenarios(FILE *stream)
{
    fprintf(stream, "\nScenarios (--scenario; --set NAME=VALUE changes their parameters, which "
                    "--list-scenarios lists):\n");
    for (int k = 0; k < swe_mesh_scenario_count(); ++k) {
        const swe_mesh_scenario *scenario = swe_mesh_scenario_at(k);
        fprintf(stream, "  %-22s %s\n", scenario->name, scenario->title);
    }
}

static void set_defaults(void *context)
{
    swe_mesh_options *options = context;
    memset(options, 0, sizeof *options);
    options->model = swe_mesh_model_defaults(NULL, NULL);
}

const swe_application swe_mesh_application = {
    .name = "mesh",
    .title = "The shallow water equations on a GMSH triangle mesh: Roe fluxes, MUSCL "
             "reconstruction, wet/dry fronts, Manning friction.",
    .usage = "--mesh FILE.msh [options]",
    .setup = "scenario",
    .models = &swe_mesh_models,
    .options = mesh_options,
    .option_count = sizeof mesh_options / sizeof mesh_options[0],
    .defaults = set_defaults,
    .parse = parse,
    .complete = complete,
    .settle = settle,
    .print_help = print_scenarios,
};

int swe_mesh_options_parse(int argc, char **argv, swe_mesh_options *options, swe_error *err)
{
    if (options == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no options to parse into");
    }
    return swe_command_line_parse(&swe_mesh_application, NULL, options, argc, argv, &options->run,
                                  err);
}
