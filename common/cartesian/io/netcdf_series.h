/* The snapshots of a run in PATH.nc, written so that no kill loses one
 * that a restart needs, and no HDF5 fault takes the run down.
 *
 * Snapshots go into a part written under a temporary name next to
 * PATH.nc; each one is appended by a child process (io/child_task.h: HDF5
 * failing on a full disk ends that child, not the run) and synced to
 * disk. At a checkpoint the part is sealed: renamed PATH.nc.part-NNNN
 * (NNNN: its first snapshot) and never written again, so that no later
 * fault can damage the snapshots that the checkpoint follows. A restart
 * takes the snapshots before its checkpoint over from the sealed parts
 * that the checkpointed run left, or from that run's complete PATH.nc,
 * each snapshot checked (its time, its bathymetry); when the run ends,
 * the parts are joined into PATH.nc (a rename when there is one), so that
 * a restart after a kill ends with every snapshot in PATH.nc. */
#ifndef SWE_NETCDF_SERIES_H
#define SWE_NETCDF_SERIES_H

#include "cartesian/io/netcdf_output.h"

typedef struct swe_netcdf_series swe_netcdf_series; /* opaque */

typedef struct swe_series_plan {
    const char *path_stem;    /* PATH */
    const char *earlier_stem; /* a restart's checkpointed run's PATH, looked at first; or NULL */
    int outputs;              /* snapshots after the initial one */
    double t_end;             /* snapshot k is at t_end * k / outputs */
    int first_snapshot;       /* 0; a restart's next snapshot */
} swe_series_plan;

/* Prepares the series for the grid of initial (the run's initial state of
 * the whole domain). A restart finds its earlier snapshots here; where
 * none are found but a PATH.nc is in the way that a restart would replace
 * by a shorter file, it is refused (SWE_ERROR_USAGE) before the run. */
int swe_netcdf_series_open(swe_netcdf_series **series, const swe_series_plan *plan,
                           const swe_block *initial, const swe_output_info *info, swe_error *err);

/* Appends snapshot number `snapshot` (the next one) at time `time`. */
int swe_netcdf_series_write(swe_netcdf_series *series, const swe_block *block, int snapshot,
                            double time, swe_error *err);

/* The maxima of the run so far (cartesian/io/netcdf_output.h), into the part being
 * written and, kept here, into PATH.nc when the parts are joined. */
int swe_netcdf_series_write_maxima(swe_netcdf_series *series, const swe_block *block,
                                   const real *const maxima[SWE_MAXIMA_COUNT],
                                   const double period[2], swe_error *err);

/* At a checkpoint: seals the part being written (before the checkpoint
 * that relies on it is put in place). */
int swe_netcdf_series_seal(swe_netcdf_series *series, swe_error *err);

/* keep nonzero: joins every snapshot into PATH.nc and removes this run's
 * parts; zero (a failed or stopped run): removes the unsealed part and
 * keeps the sealed ones for a restart. Frees series; safe with NULL. */
int swe_netcdf_series_close(swe_netcdf_series *series, int keep, swe_error *err);

#endif
