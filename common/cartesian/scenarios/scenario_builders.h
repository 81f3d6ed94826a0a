/* The builders of the built-in scenarios, one per scenario of the table
 * in scenario.c (private to common/cartesian/scenarios/): each sets the bed and the
 * initial state of the interior cells of block from scenario's parameters. */
#ifndef SWE_SCENARIO_BUILDERS_H
#define SWE_SCENARIO_BUILDERS_H

#include "cartesian/scenarios/scenario.h"

void swe_scenario_initialise_artificial_tsunami(swe_block *block, const swe_scenario *scenario);
void swe_scenario_initialise_radial(swe_block *block, const swe_scenario *scenario);
void swe_scenario_initialise_dam_break_in_current(swe_block *block, const swe_scenario *scenario);
void swe_scenario_initialise_dam_break_1d(swe_block *block, const swe_scenario *scenario);
void swe_scenario_initialise_lake_at_rest(swe_block *block, const swe_scenario *scenario);
void swe_scenario_initialise_bump_dam_break(swe_block *block, const swe_scenario *scenario);
void swe_scenario_initialise_partial_dam_break(swe_block *block, const swe_scenario *scenario);
void swe_scenario_initialise_thacker_bowl(swe_block *block, const swe_scenario *scenario);

#endif
