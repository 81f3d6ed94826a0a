/* What a restart does with the NetCDF file at its --output, so that no
 * restart shortens a complete file or mixes another run's snapshots into
 * its own. Shared by the applications whose runs write one file. */
#ifndef SWE_NETCDF_RESTART_H
#define SWE_NETCDF_RESTART_H

#include "core/error.h"

enum swe_restart_file {
    SWE_RESTART_FILE_NEW,     /* none there, or one of this very restart's own snapshots
                                 (an earlier run of it into a new place): start one */
    SWE_RESTART_FILE_CONTINUE /* the checkpointed run's snapshots 0 .. first - 1: continue a copy */
};

/* For a restart whose first snapshot is first (> 0) of a run to t_end in
 * outputs snapshots (snapshot k at t_end * k / outputs, as the driver
 * computes it): *how for the file at path; any other file there is
 * refused (SWE_ERROR_USAGE, one line). */
int swe_netcdf_restart_file(const char *path, int first, double t_end, int outputs,
                            enum swe_restart_file *how, swe_error *err);

#endif
