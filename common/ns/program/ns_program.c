#include "ns/program/ns_program.h"

#include <string.h>

ns_model_files ns_model_files_of(const ns_options *options, const char *backend_name)
{
    const swe_run_options *run = &options->run;
    return (ns_model_files){.path_stem = run->output_stem,
                            .formats = run->benchmark ? 0 : (int)run->formats,
                            .outputs = run->outputs,
                            .compression = run->compression,
                            .t_end = run->t_end,
                            .backend_name = backend_name,
                            .history = run->history,
                            .restart_path = run->restart_path};
}

int ns_program_act(const ns_options *options, swe_error *err)
{
    (void)options;
    (void)err;
    for (int index = 0; index < ns_case_count(); ++index) {
        const ns_case *c = ns_case_at(index);
        printf("%-18s %s (resolution %d, t_end %g s)\n", c->name, c->description,
               c->default_resolution, c->default_end_time);
    }
    return SWE_OK;
}

/* The application's figures: the run, its distance to the bandwidth
 * limit, the final state; the cavity against Ghia; the stages. */
static void print_figures(FILE *stream, const ns_options *options, const ns_run_report *r)
{
    double cell_steps = (double)r->summary.cells * (double)r->summary.steps;
    double per_cell_step = cell_steps > 0 ? r->summary.seconds / cell_steps : 0.0;
    double iterations = r->summary.steps > 0 ? (double)r->cg_iterations / r->summary.steps : 0.0;
    double bytes = ns_step_minimal_bytes_per_cell(iterations);
    fprintf(stream,
            "navier-stokes: case=%s grid=%dx%dx%d cg_iterations_per_step=%.2f "
            "s_per_mcell_step=%.4e step_GBps=%.2f cpu_seconds=%.3f kinetic_energy=%.10e "
            "max_divergence=%.3e\n",
            options->kase->name, r->n[0], r->n[1], r->n[2], iterations, per_cell_step * 1e6,
            per_cell_step > 0 ? bytes / per_cell_step / 1e9 : 0.0, r->cpu_seconds,
            r->kinetic_energy, r->max_divergence);
    if (r->have_ghia) {
        fprintf(stream,
                "ghia: Re=%g max_u_difference=%.4f max_v_difference=%.4f (Ghia, Ghia and Shin "
                "1982, 17 points per centre line; Re = 400: v at x = 0.9063 left out, "
                "misprinted)\n",
                r->ghia_reynolds, r->ghia_u, r->ghia_v);
    }
}

/* --profile: seconds per million cells and step of each stage, and the
 * momentum kernel alone against the copy bandwidth (Costarelli et al. n.d., eq. 30). */
static void print_profile(FILE *stream, const ns_run_report *r)
{
    static const char *const names[NS_STAGES] = {"time_step",          "momentum", "predict",
                                                 "divergence",         "pressure", "correct",
                                                 "of_which_transforms"};
    double cell_steps = (double)r->summary.cells * (double)r->summary.steps;
    if (!r->profiled || cell_steps <= 0) {
        return;
    }
    fprintf(stream, "profile:");
    for (int stage = 0; stage < NS_STAGES; ++stage) {
        fprintf(stream, " %s=%.4e", names[stage], r->stage_seconds[stage] / cell_steps * 1e6);
    }
    fprintf(stream, " (s per Mcell-step, waiting for the device after each stage)\n");
    const ns_kernel_timing *k = &r->kernel;
    if (k->measured && k->seconds > 0) {
        double gbps = k->bytes / k->seconds / 1e9;
        fprintf(stream,
                "momentum_kernel: seconds=%.4e s_per_mcell=%.4e GBps=%.1f copy_GBps=%.1f "
                "percent_of_copy=%.1f launches=%d (median; bytes as Costarelli et al. n.d., eq. "
                "30: 6 reals per "
                "cell)\n",
                k->seconds, k->seconds / (double)r->summary.cells * 1e6, gbps, k->copy_GBps,
                k->copy_GBps > 0 ? 100.0 * gbps / k->copy_GBps : 0.0, k->launches);
    }
}

void ns_print_report(FILE *stream, const ns_options *options, const ns_run_report *report)
{
    print_figures(stream, options, report);
    print_profile(stream, report);
}
