/* Checkpoints: the whole state of a run in one NetCDF file, from which a
 * restarted run continues bit for bit as if it had never stopped.
 *
 * The file holds h, hu, hv and b over (y, x) (interior cells, in the
 * precision of `real`) and, as global attributes, the clock (t, steps,
 * last dt, the wave speed of the state), the next snapshot to write, the
 * identity of the run (scenario, solver, precision, grid, cfl, t_end,
 * outputs, Manning coefficient, and the build's dry tolerance and gravity:
 * every setting that changes the numbers it computes) and a checksum over
 * the fields and the clock, so that a damaged file is refused rather than
 * continued from. It is written under a fresh temporary name, synced and
 * renamed to PATH, so PATH is always the last complete checkpoint. It is
 * read in a child process (io/child_task.h): a file that crashes or hangs
 * libnetcdf is refused like any other damaged one. */
#ifndef SWE_CHECKPOINT_H
#define SWE_CHECKPOINT_H

#include "cartesian/grid/block.h"
#include "core/clock.h"
#include "core/error.h"

/* What a run is: a checkpoint continues only the same run. */
typedef struct swe_checkpoint_run {
    const char *scenario; /* name */
    const char *solver;   /* name */
    double cfl;
    double t_end;
    int outputs;
    double manning; /* s/m^(1/3); 0: no friction */
    /* Described in the file, not checked on a restart: */
    const char *backend; /* as the run names it; NULL: not said */
    const char *history; /* CF history: date and command line; NULL: the version */
} swe_checkpoint_run;

/* Writes the interior of block and position to path (atomically). */
int swe_checkpoint_write(const char *path, const swe_block *block, const swe_checkpoint_run *run,
                         const swe_checkpoint_position *position, swe_error *err);

/* Reads the checkpoint at path into the interior of block (h, hu, hv) and
 * into *position. block must hold the run's initial state: its grid and
 * bathymetry b must match the checkpoint's. Refuses with SWE_ERROR_USAGE,
 * leaving block untouched, a file that is missing, not a regular file,
 * truncated or corrupted, written by another run (any setting of its
 * identity), whose counters disagree (a time that is not between the
 * snapshots its counter names, no step taken), or whose state is not
 * physical (not finite, negative or implausible depths and speeds, a wave
 * speed that is not the state's). */
int swe_checkpoint_read(const char *path, swe_block *block, const swe_checkpoint_run *run,
                        swe_checkpoint_position *position, swe_error *err);

/* The CF attributes of a checkpoint being defined (netcdf_checkpoint_cf.c):
 * Conventions, title, history, backend, and the fields h, hu, hv, b (varids, in that order)
 * described as in the output files. */
int swe_checkpoint_describe(int ncid, const char *path, const swe_checkpoint_run *run,
                            const int varids[4], swe_error *err);

#endif
