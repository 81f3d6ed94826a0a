/* The arithmetic of the Cartesian programs (core/float_mode.h): a
 * single-precision run of the program under test, whose momenta decay
 * below the smallest normal float ahead of its waves (216 subnormal
 * velocities in the case below in IEEE arithmetic), writes none. This
 * test process itself keeps IEEE arithmetic, so fpclassify sees them.
 * Single precision only. */
#ifndef SWE_PRECISION_DOUBLE
#include "tests/program_runner.h"
#include "tests/test_suites.h"
#include "tests/vtk_reader.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <stdlib.h>

static char directory[512];

static int set_up(void)
{
    return swe_make_test_directory(directory, sizeof directory, "float-mode");
}

static int tear_down(void)
{
    return swe_remove_test_directory(directory);
}

/* The bump dam break on 100 x 100 cells at t = 0.2 s, raw VTK: every
 * velocity component is a normal float or zero. */
static void test_run_writes_no_subnormal(void)
{
    char output[1024];
    swe_path_in(output, sizeof output, directory, "bump");
    const char *const args[] = {
        "--scenario", "bump-dam-break", "--nx",     "100",       "--ny",
        "100",        "--t-end",        "0.2",      "--outputs", "1",
        "--output",   output,           "--format", "vtk",       "--compress",
        "0",          "--quiet",        NULL};
    swe_program_result result;
    swe_program_run(directory, args, &result);
    CU_ASSERT_EQUAL_FATAL(result.exit_code, 0);
    char path[1024];
    swe_path_in(path, sizeof path, directory, "bump_0001.vtr");
    size_t size = 0, bytes = 0;
    char *file = swe_read_file(path, &size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    float *velocity = swe_vtk_read_array(file, size, "velocity", &bytes);
    CU_ASSERT_PTR_NOT_NULL(velocity);
    CU_ASSERT_EQUAL(bytes, 3 * 100 * 100 * sizeof(float));
    size_t subnormal = 0, moving = 0;
    for (size_t k = 0; velocity != NULL && k < bytes / sizeof(float); ++k) {
        subnormal += fpclassify(velocity[k]) == FP_SUBNORMAL;
        moving += fabsf(velocity[k]) > 1e-3f;
    }
    CU_ASSERT_EQUAL(subnormal, 0);
    CU_ASSERT(moving > 1000); /* the waves have spread over the cells checked */
    free(velocity);
    free(file);
}

void register_float_mode_tests(void)
{
    CU_pSuite suite = CU_add_suite("float-mode", set_up, tear_down);
    swe_test_require_registered(suite, "suite float-mode");
    swe_test_require_registered(CU_add_test(suite, "a single-precision run writes no subnormal",
                                            test_run_writes_no_subnormal),
                                "float-mode test");
}
#endif
