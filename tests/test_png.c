/* Tests of the PNG pictures: they decode with libpng to the size the
 * writer promises, wide enough to look at, with the colour map in the wet
 * cells and grey in the dry ones. */
#include "grid/block.h"
#include "io/colour_map.h"
#include "io/png_output.h"
#include "program_runner.h"
#include "test_suites.h"

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
 * western quarter. */
static void make_block(swe_block *block)
{
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_block_create(block, 20, 10, 0.0, 0.0, 200.0, 100.0, &err), SWE_OK);
    for (int j = 1; j <= block->ny; ++j) {
        for (int i = 1; i <= block->nx; ++i) {
            block->h[SWE_INDEX(block, i, j)] = i <= 5 ? (real)0 : (real)(1.0 + i / 20.0);
        }
    }
}

static void test_picture_decodes_to_its_size(void)
{
    swe_block block;
    make_block(&block);
    char path[1024];
    swe_path_in(path, sizeof path, directory, "picture.png");
    swe_png_range range = swe_png_range_of(&block);
    /* From the dry ground (b = 0) below the water to its highest surface (2 m). */
    CU_ASSERT(range.low < 0.0 && range.low > -0.5 && range.high > 2.0 && range.high < 2.5);
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_png_write(path, &block, 12.5, &range, &err), SWE_OK);
    int width, height;
    swe_png_picture_size(&block, &width, &height);
    decoded picture;
    CU_ASSERT_EQUAL_FATAL(decode(path, &picture), 0);
    CU_ASSERT_EQUAL(picture.width, width);
    CU_ASSERT_EQUAL(picture.height, height);
    CU_ASSERT(picture.width >= SWE_PNG_MIN_MAP_WIDTH);
    /* The map starts 10 px from the left, 30 px from the top and is scaled
     * to 400 px for 20 cells: 20 px per cell. A dry western cell is grey,
     * an eastern cell has the colour map's colour of its surface. */
    const unsigned char *dry = pixel(&picture, 10 + 30, 30 + 100);
    CU_ASSERT(dry[0] == dry[1] && dry[1] == dry[2] && dry[0] > 64 && dry[0] < 224);
    double eta = 1.0 + 20 / 20.0;
    swe_rgb expected = swe_colour_map((eta - range.low) / (range.high - range.low));
    const unsigned char *wet = pixel(&picture, 10 + 19 * 20 + 10, 30 + 100);
    CU_ASSERT_EQUAL(wet[0], expected.red);
    CU_ASSERT_EQUAL(wet[1], expected.green);
    CU_ASSERT_EQUAL(wet[2], expected.blue);
    /* The title band holds text: some dark pixels above the map. */
    int dark = 0;
    for (int y = 0; y < 30; ++y) {
        for (int x = 0; x < 200; ++x) {
            dark += pixel(&picture, x, y)[0] < 64;
        }
    }
    CU_ASSERT(dark > 20);
    free(picture.rgb);
    swe_block_destroy(&block);
}

/* Lightness (a luma approximation) rises along the colour map, which
 * keeps the map readable in grey and for colour-blind readers. */
static void test_colour_map_rises_in_lightness(void)
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
        CU_ASSERT(picture.width >= SWE_PNG_MIN_MAP_WIDTH);
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
        {"a picture decodes to its size, wet in colour, dry grey",
         test_picture_decodes_to_its_size},
        {"the colour map rises in lightness", test_colour_map_rises_in_lightness},
        {"--format " RUN_FORMATS " writes every format", test_run_writes_pictures},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
