/* The options of shallows-mesh. */
#include "mesh/run/mesh_cli.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    OPTION_MESH = 256,
    OPTION_SCENARIO,
    OPTION_BACKEND,
    OPTION_ORDERING,
    OPTION_SEED,
    OPTION_ORDER,
    OPTION_CFL,
    OPTION_MANNING,
    OPTION_VISCOSITY,
    OPTION_T_END,
    OPTION_SET,
    OPTION_THREADS,
    OPTION_CL_DEVICE,
    OPTION_OUTPUTS,
    OPTION_VTK,
    OPTION_NETCDF,
    OPTION_QUIET,
    OPTION_WRITE_SQUARE,
    OPTION_LIST_BACKENDS,
    OPTION_LIST_SCENARIOS,
    OPTION_HELP
};

static const struct option long_options[] = {
    {"mesh", required_argument, NULL, OPTION_MESH},
    {"scenario", required_argument, NULL, OPTION_SCENARIO},
    {"backend", required_argument, NULL, OPTION_BACKEND},
    {"ordering", required_argument, NULL, OPTION_ORDERING},
    {"seed", required_argument, NULL, OPTION_SEED},
    {"order", required_argument, NULL, OPTION_ORDER},
    {"cfl", required_argument, NULL, OPTION_CFL},
    {"manning", required_argument, NULL, OPTION_MANNING},
    {"viscosity", required_argument, NULL, OPTION_VISCOSITY},
    {"t-end", required_argument, NULL, OPTION_T_END},
    {"set", required_argument, NULL, OPTION_SET},
    {"threads", required_argument, NULL, OPTION_THREADS},
    {"cl-device", required_argument, NULL, OPTION_CL_DEVICE},
    {"outputs", required_argument, NULL, OPTION_OUTPUTS},
    {"vtk", required_argument, NULL, OPTION_VTK},
    {"netcdf", required_argument, NULL, OPTION_NETCDF},
    {"quiet", no_argument, NULL, OPTION_QUIET},
    {"write-square", required_argument, NULL, OPTION_WRITE_SQUARE},
    {"list-backends", no_argument, NULL, OPTION_LIST_BACKENDS},
    {"list-scenarios", no_argument, NULL, OPTION_LIST_SCENARIOS},
    {"help", no_argument, NULL, OPTION_HELP},
    {NULL, 0, NULL, 0}};

static void print_help(void)
{
    printf("usage: shallows-mesh [options]\n\n"
           "The shallow water equations on a GMSH triangle mesh (Roe fluxes, MUSCL).\n\n"
           "  --scenario NAME     the case (default partial-dam-break; --list-scenarios)\n"
           "  --mesh FILE         a .msh file, 2.2 or 4.1 (default: the scenario's\n"
           "                      committed mesh, common/mesh/geo/NAME.msh)\n"
           "  --backend NAME      serial, openmp, ... (default serial; --list-backends)\n"
           "  --ordering NAME     gmsh, random, rcm or rcm+edges (default gmsh)\n"
           "  --seed N            seed of the random ordering (default 1)\n"
           "  --order 1|2         first or second order (default: the scenario's)\n"
           "  --cfl C             in (0, 1], 001 eq. 16 (default: the scenario's)\n"
           "  --manning N         Manning's n, s/m^(1/3) (default: the scenario's)\n"
           "  --viscosity NU      eddy viscosity, m^2/s (default: the scenario's)\n"
           "  --t-end SECONDS     simulated time (default: the scenario's)\n"
           "  --set NAME=VALUE    a scenario parameter (repeatable)\n"
           "  --threads N         OpenMP threads (default: the runtime's)\n"
           "  --cl-device P:D     OpenCL platform and device (default: a GPU, else a CPU)\n"
           "  --outputs K         snapshots after the initial one (default 10)\n"
           "  --vtk STEM          write STEM_NNNN.vtu and STEM.pvd\n"
           "  --netcdf FILE       write FILE, UGRID 1.0\n"
           "  --quiet             no progress lines\n"
           "  --write-square N    write a 1000 m square of 2 N^2 triangles to --mesh FILE\n"
           "                      (GMSH 4.1 binary, for benchmarks without gmsh) and stop\n"
           "Ends with one 'summary:' line. Exit codes: 0 done, 1 the run failed, 2 bad input.\n");
}

static int parse_number(const char *text, const char *option, double *value, swe_error *err)
{
    char *end = NULL;
    errno = 0;
    double parsed = strtod(text, &end);
    if (end == text || *end != '\0' || errno != 0 || !isfinite(parsed)) {
        return swe_fail(err, SWE_ERROR_USAGE, "%s needs a finite number, got '%s'", option, text);
    }
    *value = parsed;
    return SWE_OK;
}

static int parse_whole(const char *text, const char *option, long low, long high, long *value,
                       swe_error *err)
{
    char *end = NULL;
    errno = 0;
    long parsed = strtol(text, &end, 10);
    if (end == text || *end != '\0' || errno != 0 || parsed < low || parsed > high) {
        return swe_fail(err, SWE_ERROR_USAGE, "%s needs a whole number in %ld..%ld, got '%s'",
                        option, low, high, text);
    }
    *value = parsed;
    return SWE_OK;
}

static int parse_set(const char *text, swe_mesh_scenario *scenario, swe_error *err)
{
    const char *equals = strchr(text, '=');
    char name[64];
    if (equals == NULL || equals == text || (size_t)(equals - text) >= sizeof name) {
        return swe_fail(err, SWE_ERROR_USAGE, "--set needs NAME=VALUE, got '%s'", text);
    }
    memcpy(name, text, (size_t)(equals - text));
    name[equals - text] = '\0';
    double value = 0;
    int status = parse_number(equals + 1, "--set", &value, err);
    return status == SWE_OK ? swe_mesh_scenario_set(scenario, name, value, err) : status;
}

static void list_backends(void)
{
    for (int k = 0; k < swe_mesh_backend_count(); ++k) {
        const swe_mesh_backend *backend = swe_mesh_backend_at(k);
        printf("%-8s %s\n", backend->name, backend->description);
    }
}

static void list_scenarios(void)
{
    for (int k = 0; k < swe_mesh_scenario_count(); ++k) {
        const swe_mesh_scenario *scenario = swe_mesh_scenario_at(k);
        printf("%-22s %s\n", scenario->name, scenario->title);
    }
}

enum { MAX_SETS = 16 };

typedef struct raw_options {
    const char *scenario, *mesh;
    const char *sets[MAX_SETS];
    int set_count;
} raw_options;

/* --order, --cfl, --manning, --viscosity, --t-end. */
static int parse_physics(int id, const char *value, swe_mesh_cli *cli, swe_error *err)
{
    swe_mesh_model_options *o = &cli->options;
    long whole = 0;
    int status = SWE_OK;
    switch (id) {
    case OPTION_ORDER:
        status = parse_whole(value, "--order", 1, 2, &whole, err);
        o->order = (int)whole;
        break;
    case OPTION_CFL:
        status = parse_number(value, "--cfl", &o->cfl, err);
        if (status == SWE_OK && !(o->cfl > 0 && o->cfl <= 1)) {
            status = swe_fail(err, SWE_ERROR_USAGE, "--cfl must lie in (0, 1], got %s", value);
        }
        break;
    case OPTION_MANNING:
    case OPTION_VISCOSITY: {
        double *target = id == OPTION_MANNING ? &o->manning : &o->viscosity;
        status =
            parse_number(value, id == OPTION_MANNING ? "--manning" : "--viscosity", target, err);
        if (status == SWE_OK && *target < 0) {
            status = swe_fail(err, SWE_ERROR_USAGE, "--manning and --viscosity must be >= 0");
        }
        break;
    }
    case OPTION_T_END:
        status = parse_number(value, "--t-end", &cli->t_end, err);
        if (status == SWE_OK && !(cli->t_end > 0)) {
            status = swe_fail(err, SWE_ERROR_USAGE, "--t-end must be positive, got %s", value);
        }
        break;
    default:
        break;
    }
    return status;
}

static int parse_option(int id, const char *value, swe_mesh_cli *cli, raw_options *raw,
                        swe_error *err)
{
    swe_mesh_model_options *o = &cli->options;
    long whole = 0;
    int status = SWE_OK;
    switch (id) {
    case OPTION_MESH:
        raw->mesh = value;
        break;
    case OPTION_SCENARIO:
        raw->scenario = value;
        break;
    case OPTION_BACKEND:
        o->backend = value;
        break;
    case OPTION_ORDERING:
        status = swe_mesh_ordering_parse(value, &o->ordering, err);
        break;
    case OPTION_SEED:
        status = parse_whole(value, "--seed", 0, 2147483647L, &whole, err);
        o->seed = (unsigned long long)whole;
        break;
    case OPTION_ORDER:
    case OPTION_CFL:
    case OPTION_MANNING:
    case OPTION_VISCOSITY:
    case OPTION_T_END:
        status = parse_physics(id, value, cli, err);
        break;
    case OPTION_SET:
        if (raw->set_count == MAX_SETS) {
            return swe_fail(err, SWE_ERROR_USAGE, "at most %d --set options", MAX_SETS);
        }
        raw->sets[raw->set_count++] = value;
        break;
    case OPTION_THREADS:
        status = parse_whole(value, "--threads", 1, 4096, &whole, err);
        o->device.threads = (int)whole;
        break;
    case OPTION_CL_DEVICE:
        o->device.cl_device = value;
        break;
    case OPTION_OUTPUTS:
        status = parse_whole(value, "--outputs", 1, 100000, &whole, err);
        cli->outputs = (int)whole;
        break;
    case OPTION_VTK:
        cli->vtk_stem = value;
        break;
    case OPTION_NETCDF:
        cli->netcdf_path = value;
        break;
    case OPTION_QUIET:
        cli->quiet = 1;
        break;
    case OPTION_WRITE_SQUARE:
        status = parse_whole(value, "--write-square", 1, 20000, &whole, err);
        cli->write_square = (int)whole;
        break;
    default:
        status = swe_fail(err, SWE_ERROR_USAGE, "unknown option (see --help)");
    }
    return status;
}

/* The scenario, its parameters and the default mesh. */
static int settle(swe_mesh_cli *cli, const raw_options *raw, swe_error *err)
{
    const char *name = raw->scenario != NULL ? raw->scenario : "partial-dam-break";
    const swe_mesh_scenario *scenario = swe_mesh_scenario_find(name);
    if (scenario == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "unknown scenario '%s' (see --list-scenarios)", name);
    }
    cli->scenario = *scenario;
    for (int k = 0; k < raw->set_count; ++k) {
        int status = parse_set(raw->sets[k], &cli->scenario, err);
        if (status != SWE_OK) {
            return status;
        }
    }
    cli->options.scenario = &cli->scenario;
    if (raw->mesh != NULL) {
        cli->options.mesh_path = raw->mesh;
    } else {
        snprintf(cli->default_mesh, sizeof cli->default_mesh, "common/mesh/geo/%s.msh",
                 scenario->mesh);
        cli->options.mesh_path = cli->default_mesh;
    }
    cli->t_end = cli->t_end > 0 ? cli->t_end : scenario->t_end;
    return SWE_OK;
}

int swe_mesh_cli_parse(int argc, char **argv, swe_mesh_cli *cli, swe_error *err)
{
    memset(cli, 0, sizeof *cli);
    cli->options = swe_mesh_model_defaults(NULL, NULL);
    cli->outputs = 10;
    raw_options raw = {0};
    optind = 1;
    opterr = 0;
    int id;
    while ((id = getopt_long(argc, argv, "", long_options, NULL)) != -1) {
        if (id == OPTION_HELP || id == OPTION_LIST_BACKENDS || id == OPTION_LIST_SCENARIOS) {
            id == OPTION_HELP ? print_help()
                              : (id == OPTION_LIST_BACKENDS ? list_backends() : list_scenarios());
            cli->done = 1;
            return SWE_OK;
        }
        if (id == '?' || id == ':') {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "unknown option or missing value in '%s' "
                            "(see --help)",
                            argv[optind - 1]);
        }
        int status = parse_option(id, optarg, cli, &raw, err);
        if (status != SWE_OK) {
            return status;
        }
    }
    if (optind < argc) {
        return swe_fail(err, SWE_ERROR_USAGE, "unexpected argument '%s' (see --help)",
                        argv[optind]);
    }
    return settle(cli, &raw, err);
}
