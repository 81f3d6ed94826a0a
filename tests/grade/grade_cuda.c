/* Exercises 03 to 06 (exercises/03-cuda-* .. 06-cuda-*): the CUDA backend
 * at the exercise's level, built with the student's file of that level
 * (skeletons/cuda/levelN_*.cu, with block_max.cuh for level 2), against the
 * serial backend (grade_backend_steps.h). tools/teaching/grade.py runs the
 * student's side only where a CUDA device exists and reports "not graded:
 * no CUDA device" elsewhere; the grader's side is the serial backend and
 * needs no CUDA. */
#include "tests/grade/grade_backend_steps.h"

/* The CUDA kernels evaluate the serial kernels' expressions, but nvcc
 * contracts a * b + c into fused multiply-adds and, in single precision,
 * divides and takes square roots with the hardware's approximations
 * (backends/cuda/model.mk): a step differs from serial in the last
 * places, and whole runs carry that through their steps. The graded
 * solvers are f-wave, HLLE and Rusanov, the first three of enum
 * swe_solver. Blocks of up to 70 x 40 cells leave thread blocks, tiles and
 * warp strips partial. */
#define CUDA_CHECKS(level)                                                                         \
    {                                                                                              \
        "cuda", level, 3, 64, 1.0e4, 70, 40                                                        \
    }

enum { STEP_CASES = 8, RUN_CASES = 4 };

/* The test ids carry the level, so that every exercise draws inputs of its
 * own and keeps reference data of its own. */
#define LEVEL_TESTS(level)                                                                         \
    static void test_steps_##level(void)                                                           \
    {                                                                                              \
        const grade_backend_checks checks = CUDA_CHECKS(level);                                    \
        grade_check_backend_steps(&checks, "cuda" #level "-step", STEP_CASES);                     \
    }                                                                                              \
    static void test_runs_##level(void)                                                            \
    {                                                                                              \
        const grade_backend_checks checks = CUDA_CHECKS(level);                                    \
        grade_check_backend_runs(&checks, "cuda" #level "-runs", RUN_CASES);                       \
    }
LEVEL_TESTS(1)
LEVEL_TESTS(2)
LEVEL_TESTS(3)
LEVEL_TESTS(4)

#define STEP_TEST(level, what)                                                                     \
    {                                                                                              \
        "step", "level " #level ": " what ", max wave speed and one step of random states", 6,     \
            STEP_CASES, test_steps_##level, 0                                                      \
    }
#define RUN_TEST(level)                                                                            \
    {                                                                                              \
        "runs", "level " #level ": whole runs, 20 steps of two dam breaks", 4, RUN_CASES,          \
            test_runs_##level, 0                                                                   \
    }

static const grade_test level1_tests[] = {
    STEP_TEST(1, "net-update and update kernels (TODOs 1 and 2)"), RUN_TEST(1)};
static const grade_test level2_tests[] = {
    STEP_TEST(2, "block and final max reductions (TODOs 1 and 2)"), RUN_TEST(2)};
static const grade_test level3_tests[] = {STEP_TEST(3, "shared-memory tiles (TODOs 1 and 2)"),
                                          RUN_TEST(3)};
static const grade_test level4_tests[] = {STEP_TEST(4, "the fused step (TODOs 1 and 2)"),
                                          RUN_TEST(4)};

const grade_exercise grade_cuda1_exercise = {"03-cuda-kernels-and-transfers", level1_tests, 2};
const grade_exercise grade_cuda2_exercise = {"04-cuda-on-the-device", level2_tests, 2};
const grade_exercise grade_cuda3_exercise = {"05-cuda-shared-memory", level3_tests, 2};
const grade_exercise grade_cuda4_exercise = {"06-cuda-fused-step", level4_tests, 2};
