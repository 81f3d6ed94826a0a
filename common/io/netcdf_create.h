/* NetCDF files created exclusively (NC_NOCLOBBER): never over an existing
 * file, never through a link planted at the name, so that no file of the
 * user's is overwritten through an output's temporary name. */
#ifndef SWE_NETCDF_CREATE_H
#define SWE_NETCDF_CREATE_H

#include "core/error.h"

/* Creates a NetCDF file (mode: NC_NETCDF4 and the like; NC_NOCLOBBER is
 * added) under a fresh temporary name next to final_path
 * (PATH.tmp.XXXXXX, io/atomic_file.h), which *temp_path gets (the caller
 * frees it, and renames or removes the file). An unwritable place is
 * SWE_ERROR_USAGE naming the real reason. */
int swe_netcdf_create_temporary(const char *final_path, int mode, int *ncid, char **temp_path,
                                swe_error *err);

/* The same at path itself, which must not exist (a file written in place). */
int swe_netcdf_create_at(const char *path, int mode, int *ncid, swe_error *err);

#endif
