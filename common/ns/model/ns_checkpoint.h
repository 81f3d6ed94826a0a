/* Checkpoints of a Navier-Stokes run: the whole state in one binary file,
 * from which a restarted run continues bit for bit as if it had never
 * stopped (on any backend, on any number of processes).
 *
 * The file holds what the run is (its case, grid, walls, physics, time
 * step rule, t_end, outputs and a hash of the fluid mask), where it stands
 * (the clock, the next snapshot, whether Adams-Bashforth has a history,
 * the CG iterations so far) and the fields u, v, w, their residuals R of
 * the last step (the history) and p over the interior cells, x fastest, in
 * the precision of `real`; it ends with an FNV-1a hash of everything
 * before it, so that a damaged file is refused rather than continued
 * from. It is written as PATH.tmp and renamed to PATH, so PATH is always
 * the last complete checkpoint. The layout is this machine's (byte order,
 * sizes): a checkpoint moves between runs, not between machines. */
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
} ns_checkpoint_run;

/* Writes the host state of whole (the domain's grid and arrays) and state
 * to path (via path.tmp). */
int ns_checkpoint_write(const char *path, const ns_solver *whole, const ns_checkpoint_run *run,
                        const ns_checkpoint_state *state, swe_error *err);

/* Reads the checkpoint at path into the interior of whole's velocity,
 * history and pressure and into *state. whole must be the run's initial
 * state (created, not stepped): its grid, physics and fluid mask must match
 * the file's. A file that is missing or not a regular file
 * (io/untrusted_file.h), truncated, damaged (hash), of another run (naming
 * what differs), with a clock no run writes, values that are not finite
 * or velocities beyond 100 km/s is refused with SWE_ERROR_USAGE, whole
 * untouched: the file is read in a child process (io/child_task.h: a
 * crash or hang of the reader is one line). */
int ns_checkpoint_read(const char *path, ns_solver *whole, const ns_checkpoint_run *run,
                       ns_checkpoint_state *state, swe_error *err);

#endif
