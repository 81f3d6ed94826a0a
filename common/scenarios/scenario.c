/* The built-in scenarios. Each reads its numbers from its own parameter
 * table, so what an output file records is exactly what was run. */
#include "scenarios/scenario.h"

#include "scenarios/thacker_exact.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#define WALLS                                                                                      \
    {                                                                                              \
        SWE_BOUNDARY_WALL, SWE_BOUNDARY_WALL, SWE_BOUNDARY_WALL, SWE_BOUNDARY_WALL                 \
    }
#define OUTFLOWS                                                                                   \
    {                                                                                              \
        SWE_BOUNDARY_OUTFLOW, SWE_BOUNDARY_OUTFLOW, SWE_BOUNDARY_OUTFLOW, SWE_BOUNDARY_OUTFLOW     \
    }

/* Calls set(block, i, j, x, y, scenario) on every interior cell. */
typedef void (*swe_cell_setter)(swe_block *block, size_t cell, double x, double y,
                                const swe_scenario *scenario);

static void for_each_cell(swe_block *block, const swe_scenario *scenario, swe_cell_setter set)
{
    for (int j = 1; j <= block->ny; ++j) {
        double y = swe_block_cell_y(block, j);
        for (int i = 1; i <= block->nx; ++i) {
            set(block, SWE_INDEX(block, i, j), swe_block_cell_x(block, i), y, scenario);
        }
    }
}

static void set_radial_dam_break(swe_block *block, size_t cell, double x, double y,
                                 const swe_scenario *scenario)
{
    double dx = x - swe_scenario_parameter(scenario, "centre_x");
    double dy = y - swe_scenario_parameter(scenario, "centre_y");
    int inside = dx * dx + dy * dy <= pow(swe_scenario_parameter(scenario, "radius"), 2);
    block->h[cell] = (real)swe_scenario_parameter(scenario, inside ? "h_inside" : "h_outside");
}

/* The radial dam break carried by a uniform current (u, v): every cell
 * moves from the start, so that no solver or kernel finds water at rest
 * (zero momenta, zero jumps) anywhere; the flow for timing a moving state. */
static void set_dam_break_in_current(swe_block *block, size_t cell, double x, double y,
                                     const swe_scenario *scenario)
{
    set_radial_dam_break(block, cell, x, y, scenario);
    double h = (double)block->h[cell];
    block->hu[cell] = (real)(h * swe_scenario_parameter(scenario, "u"));
    block->hv[cell] = (real)(h * swe_scenario_parameter(scenario, "v"));
}

static void set_dam_break_1d(swe_block *block, size_t cell, double x, double y,
                             const swe_scenario *scenario)
{
    (void)y;
    int left = x < swe_scenario_parameter(scenario, "x_dam");
    block->h[cell] = (real)swe_scenario_parameter(scenario, left ? "h_left" : "h_right");
}

/* Gaussian bump of the bed under a flat surface at rest. */
static void set_lake_at_rest(swe_block *block, size_t cell, double x, double y,
                             const swe_scenario *scenario)
{
    double dx = x - swe_scenario_parameter(scenario, "bump_x");
    double dy = y - swe_scenario_parameter(scenario, "bump_y");
    double width = swe_scenario_parameter(scenario, "bump_width");
    double bed = -swe_scenario_parameter(scenario, "depth") +
                 swe_scenario_parameter(scenario, "bump_height") *
                     exp(-(dx * dx + dy * dy) / (2.0 * width * width));
    block->b[cell] = (real)bed;
    block->h[cell] = (real)(swe_scenario_parameter(scenario, "surface") - (double)block->b[cell]);
}

/* The depth below the reference level is H = depth - amplitude * exp(-r^2);
 * the bed is b = -H and the water layer h0 is given directly. */
static void set_bump_dam_break(swe_block *block, size_t cell, double x, double y,
                               const swe_scenario *scenario)
{
    double r2 = x * x + y * y;
    double depth = swe_scenario_parameter(scenario, "depth") -
                   swe_scenario_parameter(scenario, "bump_amplitude") * exp(-r2);
    int inside = r2 <= pow(swe_scenario_parameter(scenario, "radius"), 2);
    block->b[cell] = (real)(-depth);
    block->h[cell] = (real)swe_scenario_parameter(scenario, inside ? "h_inside" : "h_outside");
}

/* Fennema-Chaudhry partial dam break (reference data: docs/VALIDATION.md).
 * The dam is a band of dry ground as high as dam_crest across the basin,
 * cut by the breach; its cells are dry walls to every solver. Water left
 * of the dam's centre line (breach cells included) starts at h_upstream. */
static void set_partial_dam_break(swe_block *block, size_t cell, double x, double y,
                                  const swe_scenario *scenario)
{
    double dam_x = swe_scenario_parameter(scenario, "dam_x");
    double half_thickness = 0.5 * swe_scenario_parameter(scenario, "dam_thickness");
    int in_dam = fabs(x - dam_x) <= half_thickness;
    int in_breach = y >= swe_scenario_parameter(scenario, "breach_y_min") &&
                    y <= swe_scenario_parameter(scenario, "breach_y_max");
    int solid = in_dam && !in_breach;
    block->b[cell] = solid ? (real)swe_scenario_parameter(scenario, "dam_crest") : (real)0;
    double water = swe_scenario_parameter(scenario, x < dam_x ? "h_upstream" : "h_downstream");
    block->h[cell] = solid ? (real)0 : (real)water;
}

/* Thacker's bowl at t = 0, from its exact solution. */
static void set_thacker_bowl(swe_block *block, size_t cell, double x, double y,
                             const swe_scenario *scenario)
{
    swe_thacker_exact bowl;
    swe_error err;
    int status = swe_thacker_init(&bowl, swe_scenario_parameter(scenario, "centre_x"),
                                  swe_scenario_parameter(scenario, "centre_y"),
                                  swe_scenario_parameter(scenario, "radius"),
                                  swe_scenario_parameter(scenario, "depth"),
                                  swe_scenario_parameter(scenario, "amplitude"), &err);
    double h = NAN, u = NAN, v = NAN; /* the table's parameters are valid: never stays NaN */
    if (status == SWE_OK) {
        swe_thacker_eval(&bowl, x, y, 0.0, &h, &u, &v);
    }
    block->b[cell] = (real)(status == SWE_OK ? swe_thacker_bed(&bowl, x, y) : NAN);
    block->h[cell] = (real)h;
    block->hu[cell] = (real)(h * u);
    block->hv[cell] = (real)(h * v);
}

/* An ocean of constant depth whose floor rises linearly from shelf_x to
 * sea level at coast_x and on to a flat land at coast_height; a Gaussian
 * hump of the sea floor lifts the surface with it, as an earthquake would
 * (bed and water move together). */
static void set_artificial_tsunami(swe_block *block, size_t cell, double x, double y,
                                   const swe_scenario *scenario)
{
    double depth = swe_scenario_parameter(scenario, "depth");
    double shelf_x = swe_scenario_parameter(scenario, "shelf_x");
    double coast_x = swe_scenario_parameter(scenario, "coast_x");
    double slope = depth / (coast_x - shelf_x);
    double bed = x <= shelf_x ? -depth : -depth + slope * (x - shelf_x);
    bed = fmin(bed, swe_scenario_parameter(scenario, "coast_height"));
    double dx = x - swe_scenario_parameter(scenario, "source_x");
    double dy = y - swe_scenario_parameter(scenario, "source_y");
    double radius = swe_scenario_parameter(scenario, "source_radius");
    double lift = swe_scenario_parameter(scenario, "source_height") *
                  exp(-(dx * dx + dy * dy) / (2.0 * radius * radius));
    block->h[cell] = (real)(bed < 0 ? -bed : 0.0);
    block->b[cell] = (real)(bed + lift);
}

static void initialise_artificial_tsunami(swe_block *block, const swe_scenario *scenario)
{
    for_each_cell(block, scenario, set_artificial_tsunami);
}

static void initialise_radial(swe_block *block, const swe_scenario *scenario)
{
    for_each_cell(block, scenario, set_radial_dam_break);
}

static void initialise_dam_break_in_current(swe_block *block, const swe_scenario *scenario)
{
    for_each_cell(block, scenario, set_dam_break_in_current);
}

static void initialise_dam_break_1d(swe_block *block, const swe_scenario *scenario)
{
    for_each_cell(block, scenario, set_dam_break_1d);
}

static void initialise_lake_at_rest(swe_block *block, const swe_scenario *scenario)
{
    for_each_cell(block, scenario, set_lake_at_rest);
}

static void initialise_bump_dam_break(swe_block *block, const swe_scenario *scenario)
{
    for_each_cell(block, scenario, set_bump_dam_break);
}

static void initialise_partial_dam_break(swe_block *block, const swe_scenario *scenario)
{
    for_each_cell(block, scenario, set_partial_dam_break);
}

static void initialise_thacker_bowl(swe_block *block, const swe_scenario *scenario)
{
    for_each_cell(block, scenario, set_thacker_bowl);
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
     .initialise = initialise_radial},
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
     .initialise = initialise_dam_break_in_current},
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
     .initialise = initialise_dam_break_1d},
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
     .initialise = initialise_dam_break_1d},
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
     .initialise = initialise_lake_at_rest},
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
     .initialise = initialise_bump_dam_break},
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
     .initialise = initialise_partial_dam_break},
    /* Radius 11 m as in the seed's Figure 5a and its published depths at
     * 0.69 s (up to 9.6 m: the centre is still undisturbed); its text says
     * "11 m diameter", with which the centre would be down to 3.6 m. */
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
     .initialise = initialise_radial},
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
     .initialise = initialise_thacker_bowl},
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
     .initialise = initialise_artificial_tsunami},
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
    for (int p = 0; p < scenario->parameter_count; ++p) {
        if (strcmp(scenario->parameters[p].name, name) == 0) {
            return scenario->parameters[p].value;
        }
    }
    return NAN; /* a scenario asking for a parameter it lacks: shows up as NaN at once */
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
