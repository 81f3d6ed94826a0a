/* The OpenMP backend of the triangle solver against serial: the same
 * bits for 1 to 4 threads, every case, both orders and any ordering. */
#include "tests/mesh/mesh_suites.h"
#include "tests/mesh/mesh_test_support.h"
#include "tests/test_suites.h"

#include <stdio.h>

static void test_openmp_gives_the_serial_bits(void)
{
    const swe_mesh_test_case *cases = swe_mesh_test_cases;
    for (int k = 0; k < SWE_MESH_TEST_CASES; ++k) {
        for (int order = 1; order <= 2; ++order) {
            swe_mesh_test_state serial =
                swe_mesh_test_run(cases[k].scenario, cases[k].mesh, NULL, order,
                                  SWE_MESH_ORDERING_GMSH, 0, cases[k].t_end);
            for (int threads = 1; threads <= 4; ++threads) {
                enum swe_mesh_ordering ordering =
                    threads % 2 ? SWE_MESH_ORDERING_RCM_EDGES : SWE_MESH_ORDERING_RANDOM;
                swe_mesh_test_state openmp =
                    swe_mesh_test_run(cases[k].scenario, cases[k].mesh, "openmp", order, ordering,
                                      threads, cases[k].t_end);
                int same = swe_mesh_test_same_bits(&openmp, &serial);
                if (!same) {
                    fprintf(stderr, "  %s order %d, %d threads\n", cases[k].scenario, order,
                            threads);
                }
                CU_ASSERT(same);
                swe_mesh_test_state_free(&openmp);
            }
            swe_mesh_test_state_free(&serial);
        }
    }
}

void register_mesh_openmp_tests(void)
{
    static const swe_mesh_test tests[] = {
        {"OpenMP gives the serial bits for 1 to 4 threads", test_openmp_gives_the_serial_bits},
    };
    swe_mesh_test_register("mesh-openmp", tests, (int)(sizeof tests / sizeof tests[0]));
}
