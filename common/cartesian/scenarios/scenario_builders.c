/* The builders of the built-in scenarios (scenario.c lists them): each
 * sets the bed and the initial state of every interior cell from its
 * scenario's parameter table. */
#include "cartesian/scenarios/scenario_builders.h"

#include "shallow_water/thacker_exact.h"

#include <math.h>
#include <stddef.h>

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

void swe_scenario_initialise_artificial_tsunami(swe_block *block, const swe_scenario *scenario)
{
    for_each_cell(block, scenario, set_artificial_tsunami);
}

void swe_scenario_initialise_radial(swe_block *block, const swe_scenario *scenario)
{
    for_each_cell(block, scenario, set_radial_dam_break);
}

void swe_scenario_initialise_dam_break_in_current(swe_block *block, const swe_scenario *scenario)
{
    for_each_cell(block, scenario, set_dam_break_in_current);
}

void swe_scenario_initialise_dam_break_1d(swe_block *block, const swe_scenario *scenario)
{
    for_each_cell(block, scenario, set_dam_break_1d);
}

void swe_scenario_initialise_lake_at_rest(swe_block *block, const swe_scenario *scenario)
{
    for_each_cell(block, scenario, set_lake_at_rest);
}

void swe_scenario_initialise_bump_dam_break(swe_block *block, const swe_scenario *scenario)
{
    for_each_cell(block, scenario, set_bump_dam_break);
}

void swe_scenario_initialise_partial_dam_break(swe_block *block, const swe_scenario *scenario)
{
    for_each_cell(block, scenario, set_partial_dam_break);
}

void swe_scenario_initialise_thacker_bowl(swe_block *block, const swe_scenario *scenario)
{
    for_each_cell(block, scenario, set_thacker_bowl);
}
