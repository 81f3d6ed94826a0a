/* The records of NetCDF files, whatever their variables: what a series
 * of snapshots in parts (io/netcdf_sealed.h) needs to join its parts and
 * to check earlier ones, for every application's layout alike. */
#ifndef SWE_NETCDF_RECORDS_H
#define SWE_NETCDF_RECORDS_H

#include "core/error.h"

#include <stddef.h>

/* Appends records 0 .. count - 1 of every variable over the unlimited
 * dimension of the file at from to the variable of that name in the
 * file at to, after the records it holds; the bytes as they are. */
int swe_netcdf_append_records(const char *to, const char *from, size_t count, swe_error *err);

/* How many of the first `needed` records of the file at path lie at
 * times[0], times[1], ... (the "time" variable, compared exactly), each
 * record of every variable over the unlimited dimension read whole; 0 for
 * a file that cannot be read. */
int swe_netcdf_records_at(const char *path, const double *times, int needed);

#endif
