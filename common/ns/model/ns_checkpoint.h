/* Checkpoints of a Navier-Stokes run: the whole state in one CF NetCDF
 * file (PATH.checkpoint.nc, which ncdump and xarray read), from which a
 * restarted run continues bit for bit as if it had never stopped (on any
 * backend, on any number of processes).
 *
 * The file holds the fields u, v, w, their right-hand sides of the last
 * step (u_history, v_history, w_history: Adams-Bashforth's history) and p
 * over (z, y, x), the interior cells, in the precision of `real`; as
 * global attributes what the run is (its case, grid, walls, physics, time
 * step rule, t_end and outputs as run_identity, a hash of the fluid
 * mask), where it stands (the clock, the next snapshot, whether
 * Adams-Bashforth has a history, the CG iterations so far), the CF
 * conventions, title, history and backend, and an FNV-1a checksum over
 * the numbers and fields, so that a damaged file is refused rather than
 * continued from. It is written under a fresh temporary name and renamed
 * to PATH, so PATH is always the last complete checkpoint. */
#ifndef NS_CHECKPOINT_H
#define NS_CHECKPOINT_H

#include "core/clock.h"
#include "ns/solver/ns_solver.h"

/* What a checkpoint records besides the fields. */
typedef struct ns_checkpoint_state {
    swe_checkpoint_position position;
    int have_history;
    long cg_iterations_total;
} ns_checkpoint_state;

/* What a run is, besides its grid and physics (which the solver holds): a
 * checkpoint continues only the same run. */
typedef struct ns_checkpoint_run {
    const char *case_name;
    double t_end;
    int outputs;
    /* Described in the file, not checked on a restart: */
    const char *backend; /* as the run names it; NULL: not said */
    const char *history; /* CF history: date and command line; NULL: the version */
} ns_checkpoint_run;

/* Writes the host state of whole (the domain's grid and arrays) and state
 * to path (under a temporary name, then renamed). */
int ns_checkpoint_write(const char *path, const ns_solver *whole, const ns_checkpoint_run *run,
                        const ns_checkpoint_state *state, swe_error *err);

/* Reads the checkpoint at path into the interior of whole's velocity,
 * history and pressure and into *state. whole must be the run's initial
 * state (created, not stepped): its grid, physics and fluid mask must match
 * the file's. A file that is missing or not a regular file
 * (io/untrusted_file.h), not NetCDF, truncated, lacking a variable or
 * attribute, damaged (checksum), of another run (naming
 * what differs), with a clock no run writes, values that are not finite
 * or velocities beyond 100 km/s is refused with SWE_ERROR_USAGE, whole
 * untouched: the file is read in a child process (io/child_task.h: a
 * crash or hang of the reader is one line). */
int ns_checkpoint_read(const char *path, ns_solver *whole, const ns_checkpoint_run *run,
                       ns_checkpoint_state *state, swe_error *err);

#endif
