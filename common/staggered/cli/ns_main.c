/* shallows-ns: runs one Navier-Stokes case, with progress, snapshots and
 * a summary line (phase 1: its own small driver; the shared run driver
 * takes over in phase 2). Exit 2 for bad input, 1 when the run fails. */
#include "ns_cli_options.h"
#include "staggered/writers/ns_output.h"

#include "core/timer.h"
#include "staggered/cases/ns_ghia.h"
#include "staggered/ns_diagnostics.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static void print_cases(void)
{
    for (int index = 0; index < ns_case_count(); ++index) {
        const ns_case *c = ns_case_at(index);
        printf("%-18s %s (resolution %d, t_end %g s)\n", c->name, c->description,
               c->default_resolution, c->default_end_time);
    }
}

static void print_progress(const ns_solver *solver, double seconds)
{
    fprintf(stderr, "t = %.4f s  step %ld  dt %.3e s  CG %d it (residual %.1e)  %.1f s\n",
            solver->t, solver->steps, solver->last_dt, solver->cg_iterations, solver->cg_residual,
            seconds);
}

/* CPU seconds of the whole process (all threads): on a shared machine,
 * a serial run's CPU time per step is what an idle machine's wall time
 * would be. */
static double process_cpu_seconds(void)
{
    struct timespec now;
    return clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now) == 0 ? now.tv_sec + 1e-9 * now.tv_nsec
                                                              : 0.0;
}

static void print_summary(const ns_run_options *o, const ns_solver *solver, double seconds,
                          double cpu_seconds)
{
    double cells = (double)ns_grid_interior_cells(&solver->grid);
    double per_cell_step = solver->steps > 0 ? seconds / (cells * (double)solver->steps) : 0.0;
    double iterations =
        solver->steps > 0 ? (double)solver->cg_iterations_total / (double)solver->steps : 0.0;
    printf("summary: application=navier-stokes case=%s backend=%s precision=%s cells=%.0f "
           "steps=%ld t=%.6g seconds=%.3f cpu_seconds=%.3f s_per_mcell_step=%.4f "
           "cell_steps_per_s=%.3e "
           "cg_iterations_per_step=%.2f step_GBps=%.2f kinetic_energy=%.10e "
           "max_divergence=%.3e checksum=%016" PRIx64 "\n",
           o->case_name, solver->backend->name, SWE_PRECISION_NAME, cells, solver->steps, solver->t,
           seconds, cpu_seconds, per_cell_step * 1e6, per_cell_step > 0 ? 1.0 / per_cell_step : 0.0,
           iterations,
           per_cell_step > 0
               ? ns_step_minimal_bytes_per_cell((int)(iterations + 0.5)) / per_cell_step / 1e9
               : 0.0,
           ns_kinetic_energy(solver), ns_max_divergence(solver), ns_state_checksum(solver));
}

/* Seconds per million cells and step of each stage, and the momentum
 * kernel's bandwidth counted as 002 eq. 30 counts it. */
static void print_profile(const ns_solver *solver)
{
    static const char *const names[NS_STAGES] = {"time_step",  "momentum", "predict",
                                                 "divergence", "pressure", "correct"};
    double cell_steps = (double)ns_grid_interior_cells(&solver->grid) * (double)solver->steps;
    if (!solver->parameters.profile || cell_steps == 0.0) {
        return;
    }
    printf("profile:");
    for (int stage = 0; stage < NS_STAGES; ++stage) {
        printf(" %s=%.4f", names[stage], solver->stage_seconds[stage] / cell_steps * 1e6);
    }
    double momentum = solver->stage_seconds[NS_STAGE_MOMENTUM];
    printf(" (s per Mcell-step) momentum_GBps=%.2f\n",
           momentum > 0.0 ? ns_momentum_minimal_bytes_per_cell() * cell_steps / momentum / 1e9
                          : 0.0);
}

/* The cavity against Ghia, Ghia and Shin (1982) where they published the
 * Reynolds number. */
static void print_ghia(const ns_run_options *o, const ns_solver *solver)
{
    const ns_ghia_table *table = strcmp(o->case_name, "cavity") == 0
                                     ? ns_ghia_find(1.0 / solver->parameters.viscosity)
                                     : NULL;
    if (table != NULL) {
        double u_error, v_error;
        ns_ghia_compare(solver, table, &u_error, &v_error);
        printf("ghia: Re=%g max_u_difference=%.4f max_v_difference=%.4f (Ghia, Ghia and Shin "
               "1982, 17 points per centre line%s)\n",
               table->reynolds, u_error, v_error,
               table->v_misprint >= 0 ? "; v at x = 0.9063 left out: misprinted" : "");
    }
}

/* Runs to the end time (or the step count), with snapshots between. */
static int run(const ns_run_options *o, ns_solver *solver, double *seconds, double *cpu_seconds,
               swe_error *err)
{
    const ns_case *c = ns_case_find(o->case_name);
    double end = o->end_time > 0.0 ? o->end_time : c->default_end_time;
    ns_output *output = NULL;
    int status =
        ns_output_open(&output, o->output, o->formats, o->case_name, c->slice_axis, solver, err);
    double start = swe_wall_seconds(), cpu_start = process_cpu_seconds();
    int snapshots = o->time_count > 0 ? o->time_count : o->snapshots;
    for (int snapshot = 1; status == SWE_OK && snapshot <= snapshots; ++snapshot) {
        if (o->time_count > 0) {
            status = ns_solver_advance(solver, o->times[snapshot - 1], err);
        } else if (o->steps > 0) {
            long target = o->steps * snapshot / o->snapshots;
            while (status == SWE_OK && solver->steps < target) {
                status = ns_solver_step(solver, 0.0, err);
            }
        } else {
            status = ns_solver_advance(solver, end * snapshot / o->snapshots, err);
        }
        if (status == SWE_OK) {
            *seconds = swe_wall_seconds() - start;
            print_progress(solver, *seconds);
            status = ns_output_write(output, solver, err);
        }
    }
    *seconds = swe_wall_seconds() - start;
    *cpu_seconds = process_cpu_seconds() - cpu_start;
    int closed = ns_output_close(output, err);
    return status != SWE_OK ? status : closed;
}

int main(int argc, char **argv)
{
    swe_error err = {{0}};
    ns_run_options options;
    int status = ns_parse_options(argc, argv, &options, &err);
    if (status == SWE_OK && options.help) {
        ns_print_usage(stdout, argv[0]);
        return 0;
    }
    if (status == SWE_OK && options.list) {
        print_cases();
        return 0;
    }
    ns_solver *solver = NULL;
    if (status == SWE_OK) {
        status = ns_case_create(options.case_name, &options.settings, &solver, &err);
    }
    double seconds = 0.0, cpu_seconds = 0.0;
    if (status == SWE_OK) {
        status = run(&options, solver, &seconds, &cpu_seconds, &err);
    }
    if (status == SWE_OK) {
        status = ns_solver_sync(solver, &err);
    }
    if (status == SWE_OK) {
        print_summary(&options, solver, seconds, cpu_seconds);
        print_ghia(&options, solver);
        print_profile(solver);
    }
    ns_solver_destroy(solver);
    if (status != SWE_OK) {
        fprintf(stderr, "shallows-ns: %s\n", err.message);
    }
    return status;
}
