/* Bad input is refused with SWE_ERROR_USAGE and a message naming it:
 * grids, parameters, cases, a dt beyond the stability limit, options;
 * shallows-ns exits with 2 and one line. */
#include "io/png_raster.h"
#include "ns/io/ns_output.h"
#include "ns/program/ns_options.h"
#include "tests/ns/ns_test_support.h"
#include "tests/program_runner.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void expect_usage(int status, const swe_error *err, const char *word)
{
    CU_ASSERT_EQUAL(status, SWE_ERROR_USAGE);
    if (strstr(err->message, word) == NULL) {
        printf("\nmessage '%s' does not name '%s'\n", err->message, word);
    }
    CU_ASSERT_PTR_NOT_NULL(strstr(err->message, word));
}

static void test_bad_grids_and_parameters(void)
{
    ns_wall walls[NS_FACES] = {{0}};
    ns_grid grid;
    swe_error err;
    expect_usage(ns_grid_init(&grid, (int[]){8, 1, 8}, (double[]){1, 1, 1}, walls, &err), &err,
                 "cells along y");
    expect_usage(ns_grid_init(&grid, (int[]){8, 8, 8}, (double[]){1, 0, 1}, walls, &err), &err,
                 "length along y");
    walls[NS_TOP].kind = NS_NO_SLIP;
    expect_usage(ns_grid_init(&grid, (int[]){8, 8, 8}, (double[]){1, 1, 1}, walls, &err), &err,
                 "must both be periodic");
    walls[NS_TOP].kind = NS_PERIODIC;
    CU_ASSERT_EQUAL_FATAL(ns_grid_init(&grid, (int[]){8, 8, 8}, (double[]){1, 1, 1}, walls, &err),
                          SWE_OK);
    ns_solver *solver = NULL;
    ns_parameters good = {.viscosity = 0.1, .density = 1.0};
    ns_parameters bad = good;
    bad.viscosity = -1;
    expect_usage(ns_solver_create(&grid, &bad, "serial", &solver, &err), &err, "viscosity");
    bad = good;
    bad.cfl = 2;
    expect_usage(ns_solver_create(&grid, &bad, "serial", &solver, &err), &err, "--cfl");
    expect_usage(ns_solver_create(&grid, &good, "fortran", &solver, &err), &err, "fortran");
    /* 4096^3 cells: more memory than any machine these tests run on. */
    CU_ASSERT_EQUAL_FATAL(
        ns_grid_init(&grid, (int[]){4096, 4096, 4096}, (double[]){1, 1, 1}, walls, &err), SWE_OK);
    expect_usage(ns_solver_create(&grid, &good, "serial", &solver, &err), &err,
                 "of memory, more than the");
    CU_ASSERT_PTR_NULL(solver);
}

static void test_bad_cases(void)
{
    ns_case_settings settings = {0};
    ns_solver *solver = NULL;
    swe_error err;
    expect_usage(ns_case_create("dam-break", &settings, &solver, &err), &err, "dam-break");
    settings.reynolds = 100;
    expect_usage(ns_case_create("kelvin-helmholtz", &settings, &solver, &err), &err, "viscosity");
    CU_ASSERT_PTR_NULL(solver);
}

/* Obstacles from a PGM picture: a missing or malformed file is refused;
 * a 4 x 2 picture whose bottom-left pixel is dark makes the cells under it
 * (2 x 4 of the cavity's 8 x 8, through the whole height) solid. */
static void test_obstacle_pictures(void)
{
    char directory[256], path[512];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(directory, sizeof directory, "ns-mask"), 0);
    ns_case_settings settings = {.resolution = 8, .obstacles = "/nonexistent/obstacle.pgm"};
    ns_solver *solver = NULL;
    swe_error err;
    expect_usage(ns_case_create("cavity", &settings, &solver, &err), &err, "obstacle.pgm");
    snprintf(path, sizeof path, "%s/bad.pgm", directory);
    FILE *file = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    fputs("P2 4 2 255\n0 255 255 255 255 255 255\n", file); /* one pixel short */
    fclose(file);
    settings.obstacles = path;
    expect_usage(ns_case_create("cavity", &settings, &solver, &err), &err, "nor a PGM");
    snprintf(path, sizeof path, "%s/good.pgm", directory);
    file = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    fputs("P2\n# top row first\n4 2\n255\n255 255 255 255\n0 255 255 255\n", file);
    fclose(file);
    CU_ASSERT_EQUAL_FATAL(ns_case_create("cavity", &settings, &solver, &err), SWE_OK);
    long solid = 0;
    for (int j = 0; j < 8; ++j) {
        for (int i = 0; i < 8; ++i) {
            int dark = i < 2 && j < 4; /* the bottom-left pixel */
            CU_ASSERT_EQUAL(solver->fluid[ns_index(&solver->grid, i, j, 1)], !dark);
            solid += dark;
        }
    }
    CU_ASSERT_EQUAL(solid, 8);
    CU_ASSERT_EQUAL(ns_solver_step(solver, 0.0, &err), SWE_OK);
    ns_solver_destroy(solver);
    swe_remove_test_directory(directory);
}

/* The same picture as a colour PNG (the encoder of the pictures): the same
 * solid cells; a PNG cut short is refused, naming it. */
static void test_obstacle_png(void)
{
    char directory[256], path[512];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(directory, sizeof directory, "ns-mask-png"), 0);
    swe_rgb pixels[8];
    const swe_rgb white = {255, 255, 255}, dark_red = {90, 0, 0};
    for (int p = 0; p < 8; ++p) {
        pixels[p] = p == 4 ? dark_red : white; /* bottom row, left */
    }
    const swe_raster raster = {4, 2, pixels};
    swe_error err;
    snprintf(path, sizeof path, "%s/good.png", directory);
    CU_ASSERT_EQUAL_FATAL(swe_png_write_raster(path, &raster, &err), SWE_OK);
    ns_case_settings settings = {.resolution = 8, .obstacles = path};
    ns_solver *solver = NULL;
    CU_ASSERT_EQUAL_FATAL(ns_case_create("cavity", &settings, &solver, &err), SWE_OK);
    long solid = 0;
    for (int j = 0; j < 8; ++j) {
        for (int i = 0; i < 8; ++i) {
            int dark = i < 2 && j < 4;
            CU_ASSERT_EQUAL(solver->fluid[ns_index(&solver->grid, i, j, 1)], !dark);
            solid += dark;
        }
    }
    CU_ASSERT_EQUAL(solid, 8);
    ns_solver_destroy(solver);
    solver = NULL;
    FILE *file = fopen(path, "r+b");
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    CU_ASSERT_EQUAL(ftruncate(fileno(file), 40), 0); /* the header and a piece of IHDR's data */
    fclose(file);
    expect_usage(ns_case_create("cavity", &settings, &solver, &err), &err, "good.png");
    CU_ASSERT_PTR_NULL(solver);
    swe_remove_test_directory(directory);
}

/* A fixed dt beyond the limit is refused before anything changes. */
static void test_dt_beyond_stability_refused(void)
{
    ns_case_settings settings = {.resolution = 16};
    settings.parameters.fixed_dt = 0.5;
    ns_solver *solver = NULL;
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(ns_case_create("cavity", &settings, &solver, &err), SWE_OK);
    expect_usage(ns_solver_step(solver, 0.0, &err), &err, "stability limit");
    CU_ASSERT_EQUAL(solver->steps, 0);
    CU_ASSERT_EQUAL(solver->t, 0.0);
    ns_solver_destroy(solver);
    settings.parameters.fixed_dt = 1e-3; /* within the limit: accepted */
    CU_ASSERT_EQUAL_FATAL(ns_case_create("cavity", &settings, &solver, &err), SWE_OK);
    CU_ASSERT_EQUAL(ns_solver_step(solver, 0.0, &err), SWE_OK);
    ns_solver_destroy(solver);
}

static int parse(const char *const *args, ns_options *options, swe_error *err)
{
    int argc = 0;
    while (args[argc] != NULL) {
        ++argc;
    }
    return ns_options_parse(argc, (char **)args, options, err);
}

static void test_bad_options(void)
{
    ns_options options;
    swe_error err;
    const struct {
        const char *args[6];
        const char *word;
    } bad[] = {{{"ns", "--resolution", "many"}, "--resolution"},
               {{"ns", "--resolution", "99999999"}, "--resolution"},
               {{"ns", "--t-end", "-1"}, "--t-end"},
               {{"ns", "--format", "gif"}, "gif"},
               {{"ns", "--dt", "1e999"}, "--dt"},
               {{"ns", "--cfl", "1.5"}, "--cfl"},
               {{"ns", "--colour"}, "--colour"},
               {{"ns", "--case", "dam-break"}, "dam-break"},
               {{"ns", "--backend", "fortran"}, "fortran"},
               {{"ns", "--backend", "serial", "--level", "2"}, "levels"},
               {{"ns", "--threads", "4"}, "--threads"},
               {{"ns", "--steps", "10"}, "--benchmark"},
               {{"ns", "--steps", "10", "--dt", "1e-3", "--t-end"}, "--t-end"},
               {{"ns", "--benchmark", "--restart", "x"}, "--benchmark"},
               {{"ns", "stray"}, "stray"}};
    for (size_t b = 0; b < sizeof bad / sizeof bad[0]; ++b) {
        expect_usage(parse(bad[b].args, &options, &err), &err, bad[b].word);
    }
    CU_ASSERT_EQUAL(parse((const char *[]){"ns", "--case", "cavity", "--resolution", "16",
                                           "--format", "vtk,png", NULL},
                          &options, &err),
                    SWE_OK);
    CU_ASSERT_EQUAL(options.settings.resolution, 16);
    CU_ASSERT_EQUAL(options.run.formats, SWE_FORMAT_VTK | SWE_FORMAT_PNG);
    CU_ASSERT_STRING_EQUAL(options.run.output_path, "cavity");
    CU_ASSERT_EQUAL(options.run.t_end, options.kase->default_end_time);
    CU_ASSERT_EQUAL(
        parse((const char *[]){"ns", "--steps", "10", "--dt", "0.25", "--benchmark", NULL},
              &options, &err),
        SWE_OK);
    CU_ASSERT_EQUAL(options.run.steps, 10);
    CU_ASSERT_EQUAL(options.settings.parameters.fixed_dt, 0.25);
}

void register_ns_input_tests(void)
{
    CU_pSuite suite = CU_add_suite("ns_input", NULL, NULL);
    swe_test_require_registered(suite, "suite ns_input");
    swe_test_require_registered(
        CU_add_test(suite, "bad grids and parameters", test_bad_grids_and_parameters),
        "ns_input test");
    swe_test_require_registered(CU_add_test(suite, "bad cases", test_bad_cases), "ns_input test");
    swe_test_require_registered(
        CU_add_test(suite, "a dt beyond stability is refused", test_dt_beyond_stability_refused),
        "ns_input test");
    swe_test_require_registered(CU_add_test(suite, "bad options", test_bad_options),
                                "ns_input test");
    swe_test_require_registered(CU_add_test(suite, "obstacle pictures", test_obstacle_pictures),
                                "ns_input test");
    swe_test_require_registered(CU_add_test(suite, "obstacle PNG pictures", test_obstacle_png),
                                "ns_input test");
}
