/* The output files of a run, whichever formats it asked for (NetCDF, VTK,
 * PNG), behind one interface, so that the time-stepping loop writes a
 * snapshot with one call. Snapshot k of a run goes to PATH.nc (appended),
 * PATH_kkkk.vtr (listed in PATH.pvd) and PATH_kkkk.png. */
#ifndef SWE_OUTPUT_SET_H
#define SWE_OUTPUT_SET_H

#include "cartesian/grid/block.h"
#include "cartesian/io/netcdf_output.h"
#include "cartesian/io/picture.h"
#include "io/compression.h"
#include "io/formats.h"

/* What a run writes: which formats, where, and how many snapshots of a
 * run to t_end follow the initial one; how pictures choose their colours. */
typedef struct swe_output_plan {
    unsigned formats; /* enum swe_format flags */
    const char *path_stem;
    int outputs;
    double t_end;
    int vtk_compression;           /* zlib level 0..9 of the .vtr files */
    swe_range_choice colour_range; /* SWE_RANGE_RUN needs SWE_FORMAT_NETCDF */
    const char *earlier_stem;      /* a restart: the checkpointed run's PATH, where
                                      its earlier snapshots are (cartesian/io/netcdf_series.h) */
} swe_output_plan;

typedef struct swe_output_set swe_output_set; /* opaque */

/* Prepares the formats of plan for the grid of block, whose host arrays
 * hold the initial state (the pictures take their style from it, so that
 * a restarted run draws as the first did). A run that restarts at snapshot
 * first_snapshot lists the earlier VTK files that exist in its .pvd and
 * takes its earlier NetCDF snapshots over. */
int swe_output_set_create(swe_output_set **set, const swe_output_plan *plan, const swe_block *block,
                          const swe_output_info *info, int first_snapshot, swe_error *err);

/* Writes snapshot number snapshot at simulated time in every format. */
int swe_output_set_write(swe_output_set *set, const swe_block *block, int snapshot, double time,
                         swe_error *err);

/* Writes the maxima of the run so far into the NetCDF file (a set whose
 * info asked for them; nothing without NetCDF). */
int swe_output_set_write_maxima(swe_output_set *set, const swe_block *block,
                                const real *const maxima[SWE_MAXIMA_COUNT], const double period[2],
                                swe_error *err);

/* At a checkpoint, before it is written: the snapshots so far sealed
 * (cartesian/io/netcdf_series.h), so that a restart from it finds them. */
int swe_output_set_seal(swe_output_set *set, swe_error *err);

/* Closes the files: keep nonzero puts them in place (what was written so
 * far, after a run stopped by an unstable state too), zero removes the
 * NetCDF snapshots written since the last checkpoint and keeps the sealed
 * ones for a restart (VTK and PNG files are complete files of their own).
 * With the colour range of the whole run, the pictures are drawn now, from
 * the kept NetCDF file. Frees set; safe with NULL. */
int swe_output_set_close(swe_output_set *set, int keep, swe_error *err);

#endif
