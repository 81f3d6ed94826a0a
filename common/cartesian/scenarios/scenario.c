/* The built-in scenarios. Each reads its numbers from its own parameter
 * table, so what an output file records is exactly what was run. This file
 * holds the table and the lookups; scenario_builders.c sets the cells. */
#include "cartesian/scenarios/scenario.h"

#include "cartesian/scenarios/scenario_builders.h"

#include <math.h>
#include <string.h>

#define WALLS                                                                                      \
    {                                                                                              \
        SWE_BOUNDARY_WALL, SWE_BOUNDARY_WALL, SWE_BOUNDARY_WALL, SWE_BOUNDARY_WALL                 \
    }
#define OUTFLOWS                                                                                   \
    {                                                                                              \
        SWE_BOUNDARY_OUTFLOW, SWE_BOUNDARY_OUTFLOW, SWE_BOUNDARY_OUTFLOW, SWE_BOUNDARY_OUTFLOW     \
    }

/* height 0 means: as high as ny square cells of width / nx. */
static const swe_scenario scenarios[] = {
    {.name = "radial-dam-break",
     .title = "Radial dam break: 15 m of water in a 100 m circle, 10 m around it, walls",
     .x0 = 0,
     .y0 = 0,
     .width = 1000,
     .height = 1000,
     .boundary = WALLS,
     .default_nx = 500,
     .default_ny = 500,
     .default_t_end = 20,
     .default_cfl = 0.5,
     .parameter_count = 5,
     .parameters = {{"centre_x", 500, "m"},
                    {"centre_y", 500, "m"},
                    {"radius", 100, "m"},
                    {"h_inside", 15, "m"},
                    {"h_outside", 10, "m"}},
     .initialise = swe_scenario_initialise_radial},
    {.name = "dam-break-in-current",
     .title = "The radial dam break in a current of (2, 1) m/s, outflow: nothing at rest",
     .x0 = 0,
     .y0 = 0,
     .width = 1000,
     .height = 1000,
     .boundary = OUTFLOWS,
     .default_nx = 500,
     .default_ny = 500,
     .default_t_end = 20,
     .default_cfl = 0.5,
     .parameter_count = 7,
     .parameters = {{"centre_x", 500, "m"},
                    {"centre_y", 500, "m"},
                    {"radius", 100, "m"},
                    {"h_inside", 15, "m"},
                    {"h_outside", 10, "m"},
                    {"u", 2, "m/s"},
                    {"v", 1, "m/s"}},
     .initialise = swe_scenario_initialise_dam_break_in_current},
    {.name = "dam-break-1d-wet",
     .title = "1D dam break on a wet bed (Stoker): 10 m left of x = 500 m, 2 m right, outflow",
     .x0 = 0,
     .y0 = 0,
     .width = 1000,
     .height = 0,
     .boundary = OUTFLOWS,
     .default_nx = 1000,
     .default_ny = 1,
     .default_t_end = 20,
     .default_cfl = 0.5,
     .parameter_count = 3,
     .parameters = {{"x_dam", 500, "m"}, {"h_left", 10, "m"}, {"h_right", 2, "m"}},
     .initialise = swe_scenario_initialise_dam_break_1d},
    {.name = "dam-break-1d-dry",
     .title = "1D dam break on a dry bed (Ritter): 10 m left of x = 500 m, dry right, outflow",
     .x0 = 0,
     .y0 = 0,
     .width = 1000,
     .height = 0,
     .boundary = OUTFLOWS,
     .default_nx = 1000,
     .default_ny = 1,
     .default_t_end = 20,
     .default_cfl = 0.5,
     .parameter_count = 3,
     .parameters = {{"x_dam", 500, "m"}, {"h_left", 10, "m"}, {"h_right", 0, "m"}},
     .initialise = swe_scenario_initialise_dam_break_1d},
    {.name = "lake-at-rest",
     .title = "Lake at rest: a flat surface over a Gaussian bump of the bed, walls; stays at rest",
     .x0 = 0,
     .y0 = 0,
     .width = 1000,
     .height = 1000,
     .boundary = WALLS,
     .default_nx = 200,
     .default_ny = 200,
     .default_t_end = 10,
     .default_cfl = 0.5,
     .parameter_count = 6,
     .parameters = {{"surface", 0, "m"},
                    {"depth", 10, "m"},
                    {"bump_height", 5, "m"},
                    {"bump_width", 100, "m"},
                    {"bump_x", 500, "m"},
                    {"bump_y", 500, "m"}},
     .initialise = swe_scenario_initialise_lake_at_rest},
    {.name = "bump-dam-break",
     .title = "Circular dam break over a Gaussian bump on [-5,5]^2 (Zhang 2012), walls",
     .x0 = -5,
     .y0 = -5,
     .width = 10,
     .height = 10,
     .boundary = WALLS,
     .default_nx = 200,
     .default_ny = 200,
     .default_t_end = 1,
     .default_cfl = 0.45,
     .parameter_count = 5,
     .parameters = {{"radius", 0.6, "m"},
                    {"h_inside", 4, "m"},
                    {"h_outside", 2, "m"},
                    {"depth", 1, "m"},
                    {"bump_amplitude", 0.4, "m"}},
     .initialise = swe_scenario_initialise_bump_dam_break},
    {.name = "partial-dam-break",
     .title = "Partial dam break (Fennema-Chaudhry): 200 m basin, 75 m breach, 10 m | 5 m, walls",
     .x0 = 0,
     .y0 = 0,
     .width = 200,
     .height = 200,
     .boundary = WALLS,
     .default_nx = 200,
     .default_ny = 200,
     .default_t_end = 7.2,
     .default_cfl = 0.5,
     .parameter_count = 7,
     .parameters = {{"dam_x", 100, "m"},
                    {"dam_thickness", 10, "m"},
                    {"breach_y_min", 95, "m"},
                    {"breach_y_max", 170, "m"},
                    {"h_upstream", 10, "m"},
                    {"h_downstream", 5, "m"},
                    {"dam_crest", 15, "m"}},
     .initialise = swe_scenario_initialise_partial_dam_break},
    /* Radius 11 m as in Figure 5a of Roe-MUSCL GPU n.d. and its published
     * depths at 0.69 s (up to 9.6 m: the centre is still undisturbed); its
     * text says "11 m diameter", with which the centre would be down to
     * 3.6 m. */
    {.name = "circular-dam-break",
     .title = "Circular dam break (Alcrudo-Garcia-Navarro): 10 m within r = 11 m, 1 m around",
     .x0 = 0,
     .y0 = 0,
     .width = 50,
     .height = 50,
     .boundary = WALLS,
     .default_nx = 200,
     .default_ny = 200,
     .default_t_end = 0.69,
     .default_cfl = 0.5,
     .parameter_count = 5,
     .parameters = {{"centre_x", 25, "m"},
                    {"centre_y", 25, "m"},
                    {"radius", 11, "m"},
                    {"h_inside", 10, "m"},
                    {"h_outside", 1, "m"}},
     .initialise = swe_scenario_initialise_radial},
    {.name = "thacker-bowl",
     .title = "Thacker's planar oscillation in a parabolic bowl (wet/dry, exact), one period",
     .x0 = 0,
     .y0 = 0,
     .width = 4,
     .height = 4,
     .boundary = WALLS,
     .default_nx = 200,
     .default_ny = 200,
     .default_t_end = 4.48569,
     .default_cfl = 0.5,
     .parameter_count = 5,
     .parameters = {{"centre_x", 2, "m"},
                    {"centre_y", 2, "m"},
                    {"radius", 1, "m"},
                    {"depth", 0.1, "m"},
                    {"amplitude", 0.5, "m"}},
     .initialise = swe_scenario_initialise_thacker_bowl},
    {.name = "artificial-tsunami",
     .title = "Artificial tsunami: a 2 m hump of the sea floor in a 2 km deep ocean, a shelf "
              "and a coast at x = 85 km, outflow",
     .x0 = 0,
     .y0 = 0,
     .width = 100000,
     .height = 100000,
     .boundary = OUTFLOWS,
     .default_nx = 200,
     .default_ny = 200,
     .default_t_end = 600,
     .default_cfl = 0.45,
     .parameter_count = 8,
     .parameters = {{"depth", 2000, "m"},
                    {"shelf_x", 60000, "m"},
                    {"coast_x", 85000, "m"},
                    {"coast_height", 20, "m"},
                    {"source_x", 30000, "m"},
                    {"source_y", 50000, "m"},
                    {"source_radius", 5000, "m"},
                    {"source_height", 2, "m"}},
     .initialise = swe_scenario_initialise_artificial_tsunami},
    {.name = "netcdf",
     .title = "Bathymetry and initial displacement from the NetCDF files of --bathymetry and "
              "--displacement, outflow",
     .boundary = OUTFLOWS,
     .default_nx = 200,
     .default_ny = 200,
     .default_t_end = 600,
     .default_cfl = 0.45,
     .needs_input_files = 1},
};

int swe_scenario_count(void)
{
    return (int)(sizeof scenarios / sizeof scenarios[0]);
}

const swe_scenario *swe_scenario_at(int index)
{
    return index >= 0 && index < swe_scenario_count() ? &scenarios[index] : NULL;
}

const swe_scenario *swe_scenario_find(const char *name)
{
    for (int index = 0; name != NULL && index < swe_scenario_count(); ++index) {
        if (strcmp(scenarios[index].name, name) == 0) {
            return &scenarios[index];
        }
    }
    return NULL;
}

double swe_scenario_parameter(const swe_scenario *scenario, const char *name)
{
    return scenario != NULL
               ? swe_parameter_value(scenario->parameters, scenario->parameter_count, name)
               : NAN;
}

int swe_scenario_create_block(const swe_scenario *scenario, int nx, int ny, swe_block *block,
                              swe_error *err)
{
    return swe_scenario_create_part(scenario, nx, ny, 0, 0, nx, ny, block, err);
}

int swe_scenario_create_part(const swe_scenario *scenario, int domain_nx, int domain_ny,
                             int first_i, int first_j, int nx, int ny, swe_block *block,
                             swe_error *err)
{
    if (scenario == NULL || block == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no scenario or block given");
    }
    if (scenario->needs_input_files) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "scenario '%s' is read from files (give --bathymetry and --displacement)",
                        scenario->name);
    }
    if (domain_nx < 1 || domain_ny < 1) {
        return swe_fail(err, SWE_ERROR_USAGE, "the grid needs at least 1 x 1 cells, got %d x %d",
                        domain_nx, domain_ny);
    }
    double height =
        scenario->height > 0 ? scenario->height : scenario->width * domain_ny / domain_nx;
    int status = swe_block_create_part(block, domain_nx, domain_ny, first_i, first_j, nx, ny,
                                       scenario->x0, scenario->y0, scenario->width, height, err);
    if (status != SWE_OK) {
        return status;
    }
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        if (block->boundary[edge] != SWE_BOUNDARY_CONNECT) {
            block->boundary[edge] = scenario->boundary[edge];
        }
    }
    scenario->initialise(block, scenario);
    return SWE_OK;
}
