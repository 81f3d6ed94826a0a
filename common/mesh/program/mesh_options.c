/* The options of a triangle run: a table of the program's own, then the
 * options every backend declares (swe_mesh_backend_option). */
#include "mesh/program/mesh_options.h"

#include "io/compression.h"
#include "mesh/program/mesh_option_values.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const struct option program_options[] = {
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
    {"outputs", required_argument, NULL, OPTION_OUTPUTS},
    {"output", required_argument, NULL, OPTION_OUTPUT},
    {"format", required_argument, NULL, OPTION_FORMAT},
    {"compress", required_argument, NULL, OPTION_COMPRESS},
    {"benchmark", no_argument, NULL, OPTION_BENCHMARK},
    {"quiet", no_argument, NULL, OPTION_QUIET},
    {"checkpoint-every", required_argument, NULL, OPTION_CHECKPOINT_EVERY},
    {"restart", required_argument, NULL, OPTION_RESTART},
    {"write-square", required_argument, NULL, OPTION_WRITE_SQUARE},
    {"list-backends", no_argument, NULL, OPTION_LIST_BACKENDS},
    {"list-scenarios", no_argument, NULL, OPTION_LIST_SCENARIOS},
    {"list-devices", no_argument, NULL, OPTION_LIST_DEVICES},
    {"version", no_argument, NULL, OPTION_VERSION},
    {"help", no_argument, NULL, OPTION_HELP}};

enum {
    PROGRAM_OPTION_COUNT = sizeof program_options / sizeof program_options[0],
    MAX_BACKEND_OPTIONS = 16,
    MAX_SETS = 16
};

/* The backends' options: each name once, with every backend declaring it. */
typedef struct backend_options {
    int count;
    const char *name[MAX_BACKEND_OPTIONS];
    const char *value[MAX_BACKEND_OPTIONS]; /* given; NULL: not */
    struct option table[PROGRAM_OPTION_COUNT + MAX_BACKEND_OPTIONS + 1];
} backend_options;

static void collect_backend_options(backend_options *own)
{
    memset(own, 0, sizeof *own);
    memcpy(own->table, program_options, sizeof program_options);
    for (int b = 0; b < swe_mesh_backend_count(); ++b) {
        const swe_mesh_backend *backend = swe_mesh_backend_at(b);
        for (int o = 0; o < backend->option_count && own->count < MAX_BACKEND_OPTIONS; ++o) {
            const char *name = backend->options[o].name;
            int known = 0;
            for (int k = 0; k < own->count; ++k) {
                known = known || strcmp(own->name[k], name) == 0;
            }
            if (!known) {
                own->table[PROGRAM_OPTION_COUNT + own->count] =
                    (struct option){name, required_argument, NULL, OPTION_BACKEND_OWN + own->count};
                own->name[own->count++] = name;
            }
        }
    }
}

typedef struct raw_options {
    const char *scenario, *formats;
    const char *sets[MAX_SETS];
    int set_count;
} raw_options;

static int parse_action(int id, swe_mesh_options *options)
{
    switch (id) {
    case OPTION_HELP:
        options->action = SWE_MESH_ACTION_HELP;
        return 1;
    case OPTION_VERSION:
        options->action = SWE_MESH_ACTION_VERSION;
        return 1;
    case OPTION_LIST_BACKENDS:
        options->action = SWE_MESH_ACTION_LIST_BACKENDS;
        return 1;
    case OPTION_LIST_SCENARIOS:
        options->action = SWE_MESH_ACTION_LIST_SCENARIOS;
        return 1;
    case OPTION_LIST_DEVICES:
        options->action = SWE_MESH_ACTION_LIST_DEVICES;
        return 1;
    default:
        return 0;
    }
}

static int parse_run_option(int id, const char *value, swe_mesh_options *options, raw_options *raw,
                            swe_error *err)
{
    switch (id) {
    case OPTION_SCENARIO:
        raw->scenario = value;
        return SWE_OK;
    case OPTION_FORMAT:
        raw->formats = value;
        return SWE_OK;
    case OPTION_SET:
        if (raw->set_count == MAX_SETS) {
            return swe_fail(err, SWE_ERROR_USAGE, "at most %d --set options", MAX_SETS);
        }
        raw->sets[raw->set_count++] = value;
        return SWE_OK;
    case OPTION_WRITE_SQUARE:
        options->action = SWE_MESH_ACTION_WRITE_SQUARE;
        return swe_mesh_parse_whole(value, "--write-square", 1, 20000, &options->square, err);
    default:
        return swe_mesh_parse_value(id, value, options, err);
    }
}

/* A backend's own option is the chosen backend's, or refused naming whose
 * it is. */
static int apply_backend_options(const backend_options *own, swe_mesh_options *options,
                                 swe_error *err)
{
    const char *chosen = options->model.backend != NULL ? options->model.backend : "serial";
    const swe_mesh_backend *backend = swe_mesh_backend_find(chosen);
    for (int k = 0; k < own->count; ++k) {
        if (own->value[k] == NULL) {
            continue;
        }
        const swe_mesh_backend_option *declared = NULL;
        for (int o = 0; backend != NULL && o < backend->option_count; ++o) {
            declared = strcmp(backend->options[o].name, own->name[k]) == 0 ? &backend->options[o]
                                                                           : declared;
        }
        if (declared == NULL) {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "--%s is an option of another backend, not of '%s' (see --help)",
                            own->name[k], chosen);
        }
        int status = declared->apply(&options->model.device, own->value[k], err);
        if (status != SWE_OK) {
            return status;
        }
    }
    return SWE_OK;
}

static int parse_arguments(int argc, char **argv, swe_mesh_options *options, raw_options *raw,
                           backend_options *own, swe_error *err)
{
    optind = 1;
    opterr = 0;
    int id;
    while ((id = getopt_long(argc, argv, "", own->table, NULL)) != -1) {
        if (parse_action(id, options)) {
            return SWE_OK;
        }
        if (id == '?' || id == ':') {
            return swe_fail(err, SWE_ERROR_USAGE,
                            "unknown option or missing value in '%s' (see --mesh FILE --help)",
                            argv[optind - 1]);
        }
        int status = id >= OPTION_BACKEND_OWN
                         ? (own->value[id - OPTION_BACKEND_OWN] = optarg, SWE_OK)
                         : parse_run_option(id, optarg, options, raw, err);
        if (status != SWE_OK) {
            return status;
        }
    }
    if (optind < argc) {
        return swe_fail(err, SWE_ERROR_USAGE, "unexpected argument '%s' (see --help)",
                        argv[optind]);
    }
    return SWE_OK;
}

int swe_mesh_options_parse(int argc, char **argv, swe_mesh_options *options, swe_error *err)
{
    if (argv == NULL || argc < 1 || options == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: nothing to parse");
    }
    memset(options, 0, sizeof *options);
    options->model = swe_mesh_model_defaults(NULL, NULL);
    options->plan.outputs = 10;
    options->plan.compression = SWE_DEFAULT_COMPRESSION;
    raw_options raw = {0};
    static backend_options own; /* large; one parse at a time */
    collect_backend_options(&own);
    int status = parse_arguments(argc, argv, options, &raw, &own, err);
    if (status != SWE_OK || options->action != SWE_MESH_ACTION_RUN) {
        return status;
    }
    status = apply_backend_options(&own, options, err);
    if (status == SWE_OK) {
        status = swe_mesh_settle_options(options, raw.scenario, raw.sets, raw.set_count,
                                         raw.formats, err);
    }
    return status;
}
