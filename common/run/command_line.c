#include "run/command_line.h"

#include "io/compression.h"
#include "io/formats.h"
#include "io/output_guard.h"
#include "io/untrusted_file.h"
#include "run/command_options.h"
#include "run/history.h"
#include "run/option_refusal.h"
#include "run/option_values.h"

#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <string.h>

/* Most options of a command line: the shared ones, the application's,
 * the models' and the program's. */
enum { MAX_OPTIONS = 96 };

/* Every option of one parse, as getopt_long wants them, and what was given. */
typedef struct parse_state {
    const swe_application *application;
    const swe_program_options *program;
    void *context;
    swe_extra_option extras[SWE_MAX_EXTRA_OPTIONS];
    int extra_count;
    struct option all[MAX_OPTIONS + 1];
    char short_options[64];
    int t_end_given;
} parse_state;

static void set_defaults(swe_run_options *run)
{
    *run = (swe_run_options){.action = SWE_ACTION_RUN,
                             .backend_name = "serial",
                             .t_end = NAN,
                             .cfl = NAN,
                             .outputs = 10,
                             .formats = SWE_FORMAT_NETCDF,
                             .compression = SWE_DEFAULT_COMPRESSION};
}

/* getopt_long's table and short options: the shared, the application's,
 * the extras. */
static int list_options(parse_state *state, swe_error *err)
{
    int count = 0;
    char *shorts = state->short_options;
    for (int k = 0; k < swe_shared_option_count; ++k) {
        const swe_app_option *o = &swe_shared_options[k];
        state->all[count++] = (struct option){o->name, o->argument != NULL, NULL, o->id};
        if (o->short_name != 0) {
            shorts += sprintf(shorts, "%c%s", o->short_name, o->argument != NULL ? ":" : "");
        }
    }
    const swe_application *app = state->application;
    for (int k = 0; k < app->option_count; ++k) {
        const swe_app_option *o = &app->options[k];
        if (count == MAX_OPTIONS) {
            return swe_fail(err, SWE_ERROR_USAGE, "internal error: too many options");
        }
        int id = SWE_OPTION_APPLICATION + k;
        state->all[count++] = (struct option){o->name, o->argument != NULL, NULL, id};
        if (o->short_name != 0) {
            shorts += sprintf(shorts, "%c%s", o->short_name, o->argument != NULL ? ":" : "");
        }
    }
    for (int k = 0; k < state->extra_count; ++k) {
        if (count == MAX_OPTIONS) {
            return swe_fail(err, SWE_ERROR_USAGE, "internal error: too many options");
        }
        const swe_model_option *o = state->extras[k].option;
        state->all[count++] =
            (struct option){o->name, o->argument != NULL, NULL, SWE_OPTION_EXTRA + k};
    }
    state->all[count] = (struct option){0};
    return SWE_OK;
}

/* The app option of a getopt id or short letter. */
static const swe_app_option *application_option(const parse_state *state, int id)
{
    const swe_application *app = state->application;
    if (id >= SWE_OPTION_APPLICATION && id < SWE_OPTION_APPLICATION + app->option_count) {
        return &app->options[id - SWE_OPTION_APPLICATION];
    }
    for (int k = 0; id > 0 && id < 128 && k < app->option_count; ++k) {
        if (app->options[k].short_name == id) {
            return &app->options[k];
        }
    }
    return NULL;
}

static int parse_application(parse_state *state, const swe_app_option *option, const char *value,
                             swe_run_options *run, swe_error *err)
{
    if (option->action && run->action == SWE_ACTION_RUN) {
        run->action = SWE_ACTION_APPLICATION;
        run->application_action = option->id;
    }
    return state->application->parse(state->context, option->id, value, err);
}

static int parse_arguments(parse_state *state, int argc, char **argv, swe_run_options *run,
                           swe_error *err)
{
    opterr = 0; /* our own one-line messages instead of getopt's */
    optind = 1;
    int id;
    while ((id = getopt_long(argc, argv, state->short_options, state->all, NULL)) != -1) {
        int status;
        const swe_app_option *own = application_option(state, id);
        if (id != '?' && optarg != NULL && optind >= 2 && optarg == argv[optind - 1] &&
            strncmp(optarg, "--", 2) == 0) {
            /* `--output --quiet`: an option where a value belongs */
            return swe_fail(err, SWE_ERROR_USAGE, "option '%s' needs a value (see --help)",
                            argv[optind - 2]);
        }
        if (id == '?') {
            const char *given = optind > 0 && optind <= argc ? argv[optind - 1] : "?";
            if (given[0] == '-' && given[1] != '-' && optopt != 0 &&
                strchr(state->short_options, optopt) != NULL) {
                return swe_fail(err, SWE_ERROR_USAGE, "option '-%c' needs a value (see --help)",
                                optopt);
            }
            return swe_options_refuse(given, state->all, err);
        } else if (own != NULL) {
            status = parse_application(state, own, optarg, run, err);
        } else if (id >= SWE_OPTION_EXTRA) {
            state->extras[id - SWE_OPTION_EXTRA].given = optarg != NULL ? optarg : "";
            status = SWE_OK;
        } else {
            state->t_end_given |= id == SWE_OPTION_T_END;
            status = swe_shared_option_parse(id, optarg, run, err);
        }
        if (status != SWE_OK) {
            return status;
        }
    }
    return optind < argc ? swe_fail(err, SWE_ERROR_USAGE, "unexpected argument '%s' (see --help)",
                                    argv[optind])
                         : SWE_OK;
}

/* The checks of the shared options, once the application has filled in
 * its defaults. */
static int check_shared(const parse_state *state, swe_run_options *run, swe_error *err)
{
    if (run->steps > 0 && !run->benchmark) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--steps N times N steps and writes no files: add --benchmark");
    }
    if (run->steps > 0 && state->t_end_given) {
        return swe_fail(err, SWE_ERROR_USAGE, "give --t-end or --steps, not both");
    }
    if (!(run->t_end > 0)) {
        return swe_fail(err, SWE_ERROR_USAGE, "--t-end must be positive, got %g", run->t_end);
    }
    int status = swe_check_cfl(run->cfl, err);
    if (status != SWE_OK) {
        return status;
    }
    if (run->benchmark && (run->checkpoint_every > 0 || run->restart_path != NULL)) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "--benchmark writes no files: drop --checkpoint-every and --restart");
    }
    status = swe_output_stem(run->output_path, run->output_stem, sizeof run->output_stem, err);
    if (status == SWE_OK && !run->benchmark) {
        status = swe_output_place_check(run->output_stem, err);
    }
    if (status == SWE_OK && run->restart_path != NULL) {
        /* The file itself is read by the application, which knows its format. */
        double bytes = 0;
        status = swe_untrusted_file_check("checkpoint", run->restart_path,
                                          "give a checkpoint that --checkpoint-every wrote", &bytes,
                                          err);
    }
    return status;
}

/* The model of --backend in the application's registry, its level. */
static int choose_model(const parse_state *state, swe_run_options *run, swe_error *err)
{
    int status =
        swe_registry_lookup(state->application->models, run->backend_name, &run->table, err);
    if (status != SWE_OK) {
        return status;
    }
    const swe_model_table *table = run->table;
    if (run->model.level > table->levels) {
        return table->levels == 0
                   ? swe_fail(err, SWE_ERROR_USAGE, "backend '%s' has no optimisation levels",
                              table->model->name)
                   : swe_fail(err, SWE_ERROR_USAGE, "--level for backend '%s' must be 1 to %d",
                              table->model->name, table->levels);
    }
    return swe_extra_options_resolve(state->extras, state->extra_count, state->program,
                                     state->application->models, table, run, err);
}

int swe_command_line_parse(const swe_application *application, const swe_program_options *program,
                           void *context, int argc, char **argv, swe_run_options *run,
                           swe_error *err)
{
    if (application == NULL || application->parse == NULL || application->complete == NULL ||
        application->defaults == NULL || argv == NULL || argc < 1 || run == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no command line to parse");
    }
    application->defaults(context);
    set_defaults(run);
    static parse_state state; /* large; one parse at a time */
    memset(&state, 0, sizeof state);
    state = (parse_state){.application = application, .program = program, .context = context};
    int status = swe_extra_options_collect(program, application->models, state.extras,
                                           &state.extra_count, err);
    if (status == SWE_OK) {
        status = list_options(&state, err);
    }
    if (status == SWE_OK) {
        status = parse_arguments(&state, argc, argv, run, err);
    }
    if (status != SWE_OK) {
        return status;
    }
    swe_history_of(argc, argv, run->history, sizeof run->history);
    run->action_option = swe_extra_options_action(state.extras, state.extra_count);
    if (run->action == SWE_ACTION_RUN && run->action_option != NULL) {
        run->action = SWE_ACTION_MODEL;
    }
    if (run->action != SWE_ACTION_RUN) {
        return SWE_OK;
    }
    status = application->complete(context, run, err);
    if (status == SWE_OK) {
        status = check_shared(&state, run, err);
    }
    if (status == SWE_OK) {
        status = choose_model(&state, run, err);
    }
    if (status == SWE_OK && application->settle != NULL) {
        application->settle(context, run);
    }
    return status;
}
