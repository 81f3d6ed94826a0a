#include "ns/program/ns_options.h"

#include "ns/cases/ns_mask.h"
#include "ns/model/ns_model.h"
#include "run/option_values.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Largest cells along an axis accepted from the command line. */
enum { NS_MAX_RESOLUTION = 1 << 16 };

/* The CFL number of a run that gives none: half the stability limit. */
#define NS_DEFAULT_CFL 0.5

enum option_id {
    OPTION_CASE,
    OPTION_RESOLUTION,
    OPTION_REYNOLDS,
    OPTION_DT,
    OPTION_CG_TOLERANCE,
    OPTION_OBSTACLES,
    OPTION_PROFILE,
    OPTION_LIST_CASES = NS_ACTION_LIST_CASES
};

static const swe_app_option ns_option_table[] = {
    {"case", 0, "NAME", "the flow (default cavity; --list-cases)", OPTION_CASE, 0},
    {"resolution", 0, "N",
     "cells along the case's unit length (default: the case's, 64 for cavity)", OPTION_RESOLUTION,
     0},
    {"reynolds", 0, "RE",
     "Reynolds number (default: the case's: taylor-green 10, cavity 100, channel-obstacle 100; "
     "kelvin-helmholtz has water's)",
     OPTION_REYNOLDS, 0},
    {"dt", 0, "SECONDS",
     "a fixed time step, refused beyond the stability limit (default: --cfl times that limit, "
     "every step)",
     OPTION_DT, 0},
    {"cg-tolerance", 0, "TOL",
     "relative residual of the pressure solve (default 1e-6 in single precision, 1e-10 in "
     "double)",
     OPTION_CG_TOLERANCE, 0},
    {"obstacles", 0, "FILE",
     "solid cells from a PNG or PGM picture over x-y, through the height (default none)",
     OPTION_OBSTACLES, 0},
    {"profile", 0, NULL, "time the stages of a step and the momentum kernel alone", OPTION_PROFILE,
     0},
    {"list-cases", 0, NULL, "list the cases and their defaults", OPTION_LIST_CASES, 1},
};

static int parse(void *context, int id, const char *value, swe_error *err)
{
    ns_options *o = context;
    ns_parameters *p = &o->settings.parameters;
    switch (id) {
    case OPTION_CASE:
        o->kase = ns_case_named(value, err);
        return o->kase != NULL ? SWE_OK : SWE_ERROR_USAGE;
    case OPTION_RESOLUTION:
        return swe_parse_int(value, "--resolution", 1, NS_MAX_RESOLUTION, &o->settings.resolution,
                             err);
    case OPTION_REYNOLDS:
        return swe_parse_positive(value, "--reynolds", &o->settings.reynolds, err);
    case OPTION_DT:
        return swe_parse_positive(value, "--dt", &p->fixed_dt, err);
    case OPTION_CG_TOLERANCE: {
        int status = swe_parse_number(value, "--cg-tolerance", &p->cg_tolerance, err);
        return status != SWE_OK || (p->cg_tolerance > 0 && p->cg_tolerance < 1)
                   ? status
                   : swe_fail(err, SWE_ERROR_USAGE, "--cg-tolerance must be in (0, 1), got %s",
                              value);
    }
    case OPTION_OBSTACLES:
        o->settings.obstacles = value;
        return SWE_OK;
    case OPTION_PROFILE:
        p->profile = 1;
        return SWE_OK;
    case OPTION_LIST_CASES:
        return SWE_OK;
    default:
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: option %d has no parser", id);
    }
}

/* A fixed --dt must reach --t-end in a number of steps a run can take: a
 * --dt of 1e-12 s would take 2e13 steps, a run that never ends. */
static int check_step_count(const ns_options *o, const swe_run_options *run, swe_error *err)
{
    double dt = o->settings.parameters.fixed_dt;
    if (!(dt > 0) || run->steps > 0 || run->t_end / dt <= NS_MAX_STEPS) {
        return SWE_OK;
    }
    return swe_fail(err, SWE_ERROR_USAGE,
                    "--dt %g takes %.3g steps to --t-end %g, more than %.0e: give a larger --dt "
                    "or a shorter --t-end",
                    dt, run->t_end / dt, run->t_end, NS_MAX_STEPS);
}

/* Fills what was not given from the case; checks what depends on it and
 * the obstacle picture, before any program starts its run (under MPI: on
 * every rank). */
static int complete(void *context, swe_run_options *run, swe_error *err)
{
    ns_options *o = context;
    run->t_end = isnan(run->t_end) ? o->kase->default_end_time : run->t_end;
    run->cfl = isnan(run->cfl) ? NS_DEFAULT_CFL : run->cfl;
    run->output_path = run->output_path != NULL ? run->output_path : o->kase->name;
    int status = check_step_count(o, run, err);
    if (status == SWE_OK && o->settings.obstacles != NULL) {
        status = ns_mask_check_file(o->settings.obstacles, err);
    }
    return status;
}

/* What the solver takes from the shared options. */
static void settle(void *context, const swe_run_options *run)
{
    ns_options *o = context;
    o->settings.backend = run->backend_name;
    o->settings.parameters.cfl = run->cfl;
    o->settings.parameters.model = run->model;
}

static void print_cases(FILE *stream)
{
    fprintf(stream, "\nCases (--case):\n");
    for (int c = 0; c < ns_case_count(); ++c) {
        fprintf(stream, "  %-22s %s\n", ns_case_at(c)->name, ns_case_at(c)->description);
    }
}

static void set_defaults(void *context)
{
    ns_options *o = context;
    memset(o, 0, sizeof *o);
    o->kase = ns_case_find("cavity");
}

const swe_application ns_application = {
    .name = "ns",
    .title = "Solves the 3D incompressible Navier-Stokes equations on a staggered grid: QUICK and "
             "Adams-Bashforth 2, an FFT-preconditioned conjugate-gradient pressure solve.",
    .usage = "[options]",
    .setup = "case",
    .models = &ns_models,
    .options = ns_option_table,
    .option_count = sizeof ns_option_table / sizeof ns_option_table[0],
    .defaults = set_defaults,
    .parse = parse,
    .complete = complete,
    .settle = settle,
    .print_help = print_cases,
};

int ns_options_parse(int argc, char **argv, ns_options *options, swe_error *err)
{
    if (options == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no options to parse into");
    }
    return swe_command_line_parse(&ns_application, NULL, options, argc, argv, &options->run, err);
}
