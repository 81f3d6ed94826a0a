/* The CUDA momentum kernels (levels 1, 2, 3) run on the CPU by the
 * emulation of tests/ns/cuda_host/ against the serial kernel, on
 * grids with partial tiles, several z chunks, rows that are and are not
 * 16-byte aligned, walls and periodic faces: the same residuals to
 * rounding (double: 1e-12, single: 1e-5 of the largest residual; level 3
 * writes QUICK in another form, with fused multiply-adds). What the GPU
 * adds (timing, asynchronous copies) the ns_cuda suite checks on a GPU. */
#include "backends/serial/ns/ns_cpu_backend.h"
#include "tests/ns/cuda_host/ns_cuda_host.h"
#include "tests/ns/ns_test_support.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef SWE_PRECISION_DOUBLE
#define NS_HOST_TOLERANCE 1e-12
#else
#define NS_HOST_TOLERANCE 1e-5
#endif

static void check_grid(const int n[NS_AXES], const char walls[NS_AXES])
{
    ns_solver *solver = ns_test_solver("serial", n, walls, 0.05);
    unsigned long seed = 99;
    for (int c = 0; c < NS_AXES; ++c) {
        for (size_t cell = 0; cell < solver->grid.cells; ++cell) {
            solver->velocity[c][cell] = (real)ns_test_random(&seed);
        }
    }
    ns_test_start(solver);
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(solver->backend->momentum(solver, &err), SWE_OK); /* ghosts, R */
    const ns_cpu_arrays *serial = &((const ns_cpu_ext *)solver->ext)->arrays;
    ns_cpu_arrays emulated = *serial;
    for (int c = 0; c < NS_AXES; ++c) {
        emulated.residual[c] = calloc(solver->grid.cells, sizeof(real));
        CU_ASSERT_PTR_NOT_NULL_FATAL(emulated.residual[c]);
    }
    for (int level = 1; level <= 3; ++level) {
        ns_cuda_host_momentum(level, &emulated, 1);
        double difference =
            ns_test_face_difference(&solver->grid, serial->residual, emulated.residual);
        if (!(difference <= NS_HOST_TOLERANCE)) {
            printf("\n  %d x %d x %d (%.3s), level %d: residuals differ by %.3e of the largest",
                   n[0], n[1], n[2], walls, level, difference);
        }
        CU_ASSERT(difference <= NS_HOST_TOLERANCE);
    }
    for (int c = 0; c < NS_AXES; ++c) {
        free(emulated.residual[c]);
    }
    ns_solver_destroy(solver);
}

static void test_kernels_agree_with_serial(void)
{
    const struct {
        int n[NS_AXES];
        const char *walls;
    } grids[] = {{{37, 11, 13}, "pnf"}, {{36, 8, 20}, "ppp"}, {{16, 9, 4}, "nnp"}};
    for (size_t g = 0; g < sizeof grids / sizeof grids[0]; ++g) {
        check_grid(grids[g].n, grids[g].walls);
    }
}

void register_ns_cuda_host_tests(void)
{
    CU_pSuite suite = CU_add_suite("ns_cuda_host", NULL, NULL);
    swe_test_require_registered(suite, "suite ns_cuda_host");
    swe_test_require_registered(
        CU_add_test(suite, "CUDA momentum kernels on CPU threads", test_kernels_agree_with_serial),
        "ns_cuda_host test");
}
