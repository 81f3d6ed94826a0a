#include "cartesian/initial_block.h"

#include "io/netcdf_input.h"

int swe_cartesian_create_block(const swe_options *options, const swe_block_place *place,
                               swe_block *block, swe_error *err)
{
    if (place != NULL) {
        return swe_scenario_create_part(options->scenario, options->nx, options->ny, place->first_i,
                                        place->first_j, place->nx, place->ny, block, err);
    }
    if (options->scenario->needs_input_files) {
        return swe_netcdf_input_create_block(options->scenario, options->nx, options->ny,
                                             options->bathymetry_path, options->displacement_path,
                                             block, err);
    }
    return swe_scenario_create_block(options->scenario, options->nx, options->ny, block, err);
}
