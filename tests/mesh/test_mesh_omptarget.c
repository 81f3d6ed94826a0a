/* The OpenMP target backend of the triangle solver against serial where
 * the runtime has no device and runs the target regions on the host: the
 * same bits for every case, both orders and two orderings. (The mesh
 * agreement suite holds it to the GPU's rounding; on a machine with a
 * device this suite says so and registers nothing.) */
#include "tests/mesh/mesh_suites.h"
#include "tests/mesh/mesh_test_support.h"
#include "tests/test_suites.h"

#include <omp.h>
#include <stdio.h>

static void test_host_fall_back_gives_the_serial_bits(void)
{
    const swe_mesh_test_case *cases = swe_mesh_test_cases;
    for (int k = 0; k < SWE_MESH_TEST_CASES; ++k) {
        for (int order = 1; order <= 2; ++order) {
            swe_mesh_test_state serial =
                swe_mesh_test_run(cases[k].scenario, cases[k].mesh, NULL, order,
                                  SWE_MESH_ORDERING_GMSH, 0, cases[k].t_end);
            enum swe_mesh_ordering ordering =
                order == 1 ? SWE_MESH_ORDERING_RCM_EDGES : SWE_MESH_ORDERING_RANDOM;
            swe_mesh_test_state offloaded = swe_mesh_test_run(
                cases[k].scenario, cases[k].mesh, "omptarget", order, ordering, 0, cases[k].t_end);
            int same = swe_mesh_test_same_bits(&offloaded, &serial);
            if (!same) {
                fprintf(stderr, "  %s order %d\n", cases[k].scenario, order);
            }
            CU_ASSERT(same);
            swe_mesh_test_state_free(&offloaded);
            swe_mesh_test_state_free(&serial);
        }
    }
}

void register_mesh_omptarget_tests(void)
{
    if (omp_get_num_devices() > 0) {
        printf("mesh-omptarget: skipped: the OpenMP runtime sees %d device(s); the serial bits "
               "are checked on the host fall-back (OMP_TARGET_OFFLOAD=disabled)\n",
               omp_get_num_devices());
        return;
    }
    static const swe_mesh_test tests[] = {
        {"host fall-back: the serial bits, every case and order",
         test_host_fall_back_gives_the_serial_bits},
    };
    swe_mesh_test_register("mesh-omptarget", tests, (int)(sizeof tests / sizeof tests[0]));
}
