/* The OpenCL backend of the mesh application: a device that does not
 * exist is refused (its agreement with serial is the mesh-agreement
 * suite's, tests/mesh/test_mesh_agreement.c). Without an OpenCL platform
 * nothing is registered and the reason is printed. */
#ifdef SWE_WITH_OPENCL
#include "backends/opencl/cl_device.h"
#include "backends/opencl/opencl_model.h"
#include "tests/mesh/mesh_suites.h"
#include "tests/mesh/mesh_test_support.h"
#include "tests/test_suites.h"

#include <stdio.h>
#include <stdlib.h>

/* A device that does not exist is refused as bad input. */
static void test_missing_device_is_refused(void)
{
    const swe_mesh_scenario *lake = swe_mesh_scenario_find("lake-at-rest");
    swe_mesh_model_options options =
        swe_mesh_model_defaults(lake, SWE_MESH_GEO "square_1000_coarse.msh");
    options.backend = "opencl";
    options.config.option_values[SWE_CL_OPTION_DEVICE] = "9:9";
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
        {"a missing device is refused", test_missing_device_is_refused},
    };
    swe_mesh_test_register("mesh-opencl", tests, (int)(sizeof tests / sizeof tests[0]));
}
#endif
