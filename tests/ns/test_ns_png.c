/* The pictures of a Navier-Stokes run: a colour bar with ticks at round
 * values (not its two ends alone), values beyond the range drawn in the
 * colours of clipping and marked on the bar, and the frame, axes and
 * scale bar that every picture has. */
#include "io/colour_map.h"
#include "ns/io/ns_slice_png.h"
#include "tests/ns/ns_test_support.h"
#include "tests/picture_probe.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <stdlib.h>

enum { N = 16, LAYERS = 4 };

/* A plane z of N x N x LAYERS cells whose values rise from 0 to 15 along x. */
static ns_slice ramp(float *values, double high)
{
    for (int cell = 0; cell < N * N * LAYERS; ++cell) {
        values[cell] = (float)(cell % N);
    }
    return (ns_slice){.values = values,
                      .n = {N, N, LAYERS},
                      .h = {1.0 / N, 1.0 / N, 1.0 / N},
                      .axis = 2,
                      .index = LAYERS / 2,
                      .low = 0.0,
                      .high = high,
                      .label = "vorticity magnitude",
                      .unit = "1/s"};
}

static swe_raster draw_at(const ns_slice *slice, double time)
{
    swe_raster raster = {0};
    ns_slice_png_size(slice, &raster.width, &raster.height);
    CU_ASSERT_FATAL(raster.width > 0 && raster.height > 0);
    raster.pixels = calloc((size_t)raster.width * (size_t)raster.height, sizeof *raster.pixels);
    CU_ASSERT_PTR_NOT_NULL_FATAL(raster.pixels);
    swe_error err = {0};
    CU_ASSERT_EQUAL(ns_slice_png_draw(&raster, slice, time, &err), SWE_OK);
    return raster;
}

static swe_raster draw(const ns_slice *slice)
{
    return draw_at(slice, 0.5);
}

static void test_bar_has_ticks(void)
{
    float values[N * N * LAYERS];
    const ns_slice slice = ramp(values, 15.0);
    swe_raster raster = draw(&slice), later = draw_at(&slice, 12.25);
    CU_ASSERT_EQUAL(swe_probe_frame_fault(&raster, &later), 0);
    CU_ASSERT_EQUAL(swe_probe_count(&raster, swe_colour_over), 0);
    free(raster.pixels);
    free(later.pixels);
}

static void test_clipping_marked(void)
{
    float values[N * N * LAYERS];
    const ns_slice slice = ramp(values, 7.5);
    swe_raster raster = draw(&slice);
    CU_ASSERT(swe_probe_count(&raster, swe_colour_over) > 1000);
    free(raster.pixels);
}

void register_ns_png_tests(void)
{
    CU_pSuite suite = CU_add_suite("ns_png", NULL, NULL);
    swe_test_require_registered(suite, "suite ns_png");
    swe_test_require_registered(
        CU_add_test(suite, "colour bar ticks, axes, scale bar and time", test_bar_has_ticks),
        "ns_png test");
    swe_test_require_registered(CU_add_test(suite,
                                            "values beyond the range drawn and marked clipped",
                                            test_clipping_marked),
                                "ns_png test");
}
