/* `shallows --mesh` as a user runs it: bad input ends with exit code 2
 * and one line naming the problem; a good run prints its summary line
 * with a checksum and writes the files it was asked for; the lists. */
#include "tests/mesh/mesh_suites.h"
#include "tests/mesh/mesh_test_support.h"
#include "tests/program_runner.h"
#include "tests/test_suites.h"

#include <stdio.h>
#include <string.h>

#define LAKE_MESH SWE_MESH_GEO "square_1000_coarse.msh"

/* Runs shallows --mesh mesh with args (NULL-terminated, at most 30). */
static void run_mesh(const char *dir, const char *mesh, const char *const *args,
                     swe_program_result *result)
{
    const char *argv[34] = {"--mesh", mesh};
    for (int k = 0; k < 30 && args[k] != NULL; ++k) {
        argv[k + 2] = args[k];
    }
    swe_program_run(dir, argv, result);
}

static void test_bad_input_is_refused_with_one_line(void)
{
    const struct {
        const char *mesh;
        const char *args[6];
        const char *message;
    } cases[] = {
        {LAKE_MESH, {"--frobnicate"}, "unknown option"},
        {LAKE_MESH, {"--order", "3"}, "--order must be between 1 and 2, got 3"},
        {LAKE_MESH, {"--cfl", "1.5"}, "--cfl must be in (0, 1], got 1.5"},
        {LAKE_MESH, {"--cfl", "fast"}, "--cfl needs a number, got 'fast'"},
        {LAKE_MESH, {"--t-end", "-1"}, "--t-end must be positive, got -1"},
        {LAKE_MESH, {"--scenario", "tsunami"}, "unknown scenario 'tsunami'"},
        {LAKE_MESH, {"--ordering", "metis"}, "unknown ordering 'metis'"},
        {LAKE_MESH, {"--backend", "fpga"}, "backend 'fpga' is not built into this program"},
        {LAKE_MESH, {"--format", "gif"}, "unknown format 'gif' in --format"},
        {LAKE_MESH, {"--compress", "10"}, "--compress must be between 0 and 9, got 10"},
        {LAKE_MESH,
         {"--threads", "2"},
         "--threads is an option of backend openmp, not of 'serial'"},
        {LAKE_MESH, {"--benchmark", "--checkpoint-every", "1"}, "--benchmark writes no files"},
        {LAKE_MESH, {"--restart", "missing.checkpoint"}, "cannot be read"},
        {"missing.msh", {NULL}, "cannot open the mesh 'missing.msh'"},
        {"tests/mesh/data/unit_square.geo", {NULL}, "expected $MeshFormat"},
        {LAKE_MESH, {"--set", "radius"}, "--set needs NAME=VALUE"},
        {LAKE_MESH, {"--set", "depth=3"}, "has no parameter 'depth'"},
        {LAKE_MESH,
         {"--scenario", "radial-dam-break", "--set", "h_outside=-5"},
         "parameter h_outside is a depth: it must be >= 0 m, got -5"},
        {LAKE_MESH,
         {"--scenario", "radial-dam-break", "--set", "radius=0"},
         "parameter radius must be positive, got 0"},
        {LAKE_MESH, {"extra"}, "unexpected argument 'extra'"},
    };
    char dir[256];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(dir, sizeof dir, "mesh-cli"), 0);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        swe_program_result result;
        run_mesh(dir, cases[k].mesh, cases[k].args, &result);
        char *newline = strchr(result.err, '\n');
        int one_line = newline != NULL && newline[1] == '\0';
        if (result.exit_code != 2 || strstr(result.err, cases[k].message) == NULL || !one_line) {
            fprintf(stderr, "\n  %s: exit %d, stderr '%s'\n",
                    cases[k].args[0] != NULL ? cases[k].args[0] : cases[k].mesh, result.exit_code,
                    result.err);
        }
        CU_ASSERT_EQUAL(result.exit_code, 2);
        CU_ASSERT_PTR_NOT_NULL(strstr(result.err, cases[k].message));
        CU_ASSERT(one_line);
    }
    swe_remove_test_directory(dir);
}

static void test_a_run_prints_its_summary_and_files(void)
{
    char dir[256], stem[512], path[600];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(dir, sizeof dir, "mesh-run"), 0);
    swe_path_in(stem, sizeof stem, dir, "lake");
    const char *args[] = {
        "--scenario", "lake-at-rest-island", "--t-end", "10", "--outputs", "2", "--output", stem,
        "--format",   "vtk,png,netcdf",      "--quiet", NULL};
    swe_program_result result;
    run_mesh(dir, LAKE_MESH, args, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.out, "summary: backend=serial solver=roe-muscl"));
    char checksum[256];
    CU_ASSERT(swe_summary_checksum(result.out, checksum, sizeof checksum));
    CU_ASSERT_PTR_NOT_NULL(strstr(checksum, " state="));
    CU_ASSERT_STRING_EQUAL(result.err, "");
    const char *files[] = {"lake.pvd", "lake_0002.vtu"
#ifndef SWE_WITHOUT_NETCDF
                           ,
                           "lake.nc"
#endif
#ifndef SWE_WITHOUT_PNG
                           ,
                           "lake_0000.png", "lake_0002.png"
#endif
    };
    for (size_t k = 0; k < sizeof files / sizeof files[0]; ++k) {
        swe_path_in(path, sizeof path, dir, files[k]);
        CU_ASSERT_TRUE(swe_file_exists(path));
    }
    swe_remove_test_directory(dir);
}

/* --list-backends names serial, --help the backends' own options,
 * --version the triangle backends: each exits 0. */
static void test_the_lists_and_help(void)
{
    const struct {
        const char *option, *expected;
    } cases[] = {{"--list-backends", "serial "},
                 {"--list-scenarios", "partial-dam-break"},
                 {"--help", "--restart FILE"},
                 {"--version", "backends: serial"}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        const char *args[] = {cases[k].option, NULL};
        swe_program_result result;
        run_mesh(".", LAKE_MESH, args, &result);
        CU_ASSERT_EQUAL(result.exit_code, 0);
        CU_ASSERT_PTR_NOT_NULL(strstr(result.out, cases[k].expected));
    }
#ifdef SWE_WITH_OPENMP
    const char *help[] = {"--help", NULL};
    swe_program_result result;
    run_mesh(".", LAKE_MESH, help, &result);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.out, "backend openmp:\n  --threads N"));
#endif
}

void register_mesh_cli_tests(void)
{
    static const swe_mesh_test tests[] = {
        {"bad input refused with exit code 2 and one line",
         test_bad_input_is_refused_with_one_line},
        {"a run prints its summary and writes its files", test_a_run_prints_its_summary_and_files},
        {"--list-backends, --list-scenarios, --help, --version", test_the_lists_and_help},
    };
    swe_mesh_test_register("mesh-cli", tests, (int)(sizeof tests / sizeof tests[0]));
}
