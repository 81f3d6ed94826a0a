/* Exercise 07 (exercises/07-opencl-kernels): the OpenCL backend at levels 1
 * (the edge and update kernels, TODOs 1 to 3), 2 (the reduction on the
 * device, TODOs 4 and 5) and 3 (local-memory tiles, TODOs 6 and 7), built
 * with the student's skeletons/opencl/cartesian/level1_kernels.cl, work_group_max.clh,
 * level2_reduction.cl and level3_tiles.cl, against the serial backend
 * (grade_backend_steps.h), on the first OpenCL GPU or else CPU device
 * (PoCL on a machine without a GPU). The grader's build needs no OpenCL:
 * its side is the serial backend. */
#include "tests/grade/grade_backend_steps.h"

/* Device compilers may contract a * b + c into one rounding and evaluate
 * in another order than the host: the step tolerance allows that within a
 * step, the run tolerance over 20 steps. */
#define OPENCL_CHECKS(level)                                                                       \
    {                                                                                              \
        "opencl", level, SWE_SOLVER_COUNT, 1.0e3, 1.0e5, 70, 40                                    \
    }

enum { STEP_CASES = 8, RUN_CASES = 4 };

#define LEVEL_TESTS(level)                                                                         \
    static void test_steps_##level(void)                                                           \
    {                                                                                              \
        const grade_backend_checks checks = OPENCL_CHECKS(level);                                  \
        grade_check_backend_steps(&checks, "opencl" #level "-step", STEP_CASES);                   \
    }                                                                                              \
    static void test_runs_##level(void)                                                            \
    {                                                                                              \
        const grade_backend_checks checks = OPENCL_CHECKS(level);                                  \
        grade_check_backend_runs(&checks, "opencl" #level "-runs", RUN_CASES);                     \
    }
LEVEL_TESTS(1)
LEVEL_TESTS(2)
LEVEL_TESTS(3)

static const grade_test opencl_tests[] = {
    {"step1", "level 1 (TODOs 1 to 3): edge and update kernels, max wave speed and one step", 2,
     STEP_CASES, test_steps_1, 0},
    {"runs1", "level 1: whole runs, 20 steps of two dam breaks", 1, RUN_CASES, test_runs_1, 0},
    {"step2", "level 2 (TODOs 4 and 5): the reduction on the device, max wave speed and one step",
     2, STEP_CASES, test_steps_2, 0},
    {"runs2", "level 2: whole runs, 20 steps of two dam breaks", 1, RUN_CASES, test_runs_2, 0},
    {"step3", "level 3 (TODOs 6 and 7): the tile step, max wave speed and one step", 2, STEP_CASES,
     test_steps_3, 0},
    {"runs3", "level 3: whole runs, 20 steps of two dam breaks", 2, RUN_CASES, test_runs_3, 0},
};

const grade_exercise grade_opencl_exercise = {"07-opencl-kernels", opencl_tests,
                                              (int)(sizeof opencl_tests / sizeof opencl_tests[0])};
