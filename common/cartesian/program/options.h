/* The command line: every option, its default, and its validation. */
#ifndef SWE_OPTIONS_H
#define SWE_OPTIONS_H

#include "cartesian/grid/backend.h"
#include "cartesian/io/output_set.h"
#include "cartesian/scenarios/scenario.h"
#include "core/error.h"
#include "run/extra_options.h"
#include "shallow_water/solver_names.h"

/* Most --gauge options of a run; the longest --output and history. */
enum { SWE_MAX_GAUGES = 64, SWE_MAX_PATH = 4096, SWE_MAX_HISTORY = 1024 };

enum swe_action {
    SWE_ACTION_RUN = 0,
    SWE_ACTION_HELP,
    SWE_ACTION_VERSION,
    SWE_ACTION_LIST_BACKENDS,
    SWE_ACTION_BACKEND_OPTION /* an action option of the backends (--list-devices) */
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
    int level;                         /* backend optimisation level; 0: its best */
    int outputs;                       /* snapshots after the initial one */
    const char *output_path;           /* files are PATH.nc etc. (output_stem below) */
    int benchmark;                     /* no files, timing only */
    int quiet;                         /* no progress lines */
    unsigned formats;                  /* enum swe_format flags; default netcdf */
    double checkpoint_every;           /* simulated seconds between checkpoints; 0: none */
    const char *restart_path;          /* checkpoint to continue from, or NULL */
    const char *bathymetry_path;       /* --scenario netcdf: bed elevation file */
    const char *displacement_path;     /* --scenario netcdf: initial surface displacement */
    const char *bathymetry_variable;   /* --bathymetry-var; NULL: by standard_name */
    const char *displacement_variable; /* --displacement-var */
    int compression;                   /* --compress: deflate/zlib level 0..9 */
    swe_range_choice colour_range;     /* --colour-range of the pictures */
    int gauge_count;                   /* --gauge X,Y, repeated */
    double gauge_x[SWE_MAX_GAUGES], gauge_y[SWE_MAX_GAUGES];
    int maxima; /* --maxima: max depth, speed, arrival time */
    double
        sample_every; /* --sample-every: seconds between gauge and maxima samples; 0: each step */
    char output_stem[SWE_MAX_PATH]; /* output_path without an extension */
    char history[SWE_MAX_HISTORY];  /* CF history: date and command line */
    /* The values of the options that the chosen backend and the program
     * declare for themselves, by slot (swe_backend_option); NULL: not
     * given. The core passes them on without reading them. */
    const char *backend_option_values[SWE_BACKEND_MAX_OPTIONS];
    const char *program_option_values[SWE_BACKEND_MAX_OPTIONS];
    const char *action_option; /* SWE_ACTION_BACKEND_OPTION: its name ("list-devices") */
    char warning[192];         /* one line for stderr before the run ("" when none) */
} swe_options;

/* Parses argv into options, filling scenario defaults for what is not
 * given; the options of program (NULL: none) and of every registered
 * backend are accepted besides the core's. An option of a backend that
 * was not chosen is refused naming the backends that have it. Returns
 * SWE_OK or SWE_ERROR_USAGE with a one-line message. */
int swe_options_parse_program(const swe_program_options *program, int argc, char **argv,
                              swe_options *options, swe_error *err);
/* The same for a program without options of its own. */
int swe_options_parse(int argc, char **argv, swe_options *options, swe_error *err);

/* Parses --format's comma list of format names into enum swe_format flags
 * (also shallows-ns's). */
int swe_parse_formats(const char *text, unsigned *formats, swe_error *err);

/* Prints --help: every option with its default, then the program's and
 * each backend's own options under their names. */
void swe_options_print_help(const char *program_path, const swe_program_options *program);

#endif
