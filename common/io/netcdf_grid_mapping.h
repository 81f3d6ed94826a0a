/* Reading the grid mapping of an input variable and writing it into an
 * output file (io/grid_mapping.h). */
#ifndef SWE_NETCDF_GRID_MAPPING_H
#define SWE_NETCDF_GRID_MAPPING_H

#include "io/grid_mapping.h"
#include "io/netcdf_cf.h"

/* The grid mapping that variable varid of ncid names in its grid_mapping
 * attribute ("crs", or CF's extended "crs: x y"), as its variable states
 * it: grid_mapping_name, crs_wkt or spatial_ref, and up to
 * SWE_GRID_MAPPING_PARAMETERS numeric parameters of one or two values.
 * An empty mapping where there is none. */
void swe_grid_mapping_read(int ncid, int varid, swe_grid_mapping *mapping);

/* Defines the variable "crs" holding mapping in file (before nc_enddef). */
int swe_grid_mapping_write(const swe_cf_file *file, const swe_grid_mapping *mapping,
                           swe_error *err);

#endif
