#include "ns/program/ns_options.h"
#include "run/option_values.h"

#include "ns/io/ns_output.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Largest cells along an axis accepted from the command line. */
enum { NS_MAX_RESOLUTION = 1 << 16 };

enum option_id {
    OPTION_CASE = 256,
    OPTION_RESOLUTION,
    OPTION_REYNOLDS,
    OPTION_T_END,
    OPTION_STEPS,
    OPTION_DT,
    OPTION_CFL,
    OPTION_CG_TOLERANCE,
    OPTION_OBSTACLES,
    OPTION_BACKEND,
    OPTION_LEVEL,
    OPTION_THREADS,
    OPTION_OUTPUTS,
    OPTION_OUTPUT,
    OPTION_FORMAT,
    OPTION_CHECKPOINT_EVERY,
    OPTION_RESTART,
    OPTION_BENCHMARK,
    OPTION_QUIET,
    OPTION_PROFILE,
    OPTION_LIST_BACKENDS,
    OPTION_LIST_CASES,
    OPTION_VERSION,
    OPTION_HELP
};

static const struct option long_options[] = {
    {"case", required_argument, NULL, OPTION_CASE},
    {"resolution", required_argument, NULL, OPTION_RESOLUTION},
    {"reynolds", required_argument, NULL, OPTION_REYNOLDS},
    {"t-end", required_argument, NULL, OPTION_T_END},
    {"steps", required_argument, NULL, OPTION_STEPS},
    {"dt", required_argument, NULL, OPTION_DT},
    {"cfl", required_argument, NULL, OPTION_CFL},
    {"cg-tolerance", required_argument, NULL, OPTION_CG_TOLERANCE},
    {"obstacles", required_argument, NULL, OPTION_OBSTACLES},
    {"backend", required_argument, NULL, OPTION_BACKEND},
    {"level", required_argument, NULL, OPTION_LEVEL},
    {"threads", required_argument, NULL, OPTION_THREADS},
    {"outputs", required_argument, NULL, OPTION_OUTPUTS},
    {"output", required_argument, NULL, OPTION_OUTPUT},
    {"format", required_argument, NULL, OPTION_FORMAT},
    {"checkpoint-every", required_argument, NULL, OPTION_CHECKPOINT_EVERY},
    {"restart", required_argument, NULL, OPTION_RESTART},
    {"benchmark", no_argument, NULL, OPTION_BENCHMARK},
    {"quiet", no_argument, NULL, OPTION_QUIET},
    {"profile", no_argument, NULL, OPTION_PROFILE},
    {"list-backends", no_argument, NULL, OPTION_LIST_BACKENDS},
    {"list-cases", no_argument, NULL, OPTION_LIST_CASES},
    {"version", no_argument, NULL, OPTION_VERSION},
    {"help", no_argument, NULL, OPTION_HELP},
    {NULL, 0, NULL, 0}};

void ns_options_print_help(FILE *stream, const char *program_path)
{
    fprintf(stream,
            "usage: %s [options]\n\n"
            "Solves the 3D incompressible Navier-Stokes equations on a staggered grid: QUICK and\n"
            "Adams-Bashforth 2, an FFT-preconditioned conjugate-gradient pressure solve.\n\n",
            program_path);
    fprintf(stream, "  --case NAME         the flow (default cavity):\n");
    for (int c = 0; c < ns_case_count(); ++c) {
        fprintf(stream, "                        %-17s %s\n", ns_case_at(c)->name,
                ns_case_at(c)->description);
    }
    fprintf(
        stream,
        "  --resolution N      cells along the case's unit length (default: the case's,\n"
        "                      64 for cavity)\n"
        "  --reynolds RE       Reynolds number (default: the case's: taylor-green 10,\n"
        "                      cavity 100, channel-obstacle 100; kelvin-helmholtz has water's)\n"
        "  --t-end SECONDS     simulated time to reach (default: the case's, 20 s for cavity)\n"
        "  --dt SECONDS        a fixed time step, refused beyond the stability limit\n"
        "                      (default: --cfl times that limit, every step)\n"
        "  --steps N           run N steps of --dt (t-end = N dt), for benchmarks\n"
        "  --cfl C             fraction of the stability limit, in (0, 1] (default 0.5)\n"
        "  --cg-tolerance TOL  relative residual of the pressure solve (default 1e-6 in\n"
        "                      single precision, 1e-10 in double)\n"
        "  --obstacles FILE    solid cells from a PGM picture over x-y, through the height\n"
        "                      (default none)\n"
        "  --backend NAME      serial, openmp or cuda (default serial; see --list-backends)\n"
        "  --level N           the backend's momentum kernel level (default: its best)\n"
        "  --threads N         threads of the openmp backend (default: OpenMP's)\n"
        "  --outputs K         snapshots written after the initial one (default 10)\n"
        "  --output PATH       write PATH.nc, PATH_NNNN.vti, PATH.pvd, PATH_NNNN.png\n"
        "                      (default: the case's name)\n"
        "  --format LIST       comma list of netcdf, vtk, png (default netcdf)\n"
        "  --checkpoint-every SECONDS\n"
        "                      write PATH.checkpoint each time the simulated time passes a\n"
        "                      multiple of SECONDS (default: no checkpoints)\n"
        "  --restart FILE      continue the run saved in checkpoint FILE; give the same\n"
        "                      case, resolution, physics, t-end and outputs\n"
        "  --benchmark         no files, timing only\n"
        "  --quiet             no progress lines (errors still print)\n"
        "  --profile           time the stages of a step and the momentum kernel alone\n"
        "  --list-backends     the backends built in, their levels and agreement\n"
        "  --list-cases        the cases and their defaults\n"
        "  --version, --help\n\n"
        "Exit status: 0 done, 1 the run failed (an invalid state, a file), 2 bad input.\n");
}

static int parse_number(const char *text, const char *option, double *value, swe_error *err)
{
    char *end = NULL;
    errno = 0;
    double parsed = strtod(text, &end);
    if (errno != 0 || end == text || *end != '\0' || !isfinite(parsed)) {
        return swe_fail(err, SWE_ERROR_USAGE, "%s needs a number, got '%s'", option, text);
    }
    *value = parsed;
    return SWE_OK;
}

static int parse_positive(const char *text, const char *option, double *value, swe_error *err)
{
    int status = parse_number(text, option, value, err);
    return status != SWE_OK || *value > 0.0
               ? status
               : swe_fail(err, SWE_ERROR_USAGE, "%s must be positive, got %s", option, text);
}

/* A whole number in [1, max]. */
static int parse_count(const char *text, const char *option, long max, long *value, swe_error *err)
{
    char *end = NULL;
    errno = 0;
    long parsed = strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0') {
        return swe_fail(err, SWE_ERROR_USAGE, "%s needs a whole number, got '%s'", option, text);
    }
    if (parsed < 1 || parsed > max) {
        return swe_fail(err, SWE_ERROR_USAGE, "%s must be between 1 and %ld, got %ld", option, max,
                        parsed);
    }
    *value = parsed;
    return SWE_OK;
}

static int parse_int(const char *text, const char *option, int max, int *value, swe_error *err)
{
    long parsed = 0;
    int status = parse_count(text, option, max, &parsed, err);
    *value = (int)parsed;
    return status;
}

/* The case, its physics and the solver's numbers. */
static int parse_physics(int id, const char *value, ns_options *o, swe_error *err)
{
    ns_parameters *p = &o->settings.parameters;
    switch (id) {
    case OPTION_CASE:
        o->kase = ns_case_named(value, err);
        return o->kase != NULL ? SWE_OK : SWE_ERROR_USAGE;
    case OPTION_RESOLUTION:
        return parse_int(value, "--resolution", NS_MAX_RESOLUTION, &o->settings.resolution, err);
    case OPTION_REYNOLDS:
        return parse_positive(value, "--reynolds", &o->settings.reynolds, err);
    case OPTION_T_END:
        return parse_positive(value, "--t-end", &o->t_end, err);
    case OPTION_STEPS:
        return parse_count(value, "--steps", LONG_MAX / 2, &o->steps, err);
    case OPTION_DT:
        return parse_positive(value, "--dt", &p->fixed_dt, err);
    case OPTION_CFL:
        return parse_number(value, "--cfl", &p->cfl, err) != SWE_OK || !(p->cfl > 0 && p->cfl <= 1)
                   ? swe_fail(err, SWE_ERROR_USAGE, "--cfl must be in (0, 1], got '%s'", value)
                   : SWE_OK;
    case OPTION_CG_TOLERANCE:
        return parse_number(value, "--cg-tolerance", &p->cg_tolerance, err) != SWE_OK ||
                       !(p->cg_tolerance > 0 && p->cg_tolerance < 1)
                   ? swe_fail(err, SWE_ERROR_USAGE, "--cg-tolerance must be in (0, 1), got '%s'",
                              value)
                   : SWE_OK;
    case OPTION_OBSTACLES:
        o->settings.obstacles = value;
        return SWE_OK;
    default:
        return SWE_ERROR_RUNTIME; /* not one of these */
    }
}

/* The backend, the files and what the run prints. */
static int parse_run(int id, const char *value, ns_options *o, swe_error *err)
{
    switch (id) {
    case OPTION_BACKEND:
        o->settings.backend = value;
        return SWE_OK;
    case OPTION_LEVEL:
        return parse_int(value, "--level", 99, &o->settings.parameters.level, err);
    case OPTION_THREADS:
        return parse_int(value, "--threads", 4096, &o->settings.parameters.threads, err);
    case OPTION_OUTPUTS:
        return parse_int(value, "--outputs", 9999, &o->outputs, err);
    case OPTION_OUTPUT:
        o->output_path = value;
        return value[0] != '\0' ? SWE_OK
                                : swe_fail(err, SWE_ERROR_USAGE, "--output needs a file path");
    case OPTION_FORMAT: {
        unsigned formats = 0;
        int status = swe_parse_formats(value, &formats, err);
        o->formats = (int)formats;
        return status;
    }
    case OPTION_CHECKPOINT_EVERY:
        return parse_positive(value, "--checkpoint-every", &o->checkpoint_every, err);
    case OPTION_RESTART:
        o->restart_path = value;
        return SWE_OK;
    default:
        return SWE_ERROR_RUNTIME;
    }
}

static int parse_one(int id, const char *value, ns_options *o, swe_error *err)
{
    switch (id) {
    case OPTION_BENCHMARK:
        o->benchmark = 1;
        return SWE_OK;
    case OPTION_QUIET:
        o->quiet = 1;
        return SWE_OK;
    case OPTION_PROFILE:
        o->settings.parameters.profile = 1;
        return SWE_OK;
    case OPTION_LIST_BACKENDS:
    case OPTION_LIST_CASES:
    case OPTION_VERSION:
    case OPTION_HELP:
        o->action = id == OPTION_LIST_BACKENDS ? NS_ACTION_LIST_BACKENDS
                    : id == OPTION_LIST_CASES  ? NS_ACTION_LIST_CASES
                    : id == OPTION_VERSION     ? NS_ACTION_VERSION
                                               : NS_ACTION_HELP;
        return SWE_OK;
    default:
        break;
    }
    int status = parse_physics(id, value, o, err);
    return status != SWE_ERROR_RUNTIME ? status : parse_run(id, value, o, err);
}

/* What depends on more than one option, or on the case and backend. */
static int check_combination(const ns_options *o, swe_error *err)
{
    const ns_backend *backend = ns_backend_find(o->settings.backend);
    if (backend == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "backend '%s' is not built into this program (see --list-backends)",
                        o->settings.backend);
    }
    int level = o->settings.parameters.level;
    if (level > 0 && level > (backend->levels > 0 ? backend->levels : 0)) {
        return backend->levels == 0
                   ? swe_fail(err, SWE_ERROR_USAGE, "backend '%s' has no optimisation levels",
                              backend->name)
                   : swe_fail(err, SWE_ERROR_USAGE, "--level for backend '%s' must be 1 to %d",
                              backend->name, backend->levels);
    }
    if (o->settings.parameters.threads > 0 && strcmp(backend->name, "openmp") != 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "--threads is an option of backend openmp, not %s",
                        backend->name);
    }
    if (o->steps > 0 && !(o->settings.parameters.fixed_dt > 0.0)) {
        return swe_fail(err, SWE_ERROR_USAGE, "--steps N runs N steps of a fixed --dt: give --dt");
    }
    if (o->benchmark && (o->checkpoint_every > 0 || o->restart_path != NULL)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--benchmark writes no files: drop --checkpoint-every and --restart");
    }
    return SWE_OK;
}

/* Fills what was not given from the case, then checks the combination. */
static int complete(ns_options *o, int t_end_given, swe_error *err)
{
    if (o->steps > 0 && t_end_given) {
        return swe_fail(err, SWE_ERROR_USAGE, "give --t-end or --steps, not both");
    }
    int status = check_combination(o, err);
    if (status != SWE_OK) {
        return status;
    }
    if (o->steps > 0) {
        o->t_end = (double)o->steps * o->settings.parameters.fixed_dt;
    } else if (!t_end_given) {
        o->t_end = o->kase->default_end_time;
    }
    if (o->output_path == NULL) {
        o->output_path = o->kase->name;
    }
    return SWE_OK;
}

int ns_options_parse(int argc, char **argv, ns_options *o, swe_error *err)
{
    if (o == NULL || argv == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no options to parse");
    }
    *o = (ns_options){.action = NS_ACTION_RUN,
                      .kase = ns_case_find("cavity"),
                      .settings = {.backend = "serial"},
                      .outputs = 10,
                      .formats = SWE_FORMAT_NETCDF};
    opterr = 0; /* our own one-line messages instead of getopt's */
    optind = 1;
    int id, t_end_given = 0;
    while ((id = getopt_long(argc, argv, "", long_options, NULL)) != -1) {
        if (id == '?') {
            const char *given = optind > 0 && optind <= argc ? argv[optind - 1] : "?";
            return swe_fail(err, SWE_ERROR_USAGE,
                            optopt != 0 ? "option '%s' needs a value (see --help)"
                                        : "unknown option '%s' (see --help)",
                            given);
        }
        t_end_given |= id == OPTION_T_END;
        int status = parse_one(id, optarg, o, err);
        if (status != SWE_OK) {
            return status;
        }
    }
    if (optind < argc) {
        return swe_fail(err, SWE_ERROR_USAGE, "unexpected argument '%s' (see --help)",
                        argv[optind]);
    }
    return o->action == NS_ACTION_RUN ? complete(o, t_end_given, err) : SWE_OK;
}
