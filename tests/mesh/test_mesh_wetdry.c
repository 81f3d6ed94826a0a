/* Wet/dry fronts on triangles at second order, in short forms (make
 * validate runs the long ones): a front never runs ahead of the physical
 * speed 2 sqrt(g h0) of a dam break onto dry land, no cell moves faster
 * than that, a run finishes within a step budget near the first order's,
 * the water of a basin with walls stays the same to round-off, a mesh
 * of slivers gives no NaN, and the guard names the field and triangle
 * that went wrong. Both precisions. */
#include "mesh/program/mesh_driven.h"
#include "mesh/scenarios/mesh_scenario.h"
#include "tests/mesh/mesh_suites.h"
#include "tests/mesh/mesh_test_support.h"
#include "tests/program_runner.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#ifdef SWE_PRECISION_DOUBLE
/* Relative change of a basin's water over a run: round-off. */
#define MASS_ROUND_OFF 1e-12
#else
#define MASS_ROUND_OFF 2e-5
#endif

/* What a run did: its steps, the furthest x of water above 1 mm and above
 * the dry tolerance, its fastest cell, the water's relative change. */
typedef struct front_run {
    long steps;
    double front_mm, front_wet, fastest, depth_of_fastest, mass_change;
    int finite;
} front_run;

static double volume_of(swe_mesh_model *model)
{
    double volume = 0;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL(swe_mesh_model_volume(model, &volume, &err), SWE_OK);
    return volume;
}

/* Steps model to t_end in stops of `stop` seconds, measuring the fastest
 * cell at every stop and the front at the end. */
static front_run run_to(swe_mesh_model *model, double t_end, double stop, long step_budget)
{
    front_run run = {0, -INFINITY, -INFINITY, 0, 0, 0, 1};
    double before = volume_of(model);
    swe_error err = {{0}};
    const swe_mesh_arrays *a = &model->run.host;
    for (double t = stop; run.finite && t <= t_end + 1e-9; t += stop) {
        while (model->clock.t < t && model->clock.steps < step_budget) {
            if (swe_mesh_model_step(model, t, &err) != SWE_OK) {
                fprintf(stderr, "\n  the run stopped: %s\n", err.message);
                run.finite = 0;
                break;
            }
        }
        CU_ASSERT_EQUAL_FATAL(swe_mesh_model_sync(model, &err), SWE_OK);
        for (int c = 0; c < a->cell_count; ++c) {
            double h = a->h[c], speed = h >= SWE_DRY_TOLERANCE ? hypot(a->hu[c], a->hv[c]) / h : 0;
            run.finite = run.finite && isfinite(h) && isfinite(a->hu[c]) && isfinite(a->hv[c]);
            if (speed > run.fastest || speed != speed) {
                run.fastest = speed;
                run.depth_of_fastest = h;
            }
        }
        if (model->clock.steps >= step_budget) {
            break;
        }
    }
    for (int c = 0; c < a->cell_count; ++c) {
        double x = model->run.mesh.cell_x[c];
        run.front_mm = a->h[c] > 1e-3 ? fmax(run.front_mm, x) : run.front_mm;
        run.front_wet = a->h[c] >= SWE_DRY_TOLERANCE ? fmax(run.front_wet, x) : run.front_wet;
    }
    run.steps = model->clock.steps;
    run.mass_change = (volume_of(model) - before) / before;
    return run;
}

/* A model of scenario on mesh with parameters set (name, value pairs). */
static swe_mesh_model *model_with(const char *scenario, const char *mesh, int order,
                                  const char *const *names, const double *values, int count)
{
    swe_mesh_scenario copy = *swe_mesh_scenario_find(scenario);
    swe_error err = {{0}};
    for (int k = 0; k < count; ++k) {
        CU_ASSERT_EQUAL_FATAL(swe_mesh_scenario_set(&copy, names[k], values[k], &err), SWE_OK);
    }
    swe_mesh_model_options options = swe_mesh_model_defaults(&copy, mesh);
    options.order = order;
    options.ordering = SWE_MESH_ORDERING_RCM;
    swe_mesh_model *model = NULL;
    if (swe_mesh_model_create(&options, &model, &err) != SWE_OK) {
        fprintf(stderr, "\n  cannot make %s on %s: %s\n", scenario, mesh, err.message);
    }
    CU_ASSERT_PTR_NOT_NULL_FATAL(model);
    return model;
}

/* Ritter's dam break, 10 m of water onto a dry channel: at 5 s the exact
 * front is at 500 + 2 sqrt(10 g) 5 = 599 m. At second order the 1 mm
 * front lies within 3 % of it, no water at all lies more than four cells
 * (40 m) beyond it, nothing moves faster than 2 sqrt(10 g) = 19.8 m/s,
 * the run takes at most a quarter more steps than first order, and, the
 * front far from the channel's open ends, the water stays the same. */
static void test_ritter_front_is_physical(void)
{
    const double exact = 500 + 2 * sqrt(9.81 * 10) * 5, bound = 2 * sqrt(9.81 * 10);
    front_run runs[2];
    for (int order = 1; order <= 2; ++order) {
        swe_mesh_model *model =
            model_with("dam-break-1d-dry", SWE_MESH_GEO "channel_10.msh", order, NULL, NULL, 0);
        runs[order - 1] = run_to(model, 5, 1, 100000);
        swe_mesh_model_free(model);
    }
    front_run first = runs[0], second = runs[1];
    printf("\n  Ritter at 5 s, exact front %.1f m: order 1 front %.1f m (water to %.1f m), %ld "
           "steps; order 2 front %.1f m (water to %.1f m), %ld steps, fastest %.3g m/s (bound "
           "%.3g), water %+.2e ",
           exact, first.front_mm, first.front_wet, first.steps, second.front_mm, second.front_wet,
           second.steps, second.fastest, bound, second.mass_change);
    CU_ASSERT(second.finite);
    CU_ASSERT(fabs(second.front_mm - exact) < 0.03 * exact);
    CU_ASSERT(second.front_wet < exact + 40);
    CU_ASSERT(second.fastest <= bound);
    CU_ASSERT(second.steps <= first.steps + first.steps / 4);
    CU_ASSERT(fabs(second.mass_change) < MASS_ROUND_OFF);
}

/* The radial dam break (15 m within 100 m of the centre of a 1 km square
 * with walls) onto dry land, centred and off centre onto a 1 mm film: no
 * cell faster than 2 sqrt(15 g) = 24.3 m/s, 20 s within a step budget of
 * twice what the fastest wave needs on the smallest triangle, the water
 * to round-off. */
static void test_radial_dam_breaks_onto_dry_land(void)
{
    const char *names[] = {"h_outside", "centre_x", "centre_y"};
    const double cases[2][3] = {{0, 500, 500}, {0.001, 300, 620}};
    const double bound = 2 * sqrt(9.81 * 15);
    for (int k = 0; k < 2; ++k) {
        swe_mesh_model *model = model_with(
            "radial-dam-break", SWE_MESH_GEO "square_1000_coarse.msh", 2, names, cases[k], 3);
        double smallest_chi = INFINITY;
        for (int c = 0; c < model->run.host.cell_count; ++c) {
            smallest_chi = fmin(smallest_chi, (double)model->run.host.chi[c]);
        }
        long budget = (long)(2 * 20 * bound / (0.5 * smallest_chi));
        front_run run = run_to(model, 20, 2, budget);
        printf("\n  radial dam break onto %g m at (%g, %g): %ld steps (budget %ld), fastest %.3g "
               "m/s in %.3g m (bound %.3g), water %+.2e ",
               cases[k][0], cases[k][1], cases[k][2], run.steps, budget, run.fastest,
               run.depth_of_fastest, bound, run.mass_change);
        CU_ASSERT(run.finite);
        CU_ASSERT(model->clock.t >= 20);
        CU_ASSERT(run.fastest <= bound);
        CU_ASSERT(fabs(run.mass_change) < MASS_ROUND_OFF);
        swe_mesh_model_free(model);
    }
}

/* Sets the bed of model to bed_slope * x and the water to the level
 * `level` left of x_dam, dry right of it, at rest (serial: the host arrays
 * are the run's). */
static void dam_break_up_a_slope(swe_mesh_model *model, double bed_slope, double x_dam,
                                 double level)
{
    swe_mesh_arrays *a = &model->run.host;
    for (int c = 0; c < a->cell_count; ++c) {
        double x = model->run.mesh.cell_x[c];
        a->bed[c] = (real)(bed_slope * x);
        a->h[c] = (real)(x < x_dam ? fmax(level - bed_slope * x, 0) : 0);
        a->hu[c] = 0;
        a->hv[c] = 0;
    }
}

/* A dam break around the Gaussian island of lake-at-rest-island, 3 m of
 * water west of x = 300 m over a lake at level 0: the shoreline moves up
 * the island's slopes; walls, so the water stays the same to round-off,
 * at both orders. */
static void test_shoreline_up_an_island(void)
{
    for (int order = 1; order <= 2; ++order) {
        swe_mesh_model *model = model_with(
            "lake-at-rest-island", SWE_MESH_GEO "square_1000_coarse.msh", order, NULL, NULL, 0);
        swe_mesh_arrays *a = &model->run.host;
        for (int c = 0; c < a->cell_count; ++c) {
            double level = model->run.mesh.cell_x[c] < 300 ? 3 : 0;
            a->h[c] = (real)fmax(level - (double)a->bed[c], 0);
        }
        front_run run = run_to(model, 60, 10, 100000);
        printf("\n  dam break around an island, order %d: %ld steps, fastest %.3g m/s, water "
               "%+.2e ",
               order, run.steps, run.fastest, run.mass_change);
        CU_ASSERT(run.finite);
        CU_ASSERT(run.fastest <= 2 * sqrt(9.81 * 13));
        CU_ASSERT(fabs(run.mass_change) < MASS_ROUND_OFF);
        swe_mesh_model_free(model);
    }
}

/* Thacker's planar oscillation in a parabolic bowl on the committed square
 * mesh, one period, both orders: the water body circles the bowl over dry
 * ground all the time. No cell faster than the exact speed (amplitude
 * times w, 1.4 m/s) plus a front's 2 sqrt(g h) of the deepest water
 * (12 m), the water to round-off. */
static void test_thacker_bowl(void)
{
    for (int order = 1; order <= 2; ++order) {
        swe_mesh_model *model =
            model_with("thacker-bowl", SWE_MESH_GEO "square_1000_coarse.msh", order, NULL, NULL, 0);
        double period = model->scenario.t_end;
        front_run run = run_to(model, period, period / 4, 100000);
        printf("\n  Thacker's bowl, order %d: %ld steps, fastest %.3g m/s, water %+.2e ", order,
               run.steps, run.fastest, run.mass_change);
        CU_ASSERT(run.finite);
        CU_ASSERT(model->clock.t >= period);
        CU_ASSERT(run.fastest <= 40 * sqrt(2 * 9.81 * 10) / 400 + 2 * sqrt(9.81 * 12));
        CU_ASSERT(fabs(run.mass_change) < MASS_ROUND_OFF);
        swe_mesh_model_free(model);
    }
}

/* A hostile but valid mesh of a 100 m x 20 m basin: a grid of lines 10 m
 * apart, with a second line 1 cm beside every third one in x and beside
 * the middle one in y, each rectangle cut along alternating diagonals:
 * triangles of 0.057 degrees, edges of 1414:1 and areas of 1e6:1,
 * written as GMSH 2.2. */
static int sliver_lines(double *at, double length, int every)
{
    int n = 0;
    at[n++] = 0;
    for (int k = 1; at[n - 1] < length - 1e-9; ++k) {
        at[n] = at[n - 1] + 10;
        n++;
        if (k % every == 0 && at[n - 1] < length - 1e-9) {
            at[n] = at[n - 1] + 0.01;
            n++;
        }
    }
    return n;
}

static void write_sliver_mesh(const char *path)
{
    double xs[32], ys[8];
    int nx = sliver_lines(xs, 100, 3), ny = sliver_lines(ys, 20, 1);
    FILE *file = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    fprintf(file,
            "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$PhysicalNames\n2\n1 1 \"wall\"\n"
            "2 2 \"water\"\n$EndPhysicalNames\n$Nodes\n%d\n",
            nx * ny);
    for (int j = 0; j < ny; ++j) {
        for (int i = 0; i < nx; ++i) {
            fprintf(file, "%d %.17g %.17g 0\n", j * nx + i + 1, xs[i], ys[j]);
        }
    }
    int lines = 2 * (nx - 1) + 2 * (ny - 1), triangles = 2 * (nx - 1) * (ny - 1);
    fprintf(file, "$EndNodes\n$Elements\n%d\n", lines + triangles);
    int id = 1;
    for (int i = 0; i + 1 < nx; ++i) {
        fprintf(file, "%d 1 2 1 1 %d %d\n", id++, i + 1, i + 2);
        fprintf(file, "%d 1 2 1 1 %d %d\n", id++, (ny - 1) * nx + i + 2, (ny - 1) * nx + i + 1);
    }
    for (int j = 0; j + 1 < ny; ++j) {
        fprintf(file, "%d 1 2 1 1 %d %d\n", id++, j * nx + nx, (j + 1) * nx + nx);
        fprintf(file, "%d 1 2 1 1 %d %d\n", id++, (j + 1) * nx + 1, j * nx + 1);
    }
    for (int j = 0; j + 1 < ny; ++j) {
        for (int i = 0; i + 1 < nx; ++i) {
            int a = j * nx + i + 1, b = a + 1, c = a + nx + 1, d = a + nx;
            if ((i + j) % 2 == 0) {
                fprintf(file, "%d 2 2 2 2 %d %d %d\n%d 2 2 2 2 %d %d %d\n", id, a, b, c, id + 1, a,
                        c, d);
            } else {
                fprintf(file, "%d 2 2 2 2 %d %d %d\n%d 2 2 2 2 %d %d %d\n", id, a, b, d, id + 1, b,
                        c, d);
            }
            id += 2;
        }
    }
    fprintf(file, "$EndElements\n");
    CU_ASSERT_EQUAL_FATAL(fclose(file), 0);
}

/* A dam break up a slope of 1 in 20 on the sliver mesh, 20 s at both
 * orders: finite, no cell faster than 2 sqrt(g h0) with h0 = 4 m, the
 * water to round-off. */
static void test_sliver_mesh_stays_finite(void)
{
    char dir[256], path[512];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(dir, sizeof dir, "mesh-wetdry"), 0);
    swe_path_in(path, sizeof path, dir, "slivers.msh");
    write_sliver_mesh(path);
    for (int order = 1; order <= 2; ++order) {
        swe_mesh_model *model = model_with("lake-at-rest", path, order, NULL, NULL, 0);
        dam_break_up_a_slope(model, 0.05, 40, 4);
        front_run run = run_to(model, 20, 1, 2000000);
        printf("\n  dam break up a slope on slivers, order %d: %ld steps, fastest %.3g m/s in "
               "%.3g m, water %+.2e ",
               order, run.steps, run.fastest, run.depth_of_fastest, run.mass_change);
        CU_ASSERT(run.finite);
        CU_ASSERT(model->clock.t >= 20);
        CU_ASSERT(run.fastest <= 2 * sqrt(9.81 * 4));
        CU_ASSERT(fabs(run.mass_change) < MASS_ROUND_OFF);
        swe_mesh_model_free(model);
    }
    swe_remove_test_directory(dir);
}

/* The partial dam break on its committed coarse mesh past 21 s, where
 * the wave reflected by the walls meets the breach's corners again. */
static void test_partial_dam_break_goes_on(void)
{
    swe_mesh_model *model = model_with(
        "partial-dam-break", SWE_MESH_GEO "partial_dam_break_coarse.msh", 2, NULL, NULL, 0);
    front_run run = run_to(model, 22, 22, 20000);
    printf("\n  partial dam break to 22 s: %ld steps, fastest %.3g m/s, water %+.2e ", run.steps,
           run.fastest, run.mass_change);
    CU_ASSERT(run.finite);
    CU_ASSERT(model->clock.t >= 22);
    CU_ASSERT(run.fastest <= 2 * sqrt(9.81 * 10));
    CU_ASSERT(fabs(run.mass_change) < MASS_ROUND_OFF);
    swe_mesh_model_free(model);
}

/* The guard of a triangle run names what went wrong: the triangle (its
 * number in the mesh file and its centre) and each field that is not
 * finite, not only the depth, which can look sane (0.0299 m) beside a
 * momentum that is not. */
static void test_guard_names_field_and_triangle(void)
{
    swe_mesh_model *model =
        model_with("radial-dam-break", SWE_MESH_GEO "square_1000_coarse.msh", 2, NULL, NULL, 0);
    const swe_mesh_output_plan plan = {.t_end = 1.0}; /* formats 0: no files */
    swe_mesh_driven driven;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL_FATAL(swe_mesh_driven_init(&driven, model, &plan, "square", &err), SWE_OK);
    const swe_model guarded = swe_mesh_driven_model(&driven);
    const swe_clock clock = {.t = 3.5, .steps = 1106};
    CU_ASSERT_EQUAL(guarded.verbs->check_state(guarded.self, &clock, &err), SWE_OK);
    int in_file = model->run.mesh.cell_count / 2, cell = model->run_of_file[in_file];
    swe_mesh_arrays *host = &model->run.host;
    host->h[cell] = (real)0.0299;
    host->hu[cell] = (real)NAN;
    host->hv[cell] = (real)INFINITY;
    CU_ASSERT_EQUAL_FATAL(model->run.backend->upload(&model->run, &err), SWE_OK);
    CU_ASSERT_EQUAL(guarded.verbs->check_state(guarded.self, &clock, &err), SWE_ERROR_RUNTIME);
    char triangle[160];
    snprintf(triangle, sizeof triangle, "triangle %d of the mesh file at (%.6g, %.6g)", in_file,
             model->run.mesh.cell_x[cell], model->run.mesh.cell_y[cell]);
    if (strstr(err.message, triangle) == NULL ||
        strstr(err.message, "(not finite: hu, hv)") == NULL) {
        printf("\n  the guard said: %s", err.message);
    }
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, triangle));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "h = 0.0299"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "(not finite: hu, hv)"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "step 1106 at t = 3.5 s"));
    swe_mesh_model_free(model);
}

void register_mesh_wetdry_tests(void)
{
    static const swe_mesh_test tests[] = {
        {"Ritter's front at the physical speed", test_ritter_front_is_physical},
        {"radial dam breaks onto dry land and a film", test_radial_dam_breaks_onto_dry_land},
        {"shoreline up an island, water kept", test_shoreline_up_an_island},
        {"Thacker's bowl, one period", test_thacker_bowl},
        {"sliver mesh, dam break up a slope, finite", test_sliver_mesh_stays_finite},
        {"partial dam break goes on past 21 s", test_partial_dam_break_goes_on},
        {"the guard names the field and the triangle", test_guard_names_field_and_triangle},
    };
    swe_mesh_test_register("mesh-wetdry", tests, (int)(sizeof tests / sizeof tests[0]));
}
