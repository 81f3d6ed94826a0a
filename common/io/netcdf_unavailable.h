/* What a program built without libnetcdf answers when asked for a NetCDF
 * file: one message saying how to get it, for every application's
 * stand-ins (*_unavailable.c). */
#ifndef SWE_NETCDF_UNAVAILABLE_H
#define SWE_NETCDF_UNAVAILABLE_H

#include "core/error.h"

/* SWE_ERROR_USAGE: built without NetCDF, install libnetcdf-dev. */
int swe_netcdf_unavailable(swe_error *err);

#endif
