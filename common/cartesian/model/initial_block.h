/* The initial state of a Cartesian run: a block of the scenario, or of
 * its input files (--scenario netcdf), whole or one process's part. */
#ifndef SWE_CARTESIAN_INITIAL_BLOCK_H
#define SWE_CARTESIAN_INITIAL_BLOCK_H

#include "cartesian/model/block_model.h"

/* The initial block of place (NULL: the whole domain); projection (NULL:
 * not wanted) tells how geographic input files became metres. */
int swe_cartesian_create_block(const swe_options *options, const swe_block_place *place,
                               swe_block *block, swe_map_projection *projection, swe_error *err);

#endif
