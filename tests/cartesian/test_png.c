/* Tests of the PNG pictures: they decode with libpng to the size the
 * writer promises, wide enough to look at, water in the colours of its
 * surface and land in earth colours, a still level found and a wave on it
 * in diverging colours, clipping of a fixed range shown, text drawn, the
 * frame (axes, scale bar, time) that every application's pictures share. */
#include "cartesian/grid/block.h"
#include "cartesian/io/picture_layout.h"
#include "cartesian/io/png_output.h"
#include "io/colour_map.h"
#include "tests/picture_probe.h"
#include "tests/program_runner.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char directory[512];

static int set_up(void)
{
    return swe_make_test_directory(directory, sizeof directory, "png");
}

static int tear_down(void)
{
    return swe_remove_test_directory(directory);
}

typedef struct decoded {
    int width, height;
    unsigned char *rgb; /* width * height * 3 */
} decoded;

/* Decodes an 8-bit RGB PNG with libpng; returns 0 on success. */
static int decode(const char *path, decoded *picture)
{
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, path)) {
        return -1;
    }
    image.format = PNG_FORMAT_RGB;
    picture->width = (int)image.width;
    picture->height = (int)image.height;
    picture->rgb = malloc(PNG_IMAGE_SIZE(image));
    if (picture->rgb == NULL || !png_image_finish_read(&image, NULL, picture->rgb, 0, NULL)) {
        free(picture->rgb);
        png_image_free(&image);
        return -1;
    }
    return 0;
}

static const unsigned char *pixel(const decoded *picture, int x, int y)
{
    return picture->rgb + 3 * ((size_t)y * (size_t)picture->width + (size_t)x);
}

/* A 20 x 10 block: water 1..2 m deep rising to the east, dry in the
 * western quarter on a bed rising from 0 to 400 m. */
static void make_block(swe_block *block)
{
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_block_create(block, 20, 10, 0.0, 0.0, 200.0, 100.0, &err), SWE_OK);
    for (int j = 1; j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i) {
            size_t cell = SWE_INDEX(block, i, j);
            block->h[cell] = i <= 5 ? (real)0 : (real)(1.0 + i / 20.0);
            block->b[cell] = i <= 5 ? (real)(100 * (i - 1)) : 0;
        }
    }
}

static int same_colour(const unsigned char *pixel_rgb, swe_rgb colour)
{
    return pixel_rgb[0] == colour.red && pixel_rgb[1] == colour.green &&
           pixel_rgb[2] == colour.blue;
}

/* Pixels of colour in the rectangle at (x, y) of size w x h. */
static int count_colour(const decoded *picture, int x, int y, int w, int h, swe_rgb colour)
{
    int count = 0;
    for (int row = y; row < y + h && row < picture->height; ++row) {
        for (int column = x; column < x + w && column < picture->width; ++column) {
            count += same_colour(pixel(picture, column, row), colour);
        }
    }
    return count;
}

static void test_picture_decodes_to_its_size(void)
{
    swe_block block;
    make_block(&block);
    char path[1024];
    swe_path_in(path, sizeof path, directory, "picture.png");
    const swe_picture_style style = swe_picture_style_of(&block);
    swe_colour_range range = swe_colour_range_of(&block, &style);
    /* The water's own surface heights, 1.3 to 2 m: no still level here. */
    CU_ASSERT_FALSE(style.waves);
    CU_ASSERT_DOUBLE_EQUAL(range.low, 1.3, 1e-6);
    CU_ASSERT_DOUBLE_EQUAL(range.high, 2.0, 1e-6);
    const swe_picture scene = {&block, 12.5, &style, &range};
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_png_write(path, &scene, &err), SWE_OK);
    int width, height;
    swe_picture_size(&block, &width, &height);
    decoded picture;
    CU_ASSERT_EQUAL_FATAL(decode(path, &picture), 0);
    CU_ASSERT_EQUAL(picture.width, width);
    CU_ASSERT_EQUAL(picture.height, height);
    swe_picture_layout layout;
    swe_picture_layout_of(&block, &layout);
    CU_ASSERT(layout.map_width >= SWE_PICTURE_MIN_MAP_WIDTH);
    /* 20 px per cell: a dry western cell in the land colour of its bed
     * (the third dry column, 200 m above the lowest land, on a scale of
     * at least 500 m), an eastern cell in the colour of its surface. */
    int cell = layout.map_width / 20, row = layout.map_top + layout.map_height / 2;
    CU_ASSERT(same_colour(pixel(&picture, layout.map_left + 2 * cell + cell / 2, row),
                          swe_colour_land(200.0 / 500.0)));
    CU_ASSERT(same_colour(pixel(&picture, layout.map_left + 19 * cell + cell / 2, row),
                          swe_picture_water_colour(&scene, 2.0)));
    /* Text (the time, the axes) where a font renderer is built in. */
    int dark = 0;
    for (int y = 0; y < layout.map_top; ++y) {
        for (int x = 0; x < width; ++x) {
            dark += pixel(&picture, x, y)[0] < 100;
        }
    }
    const swe_text_style probe = {12, SWE_TEXT_LEFT, 0, swe_picture_ink};
    CU_ASSERT(swe_text_width(&probe, "t") > 0 ? dark > 100 : dark == 0);
    free(picture.rgb);
    swe_block_destroy(&block);
}

static swe_raster draw_at(const swe_block *block, double time)
{
    const swe_picture_style style = swe_picture_style_of(block);
    const swe_colour_range range = swe_colour_range_of(block, &style);
    const swe_picture scene = {block, time, &style, &range};
    swe_raster raster = {0};
    swe_picture_size(block, &raster.width, &raster.height);
    raster.pixels = calloc((size_t)raster.width * (size_t)raster.height, sizeof *raster.pixels);
    CU_ASSERT_PTR_NOT_NULL_FATAL(raster.pixels);
    swe_picture_draw(&raster, &scene);
    return raster;
}

/* The frame that every application's pictures share: the axes, a scale
 * bar, the colour bar's ticks, and the time above, which is all that
 * differs between the same state at two times (where text is drawn). */
static void test_axes_scale_bar_and_time(void)
{
    swe_block block;
    make_block(&block);
    swe_raster raster = draw_at(&block, 12.5), later = draw_at(&block, 3600.0);
    CU_ASSERT_EQUAL(swe_probe_frame_fault(&raster, &later), 0);
    free(raster.pixels);
    free(later.pixels);
    swe_block_destroy(&block);
}

/* A sea at rest with a small hump: the still level is found, the range is
 * symmetric about it, and a fixed range shows its clipping. */
static void test_waves_and_clipping(void)
{
    swe_block block;
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_block_create(&block, 40, 20, 0.0, 0.0, 4000.0, 2000.0, &err), SWE_OK);
    for (int j = 1; j <= block.ny; ++j) {
        for (int i = 1; i <= block.nx; ++i) {
            size_t cell = SWE_INDEX(&block, i, j);
            block.b[cell] = i > 36 ? 5 : -100; /* land in the east */
            block.h[cell] = i > 36 ? 0 : 100 + (i == 10 && j == 10 ? 0.3 : 0.0);
        }
    }
    const swe_picture_style style = swe_picture_style_of(&block);
    CU_ASSERT_TRUE(style.waves);
    CU_ASSERT_DOUBLE_EQUAL(style.still_level, 0.0, 1e-6);
    swe_colour_range range = swe_colour_range_of(&block, &style);
    CU_ASSERT_DOUBLE_EQUAL(range.low, -0.3, 1e-5);
    CU_ASSERT_DOUBLE_EQUAL(range.high, 0.3, 1e-5);
    swe_colour_range fixed = {-0.1, 0.1, 1};
    const swe_picture scene = {&block, 0.0, &style, &fixed};
    char path[1024];
    swe_path_in(path, sizeof path, directory, "clipped.png");
    CU_ASSERT_EQUAL_FATAL(swe_png_write(path, &scene, &err), SWE_OK);
    decoded picture;
    CU_ASSERT_EQUAL_FATAL(decode(path, &picture), 0);
    swe_picture_layout layout;
    swe_picture_layout_of(&block, &layout);
    /* The hump beyond the range in the colour of clipping, the still sea
     * in the middle of the diverging map, a triangle on top of the bar. */
    int hump = count_colour(&picture, layout.map_left, layout.map_top, layout.map_width,
                            layout.map_height, swe_colour_over);
    CU_ASSERT(hump > 0 && hump <= (layout.map_width / 40) * (layout.map_height / 20) + 40);
    CU_ASSERT(same_colour(pixel(&picture, layout.map_left + 5, layout.map_top + 5),
                          swe_colour_diverging(0.5)));
    CU_ASSERT(count_colour(&picture, layout.bar_left, 0, layout.bar_width, layout.bar_top,
                           swe_colour_over) > 20);
    CU_ASSERT_EQUAL(count_colour(&picture, layout.bar_left, layout.bar_top + layout.bar_height + 1,
                                 layout.bar_width, 20, swe_colour_under),
                    0);
    free(picture.rgb);
    swe_block_destroy(&block);
}

/* A film of micrometres that a wetting front leaves on a slope is drawn
 * as the land under it, not as water; the water beside it stays water. */
static void test_film_drawn_as_land(void)
{
    swe_block block;
    make_block(&block);
    for (int j = 1; j <= block.ny; ++j) {
        for (int i = 1; i <= 5; ++i) {
            block.h[SWE_INDEX(&block, i, j)] = (real)2e-6;
        }
    }
    const swe_picture_style style = swe_picture_style_of(&block);
    swe_colour_range range = swe_colour_range_of(&block, &style);
    CU_ASSERT_DOUBLE_EQUAL(range.low, 1.3, 1e-6);
    const swe_picture scene = {&block, 0.0, &style, &range};
    swe_picture_layout layout;
    swe_picture_layout_of(&block, &layout);
    swe_raster raster = {layout.width, layout.height, NULL};
    raster.pixels = malloc((size_t)raster.width * (size_t)raster.height * sizeof *raster.pixels);
    CU_ASSERT_PTR_NOT_NULL_FATAL(raster.pixels);
    swe_picture_draw(&raster, &scene);
    int cell = layout.map_width / 20, row = layout.map_top + layout.map_height / 2;
    swe_rgb film = raster.pixels[(size_t)row * (size_t)raster.width +
                                 (size_t)(layout.map_left + 2 * cell + cell / 2)];
    swe_rgb land = swe_colour_land(200.0 / 500.0);
    CU_ASSERT(film.red == land.red && film.green == land.green && film.blue == land.blue);
    free(raster.pixels);
    swe_block_destroy(&block);
}

/* Lightness (a luma approximation) rises along the sequential map, which
 * keeps it readable in grey and for colour-blind readers; the diverging
 * map is lightest at its middle and darkens evenly to both ends. */
static void test_colour_maps_in_lightness(void)
{
    double previous = -1.0;
    for (int k = 0; k <= 100; ++k) {
        swe_rgb colour = swe_colour_map(k / 100.0);
        double luma = 0.2126 * colour.red + 0.7152 * colour.green + 0.0722 * colour.blue;
        CU_ASSERT(luma > previous);
        previous = luma;
    }
    swe_rgb low = swe_colour_map(-3.0), high = swe_colour_map(7.0);
    swe_rgb first = swe_colour_map(0.0), last = swe_colour_map(1.0);
    CU_ASSERT(memcmp(&low, &first, sizeof low) == 0);
    CU_ASSERT(memcmp(&high, &last, sizeof high) == 0);
    for (int k = 0; k < 50; ++k) {
        swe_rgb below = swe_colour_diverging(k / 100.0),
                above = swe_colour_diverging(1 - k / 100.0);
        swe_rgb nearer = swe_colour_diverging((k + 1) / 100.0);
        double luma_below = 0.2126 * below.red + 0.7152 * below.green + 0.0722 * below.blue;
        double luma_nearer = 0.2126 * nearer.red + 0.7152 * nearer.green + 0.0722 * nearer.blue;
        CU_ASSERT(luma_nearer >= luma_below);
        CU_ASSERT(above.red > above.blue && below.blue > below.red); /* red up, blue down */
    }
}

/* The pictures beside the NetCDF file, or alone where the build has no NetCDF. */
#ifdef SWE_WITHOUT_NETCDF
#define RUN_FORMATS "png"
#else
#define RUN_FORMATS "png,netcdf"
#endif

static void test_run_writes_pictures(void)
{
    char output[1024];
    swe_path_in(output, sizeof output, directory, "run");
    const char *const args[] = {"--nx",     "16",        "--ny",    "16",       "--t-end",
                                "1",        "--outputs", "2",       "--output", output,
                                "--format", RUN_FORMATS, "--quiet", NULL};
    swe_program_result result;
    swe_program_run(directory, args, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    char path[1024];
    for (int k = 0; k <= 2; ++k) {
        char name[64];
        snprintf(name, sizeof name, "run_%04d.png", k);
        swe_path_in(path, sizeof path, directory, name);
        decoded picture;
        CU_ASSERT_EQUAL_FATAL(decode(path, &picture), 0);
        CU_ASSERT(picture.width >= SWE_PICTURE_MIN_MAP_WIDTH);
        free(picture.rgb);
    }
#ifndef SWE_WITHOUT_NETCDF
    swe_path_in(path, sizeof path, directory, "run.nc");
    CU_ASSERT(swe_file_exists(path));
#endif
}

void register_png_tests(void)
{
    CU_pSuite suite = CU_add_suite("png", set_up, tear_down);
    swe_test_require_registered(suite, "suite png");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"a picture decodes to its size, water and land in their colours, text",
         test_picture_decodes_to_its_size},
        {"axes, scale bar, colour bar ticks and the time", test_axes_scale_bar_and_time},
        {"a wave on a still sea: diverging colours, clipping shown", test_waves_and_clipping},
        {"a film of micrometres drawn as land", test_film_drawn_as_land},
        {"the colour maps' lightness", test_colour_maps_in_lightness},
        {"--format " RUN_FORMATS " writes every format", test_run_writes_pictures},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
