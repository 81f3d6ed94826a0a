/* The guard's picture of a bad cell names the field that is bad. */
#include "shallow_water/cell_values.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <string.h>

static void test_valid_cell_adds_nothing(void)
{
    char text[160];
    swe_describe_cell_values(text, sizeof text, 0.0299, 0.5, -0.25);
    CU_ASSERT_STRING_EQUAL(text, "h = 0.0299, hu = 0.5, hv = -0.25");
}

static void test_valid_depth_does_not_hide_bad_momentum(void)
{
    char text[160];
    swe_describe_cell_values(text, sizeof text, 0.0299, NAN, INFINITY);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "h = 0.0299"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "(not finite: hu, hv)"));
}

static void test_negative_depth_is_named(void)
{
    char text[160];
    swe_describe_cell_values(text, sizeof text, -0.5, 0.0, 0.0);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "h = -0.5, hu = 0, hv = 0 (negative depth)"));
    swe_describe_cell_values(text, sizeof text, NAN, 0.0, 0.0);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "(not finite: h)"));
}

static void test_short_buffer_is_cut_not_overrun(void)
{
    char text[8];
    memset(text, 'x', sizeof text);
    swe_describe_cell_values(text, 4, 1.0, 2.0, 3.0);
    CU_ASSERT_STRING_EQUAL(text, "h =");
    CU_ASSERT_EQUAL(text[4], 'x');
}

void register_cell_values_tests(void)
{
    CU_pSuite suite = CU_add_suite("cell-values", NULL, NULL);
    swe_test_require_registered(suite, "suite cell-values");
    swe_test_require_registered(
        CU_add_test(suite, "a valid cell adds nothing", test_valid_cell_adds_nothing),
        "valid cell");
    swe_test_require_registered(CU_add_test(suite, "a valid depth does not hide a bad momentum",
                                            test_valid_depth_does_not_hide_bad_momentum),
                                "bad momentum");
    swe_test_require_registered(
        CU_add_test(suite, "a negative depth is named", test_negative_depth_is_named),
        "negative depth");
    swe_test_require_registered(CU_add_test(suite, "a short buffer is cut, not overrun",
                                            test_short_buffer_is_cut_not_overrun),
                                "short buffer");
}
