/* One incompressible Navier-Stokes solver (Costarelli et al. n.d.): a
 * staggered grid, the host copy of its state, a backend that advances it by
 * fractional steps (QUICK + Adams-Bashforth 2 predictor, FFT-preconditioned
 * CG pressure solve, projection). This is the "model" a run driver calls:
 * create, start, advance to t, sync for a snapshot, checksum; the host
 * arrays (velocity, history, pressure, clock) are the whole restartable
 * state. */
#ifndef NS_SOLVER_H
#define NS_SOLVER_H

#include "core/error.h"
#include "ns/grid/ns_grid.h"
#include "ns/grid/ns_slabs.h"
#include "ns/solver/ns_backend.h"
#include "run/models.h"

#include <stdint.h>

typedef struct ns_parameters {
    double viscosity;       /* kinematic, m^2/s, >= 0 */
    double density;         /* kg/m^3, > 0 */
    double force[NS_AXES];  /* body force per mass (f_e, Costarelli et al. n.d., eq. 1), m/s^2 */
    double cfl;             /* safety factor of the chosen dt, (0, 1]; 0: 0.5 */
    double fixed_dt;        /* s; 0: chosen each step from cfl and the limits */
    double cg_tolerance;    /* relative residual; 0: 1e-6 single, 1e-10 double */
    int cg_max_iterations;  /* 0: 100 */
    swe_model_config model; /* the kernel's level, the device, the model's own options */
    int profile;            /* time each stage of a step (waits for the device after each) */
} ns_parameters;

/* The stages of a step, timed with parameters.profile. */
enum ns_stage {
    NS_STAGE_TIME_STEP,
    NS_STAGE_MOMENTUM,
    NS_STAGE_PREDICT,
    NS_STAGE_DIVERGENCE,
    NS_STAGE_PRESSURE,
    NS_STAGE_CORRECT,
    NS_STAGE_PRECONDITION, /* the FFT solves, a part of NS_STAGE_PRESSURE */
    NS_STAGES
};

typedef struct ns_solver {
    ns_grid grid;
    ns_parameters parameters;
    /* Host state, padded fields (ns/grid/ns_grid.h). */
    real *velocity[NS_AXES];
    real *history[NS_AXES]; /* R(u^{n-1}) of Adams-Bashforth; valid when have_history */
    real *pressure;
    unsigned char *fluid; /* 1 fluid, 0 solid (obstacles, and behind walls) */
    const ns_backend *backend;
    void *ext;             /* the backend's own fields */
    const ns_slabs *slabs; /* the other processes' slabs (MPI); NULL: grid is the domain */
    /* The face speeds max|u|, |v|, |w| of the current state (walls
     * included), once known: the next dt and the clock's wave speed. */
    double speed[NS_AXES];
    int speed_known;
    /* Why the state stopped being valid ("" while it is): a velocity that
     * is not finite, a flow that outgrew a fixed dt. */
    char invalid[192];
    /* The clock. */
    double t;
    long steps;
    double last_dt;
    int have_history;
    /* The last pressure solve, and all of them. */
    int cg_iterations;
    double cg_residual;
    long cg_iterations_total;
    double stage_seconds[NS_STAGES]; /* with parameters.profile */
} ns_solver;

/* Checks parameters and the backend name, allocates the host state: zero
 * velocity and pressure, every interior cell fluid. The caller then writes
 * the initial velocity and the obstacles into the host arrays and calls
 * ns_solver_start. SWE_ERROR_USAGE for bad input, naming it. */
int ns_solver_create(const ns_grid *grid, const ns_parameters *parameters, const char *backend_name,
                     ns_solver **out, swe_error *err);

/* Closes the faces of solid cells and walls, starts the backend with the
 * host state. */
int ns_solver_start(ns_solver *solver, swe_error *err);

/* The largest stable dt for the face speeds max|u|, |v|, |w|: the
 * convective limit dt sum(speed/h) <= 1 and the diffusive limit of
 * Adams-Bashforth 2, 4 nu dt sum(1/h^2) <= 1; infinite without either. */
double ns_solver_stability_limit(const ns_solver *solver, const double speed[NS_AXES]);

/* The face speeds of the current state into speed (computed once per
 * state, over every slab), walls included. */
int ns_solver_speeds(ns_solver *solver, double speed[NS_AXES], swe_error *err);

/* A fixed dt beyond the stability limit of the current state is refused
 * (SWE_ERROR_USAGE, naming the limit); SWE_OK without a fixed dt. */
int ns_solver_check_fixed_dt(ns_solver *solver, swe_error *err);

/* One fractional step, of at most max_dt (0: no bound): dt is fixed_dt, or
 * cfl times the stability limit. A fixed dt beyond the limit of the
 * initial state is refused (SWE_ERROR_USAGE) before anything changes.
 * A state that is no longer valid (a velocity that is not finite, a flow
 * that outgrew a fixed dt later on, a pressure solve that meets such
 * values) stops the step: SWE_OK with solver->invalid saying why, and the
 * state as far as the step got. */
int ns_solver_step(ns_solver *solver, double max_dt, swe_error *err);

/* Steps until t reaches t_end (the last step shortened to land on it);
 * SWE_ERROR_RUNTIME naming the reason when the state stops being valid. */
int ns_solver_advance(ns_solver *solver, double t_end, swe_error *err);

/* A step that would end within this fraction of its remaining time of a
 * target ends on it, so that round-off in t leaves no sliver of a step. */
#define NS_SLIVER 1e-9

/* The scheme's name in the summary line and the files: QUICK advection,
 * Adams-Bashforth 2 in time. */
#define NS_SOLVER_NAME "quick-ab2"

/* Backend -> host arrays (before output or diagnostics). */
int ns_solver_sync(ns_solver *solver, swe_error *err);

/* Host -> backend, after the host arrays were written (a restart); the
 * face speeds are those of the new state. */
int ns_solver_upload(ns_solver *solver, swe_error *err);

void ns_solver_destroy(ns_solver *solver);

/* Bytes per interior cell that one step must at least move through
 * memory with cg_iterations iterations of the pressure solve (the count
 * behind the bandwidth figures: docs/RESULTS-navier-stokes.md). */
double ns_step_minimal_bytes_per_cell(double cg_iterations);

/* Bytes per interior cell of the momentum kernel as Costarelli et al. n.d.
 * (eq. 30) count them: read u, v, w once, write R of the three once. */
double ns_momentum_minimal_bytes_per_cell(void);

#endif
