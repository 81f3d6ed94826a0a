#include "ns/model/ns_drive.h"

#include "io/atomic_file.h"
#include "ns/cases/ns_ghia.h"
#include "ns/solver/ns_diagnostics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { NS_KERNEL_LAUNCHES = 20 };

/* CPU seconds of this process (all threads): on a shared machine, a serial
 * run's CPU time is what an idle machine's wall time would be. */
static double process_cpu_seconds(void)
{
    struct timespec now;
    return clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now) == 0 ? now.tv_sec + 1e-9 * now.tv_nsec
                                                              : 0.0;
}

/* The figures of the final state, from the whole domain's host state. */
static void report_state(const ns_model *model, ns_run_report *report)
{
    const ns_solver *whole = model->whole;
    for (int axis = 0; axis < NS_AXES; ++axis) {
        report->n[axis] = whole->grid.n[axis];
    }
    double l2[NS_STATE_FIGURES];
    ns_state_figures(whole, l2);
    snprintf(report->summary.checksum, sizeof report->summary.checksum,
             "u_l2=%.17g v_l2=%.17g w_l2=%.17g p_l2=%.17g", l2[0], l2[1], l2[2], l2[3]);
    report->kinetic_energy = ns_kinetic_energy(whole);
    report->max_divergence = ns_max_divergence(whole);
    const ns_ghia_table *table = strcmp(model->kase->name, "cavity") == 0
                                     ? ns_ghia_find(1.0 / whole->parameters.viscosity)
                                     : NULL;
    if (table != NULL) {
        report->have_ghia = 1;
        report->ghia_reynolds = table->reynolds;
        ns_ghia_compare(whole, table, &report->ghia_u, &report->ghia_v);
    }
}

/* --profile: the stages of the steps, and the momentum kernel alone on the
 * final state, where the backend can time it. */
static int report_profile(const ns_model *model, ns_run_report *report, swe_error *err)
{
    ns_solver *solver = model->solver;
    report->profiled = 1;
    memcpy(report->stage_seconds, solver->stage_seconds, sizeof report->stage_seconds);
    if (solver->backend->measure_momentum == NULL) {
        return SWE_OK;
    }
    ns_kernel_timing *kernel = &report->kernel;
    kernel->launches = NS_KERNEL_LAUNCHES;
    kernel->bytes =
        ns_momentum_minimal_bytes_per_cell() * (double)ns_grid_interior_cells(&solver->grid);
    int status = solver->backend->measure_momentum(solver, kernel->launches, &kernel->seconds,
                                                   &kernel->copy_GBps, err);
    kernel->measured = status == SWE_OK;
    return status;
}

static int drive(ns_model *model, const swe_run_options *run, const swe_run_team *team,
                 ns_run_report *report, swe_error *err)
{
    swe_drive_settings drive_settings = swe_drive_settings_of(run);
    drive_settings.cfl = model->solver->parameters.cfl;
    char *checkpoint_path = NULL;
    if (drive_settings.writes_files && drive_settings.checkpoint_every > 0) {
        checkpoint_path = swe_path_join(run->output_stem, ".checkpoint.nc");
        if (checkpoint_path == NULL) {
            return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a file name");
        }
    }
    drive_settings.checkpoint_path = checkpoint_path;
    const swe_model driven = ns_model_of(model);
    double cpu_start = process_cpu_seconds();
    int status = swe_drive(&drive_settings, &driven, team, &report->summary, err);
    report->cpu_seconds = process_cpu_seconds() - cpu_start;
    free(checkpoint_path);
    return status;
}

int ns_drive(ns_model *model, const swe_run_options *run, const swe_run_team *team,
             ns_run_report *report, swe_error *err)
{
    if (model == NULL || model->solver == NULL || run == NULL || report == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a run needs a model and a report");
    }
    memset(report, 0, sizeof *report);
    report->summary.solver = NS_SOLVER_NAME;
    const ns_grid *g = &model->solver->grid;
    long planes = model->solver->slabs != NULL ? model->solver->slabs->nz : g->n[2];
    report->summary.cells = (long)g->n[0] * g->n[1] * planes;
    snprintf(report->summary.backend_name, sizeof report->summary.backend_name, "%s",
             model->files.backend_name);
    int status = drive(model, run, team, report, err);
    report->cg_iterations = model->solver->cg_iterations_total;
    /* The final state's figures, outside the timed steps. */
    if (status == SWE_OK) {
        status = ns_model_refresh_whole(model, err);
    }
    if (status == SWE_OK && model->whole != NULL) {
        report_state(model, report);
    }
    if (status == SWE_OK && model->solver->parameters.profile) {
        status = report_profile(model, report, err);
    }
    return status;
}
