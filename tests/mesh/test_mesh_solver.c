/* The triangle solver's physics: a lake at rest stays at rest, over a
 * bump and around a dry island; walls conserve mass to round-off, wet/dry
 * fronts too; every numbering of a mesh gives the same bits; friction
 * slows a flow without reversing it; the inflow and level conditions
 * carry a steady flow through a channel with the friction slope. */
#include "mesh/numerics/mesh_boundary.h"
#include "tests/mesh/mesh_suites.h"
#include "tests/mesh/mesh_test_support.h"
#include "tests/test_suites.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double max_speed(const swe_mesh_model *model)
{
    const swe_mesh_arrays *a = &model->run.host;
    double fastest = 0;
    for (int c = 0; c < model->run.mesh.cell_count; ++c) {
        double h = a->h[c];
        double speed = h >= SWE_DRY_TOLERANCE
                           ? sqrt((double)a->hu[c] * a->hu[c] + (double)a->hv[c] * a->hv[c]) / h
                           : 0;
        fastest = fmax(fastest, speed);
    }
    return fastest;
}

/* Over a bump and around an island that stands 5 m out of the water, both
 * orders: velocities stay at round-off of the celerity (10 m/s), the
 * surface flat, the island dry. */
static void test_lake_at_rest_stays_at_rest(void)
{
    const char *scenarios[] = {"lake-at-rest", "lake-at-rest-island"};
    for (int s = 0; s < 2; ++s) {
        for (int order = 1; order <= 2; ++order) {
            swe_mesh_model *model =
                swe_mesh_test_model(scenarios[s], SWE_MESH_GEO "square_1000_coarse.msh", NULL,
                                    SWE_MESH_ORDERING_GMSH, order, 0);
            swe_error err = {{0}};
            CU_ASSERT_EQUAL_FATAL(swe_mesh_model_advance(model, 200, &err), SWE_OK);
            CU_ASSERT(model->clock.steps > 100);
            double speed = max_speed(model);
            if (!(speed < 1e3 * SWE_TEST_EPSILON * 10)) {
                fprintf(stderr, "\n  %s order %d: speed %g\n", scenarios[s], order, speed);
            }
            CU_ASSERT(speed < 1e3 * SWE_TEST_EPSILON * 10);
            const swe_mesh_arrays *a = &model->run.host;
            int dry = 0;
            for (int c = 0; c < model->run.mesh.cell_count; ++c) {
                if (a->h[c] >= SWE_DRY_TOLERANCE) {
                    CU_ASSERT(fabs((double)a->h[c] + a->bed[c]) < 100 * SWE_TEST_EPSILON * 10);
                } else {
                    dry++;
                    CU_ASSERT(a->h[c] == 0 && a->hu[c] == 0 && a->hv[c] == 0);
                }
            }
            CU_ASSERT(s == 0 ? dry == 0 : dry > 10);
            swe_mesh_model_free(model);
        }
    }
}

/* Closed basins with dam breaks, both orders, the whole run: the volume
 * changes only by round-off. */
static void test_walls_conserve_mass(void)
{
    const struct {
        const char *scenario, *mesh;
        double t_end;
    } cases[] = {{"partial-dam-break", SWE_MESH_GEO "partial_dam_break_coarse.msh", 7.2},
                 {"circular-dam-break", SWE_MESH_GEO "circular_dam_break_coarse.msh", 0.69},
                 {"radial-dam-break", SWE_MESH_GEO "square_1000_coarse.msh", 20}};
    for (int k = 0; k < 3; ++k) {
        for (int order = 1; order <= 2; ++order) {
            swe_mesh_model *model = swe_mesh_test_model(cases[k].scenario, cases[k].mesh, NULL,
                                                        SWE_MESH_ORDERING_RCM, order, 0);
            double before, after;
            swe_error err = {{0}};
            CU_ASSERT_EQUAL_FATAL(swe_mesh_model_volume(model, &before, &err), SWE_OK);
            CU_ASSERT_EQUAL_FATAL(swe_mesh_model_advance(model, cases[k].t_end, &err), SWE_OK);
            CU_ASSERT_EQUAL_FATAL(swe_mesh_model_volume(model, &after, &err), SWE_OK);
            double change = fabs(after - before) / before;
            if (!(change < 10 * SWE_TEST_EPSILON * sqrt((double)model->clock.steps))) {
                fprintf(stderr, "\n  %s order %d: volume changed by %g\n", cases[k].scenario, order,
                        change);
            }
            CU_ASSERT(change < 10 * SWE_TEST_EPSILON * sqrt((double)model->clock.steps));
            swe_mesh_model_free(model);
        }
    }
}

/* Inflow, level, friction, viscosity, wet/dry: every ordering of the
 * mesh ends on the same bits as the file's numbering. */
static void test_every_ordering_gives_the_same_bits(void)
{
    const struct {
        const char *scenario, *mesh;
        double t_end;
    } cases[] = {{"partial-dam-break", SWE_MESH_GEO "partial_dam_break_coarse.msh", 2},
                 {"channel-flow", SWE_MESH_GEO "channel_20.msh", 200},
                 {"backward-facing-step", SWE_MESH_GEO "backward_facing_step_m1.msh", 2},
                 {"dam-break-1d-dry", SWE_MESH_GEO "channel_20.msh", 10},
                 {"lake-at-rest-island", SWE_MESH_GEO "square_1000_coarse.msh", 20}};
    for (int k = 0; k < 5; ++k) {
        for (int order = 1; order <= 2; ++order) {
            swe_mesh_test_state reference =
                swe_mesh_test_run(cases[k].scenario, cases[k].mesh, NULL, order,
                                  SWE_MESH_ORDERING_GMSH, 0, cases[k].t_end);
            for (int o = SWE_MESH_ORDERING_RANDOM; o <= SWE_MESH_ORDERING_RCM_EDGES; ++o) {
                swe_mesh_test_state other = swe_mesh_test_run(cases[k].scenario, cases[k].mesh,
                                                              NULL, order, o, 0, cases[k].t_end);
                int same = swe_mesh_test_same_bits(&other, &reference);
                if (!same) {
                    fprintf(stderr, "  %s, order %d, ordering %s\n", cases[k].scenario, order,
                            swe_mesh_ordering_name(o));
                }
                CU_ASSERT(same);
                swe_mesh_test_state_free(&other);
            }
            swe_mesh_test_state_free(&reference);
        }
    }
}

/* Ritter's dam break in the channel closed by walls: the front runs over
 * dry ground without a negative depth, and no water is made or lost. */
static void test_dry_front_keeps_mass_and_positivity(void)
{
    swe_mesh_scenario closed = *swe_mesh_scenario_find("dam-break-1d-dry");
    for (int k = 0; k < closed.condition_count; ++k) {
        closed.conditions[k].kind = SWE_MESH_WALL;
    }
    for (int order = 1; order <= 2; ++order) {
        swe_mesh_model_options options =
            swe_mesh_model_defaults(&closed, SWE_MESH_GEO "channel_20.msh");
        options.order = order;
        swe_mesh_model *model = NULL;
        swe_error err = {{0}};
        CU_ASSERT_EQUAL_FATAL(swe_mesh_model_create(&options, &model, &err), SWE_OK);
        double before, after;
        CU_ASSERT_EQUAL_FATAL(swe_mesh_model_volume(model, &before, &err), SWE_OK);
        for (int k = 1; k <= 20; ++k) {
            CU_ASSERT_EQUAL_FATAL(swe_mesh_model_advance(model, 5.0 * k, &err), SWE_OK);
            for (int c = 0; c < model->run.mesh.cell_count; ++c) {
                CU_ASSERT(model->run.host.h[c] >= 0);
            }
        }
        CU_ASSERT_EQUAL_FATAL(swe_mesh_model_volume(model, &after, &err), SWE_OK);
        CU_ASSERT(fabs(after - before) / before < 1000 * SWE_TEST_EPSILON);
        swe_mesh_model_free(model);
    }
}

/* A uniform 2 m/s flow in the basin with an enormous Manning n: one step
 * slows it nearly to rest but reverses no cell away from the walls. */
static void test_friction_slows_without_reversing(void)
{
    const swe_mesh_scenario *scenario = swe_mesh_scenario_find("lake-at-rest");
    swe_mesh_model_options options =
        swe_mesh_model_defaults(scenario, SWE_MESH_GEO "square_1000_coarse.msh");
    options.manning = 5;
    options.order = 1;
    swe_mesh_model *model = NULL;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL_FATAL(swe_mesh_model_create(&options, &model, &err), SWE_OK);
    int cells = model->run.mesh.cell_count;
    swe_mesh_test_state state = swe_mesh_test_state_of(model);
    for (int c = 0; c < cells; ++c) {
        state.hu[c] = (real)2 * state.h[c];
    }
    CU_ASSERT_EQUAL_FATAL(swe_mesh_model_restore(model, 0, 0, state.h, state.hu, state.hv, &err),
                          SWE_OK);
    CU_ASSERT_EQUAL_FATAL(swe_mesh_model_step(model, 1000, &err), SWE_OK);
    int slowed = 0;
    for (int c = 0; c < cells; ++c) {
        const swe_mesh *mesh = &model->run.mesh;
        int inner = fabs(mesh->cell_x[c] - 500) < 300 && fabs(mesh->cell_y[c] - 500) < 300;
        if (inner) {
            real hu = model->run.host.hu[c], h = model->run.host.h[c];
            CU_ASSERT(hu >= 0 && hu < (real)2 * h);
            slowed += hu < (real)0.2 * h;
        }
    }
    CU_ASSERT(slowed > 100);
    swe_mesh_test_state_free(&state);
    swe_mesh_model_free(model);
}

/* The steady depth profile of the channel: dh/dx = Sf / (1 - Fr^2)
 * integrated upstream from the level at x = 1000 m (RK4), with
 * Sf = n^2 q^2 / h^(10/3) and Fr^2 = q^2 / (g h^3). */
static double steady_depth(double x, double q, double n, double level)
{
    double h = level, step = -1.0;
    for (double at = 1000; at > x + 1e-9; at += step) {
        double k[4], trial = h;
        for (int s = 0; s < 4; ++s) {
            double sf = n * n * q * q / pow(trial, 10.0 / 3.0);
            double froude2 = q * q / (9.81 * trial * trial * trial);
            k[s] = -sf / (1 - froude2) * step;
            trial = h + (s < 2 ? 0.5 : 1.0) * k[s] * (s < 3);
        }
        h += (k[0] + 2 * k[1] + 2 * k[2] + k[3]) / 6;
    }
    return h;
}

/* 2 m^2/s enter through a subcritical discharge inflow and leave over a
 * 2 m level: after 3000 s the flow is steady, every cross-section carries
 * the discharge, and the surface falls with Manning's friction slope. */
static void test_channel_carries_its_discharge(void)
{
    swe_mesh_model *model = swe_mesh_test_model("channel-flow", SWE_MESH_GEO "channel_20.msh", NULL,
                                                SWE_MESH_ORDERING_GMSH, 2, 0);
    swe_error err = {{0}};
    CU_ASSERT_EQUAL_FATAL(swe_mesh_model_advance(model, 3000, &err), SWE_OK);
    const swe_mesh *mesh = &model->run.mesh;
    const swe_mesh_arrays *a = &model->run.host;
    double discharge = 0, area = 0, upstream = 0, upstream_area = 0, upstream_x = 0;
    for (int c = 0; c < mesh->cell_count; ++c) {
        discharge += a->hu[c] * mesh->cell_area[c];
        area += mesh->cell_area[c];
        CU_ASSERT(fabs(a->hv[c]) < 0.01);
        if (mesh->cell_x[c] < 100) {
            upstream += a->h[c] * mesh->cell_area[c];
            upstream_x += mesh->cell_x[c] * mesh->cell_area[c];
            upstream_area += mesh->cell_area[c];
        }
    }
    double expected = steady_depth(upstream_x / upstream_area, 2, 0.02, 2);
    CU_ASSERT(fabs(discharge / area - 2) < 0.02);
    CU_ASSERT(fabs(upstream / upstream_area - expected) < 0.01);
    if (!(fabs(upstream / upstream_area - expected) < 0.01)) {
        fprintf(stderr, "\n  upstream depth %g, steady profile %g\n", upstream / upstream_area,
                expected);
    }
    swe_mesh_model_free(model);
}

static swe_mesh_face face(real h, real qn, real qt)
{
    swe_mesh_face state = {h, qn, qt};
    return state;
}

/* Ghost states against the conditions of Roe-MUSCL GPU n.d., section 2.6. */
static void test_boundary_ghosts(void)
{
    const real g = SWE_GRAVITY, tolerance = 100 * SWE_TEST_EPSILON;
    swe_mesh_face inside = face(1, (real)0.5, (real)0.25);
    swe_mesh_face wall = swe_mesh_ghost(SWE_MESH_WALL, 0, 0, inside, 0);
    CU_ASSERT(wall.h == 1 && wall.qn == (real)-0.5 && wall.qt == (real)0.25);
    CU_ASSERT(swe_mesh_flux(inside, wall, 0).left_h == 0);
    swe_mesh_face free_flow = swe_mesh_ghost(SWE_MESH_FREE_OUTFLOW, 0, 0, inside, 0);
    CU_ASSERT(memcmp(&free_flow, &inside, sizeof inside) == 0);
    /* Level 1.2 m over a bed at 0.1 m, subcritical outflow (eq. 29). */
    swe_mesh_face level = swe_mesh_ghost(SWE_MESH_LEVEL, (real)1.2, 0, inside, (real)0.1);
    CU_ASSERT(fabs(level.h - (real)1.1) < tolerance);
    real u = level.qn / level.h;
    CU_ASSERT(fabs(u - ((real)0.5 + 2 * (SWE_SQRT(g) - SWE_SQRT(g * (real)1.1)))) < tolerance);
    CU_ASSERT(fabs(level.qt / level.h - (real)0.25) < tolerance);
    /* Leaving faster than the waves: the interior state. */
    swe_mesh_face fast = face((real)0.1, 5, 0);
    swe_mesh_face leaving = swe_mesh_ghost(SWE_MESH_LEVEL, 3, 0, fast, 0);
    CU_ASSERT(memcmp(&leaving, &fast, sizeof fast) == 0);
    /* Subcritical inflows keep the outgoing invariant u + 2c. */
    swe_mesh_face still = face(1, 0, 0);
    real invariant = 2 * SWE_SQRT(g);
    swe_mesh_face by_velocity = swe_mesh_ghost(SWE_MESH_INFLOW_VELOCITY, (real)0.5, 0, still, 0);
    CU_ASSERT(fabs(by_velocity.qn / by_velocity.h + (real)0.5) < tolerance);
    CU_ASSERT(fabs(by_velocity.qn / by_velocity.h + 2 * SWE_SQRT(g * by_velocity.h) - invariant) <
              tolerance * invariant);
    swe_mesh_face by_discharge = swe_mesh_ghost(SWE_MESH_INFLOW_DISCHARGE, 2, 0, still, 0);
    CU_ASSERT(by_discharge.qn == -2 && by_discharge.qt == 0);
    CU_ASSERT(fabs(by_discharge.qn / by_discharge.h + 2 * SWE_SQRT(g * by_discharge.h) -
                   invariant) < tolerance * invariant);
    swe_mesh_face forced = swe_mesh_ghost(SWE_MESH_SUPERCRITICAL_INFLOW, (real)0.5, 3, still, 0);
    CU_ASSERT(forced.h == (real)0.5 && forced.qn == (real)-1.5 && forced.qt == 0);
}

void register_mesh_solver_tests(void)
{
    static const swe_mesh_test tests[] = {
        {"lake at rest over a bump and around an island", test_lake_at_rest_stays_at_rest},
        {"walls conserve mass to round-off", test_walls_conserve_mass},
        {"every ordering gives the same bits", test_every_ordering_gives_the_same_bits},
        {"a dry front keeps mass and depths positive", test_dry_front_keeps_mass_and_positivity},
        {"friction slows a flow without reversing it", test_friction_slows_without_reversing},
        {"a channel carries its inflow with the friction slope",
         test_channel_carries_its_discharge},
        {"boundary ghost states", test_boundary_ghosts},
    };
    swe_mesh_test_register("mesh-solver", tests, (int)(sizeof tests / sizeof tests[0]));
}
