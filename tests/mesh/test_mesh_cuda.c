/* The CUDA backend of the mesh application without a device: it refuses
 * to start, as bad input. With a device the agreement with serial is the
 * mesh-agreement suite's (tests/mesh/test_mesh_agreement.c; on a GPU
 * machine: tools/device/mesh_check.sh). */
#include "tests/mesh/mesh_suites.h"
#include "tests/mesh/mesh_test_support.h"
#include "tests/test_suites.h"

#include <stdio.h>
#include <string.h>

int swe_mesh_cuda_device_available(void);

static void test_refused_without_a_device(void)
{
    const swe_mesh_scenario *lake = swe_mesh_scenario_find("lake-at-rest");
    swe_mesh_model_options options =
        swe_mesh_model_defaults(lake, SWE_MESH_GEO "square_1000_coarse.msh");
    options.backend = "cuda";
    swe_mesh_model *model = NULL;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL(swe_mesh_model_create(&options, &model, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "no CUDA device"));
    CU_ASSERT_PTR_NULL(model);
}

void register_mesh_cuda_tests(void)
{
    if (!swe_mesh_cuda_device_available()) {
        static const swe_mesh_test without[] = {
            {"refused without a device", test_refused_without_a_device},
        };
        swe_mesh_test_register("mesh-cuda-absent", without, 1);
    }
}
