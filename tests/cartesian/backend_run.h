/* The start of every test run, written once: a scenario's block on a
 * backend, initialised, uploaded, with its clock at t = 0 and the max wave
 * speed of the initial state; then steps taken by the host or by the driver,
 * each ending with the host arrays up to date. */
#ifndef SWE_TEST_BACKEND_RUN_H
#define SWE_TEST_BACKEND_RUN_H

#include "cartesian/grid/backend.h"
#include "cartesian/scenarios/scenario.h"

/* What a run starts from. */
typedef struct swe_test_case {
    const char *scenario;
    int nx, ny;
    enum swe_solver solver;
    int level;      /* the backend's level; 0: its best */
    double manning; /* Manning coefficient; 0: no friction */
} swe_test_case;

/* A block on its backend and where it stands in time. */
typedef struct swe_test_run {
    swe_block block;
    swe_clock clock;
} swe_test_run;

/* The configuration of a case on backend. The backend's own options come
 * from the environment: SWE_TEST_<NAME> for option --<name> (dashes as
 * underscores, upper case), e.g. SWE_TEST_CL_DEVICE=P:D for --cl-device. */
swe_cartesian_backend_config swe_test_config(const swe_cartesian_backend *backend,
                                             const swe_test_case *test_case);

/* Puts run->block, whose host arrays hold an initial state, on backend:
 * init, sync_after_write, max_wave_speed; the clock at t = 0 with cfl.
 * On failure returns the status with err filled, the backend finalised and
 * the block still the caller's. */
int swe_test_try_start_block(swe_test_run *run, const swe_cartesian_backend *backend,
                             const swe_cartesian_backend_config *config, double cfl,
                             swe_error *err);

/* swe_test_try_start_block that ends the current test, printing why, when
 * the run cannot start. */
void swe_test_start_block(swe_test_run *run, const swe_cartesian_backend *backend,
                          const swe_cartesian_backend_config *config, double cfl);

/* The same from the case's scenario block (at the scenario's CFL number);
 * on failure nothing is left to free. */
int swe_test_try_start(swe_test_run *run, const swe_cartesian_backend *backend,
                       const swe_test_case *test_case, swe_error *err);

/* swe_test_try_start that ends the current test, printing why, when the
 * run cannot start. */
void swe_test_start(swe_test_run *run, const swe_cartesian_backend *backend,
                    const swe_test_case *test_case);

/* One time step of dt through the backend's step verb, the clock moved on;
 * the host arrays are not read back. */
void swe_test_step(swe_test_run *run, double dt);

/* sync_before_read: the host arrays up to date. */
void swe_test_read(swe_test_run *run);

/* steps time steps through the step verb with dt chosen by the host (the
 * one time-step rule), then swe_test_read. */
void swe_test_take_steps(swe_test_run *run, int steps);

/* swe_advance to t_target (the backend's advance where it has one), then
 * sync_before_read. */
void swe_test_advance_to(swe_test_run *run, double t_target);
/* The same that returns the status of swe_advance (a run the guard stops
 * fails with SWE_ERROR_RUNTIME) instead of ending the test. */
int swe_test_try_advance_to(swe_test_run *run, double t_target, swe_error *err);

/* Finalises the backend and frees the block. */
void swe_test_stop(swe_test_run *run);

/* The scenarios that need no input files (all but netcdf, whose files
 * have suites of their own): those every backend is compared on. */
int swe_test_scenario_count(void);
const char *swe_test_scenario_name(int index);

#endif
