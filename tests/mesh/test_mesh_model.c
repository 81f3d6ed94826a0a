/* The triangle solver as a driver uses it: bad options refused, the CFL
 * rule of Optimized GPU n.d. (eqs. 15-17) as written, an unstable state
 * stopped, and a run continued from its saved state ending on the same
 * bits. */
#include "mesh/numerics/mesh_roe.h"
#include "tests/mesh/mesh_suites.h"
#include "tests/mesh/mesh_test_support.h"
#include "tests/test_suites.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int refusal(swe_mesh_model_options options, const char *expected)
{
    swe_mesh_model *model = NULL;
    swe_error err = {{0}};
    int status = swe_mesh_model_create(&options, &model, &err);
    if (status != SWE_ERROR_USAGE || strstr(err.message, expected) == NULL) {
        fprintf(stderr, "\n  status %d '%s', expected '%s'\n", status, err.message, expected);
    }
    CU_ASSERT_PTR_NULL(model);
    return status == SWE_ERROR_USAGE && strstr(err.message, expected) != NULL;
}

static void test_bad_options_are_refused(void)
{
    const swe_mesh_scenario *lake = swe_mesh_scenario_find("lake-at-rest");
    const char *square = SWE_MESH_GEO "square_1000_coarse.msh";
    swe_mesh_model_options options = swe_mesh_model_defaults(lake, square);
    options.order = 3;
    CU_ASSERT(refusal(options, "order must be 1 or 2"));
    options = swe_mesh_model_defaults(lake, square);
    options.cfl = 1.5;
    CU_ASSERT(refusal(options, "--cfl must be in (0, 1], got 1.5"));
    options = swe_mesh_model_defaults(lake, square);
    options.backend = "fpga";
    CU_ASSERT(refusal(options, "backend 'fpga' is not built into this program"));
    options = swe_mesh_model_defaults(lake, "no/such/mesh.msh");
    CU_ASSERT(refusal(options, "mesh 'no/such/mesh.msh' cannot be read"));
    /* The channel's ends are groups the lake does not know. */
    options = swe_mesh_model_defaults(lake, SWE_MESH_GEO "channel_40.msh");
    CU_ASSERT(refusal(options, "boundary group 'upstream' that scenario lake-at-rest"));
    options = swe_mesh_model_defaults(NULL, square);
    CU_ASSERT(refusal(options, "needs a mesh and a scenario"));
}

/* The first step from rest: dt = cfl * min over edges of min(chi_l,
 * chi_r) / max |lambda|, with lambda = +-sqrt(g (h_l + h_r) / 2) at rest
 * and chi_r = chi_l on the boundary. */
static void test_time_step_follows_001(void)
{
    swe_mesh_model *model =
        swe_mesh_test_model("partial-dam-break", SWE_MESH_GEO "partial_dam_break_coarse.msh", NULL,
                            SWE_MESH_ORDERING_GMSH, 1, 0);
    const swe_mesh *mesh = &model->run.mesh;
    const swe_mesh_arrays *a = &model->run.host;
    double smallest = INFINITY;
    for (int e = 0; e < mesh->edge_count; ++e) {
        int l = mesh->edge_left[e], r = mesh->edge_right[e] >= 0 ? mesh->edge_right[e] : l;
        double celerity = sqrt(9.81 * 0.5 * ((double)a->h[l] + a->h[r]));
        smallest = fmin(smallest, fmin(a->chi[l], a->chi[r]) / celerity);
    }
    swe_error err = {{0}};
    CU_ASSERT_EQUAL_FATAL(swe_mesh_model_step(model, 100, &err), SWE_OK);
    double expected = model->clock.cfl * smallest;
    CU_ASSERT(fabs(model->clock.last_dt - expected) <= 100 * SWE_TEST_EPSILON * expected);
    CU_ASSERT(model->clock.steps == 1 && model->clock.t == model->clock.last_dt);
    /* Never past the target. */
    CU_ASSERT_EQUAL_FATAL(swe_mesh_model_step(model, model->clock.t + 1e-3, &err), SWE_OK);
    CU_ASSERT(model->clock.last_dt <= 1e-3 + 1e-12);
    swe_mesh_model_free(model);
}

/* A NaN in the state stops the run at the next step with a message. */
static void test_unstable_state_stops_the_run(void)
{
    swe_mesh_model *model = swe_mesh_test_model(
        "lake-at-rest", SWE_MESH_GEO "square_1000_coarse.msh", NULL, SWE_MESH_ORDERING_GMSH, 2, 0);
    swe_error err = {{0}};
    model->run.host.hu[model->run.mesh.cell_count / 2] = (real)NAN;
    CU_ASSERT_EQUAL_FATAL(model->run.backend->upload(&model->run, &err), SWE_OK);
    CU_ASSERT_EQUAL(swe_mesh_model_advance(model, 100, &err), SWE_ERROR_RUNTIME);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "unstable"));
    /* A restore refuses such a state outright. */
    swe_mesh_test_state state = swe_mesh_test_state_of(model);
    state.h[0] = -1;
    CU_ASSERT_EQUAL(swe_mesh_model_restore(model, 1, 1, state.h, state.hu, state.hv, &err),
                    SWE_ERROR_USAGE);
    swe_mesh_test_state_free(&state);
    swe_mesh_model_free(model);
}

/* Saved at 3 s in one ordering, continued to 6 s in another: the same
 * bits and checksum as the uninterrupted run. */
static void test_restart_continues_bit_for_bit(void)
{
    const char *mesh = SWE_MESH_GEO "partial_dam_break_coarse.msh";
    swe_mesh_model *whole =
        swe_mesh_test_model("partial-dam-break", mesh, NULL, SWE_MESH_ORDERING_GMSH, 2, 0);
    swe_mesh_model *first =
        swe_mesh_test_model("partial-dam-break", mesh, NULL, SWE_MESH_ORDERING_GMSH, 2, 0);
    swe_mesh_model *second =
        swe_mesh_test_model("partial-dam-break", mesh, NULL, SWE_MESH_ORDERING_RCM_EDGES, 2, 0);
    swe_error err = {{0}};
    CU_ASSERT_EQUAL_FATAL(swe_mesh_model_advance(whole, 3, &err), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(swe_mesh_model_advance(whole, 6, &err), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(swe_mesh_model_advance(first, 3, &err), SWE_OK);
    swe_mesh_test_state saved = swe_mesh_test_state_of(first);
    CU_ASSERT_EQUAL_FATAL(swe_mesh_model_restore(second, first->clock.t, first->clock.steps,
                                                 saved.h, saved.hu, saved.hv, &err),
                          SWE_OK);
    CU_ASSERT_EQUAL_FATAL(swe_mesh_model_advance(second, 6, &err), SWE_OK);
    swe_mesh_test_state a = swe_mesh_test_state_of(whole), b = swe_mesh_test_state_of(second);
    CU_ASSERT(swe_mesh_test_same_bits(&a, &b));
    CU_ASSERT_EQUAL(whole->clock.steps, second->clock.steps);
    uint64_t checksum_a = 0, checksum_b = 1, checksum_first = 2;
    CU_ASSERT_EQUAL(swe_mesh_model_checksum(whole, &checksum_a, &err), SWE_OK);
    CU_ASSERT_EQUAL(swe_mesh_model_checksum(second, &checksum_b, &err), SWE_OK);
    CU_ASSERT_EQUAL(swe_mesh_model_checksum(first, &checksum_first, &err), SWE_OK);
    CU_ASSERT(checksum_a == checksum_b && checksum_a != checksum_first);
    swe_mesh_test_state_free(&saved);
    swe_mesh_test_state_free(&a);
    swe_mesh_test_state_free(&b);
    swe_mesh_model_free(whole);
    swe_mesh_model_free(first);
    swe_mesh_model_free(second);
}

/* A stand-in verb for the contract's check; never called. */
static int no_device_buffers(swe_mesh_run *run, real **send_values, real **receive_values,
                             swe_error *err)
{
    (void)run;
    (void)send_values;
    (void)receive_values;
    return swe_fail(err, SWE_ERROR_USAGE, "no device buffers");
}

/* Every verb of the table is required: a table without one is refused
 * by name. */
static void test_backend_contract_is_checked(void)
{
    swe_mesh_backend partial = *swe_mesh_backend_find("serial");
    swe_error err = {{0}};
    CU_ASSERT_EQUAL(swe_registry_check(&swe_mesh_models, &partial.table, &err), SWE_OK);
    partial.min_time_step = NULL;
    CU_ASSERT_EQUAL(swe_registry_check(&swe_mesh_models, &partial.table, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "lacks the required verb min_time_step"));
    /* Device buffers for the halo only with the verbs that pack it. */
    swe_mesh_backend unpacked = *swe_mesh_backend_find("serial");
    unpacked.halo_device_buffers = no_device_buffers;
    unpacked.halo_cells = NULL;
    unpacked.pack_halo = NULL;
    unpacked.unpack_halo = NULL;
    CU_ASSERT_EQUAL(swe_registry_check(&swe_mesh_models, &unpacked.table, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "halo_device_buffers"));
    for (int k = 0; k < swe_registry_count(&swe_mesh_models); ++k) {
        CU_ASSERT_EQUAL(
            swe_registry_check(&swe_mesh_models, swe_registry_linked_at(&swe_mesh_models, k), &err),
            SWE_OK);
    }
}

void register_mesh_model_tests(void)
{
    static const swe_mesh_test tests[] = {
        {"bad options refused", test_bad_options_are_refused},
        {"the time step follows Optimized GPU n.d., eqs. 15-17", test_time_step_follows_001},
        {"an unstable state stops the run", test_unstable_state_stops_the_run},
        {"a restart continues bit for bit", test_restart_continues_bit_for_bit},
        {"the backend contract is checked", test_backend_contract_is_checked},
    };
    swe_mesh_test_register("mesh-model", tests, (int)(sizeof tests / sizeof tests[0]));
}
