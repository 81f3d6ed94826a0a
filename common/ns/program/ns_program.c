#include "ns/program/ns_program.h"

#include "run/summary.h"

#include <string.h>

#ifndef SWE_VERSION
#define SWE_VERSION "unknown"
#endif

ns_drive_settings ns_drive_settings_of(const ns_options *options)
{
    return (ns_drive_settings){.t_end = options->t_end,
                               .outputs = options->outputs,
                               .writes_files = !options->benchmark,
                               .quiet = options->quiet || options->benchmark,
                               .checkpoint_every = options->checkpoint_every,
                               .path_stem = options->output_path,
                               .restart_path = options->restart_path,
                               .profile = options->settings.parameters.profile};
}

ns_model_files ns_model_files_of(const ns_options *options, const char *backend_name)
{
    return (ns_model_files){.path_stem = options->output_path,
                            .formats = options->benchmark ? 0 : options->formats,
                            .outputs = options->outputs,
                            .t_end = options->t_end,
                            .backend_name = backend_name};
}

static void print_version(const ns_program *program)
{
    printf("%s %s\nprecision: %s\nbackends:", program->name, SWE_VERSION, SWE_PRECISION_NAME);
    for (int index = 0; index < ns_backend_count(); ++index) {
        if (!program->cpu_backends_only || !ns_backend_at(index)->agrees_to_rounding) {
            printf(" %s%s", program->backend_prefix, ns_backend_at(index)->name);
        }
    }
#ifdef SWE_WITHOUT_NETCDF
    printf("\noutput: VTK image data, PNG (built without NetCDF)\n");
#else
    printf("\noutput: CF NetCDF, VTK image data, PNG\n");
#endif
    if (program->print_version != NULL) {
        program->print_version(stdout);
    }
}

/* Every backend built in; one whose table lacks a verb says so. */
static void print_backends(const ns_program *program)
{
    for (int index = 0; index < ns_backend_count(); ++index) {
        const ns_backend *backend = ns_backend_at(index);
        if (program->cpu_backends_only && backend->agrees_to_rounding) {
            continue;
        }
        char name[64];
        snprintf(name, sizeof name, "%s%s", program->backend_prefix, backend->name);
        const char *missing = ns_backend_missing_verb(backend);
        if (missing == NULL) {
            printf("%-16s levels=%d agrees=%-11s  %s\n", name, backend->levels,
                   backend->agrees_to_rounding ? "rounding" : "bit-for-bit", backend->description);
        } else {
            printf("%-16s unusable: it lacks the verb %s\n", name, missing);
        }
    }
}

static void print_cases(void)
{
    for (int index = 0; index < ns_case_count(); ++index) {
        const ns_case *c = ns_case_at(index);
        printf("%-18s %s (resolution %d, t_end %g s)\n", c->name, c->description,
               c->default_resolution, c->default_end_time);
    }
}

static int run_action(const ns_program *program, const ns_options *options,
                      const char *program_path)
{
    if (!program->prints) {
        return SWE_OK;
    }
    switch (options->action) {
    case NS_ACTION_HELP:
        ns_options_print_help(stdout, program_path);
        if (program->print_help != NULL) {
            program->print_help(stdout, program_path);
        }
        break;
    case NS_ACTION_VERSION:
        print_version(program);
        break;
    case NS_ACTION_LIST_BACKENDS:
        print_backends(program);
        break;
    case NS_ACTION_LIST_CASES:
        print_cases();
        break;
    case NS_ACTION_RUN:
        break;
    }
    return SWE_OK;
}

/* The application's figures: the run, its distance to the bandwidth
 * limit, the final state; the cavity against Ghia; the stages. */
static void print_figures(const ns_options *options, const ns_run_report *r)
{
    double cell_steps = (double)r->summary.cells * (double)r->summary.steps;
    double per_cell_step = cell_steps > 0 ? r->summary.seconds / cell_steps : 0.0;
    double iterations = r->summary.steps > 0 ? (double)r->cg_iterations / r->summary.steps : 0.0;
    double bytes = ns_step_minimal_bytes_per_cell(iterations);
    printf("navier-stokes: case=%s grid=%dx%dx%d cg_iterations_per_step=%.2f "
           "s_per_mcell_step=%.4e step_GBps=%.2f cpu_seconds=%.3f kinetic_energy=%.10e "
           "max_divergence=%.3e\n",
           options->kase->name, r->n[0], r->n[1], r->n[2], iterations, per_cell_step * 1e6,
           per_cell_step > 0 ? bytes / per_cell_step / 1e9 : 0.0, r->cpu_seconds, r->kinetic_energy,
           r->max_divergence);
    if (r->have_ghia) {
        printf("ghia: Re=%g max_u_difference=%.4f max_v_difference=%.4f (Ghia, Ghia and Shin "
               "1982, 17 points per centre line; Re = 400: v at x = 0.9063 left out, "
               "misprinted)\n",
               r->ghia_reynolds, r->ghia_u, r->ghia_v);
    }
}

/* --profile: seconds per million cells and step of each stage, and the
 * momentum kernel alone against the copy bandwidth (002 eq. 30). */
static void print_profile(const ns_run_report *r)
{
    static const char *const names[NS_STAGES] = {"time_step",          "momentum", "predict",
                                                 "divergence",         "pressure", "correct",
                                                 "of_which_transforms"};
    double cell_steps = (double)r->summary.cells * (double)r->summary.steps;
    if (!r->profiled || cell_steps <= 0) {
        return;
    }
    printf("profile:");
    for (int stage = 0; stage < NS_STAGES; ++stage) {
        printf(" %s=%.4e", names[stage], r->stage_seconds[stage] / cell_steps * 1e6);
    }
    printf(" (s per Mcell-step, waiting for the device after each stage)\n");
    const ns_kernel_timing *k = &r->kernel;
    if (k->measured && k->seconds > 0) {
        double gbps = k->bytes / k->seconds / 1e9;
        printf("momentum_kernel: seconds=%.4e s_per_mcell=%.4e GBps=%.1f copy_GBps=%.1f "
               "percent_of_copy=%.1f launches=%d (median; bytes as 002 eq. 30: 6 reals per "
               "cell)\n",
               k->seconds, k->seconds / (double)r->summary.cells * 1e6, gbps, k->copy_GBps,
               k->copy_GBps > 0 ? 100.0 * gbps / k->copy_GBps : 0.0, k->launches);
    }
}

int ns_program_main(const ns_program *program, int argc, char **argv)
{
    if (program == NULL || program->run == NULL || argv == NULL || argc < 1) {
        return SWE_ERROR_USAGE;
    }
    ns_options options;
    swe_error err = {{0}};
    int status = ns_options_parse(argc, argv, &options, &err);
    if (status == SWE_OK && options.action != NS_ACTION_RUN) {
        return run_action(program, &options, argv[0]);
    }
    ns_run_report report;
    memset(&report, 0, sizeof report);
    if (status == SWE_OK) {
        status = program->run(program->context, &options, &report, &err);
    }
    if (!program->prints) {
        return status;
    }
    if (status != SWE_OK) {
        fprintf(stderr, "%s: %s\n", program->name, err.message);
        return status;
    }
    print_figures(&options, &report);
    print_profile(&report);
    if (program->print_report != NULL) {
        program->print_report(program->context, stdout);
    }
    swe_print_summary(stdout, &report.summary);
    return SWE_OK;
}
