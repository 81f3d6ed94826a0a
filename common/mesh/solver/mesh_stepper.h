/* The time step of the triangle solver, written once for every backend
 * as a sequence of its verbs (Roe-MUSCL GPU n.d., section 3.2;
 * Optimized GPU n.d., eqs. 15-17):
 *
 *   first order:   fluxes(Q) -> dt -> Q += dt D
 *   second order:  gradients(Q) -> fluxes(Q + dQ) -> dt
 *                  -> Q1 = Q + dt D              (first stage)
 *                  -> gradients(Q1) -> fluxes(Q1 + dQ1)
 *                  -> Q = (Q + Q1 + dt D(Q1)) / 2   (second stage)
 *
 * Heun's two stages (the strong-stability-preserving Runge-Kutta method
 * of order 2, Shu and Osher 1988), each an Euler step of a state with
 * its own limited reconstruction, where Roe-MUSCL GPU n.d. takes van
 * Leer's predictor (dt/2) and corrector with the step-n gradients in
 * both: the corrector applies the predictor's outflow to the depth of
 * step n, which at a front it can exceed. dt = cfl * the smallest time
 * step any edge allows, min(chi_l, chi_r) / max |lambda|, never past the
 * target time; Manning friction is applied in each stage. */
#ifndef SWE_MESH_STEPPER_H
#define SWE_MESH_STEPPER_H

#include "core/error.h"
#include "mesh/solver/mesh_run.h"

typedef struct swe_mesh_clock {
    double t;       /* simulated time, s */
    long steps;     /* steps taken */
    double last_dt; /* the last step's dt, s */
    double cfl;     /* dt = cfl * min over edges of min(chi) / max |lambda| (<= 1) */
    real edge_step; /* the last step's smallest edge time step, s; not > 0: unstable */
} swe_mesh_clock;

/* One step towards t_target (> clock->t). SWE_ERROR_RUNTIME when the
 * state has become unstable (a NaN reached the time step). */
int swe_mesh_step(swe_mesh_run *run, swe_mesh_clock *clock, double t_target, swe_error *err);

/* Steps until clock->t reaches t_target. */
int swe_mesh_advance(swe_mesh_run *run, swe_mesh_clock *clock, double t_target, swe_error *err);

/* The most steps a run may take to its end: a billion steps of the
 * smallest mesh take days; more is a mesh with a sliver (a node moved onto
 * its neighbour), not a run to wait for. */
#define SWE_MESH_MAX_STEPS 1.0e9

/* At the start of a run on mesh (its path, for the message): SWE_OK when
 * steps of the state's first dt (clock->cfl times edge_step) reach t_end
 * from clock->t in at most SWE_MESH_MAX_STEPS, when no wave limits the
 * step, or when the waves (smallest_chi / edge_step) are beyond any run's
 * (shallow_water/state_limits.h: the guard stops that run); else
 * SWE_ERROR_USAGE naming both and the smallest chi (m). */
int swe_mesh_check_step_count(const swe_mesh_clock *clock, real edge_step, double t_end,
                              const char *mesh, double smallest_chi, swe_error *err);

#endif
