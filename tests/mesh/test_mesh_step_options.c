/* The options of the backward-facing step: a developed (parabolic) inflow
 * whose inlet carries the stated mean or peak, and no-slip walls whose
 * viscous flux is eq. 25 of Roe-MUSCL GPU n.d. with the wall's velocity,
 * zero, beside the wall cell: the flow along a no-slip wall is held back,
 * along a slip wall it is not. */
#include "mesh/numerics/mesh_boundary.h"
#include "mesh/numerics/mesh_edge_kernels.h"
#include "mesh/solver/mesh_host_arrays.h"
#include "tests/mesh/mesh_suites.h"
#include "tests/mesh/mesh_test_support.h"
#include "tests/test_suites.h"

#include <math.h>
#include <stdio.h>

#define STEP_MESH SWE_MESH_GEO "backward_facing_step_coarse.msh"

/* The step's model with no_slip and inflow_profile set. */
static swe_mesh_model *step_model(double no_slip, double inflow_profile)
{
    swe_mesh_scenario scenario = *swe_mesh_scenario_find("backward-facing-step");
    swe_error err = {{0}};
    CU_ASSERT_EQUAL_FATAL(swe_mesh_scenario_set(&scenario, "no_slip", no_slip, &err), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(swe_mesh_scenario_set(&scenario, "inflow_profile", inflow_profile, &err),
                          SWE_OK);
    swe_mesh_model_options options = swe_mesh_model_defaults(&scenario, STEP_MESH);
    options.ordering = SWE_MESH_ORDERING_RCM_EDGES;
    swe_mesh_model *model = NULL;
    if (swe_mesh_model_create(&options, &model, &err) != SWE_OK) {
        fprintf(stderr, "\n  cannot make the step: %s\n", err.message);
    }
    CU_ASSERT_PTR_NOT_NULL_FATAL(model);
    return model;
}

typedef struct inlet {
    double mean, peak, width; /* of the velocity imposed on the inflow edges */
} inlet;

/* The velocity the inflow edges impose: value times each edge's factor,
 * its mean weighted by length, its largest, and the inlet's width. */
static inlet inlet_of(const swe_mesh_model *model)
{
    const swe_mesh *mesh = &model->run.mesh;
    const swe_mesh_arrays *a = &model->run.host;
    inlet found = {0, 0, 0};
    for (int e = mesh->interior_edge_count; e < mesh->edge_count; ++e) {
        int condition = a->boundary_condition[e - mesh->interior_edge_count];
        if (a->condition_kind[condition] == SWE_MESH_INFLOW_VELOCITY) {
            double velocity = (double)(a->condition_value_a[condition] * a->value_scale[e]);
            found.mean += velocity * mesh->edge_length[e];
            found.width += mesh->edge_length[e];
            found.peak = fmax(found.peak, velocity);
        }
    }
    found.mean = found.width > 0 ? found.mean / found.width : 0;
    return found;
}

/* The inlet is 2 m wide; the coarse mesh puts 5 edges on it, so the
 * middle edge's mean of 1.5 (1 - s^2) over |s| < 0.2 is 1.48 times the
 * mean: the peak is read within 2 % below it. */
static void test_inflow_profiles_carry_their_mean_and_peak(void)
{
    const struct {
        double profile, mean, peak;
    } cases[] = {{0, 0.5, 0.5}, {1, 0.5, 0.75}, {2, 0.5 * 2 / 3.0, 0.5}};
    /* Each edge's factor is rounded to the solver's precision. */
    double rounding = sizeof(real) == sizeof(double) ? 1e-12 : 1e-6;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        swe_mesh_model *model = step_model(0, cases[k].profile);
        inlet found = inlet_of(model);
        printf("\n  inflow_profile %g: width %.3f m, mean %.6f m/s, largest %.4f m/s ",
               cases[k].profile, found.width, found.mean, found.peak);
        CU_ASSERT(fabs(found.width - 2) < 1e-9);
        CU_ASSERT(fabs(found.mean - cases[k].mean) < rounding);
        CU_ASSERT(found.peak <= cases[k].peak * (1 + rounding));
        CU_ASSERT(found.peak >= cases[k].peak * 0.98);
        swe_mesh_model_free(model);
    }
}

/* One boundary pass on a uniform flow of 0.5 m/s along x, 1 m deep: on a
 * no-slip wall the momentum flux differs from the slip wall's by
 * nu h (L / d) u_t along the wall's tangent (d the centroid's distance to
 * the wall) and by nothing across it; the mass flux is the same. */
static void test_no_slip_wall_flux_is_eq25_with_zero_wall_velocity(void)
{
    swe_mesh_model *slip = step_model(0, 0), *no_slip = step_model(1, 0);
    swe_mesh_model *models[2] = {slip, no_slip};
    swe_error err = {{0}};
    swe_mesh_launch launch = {0};
    for (int m = 0; m < 2; ++m) {
        swe_mesh_arrays *a = &models[m]->run.host;
        CU_ASSERT_EQUAL_FATAL(swe_mesh_host_arrays_add_work(a, &err), SWE_OK);
        for (int c = 0; c < a->cell_count; ++c) {
            a->h[c] = 1;
            a->hu[c] = (real)0.5;
            a->hv[c] = 0;
        }
        for (int e = a->interior_edge_count; e < a->edge_count; ++e) {
            swe_mesh_boundary_edge(a, launch, e);
        }
    }
    const swe_mesh *mesh = &no_slip->run.mesh;
    const swe_mesh_arrays *s = &slip->run.host, *n = &no_slip->run.host;
    double nu = (double)n->viscosity, worst = 0;
    int walls = 0;
    for (int e = mesh->interior_edge_count; e < mesh->edge_count; ++e) {
        int condition = n->boundary_condition[e - mesh->interior_edge_count];
        if (n->condition_kind[condition] != SWE_MESH_WALL_NO_SLIP) {
            continue;
        }
        CU_ASSERT_EQUAL(s->condition_kind[condition], SWE_MESH_WALL);
        ++walls;
        int l = mesh->edge_left[e];
        double nx = mesh->edge_normal_x[e], ny = mesh->edge_normal_y[e];
        double distance = (mesh->edge_mid_x[e] - mesh->cell_x[l]) * nx +
                          (mesh->edge_mid_y[e] - mesh->cell_y[l]) * ny;
        double ut = -0.5 * ny; /* (0.5, 0) . (-ny, nx) */
        double expected = nu * 1 * mesh->edge_length[e] / distance * ut;
        double du = (double)(n->flux_left_hu[e] - s->flux_left_hu[e]);
        double dv = (double)(n->flux_left_hv[e] - s->flux_left_hv[e]);
        double along = -du * ny + dv * nx, across = du * nx + dv * ny;
        worst = fmax(worst, fabs(along - expected) + fabs(across));
        CU_ASSERT_EQUAL(n->flux_left_h[e], s->flux_left_h[e]);
    }
    /* The slip flux, about g h^2 / 2 L = 2, rounds at its precision. */
    double rounding = sizeof(real) == sizeof(double) ? 1e-14 : 1e-5;
    printf("\n  %d no-slip wall edges: largest miss of nu h (L/d) u_t %.2e ", walls, worst);
    CU_ASSERT(walls > 20);
    CU_ASSERT(worst < rounding);
    swe_mesh_model_free(slip);
    swe_mesh_model_free(no_slip);
}

/* The mean u of the cells whose centroid is in the box. */
static double box_u(const swe_mesh_model *model, double x0, double x1, double y0, double y1)
{
    const swe_mesh *mesh = &model->run.mesh;
    double sum = 0;
    int count = 0;
    for (int c = 0; c < mesh->cell_count; ++c) {
        if (mesh->cell_x[c] >= x0 && mesh->cell_x[c] <= x1 && mesh->cell_y[c] >= y0 &&
            mesh->cell_y[c] <= y1) {
            sum += (double)(model->run.host.hu[c] / model->run.host.h[c]);
            ++count;
        }
    }
    CU_ASSERT_FATAL(count > 0);
    return sum / count;
}

/* 20 s of the uniform inflow on the coarse mesh (1052 cells): along the
 * upper wall of the inlet channel (y > 2.75 m, x = -3..-1 m) the slip
 * walls keep the core's velocity, the no-slip walls slow it (a boundary
 * layer sqrt(nu t) = 0.37 m thick). */
static void test_no_slip_walls_hold_the_flow_back(void)
{
    double ratio[2];
    for (int no_slip = 0; no_slip < 2; ++no_slip) {
        swe_mesh_model *model = step_model(no_slip, 0);
        swe_error err = {{0}};
        CU_ASSERT_EQUAL_FATAL(swe_mesh_model_advance(model, 20, &err), SWE_OK);
        CU_ASSERT_EQUAL_FATAL(swe_mesh_model_sync(model, &err), SWE_OK);
        ratio[no_slip] = box_u(model, -3, -1, 2.75, 3) / box_u(model, -3, -1, 1.75, 2.25);
        swe_mesh_model_free(model);
    }
    printf("\n  u at the upper wall over u in the middle, x = -3..-1 m, 20 s: slip %.3f, "
           "no-slip %.3f ",
           ratio[0], ratio[1]);
    CU_ASSERT(ratio[0] > 0.97);
    CU_ASSERT(ratio[1] < 0.9);
}

void register_mesh_step_options_tests(void)
{
    static const swe_mesh_test tests[] = {
        {"parabolic inflows carry their mean and peak",
         test_inflow_profiles_carry_their_mean_and_peak},
        {"no-slip wall flux is eq. 25 with zero wall velocity",
         test_no_slip_wall_flux_is_eq25_with_zero_wall_velocity},
        {"no-slip walls hold the flow back", test_no_slip_walls_hold_the_flow_back},
    };
    swe_mesh_test_register("mesh-step-options", tests, (int)(sizeof tests / sizeof tests[0]));
}
