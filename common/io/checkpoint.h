/* Checkpoints: the whole state of a run in one NetCDF file, from which a
 * restarted run continues bit for bit as if it had never stopped.
 *
 * The file holds h, hu, hv and b over (y, x) (interior cells, in the
 * precision of `real`) and, as global attributes, the clock (t, steps,
 * last dt, the wave speed of the state), the next snapshot to write, what
 * the run was (scenario, solver, precision, cfl, t_end, outputs) and a
 * checksum over all of it, so that a damaged file is refused rather than
 * continued from. It is written as PATH.tmp and renamed to PATH, so PATH
 * is always the last complete checkpoint. */
#ifndef SWE_CHECKPOINT_H
#define SWE_CHECKPOINT_H

#include "core/clock.h"
#include "core/error.h"
#include "grid/block.h"

/* What a run is: a checkpoint continues only the same run. */
typedef struct swe_checkpoint_run {
    const char *scenario; /* name */
    const char *solver;   /* name */
    double cfl;
    double t_end;
    int outputs;
} swe_checkpoint_run;

/* Writes the interior of block and position to path (via path.tmp). */
int swe_checkpoint_write(const char *path, const swe_block *block, const swe_checkpoint_run *run,
                         const swe_checkpoint_position *position, swe_error *err);

/* Reads the checkpoint at path into the interior of block (h, hu, hv) and
 * into *position. block must hold the run's initial state: its grid and
 * bathymetry b must match the checkpoint's. Refuses with SWE_ERROR_USAGE,
 * leaving block untouched, a file that is missing, truncated or corrupted,
 * or written by another precision, grid, scenario, solver, cfl, t_end or
 * number of outputs. */
int swe_checkpoint_read(const char *path, swe_block *block, const swe_checkpoint_run *run,
                        swe_checkpoint_position *position, swe_error *err);

/* The CF attributes of a checkpoint being defined (netcdf_checkpoint_cf.c):
 * Conventions, title, and the fields h, hu, hv, b (varids, in that order)
 * described as in the output files. */
int swe_checkpoint_describe(int ncid, const char *path, const char *scenario, const int varids[4],
                            swe_error *err);

#endif
