/* The snapshots of a Cartesian run in PATH.nc (cartesian/io/netcdf_output.h),
 * written as a sealed series (io/netcdf_sealed.h): parts sealed at each
 * checkpoint, each write in a child process, a restart's earlier
 * snapshots taken over from the checkpointed run's parts or file, checked
 * against the run's bed; the maxima written after each snapshot. */
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
 * parts; zero (a failed run): removes the unsealed part and
 * keeps the sealed ones for a restart. Frees series; safe with NULL. */
int swe_netcdf_series_close(swe_netcdf_series *series, int keep, swe_error *err);

#endif
