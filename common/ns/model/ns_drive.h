/* One Navier-Stokes run through the shared driver (run/driver.h), on one
 * process or the slabs of several, and what it reports: the summary line
 * with the checksum of the final state, and the application's own
 * figures (CG iterations, the distance to the memory-bandwidth limit, the
 * stages of a step, the momentum kernel alone, the cavity against Ghia). */
#ifndef NS_DRIVE_H
#define NS_DRIVE_H

#include "ns/model/ns_model.h"
#include "run/driver.h"

/* The momentum kernel alone (--profile). */
typedef struct ns_kernel_timing {
    int measured;
    double seconds;   /* median of one launch over all cells */
    double copy_GBps; /* the backend's own copy bandwidth, measured beside it */
    double bytes;     /* one launch, counted as Costarelli et al. n.d., eq. 30 */
    int launches;
} ns_kernel_timing;

typedef struct ns_run_report {
    swe_run_result summary; /* the summary line, with the final state's checksum */
    int n[NS_AXES];         /* cells of the whole domain */
    long cg_iterations;     /* of the whole run, restarts included */
    double cpu_seconds;     /* process CPU time of this process in the driver */
    double kinetic_energy;  /* of the final state, m^5/s^2 per unit density */
    double max_divergence;  /* 1/s */
    double stage_seconds[NS_STAGES];
    int profiled;
    ns_kernel_timing kernel;
    int have_ghia; /* the cavity at a Reynolds number Ghia et al. published */
    double ghia_reynolds, ghia_u, ghia_v;
} ns_run_report;

/* Runs model as the shared options of run ask (team NULL: one process;
 * checkpoints go to PATH.checkpoint.nc; with the solver's profile, the
 * momentum kernel is measured alone at the end) and fills report on the
 * process that holds the whole domain. */
int ns_drive(ns_model *model, const swe_run_options *run, const swe_run_team *team,
             ns_run_report *report, swe_error *err);

#endif
