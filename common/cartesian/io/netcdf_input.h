/* Initial conditions from NetCDF files, as for a real tsunami: a bed
 * elevation (bathymetry) and an initial displacement of the sea floor and
 * surface, each a CF NetCDF file read as io/netcdf_input_field.h says
 * (units, positive, packing, fill values, the variable by its standard
 * name or by name). Both in metres, or both in longitude and latitude
 * (GEBCO, ETOPO), which are projected to metres as io/map_projection.h
 * states.
 *
 * The domain is the extent of the bathymetry's coordinates; both fields
 * are sampled bilinearly at the cell centres of an nx x ny grid on it, the
 * displacement d is zero outside its own extent. With the bed elevation
 * b0 (negative below sea level) the initial state is at rest with
 * h = max(0, -b0) and the bed b = b0 + d, so the surface is lifted by d
 * where there is water. */
#ifndef SWE_NETCDF_INPUT_H
#define SWE_NETCDF_INPUT_H

#include "cartesian/grid/block.h"
#include "cartesian/scenarios/scenario.h"
#include "core/error.h"
#include "io/map_projection.h"

/* The input files of a run and the variables to read from them (NULL:
 * chosen by standard name, or the only 2D variable). */
typedef struct swe_input_files {
    const char *bathymetry_path, *displacement_path;
    const char *bathymetry_variable, *displacement_variable;
} swe_input_files;

/* Creates the block of the scenario (its boundary types) from the two
 * files and tells in *projection how they map to metres. A file that is
 * missing, not NetCDF, or breaks a rule of io/netcdf_input_field.h, or
 * two files in different coordinates, are refused with SWE_ERROR_USAGE
 * and one line naming the file. */
int swe_netcdf_input_create_block(const swe_scenario *scenario, int nx, int ny,
                                  const swe_input_files *files, swe_block *block,
                                  swe_map_projection *projection, swe_error *err);

#endif
