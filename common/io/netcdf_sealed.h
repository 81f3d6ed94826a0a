/* The NetCDF snapshots of a run in PATH.nc, written so that no kill loses
 * one that a restart needs and no HDF5 fault takes the run down; one
 * implementation for every application, which says only how its file
 * looks (swe_snapshot_format).
 *
 * Snapshots go into a part written under a fresh temporary name next to
 * PATH.nc; each one is appended by a child process (io/child_task.h: HDF5
 * failing on a full disk ends that child, not the run) and synced to
 * disk. At a checkpoint (and when the run is stopped) the part is sealed:
 * renamed PATH.nc.part-NNNN (NNNN: its first snapshot) and never written
 * again, so that no later fault can damage the snapshots the checkpoint
 * follows. A restart takes the snapshots before its checkpoint over from
 * the sealed parts the checkpointed run left, or from that run's complete
 * PATH.nc, each snapshot read back whole and checked (its time, and what
 * the format checks); when the run ends the parts are joined into PATH.nc
 * (a rename when there is one), so that a restart after a kill ends with
 * every snapshot in PATH.nc. */
#ifndef SWE_NETCDF_SEALED_H
#define SWE_NETCDF_SEALED_H

#include "core/error.h"

/* What an application's file must provide. Each verb runs in a child
 * process on the file at path and gets the format's self first. */
typedef struct swe_snapshot_format {
    /* Creates the file at path, which does not exist (exclusively:
     * io/netcdf_create.h), with what every snapshot shares (dimensions,
     * variables, metadata, the mesh or the bed) and no snapshot; closes it. */
    int (*create)(const void *self, const char *path, swe_error *err);
    /* Appends the snapshot (the application's state) at time to the file
     * at path that create made, as its next record; closes it. */
    int (*append)(const void *self, const char *path, const void *snapshot, double time,
                  swe_error *err);
    /* Optional (NULL: none): nonzero when what the file at path shares
     * with every snapshot is this run's (the Cartesian bed). */
    int (*same_run)(const void *self, const char *path);
    /* Optional (NULL: none): writes what the run adds to a file after
     * its snapshots (the Cartesian maxima) into the file at path. */
    int (*finish)(const void *self, const char *path, swe_error *err);
} swe_snapshot_format;

typedef struct swe_sealed_plan {
    const char *path_stem;    /* PATH */
    const char *earlier_stem; /* a restart's checkpointed run's PATH (its checkpoint's name
                                 without the suffix: swe_path_strip), looked at first; or NULL */
    int outputs;              /* snapshots after the initial one */
    double t_end;             /* snapshot k is at t_end * k / outputs */
    int first_snapshot;       /* 0; a restart's next snapshot */
} swe_sealed_plan;

typedef struct swe_sealed_series swe_sealed_series; /* opaque */

/* Prepares the series of plan in the format (self: its own data, alive
 * until the series is closed). A restart finds its earlier snapshots
 * here; where none are found but a PATH.nc is in the way that a restart
 * would replace by a shorter file, it is refused (SWE_ERROR_USAGE) before
 * the run. */
int swe_sealed_series_open(swe_sealed_series **series, const swe_sealed_plan *plan,
                           const swe_snapshot_format *format, const void *self, swe_error *err);

/* Appends snapshot number `snapshot` (the next one) at time. */
int swe_sealed_series_write(swe_sealed_series *series, const void *snapshot_state, int snapshot,
                            double time, swe_error *err);

/* The format's finish into the part being written (when there is one);
 * it goes into PATH.nc when the parts are joined too. */
int swe_sealed_series_finish(swe_sealed_series *series, swe_error *err);

/* At a checkpoint: seals the part being written (before the checkpoint
 * that relies on it is put in place). */
int swe_sealed_series_seal(swe_sealed_series *series, swe_error *err);

/* keep nonzero: joins every snapshot into PATH.nc and removes this run's
 * parts; zero (a failed run): removes the unsealed part and keeps the
 * sealed ones for a restart. Frees series; safe with NULL. */
int swe_sealed_series_close(swe_sealed_series *series, int keep, swe_error *err);

#endif
