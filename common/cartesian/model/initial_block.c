#include "cartesian/model/initial_block.h"

#include "cartesian/io/netcdf_input.h"

int swe_cartesian_create_block(const swe_options *options, const swe_block_place *place,
                               swe_block *block, swe_map_projection *projection, swe_error *err)
{
    swe_map_projection unused;
    projection = projection != NULL ? projection : &unused;
    *projection = (swe_map_projection){0};
    if (place != NULL) {
        return swe_scenario_create_part(options->scenario, options->nx, options->ny, place->first_i,
                                        place->first_j, place->nx, place->ny, block, err);
    }
    if (options->scenario->needs_input_files) {
        const swe_input_files files = {options->bathymetry_path, options->displacement_path,
                                       options->bathymetry_variable,
                                       options->displacement_variable};
        return swe_netcdf_input_create_block(options->scenario, options->nx, options->ny, &files,
                                             block, projection, err);
    }
    return swe_scenario_create_block(options->scenario, options->nx, options->ny, block, err);
}
