#include "mesh/scenarios/mesh_scenario.h"

#include "mesh/numerics/mesh_boundary.h"
#include "shallow_water/thacker_exact.h"

#include <math.h>
#include <string.h>

#define P(name) swe_mesh_scenario_parameter(scenario, name)

static swe_mesh_initial still(double h, double bed)
{
    swe_mesh_initial state = {h > 0 ? h : 0, 0, 0, bed};
    return state;
}

/* Fennema-Chaudhry (Roe-MUSCL GPU n.d., fig. 4): the dam is a hole in the
 * mesh (walls); water left of its centre line, the breach included, is
 * upstream. */
static swe_mesh_initial partial_dam_break(const swe_mesh_scenario *scenario, double x, double y)
{
    (void)y;
    return still(x < P("dam_x") ? P("h_upstream") : P("h_downstream"), 0);
}

static swe_mesh_initial circular_dam_break(const swe_mesh_scenario *scenario, double x, double y)
{
    double dx = x - P("centre_x"), dy = y - P("centre_y");
    int inside = dx * dx + dy * dy <= P("radius") * P("radius");
    return still(inside ? P("h_inside") : P("h_outside"), 0);
}

/* The outflow level with the plug flow that carries the inflow: the inflow
 * velocity in the 2 m channel, 2/3 of it past the step, so that the start
 * sends few long waves. The outflow radiates them (level and the plug
 * flow's velocity on the incoming invariant only): with the level condition
 * of Roe-MUSCL GPU n.d., which reflects them, the channel between it and
 * the velocity inflow rings at its third mode (6 s) and the separated shear
 * layer feeds it (docs/RESULTS-mesh.md). */
static swe_mesh_initial backward_step(const swe_mesh_scenario *scenario, double x, double y)
{
    (void)y;
    double mean = P("inflow_velocity") * (P("inflow_profile") == 2 ? 2.0 / 3.0 : 1.0);
    swe_mesh_initial state = still(P("outflow_level"), 0);
    state.hu = state.h * mean * (x < 0 ? 1.0 : 2.0 / 3.0);
    return state;
}

/* The step's inlet spans y = 1..3 m (backward_facing_step.geo). */
#define STEP_INLET_LOW 1.0
#define STEP_INLET_WIDTH 2.0

/* Integral from 0 to s of the developed (parabolic) profile 6 s (1 - s),
 * whose mean over the inlet is 1 and peak 1.5. */
static double parabola_integral(double s)
{
    return s * s * (3 - 2 * s);
}

/* The inflow profile of the step (parameter inflow_profile): 0 uniform,
 * 1 parabolic with mean inflow_velocity, 2 parabolic with peak
 * inflow_velocity; the mean over the segment, exact, so that the inlet
 * carries the stated discharge on any mesh. */
static double backward_step_profile(const swe_mesh_scenario *scenario, double x0, double y0,
                                    double x1, double y1)
{
    (void)x0;
    (void)x1;
    double profile = P("inflow_profile");
    if (profile != 1 && profile != 2) {
        return 1;
    }
    double s0 = fmin(fmax((y0 - STEP_INLET_LOW) / STEP_INLET_WIDTH, 0), 1);
    double s1 = fmin(fmax((y1 - STEP_INLET_LOW) / STEP_INLET_WIDTH, 0), 1);
    double mean =
        s1 != s0 ? (parabola_integral(s1) - parabola_integral(s0)) / (s1 - s0) : 6 * s0 * (1 - s0);
    return profile == 2 ? mean / 1.5 : mean;
}

/* A flat surface over a Gaussian bed: a bump below it, or an island
 * through it (dry where the bed stands above the surface). */
static swe_mesh_initial lake_at_rest(const swe_mesh_scenario *scenario, double x, double y)
{
    double dx = x - P("bump_x"), dy = y - P("bump_y"), width = P("bump_width");
    double bed = -P("depth") + P("bump_height") * exp(-(dx * dx + dy * dy) / (2 * width * width));
    return still(P("surface") - bed, bed);
}

static swe_mesh_initial dam_break_1d(const swe_mesh_scenario *scenario, double x, double y)
{
    (void)y;
    return still(x < P("x_dam") ? P("h_left") : P("h_right"), 0);
}

/* Thacker's planar oscillation in a parabolic bowl at t = 0 (the exact
 * solution of shallow_water/thacker_exact.h). */
static swe_mesh_initial thacker_bowl(const swe_mesh_scenario *scenario, double x, double y)
{
    swe_thacker_exact bowl;
    swe_error err = {{0}};
    swe_mesh_initial state = {0, 0, 0, 0};
    if (swe_thacker_init(&bowl, P("centre_x"), P("centre_y"), P("radius"), P("depth"),
                         P("amplitude"), &err) == SWE_OK) {
        double u, v;
        swe_thacker_eval(&bowl, x, y, 0, &state.h, &u, &v);
        state.hu = state.h * u;
        state.hv = state.h * v;
        state.bed = swe_thacker_bed(&bowl, x, y);
    }
    return state;
}

/* Still water at the downstream level. */
static swe_mesh_initial channel_at_level(const swe_mesh_scenario *scenario, double x, double y)
{
    (void)x;
    (void)y;
    return still(P("level"), 0);
}

#define WALLS                                                                                      \
    {                                                                                              \
        {                                                                                          \
            "wall", SWE_MESH_WALL, NULL, NULL                                                      \
        }                                                                                          \
    }
#define CHANNEL_ENDS                                                                               \
    {                                                                                              \
        {"wall", SWE_MESH_WALL, NULL, NULL}, {"upstream", SWE_MESH_FREE_OUTFLOW, NULL, NULL},      \
        {                                                                                          \
            "downstream", SWE_MESH_FREE_OUTFLOW, NULL, NULL                                        \
        }                                                                                          \
    }

static const swe_mesh_scenario scenarios[] = {
    {.name = "partial-dam-break",
     .title = "Partial dam break (Fennema-Chaudhry; Roe-MUSCL GPU n.d., fig. 4): 200 m basin, "
              "75 m breach, 10 m | 5 m, walls",
     .geo = "partial_dam_break",
     .mesh = "partial_dam_break_coarse",
     .t_end = 7.2,
     .cfl = 0.5,
     .order = 2,
     .parameter_count = 3,
     .parameters = {{"dam_x", 100, "m"}, {"h_upstream", 10, "m"}, {"h_downstream", 5, "m"}},
     .condition_count = 1,
     .conditions = WALLS,
     .initial = partial_dam_break},
    {.name = "circular-dam-break",
     .title = "Circular dam break (Alcrudo-Garcia-Navarro; Roe-MUSCL GPU n.d., fig. 5): "
              "10 m within r = 11 m, 1 m around, walls",
     .geo = "circular_dam_break",
     .mesh = "circular_dam_break_coarse",
     .t_end = 0.69,
     .cfl = 0.5,
     .order = 2,
     .parameter_count = 5,
     .parameters = {{"centre_x", 25, "m"},
                    {"centre_y", 25, "m"},
                    {"radius", 11, "m"},
                    {"h_inside", 10, "m"},
                    {"h_outside", 1, "m"}},
     .condition_count = 1,
     .conditions = WALLS,
     .initial = circular_dam_break},
    {.name = "backward-facing-step",
     .title = "Backward-facing step (Denham-Patrick; Roe-MUSCL GPU n.d., fig. 6): 2 m channel "
              "widening to 3 m, 0.5 m/s in, 1 m out, eddy viscosity 0.00667 m^2/s",
     .geo = "backward_facing_step",
     .mesh = "backward_facing_step_m1",
     .t_end = 500,
     .cfl = 0.5,
     .order = 2,
     .viscosity = 0.00667,
     .parameter_count = 5,
     .parameters = {{"inflow_velocity", 0.5, "m/s"},
                    {"outflow_level", 1, "m"},
                    {"outflow_velocity", 0.5 * 2.0 / 3.0, "m/s"},
                    {"no_slip", 0, "0 slip walls, 1 no-slip walls"},
                    {"inflow_profile", 0,
                     "0 uniform, 1 parabolic of mean inflow_velocity, 2 parabolic of peak "
                     "inflow_velocity"}},
     .condition_count = 3,
     .conditions = {{"wall", SWE_MESH_WALL, NULL, NULL},
                    {"inflow", SWE_MESH_INFLOW_VELOCITY, "inflow_velocity", NULL},
                    {"outflow", SWE_MESH_LEVEL_RADIATING, "outflow_level", "outflow_velocity"}},
     .initial = backward_step,
     .inflow_profile = backward_step_profile},
    {.name = "lake-at-rest",
     .title = "Lake at rest over a Gaussian bump of the bed, walls: stays at rest",
     .geo = "square_1000",
     .mesh = "square_1000_coarse",
     .t_end = 20,
     .cfl = 0.5,
     .order = 2,
     .parameter_count = 6,
     .parameters = {{"surface", 0, "m"},
                    {"depth", 10, "m"},
                    {"bump_height", 5, "m"},
                    {"bump_width", 100, "m"},
                    {"bump_x", 500, "m"},
                    {"bump_y", 500, "m"}},
     .condition_count = 1,
     .conditions = WALLS,
     .initial = lake_at_rest},
    {.name = "lake-at-rest-island",
     .title = "Lake at rest around a Gaussian island that rises 5 m above it, walls: stays at "
              "rest, the island dry",
     .geo = "square_1000",
     .mesh = "square_1000_coarse",
     .t_end = 20,
     .cfl = 0.5,
     .order = 2,
     .parameter_count = 6,
     .parameters = {{"surface", 0, "m"},
                    {"depth", 10, "m"},
                    {"bump_height", 15, "m"},
                    {"bump_width", 100, "m"},
                    {"bump_x", 500, "m"},
                    {"bump_y", 500, "m"}},
     .condition_count = 1,
     .conditions = WALLS,
     .initial = lake_at_rest},
    {.name = "dam-break-1d-wet",
     .title = "1D dam break on a wet bed (Stoker) in a triangulated channel: 10 m left of "
              "x = 500 m, 2 m right",
     .geo = "channel",
     .mesh = "channel_10",
     .t_end = 20,
     .cfl = 0.5,
     .order = 2,
     .parameter_count = 3,
     .parameters = {{"x_dam", 500, "m"}, {"h_left", 10, "m"}, {"h_right", 2, "m"}},
     .condition_count = 3,
     .conditions = CHANNEL_ENDS,
     .initial = dam_break_1d},
    {.name = "dam-break-1d-dry",
     .title = "1D dam break on a dry bed (Ritter) in a triangulated channel: 10 m left of "
              "x = 500 m, dry right",
     .geo = "channel",
     .mesh = "channel_10",
     .t_end = 20,
     .cfl = 0.5,
     .order = 2,
     .parameter_count = 3,
     .parameters = {{"x_dam", 500, "m"}, {"h_left", 10, "m"}, {"h_right", 0, "m"}},
     .condition_count = 3,
     .conditions = CHANNEL_ENDS,
     .initial = dam_break_1d},
    {.name = "channel-flow",
     .title = "Steady flow in a triangulated channel: 2 m^2/s in upstream (subcritical "
              "inflow), level 2 m downstream, Manning n = 0.02",
     .geo = "channel",
     .mesh = "channel_20",
     .t_end = 3000,
     .cfl = 0.5,
     .order = 2,
     .manning = 0.02,
     .parameter_count = 2,
     .parameters = {{"discharge", 2, "m^2/s"}, {"level", 2, "m"}},
     .condition_count = 3,
     .conditions = {{"wall", SWE_MESH_WALL, NULL, NULL},
                    {"upstream", SWE_MESH_INFLOW_DISCHARGE, "discharge", NULL},
                    {"downstream", SWE_MESH_LEVEL, "level", NULL}},
     .initial = channel_at_level},
    {.name = "thacker-bowl",
     .title = "Thacker's planar oscillation in a parabolic bowl (exact, wet/dry): 10 m deep, "
              "400 m to its rim, the water body 40 m off centre, one period (180 s), walls",
     .geo = "square_1000",
     .mesh = "square_1000_coarse",
     .t_end = 179.428,
     .cfl = 0.5,
     .order = 2,
     .parameter_count = 5,
     .parameters = {{"centre_x", 500, "m"},
                    {"centre_y", 500, "m"},
                    {"radius", 400, "m"},
                    {"depth", 10, "m"},
                    {"amplitude", 40, "m"}},
     .condition_count = 1,
     .conditions = WALLS,
     .initial = thacker_bowl},
    {.name = "radial-dam-break",
     .title = "Radial dam break: 15 m of water in a 100 m circle, 10 m around it, walls",
     .geo = "square_1000",
     .mesh = "square_1000_coarse",
     .t_end = 20,
     .cfl = 0.5,
     .order = 2,
     .parameter_count = 5,
     .parameters = {{"centre_x", 500, "m"},
                    {"centre_y", 500, "m"},
                    {"radius", 100, "m"},
                    {"h_inside", 15, "m"},
                    {"h_outside", 10, "m"}},
     .condition_count = 1,
     .conditions = WALLS,
     .initial = circular_dam_break},
};

int swe_mesh_scenario_count(void)
{
    return (int)(sizeof scenarios / sizeof scenarios[0]);
}

const swe_mesh_scenario *swe_mesh_scenario_at(int index)
{
    return index >= 0 && index < swe_mesh_scenario_count() ? &scenarios[index] : NULL;
}

const swe_mesh_scenario *swe_mesh_scenario_find(const char *name)
{
    for (int k = 0; name != NULL && k < swe_mesh_scenario_count(); ++k) {
        if (strcmp(scenarios[k].name, name) == 0) {
            return &scenarios[k];
        }
    }
    return NULL;
}

double swe_mesh_scenario_parameter(const swe_mesh_scenario *scenario, const char *name)
{
    return scenario != NULL
               ? swe_parameter_value(scenario->parameters, scenario->parameter_count, name)
               : NAN;
}

int swe_mesh_scenario_conditions(const swe_mesh_scenario *scenario, swe_mesh_condition *out)
{
    int count = scenario != NULL ? scenario->condition_count : 0;
    for (int k = 0; k < count; ++k) {
        const swe_mesh_condition_spec *spec = &scenario->conditions[k];
        int no_slip = spec->kind == SWE_MESH_WALL && P("no_slip") == 1;
        out[k] = (swe_mesh_condition){spec->group, no_slip ? SWE_MESH_WALL_NO_SLIP : spec->kind,
                                      spec->value_a != NULL ? P(spec->value_a) : 0,
                                      spec->value_b != NULL ? P(spec->value_b) : 0};
    }
    return count;
}

double swe_mesh_scenario_inflow_scale(const swe_mesh_scenario *scenario, double x0, double y0,
                                      double x1, double y1)
{
    return scenario != NULL && scenario->inflow_profile != NULL
               ? scenario->inflow_profile(scenario, x0, y0, x1, y1)
               : 1;
}

/* A depth ("depth", "h_..."), which a negative value would turn into a
 * dry bed without a word, or a size that must be positive. */
static int value_refused(const char *name, double value, swe_error *err)
{
    if ((strcmp(name, "depth") == 0 || strncmp(name, "h_", 2) == 0) && value < 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "parameter %s is a depth: it must be >= 0 m, got %g",
                        name, value);
    }
    if (strcmp(name, "amplitude") == 0 && value < 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "parameter amplitude must be >= 0 m, got %g", value);
    }
    if ((strcmp(name, "radius") == 0 || strcmp(name, "bump_width") == 0) && !(value > 0)) {
        return swe_fail(err, SWE_ERROR_USAGE, "parameter %s must be positive, got %g", name, value);
    }
    if (strcmp(name, "no_slip") == 0 && value != 0 && value != 1) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "parameter no_slip is 0 (slip walls) or 1 (no-slip walls), got %g", value);
    }
    if (strcmp(name, "inflow_profile") == 0 && value != 0 && value != 1 && value != 2) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "parameter inflow_profile is 0 (uniform), 1 (parabolic, mean "
                        "inflow_velocity) or 2 (parabolic, peak inflow_velocity), got %g",
                        value);
    }
    return SWE_OK;
}

int swe_mesh_scenario_set(swe_mesh_scenario *scenario, const char *name, double value,
                          swe_error *err)
{
    swe_parameter *parameter =
        scenario != NULL
            ? swe_parameter_named(scenario->parameters, scenario->parameter_count, name)
            : NULL;
    if (parameter != NULL) {
        if (!isfinite(value)) {
            return swe_fail(err, SWE_ERROR_USAGE, "parameter %s must be a finite number", name);
        }
        int status = value_refused(name, value, err);
        if (status != SWE_OK) {
            return status;
        }
        parameter->value = value;
        return SWE_OK;
    }
    return swe_fail(err, SWE_ERROR_USAGE, "scenario %s has no parameter '%s'",
                    scenario != NULL ? scenario->name : "(none)", name != NULL ? name : "");
}
