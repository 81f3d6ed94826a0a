/* What the CUDA backend adds to the agreement suite (which compares every
 * level with serial where there is a GPU): on a machine without a usable
 * GPU, the refusal to start. There the suite says "skipped: no CUDA device"
 * and registers nothing else, so nothing counts as passed for the GPU. */
#include "backends/cuda/cartesian/cuda_backend.h"
#include "tests/cartesian/backend_run.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <stdio.h>
#include <string.h>

/* Without a device, init refuses with a usage error (exit code 2 in the
 * program) and a message that names the problem and the way out. */
static void test_refuses_without_device(void)
{
    const swe_cartesian_backend *cuda = swe_cartesian_backend_find("cuda");
    CU_ASSERT_PTR_NOT_NULL_FATAL(cuda);
    const swe_test_case c = {"radial-dam-break", 8, 8, SWE_SOLVER_FWAVE, 0, 0};
    swe_test_run run;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL(swe_test_try_start(&run, cuda, &c, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "needs an NVIDIA GPU"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "--backend"));
}

void register_cuda_tests(void)
{
    if (swe_cuda_device_available()) {
        return; /* the agreement suite compares every level with serial */
    }
    CU_pSuite suite = CU_add_suite("cuda", NULL, NULL);
    swe_test_require_registered(suite, "suite cuda");
    printf("cuda: skipped: no CUDA device (the comparisons with serial run on a GPU "
           "machine)\n");
    swe_test_require_registered(
        CU_add_test(suite, "refuses to start without a device", test_refuses_without_device),
        "cuda test");
}
