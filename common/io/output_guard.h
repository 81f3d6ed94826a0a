/* What a run checks and holds before it writes a file under --output PATH:
 * a stem in a folder that exists and takes files, no directory (or other
 * non-file) in the way of a file it will write, found before the run
 * instead of after it; a lock, so that a second run on the same PATH
 * fails at once instead of mixing its bytes into the first one's files;
 * and the temporary files that a killed run left under PATH removed. */
#ifndef SWE_OUTPUT_GUARD_H
#define SWE_OUTPUT_GUARD_H

#include "core/error.h"

typedef struct swe_output_guard {
    int lock_fd;     /* -1: not held */
    char *lock_path; /* PATH.lock */
} swe_output_guard;

/* The place of stem alone (its folder exists and takes files, nothing but
 * files in the way), without the lock: what a command line checks before
 * a run reads its inputs. */
int swe_output_place_check(const char *stem, swe_error *err);

/* Checks the place of stem, takes the lock PATH.lock (flock; released
 * when the process ends, however it ends) and removes stale temporary
 * files of stem. SWE_ERROR_USAGE with one line when the place is wrong or
 * another run holds the lock. */
int swe_output_guard_acquire(swe_output_guard *guard, const char *stem, swe_error *err);

/* Releases the lock and removes PATH.lock. Safe on a guard never
 * acquired (zeroed with lock_fd -1) and twice. */
void swe_output_guard_release(swe_output_guard *guard);

/* Whether name (a file name, no folder) is one that a run of any
 * application with the stem base name `base` writes, with `.tmp.XXXXXX`
 * after it when temporary: base.nc, base.checkpoint.nc, base.checkpoint,
 * base.xmf2, base.pvd, base_gauges.nc, base.nc.part-NNNN,
 * base_NNNN.vtr/.vtu/.vti/.png/.pvtr/.pvtu, base_NNNN_pRRRR.vtr/.vtu. */
int swe_output_name_matches(const char *name, const char *base, int temporary);

#endif
