/* The OpenCL backend of the triangle solver against serial, on the
 * device that --cl-device would pick (SWE_TEST_CL_DEVICE=P:D to choose):
 * every case, both orders, within 1e-12 in double precision and 1e-4 in
 * single (relative to max(|value|, 1 m or 1 m^2/s)). Single precision
 * allows the difference a device's own division, square root and
 * contraction can make in a float once it has travelled through a few
 * dozen steps of shocks; PoCL, which rounds as the host does, matches
 * serial bit for bit. Without an OpenCL platform nothing is registered
 * and the reason is printed. */
#include "cl_device.h"
#include "mesh_suites.h"
#include "mesh_test_support.h"
#include "test_suites.h"

#include <stdio.h>
#include <stdlib.h>

#ifdef SWE_PRECISION_DOUBLE
#define AGREEMENT 1e-12
#else
#define AGREEMENT 1e-4
#endif

static swe_mesh_test_state run(const char *scenario, const char *mesh, const char *backend,
                               int order, double t_end)
{
    const swe_mesh_scenario *found = swe_mesh_scenario_find(scenario);
    swe_mesh_model_options options = swe_mesh_model_defaults(found, mesh);
    options.backend = backend;
    options.order = order;
    options.ordering = SWE_MESH_ORDERING_RCM_EDGES;
    options.device.cl_device = getenv("SWE_TEST_CL_DEVICE");
    swe_mesh_model *model = NULL;
    swe_error err = {{0}};
    int status = swe_mesh_model_create(&options, &model, &err);
    if (status == SWE_OK) {
        status = swe_mesh_model_advance(model, t_end, &err);
    }
    if (status != SWE_OK) {
        fprintf(stderr, "\n  %s on %s: %s\n", scenario, backend != NULL ? backend : "serial",
                err.message);
    }
    CU_ASSERT_EQUAL_FATAL(status, SWE_OK);
    swe_mesh_test_state state = swe_mesh_test_state_of(model);
    swe_mesh_model_free(model);
    return state;
}

static void test_opencl_agrees_with_serial(void)
{
    const struct {
        const char *scenario, *mesh;
        double t_end;
    } cases[] = {{"partial-dam-break", SWE_MESH_GEO "partial_dam_break_coarse.msh", 2},
                 {"channel-flow", SWE_MESH_GEO "channel_20.msh", 100},
                 {"backward-facing-step", SWE_MESH_GEO "backward_facing_step_coarse.msh", 2},
                 {"dam-break-1d-dry", SWE_MESH_GEO "channel_40.msh", 10},
                 {"lake-at-rest-island", SWE_MESH_GEO "square_1000_coarse.msh", 20}};
    for (int k = 0; k < 5; ++k) {
        for (int order = 1; order <= 2; ++order) {
            swe_mesh_test_state serial =
                run(cases[k].scenario, cases[k].mesh, NULL, order, cases[k].t_end);
            swe_mesh_test_state device =
                run(cases[k].scenario, cases[k].mesh, "opencl", order, cases[k].t_end);
            double difference = swe_mesh_test_relative_difference(&device, &serial, 1.0);
            if (!(difference <= AGREEMENT)) {
                fprintf(stderr, "\n  %s order %d: OpenCL differs from serial by %g\n",
                        cases[k].scenario, order, difference);
            }
            CU_ASSERT(difference <= AGREEMENT);
            swe_mesh_test_state_free(&serial);
            swe_mesh_test_state_free(&device);
        }
    }
}

/* A device that does not exist is refused as bad input. */
static void test_missing_device_is_refused(void)
{
    const swe_mesh_scenario *lake = swe_mesh_scenario_find("lake-at-rest");
    swe_mesh_model_options options =
        swe_mesh_model_defaults(lake, SWE_MESH_GEO "square_1000_coarse.msh");
    options.backend = "opencl";
    options.device.cl_device = "9:9";
    swe_mesh_model *model = NULL;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL(swe_mesh_model_create(&options, &model, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NULL(model);
}

void register_mesh_opencl_tests(void)
{
    swe_cl_device device;
    swe_error err = {{0}};
    if (swe_cl_choose_device(getenv("SWE_TEST_CL_DEVICE"), &device, &err) != SWE_OK) {
        printf("mesh-opencl: skipped: no OpenCL device (%s)\n", err.message);
        return;
    }
    static const swe_mesh_test tests[] = {
        {"OpenCL agrees with serial on every case and order", test_opencl_agrees_with_serial},
        {"a missing device is refused", test_missing_device_is_refused},
    };
    swe_mesh_test_register("mesh-opencl", tests, (int)(sizeof tests / sizeof tests[0]));
}
