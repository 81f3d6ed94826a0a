/* The options every program shares: their help lines and their values. */
#include "io/compression.h"
#include "run/command_options.h"
#include "run/option_values.h"

#include <limits.h>

const swe_app_option swe_shared_options[] = {
    {"backend", 'b', "NAME", "the programming model (default serial; see --list-backends)",
     SWE_OPTION_BACKEND, 0},
    {"level", 0, "N",
     "the model's optimisation level, for models that teach in steps (default: its best)",
     SWE_OPTION_LEVEL, 0},
    {"t-end", 't', "SECONDS", "simulated time to reach (default: the {setup}'s)", SWE_OPTION_T_END,
     0},
    {"steps", 0, "N",
     "take exactly N time steps, then stop (a timing run: with --benchmark; default: to "
     "--t-end)",
     SWE_OPTION_STEPS, 0},
    {"cfl", 0, "C", "the CFL number, in (0, 1] (default: the {setup}'s)", SWE_OPTION_CFL, 0},
    {"outputs", 0, "K", "snapshots written after the initial one (default 10)", SWE_OPTION_OUTPUTS,
     0},
    {"output", 'o', "PATH",
     "write PATH.nc, PATH.pvd with a VTK file per snapshot, PATH_NNNN.png; a name ending in "
     ".nc, .pvd or .png means the same PATH (default: the name of the {setup})",
     SWE_OPTION_OUTPUT, 0},
    {"format", 'f', "LIST", "comma list of netcdf, vtk, png (default netcdf)", SWE_OPTION_FORMAT,
     0},
    {"compress", 0, "N",
     "deflate (NetCDF, with the shuffle) and zlib (VTK) level, 0 (none) to 9 (default 1)",
     SWE_OPTION_COMPRESS, 0},
    {"checkpoint-every", 0, "SECONDS",
     "write a checkpoint each time the simulated time passes a multiple of SECONDS "
     "(default: none)",
     SWE_OPTION_CHECKPOINT_EVERY, 0},
    {"restart", 0, "FILE",
     "continue the run saved in checkpoint FILE; give the options of the run that wrote it",
     SWE_OPTION_RESTART, 0},
    {"benchmark", 0, NULL, "no files, timing only", SWE_OPTION_BENCHMARK, 0},
    {"quiet", 'q', NULL, "no progress lines (errors still print)", SWE_OPTION_QUIET, 0},
    {"list-backends", 0, NULL, "list the programming models built into this program",
     SWE_OPTION_LIST_BACKENDS, 1},
    {"version", 'V', NULL, "print the version and the libraries built in", SWE_OPTION_VERSION, 1},
    {"help", 'h', NULL, "print this help", SWE_OPTION_HELP, 1},
};

const int swe_shared_option_count = sizeof swe_shared_options / sizeof swe_shared_options[0];

/* The options that replace a run by something else. */
static int parse_action(int id, swe_run_options *run, swe_error *err)
{
    enum swe_action action = id == SWE_OPTION_LIST_BACKENDS ? SWE_ACTION_LIST_BACKENDS
                             : id == SWE_OPTION_VERSION     ? SWE_ACTION_VERSION
                             : id == SWE_OPTION_HELP        ? SWE_ACTION_HELP
                                                            : SWE_ACTION_RUN;
    if (action == SWE_ACTION_RUN) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: option %d has no parser", id);
    }
    run->action = action;
    return SWE_OK;
}

/* The options of the files a run reads and writes. */
static int parse_file_option(int id, const char *value, swe_run_options *run, swe_error *err)
{
    switch (id) {
    case SWE_OPTION_OUTPUT:
        run->output_path = value;
        return SWE_OK;
    case SWE_OPTION_FORMAT:
        return swe_parse_formats(value, &run->formats, err);
    case SWE_OPTION_COMPRESS:
        return swe_parse_int(value, "--compress", 0, SWE_MAX_COMPRESSION, &run->compression, err);
    case SWE_OPTION_CHECKPOINT_EVERY:
        return swe_parse_positive(value, "--checkpoint-every", &run->checkpoint_every, err);
    case SWE_OPTION_RESTART:
        run->restart_path = value;
        return SWE_OK;
    default:
        return parse_action(id, run, err);
    }
}

int swe_shared_option_parse(int id, const char *value, swe_run_options *run, swe_error *err)
{
    switch (id) {
    case SWE_OPTION_BACKEND:
        run->backend_name = value;
        return SWE_OK;
    case SWE_OPTION_LEVEL:
        return swe_parse_int(value, "--level", 1, 99, &run->model.level, err);
    case SWE_OPTION_T_END:
        return swe_parse_positive(value, "--t-end", &run->t_end, err);
    case SWE_OPTION_STEPS:
        return swe_parse_count(value, "--steps", 1, LONG_MAX / 2, &run->steps, err);
    case SWE_OPTION_CFL:
        return swe_parse_cfl(value, &run->cfl, err);
    case SWE_OPTION_OUTPUTS:
        return swe_parse_int(value, "--outputs", 1, 100000, &run->outputs, err);
    case SWE_OPTION_BENCHMARK:
        run->benchmark = 1;
        return SWE_OK;
    case SWE_OPTION_QUIET:
        run->quiet = 1;
        return SWE_OK;
    default:
        return parse_file_option(id, value, run, err);
    }
}
