/* Initial conditions from NetCDF files, as for a real tsunami: a bed
 * elevation (bathymetry) and an initial displacement of the sea floor and
 * surface, each a CF-style file with 1D coordinate variables x and y and
 * one 2D variable over (y, x). Coordinates may rise or fall but must be
 * strictly monotonic with at least two points each.
 *
 * The domain is the extent of the bathymetry's coordinates; both fields
 * are sampled bilinearly at the cell centres of an nx x ny grid on it, the
 * displacement d is zero outside its own extent. With the bed elevation
 * b0 (negative below sea level) the initial state is at rest with
 * h = max(0, -b0) and the bed b = b0 + d, so the surface is lifted by d
 * where there is water. */
#ifndef SWE_NETCDF_INPUT_H
#define SWE_NETCDF_INPUT_H

#include "core/error.h"
#include "grid/block.h"
#include "scenarios/scenario.h"

/* Creates the block of the scenario (its boundary types) from the two
 * files. A file that is missing, not NetCDF, lacks x, y or a 2D variable
 * over them, has non-monotonic coordinates or values that are not finite
 * is refused with SWE_ERROR_USAGE and one line naming the file. */
int swe_netcdf_input_create_block(const swe_scenario *scenario, int nx, int ny,
                                  const char *bathymetry_path, const char *displacement_path,
                                  swe_block *block, swe_error *err);

#endif
