/* `shallows --mesh` as a user runs it: bad input ends with exit code 2
 * and one line naming the problem; a good run prints its summary line
 * with a checksum and writes the files it was asked for; the lists. */
#include "tests/fault_runner.h"
#include "tests/mesh/mesh_suites.h"
#include "tests/mesh/mesh_test_support.h"
#include "tests/program_runner.h"
#include "tests/test_suites.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
        {"missing.msh", {NULL}, "mesh 'missing.msh' cannot be read"},
        {"tests/mesh/data/unit_square.geo", {NULL}, "expected $MeshFormat"},
        {LAKE_MESH, {"--set", "radius"}, "--set needs NAME=VALUE"},
        {LAKE_MESH, {"--set", "depth=3"}, "has no parameter 'depth'"},
        {LAKE_MESH,
         {"--scenario", "radial-dam-break", "--set", "h_outside=-5"},
         "parameter h_outside is a depth: it must be >= 0 m, got -5"},
        {LAKE_MESH,
         {"--scenario", "radial-dam-break", "--set", "radius=0"},
         "parameter radius must be positive, got 0"},
        {SWE_MESH_GEO "backward_facing_step_coarse.msh",
         {"--scenario", "backward-facing-step", "--set", "no_slip=2"},
         "parameter no_slip is 0 (slip walls) or 1 (no-slip walls), got 2"},
        {SWE_MESH_GEO "backward_facing_step_coarse.msh",
         {"--scenario", "backward-facing-step", "--set", "inflow_profile=1.5"},
         "parameter inflow_profile is 0 (uniform), 1 (parabolic, mean inflow_velocity) or 2 "
         "(parabolic, peak inflow_velocity), got 1.5"},
        {SWE_MESH_GEO "backward_facing_step_coarse.msh",
         {"--scenario", "backward-facing-step", "--set", "inflow_profile=parabolic"},
         "--set needs a number, got 'parabolic'"},
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

/* One triangle with its second and third node at scale (metres). */
static void write_triangle(const char *path, const char *scale)
{
    char text[512];
    snprintf(text, sizeof text,
             "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n3\n1 0 0 0\n2 %s 0 0\n3 0 %s "
             "0\n$EndNodes\n$Elements\n1\n1 2 0 1 2 3\n$EndElements\n",
             scale, scale);
    CU_ASSERT_EQUAL(swe_write_file(path, text, strlen(text)), 0);
}

/* Two triangles, the second a sliver along the hypotenuse of the first:
 * not degenerate, but its steps of some 1e-11 s would take a run of days. */
static void write_sliver(const char *path)
{
    const char text[] = "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n4\n1 0 0 0\n2 100 0 0\n"
                        "3 0 100 0\n4 50.000000001 50.000000001 0\n$EndNodes\n$Elements\n2\n"
                        "1 2 0 1 2 3\n2 2 0 2 4 3\n$EndElements\n";
    CU_ASSERT_EQUAL(swe_write_file(path, text, sizeof text - 1), 0);
}

/* Files that are no mesh a run can take, each refused before the run with
 * exit code 2 and one line, within a time limit (a FIFO once hung the
 * reader): not a regular file, too large for the memory available (the
 * file itself, then the run its counts declare), nodes beyond the domain
 * limits, terminal control bytes quoted escaped, a sliver whose steps
 * would take a run of days (once it ran without end). */
static void test_hostile_meshes_are_refused_with_one_line(void)
{
    char dir[256], fifo[512], folder[512], empty[512], huge[512], tiny[512], hostile[512];
    char sliver[512];
    char lake[4096], budget_file[64], budget_counts[64];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(dir, sizeof dir, "mesh-hostile"), 0);
    char cwd[2048];
    CU_ASSERT_PTR_NOT_NULL_FATAL(getcwd(cwd, sizeof cwd)); /* the runs go on in dir */
    swe_path_in(lake, sizeof lake, cwd, LAKE_MESH);
    swe_path_in(fifo, sizeof fifo, dir, "fifo.msh");
    swe_path_in(folder, sizeof folder, dir, "folder.msh");
    swe_path_in(empty, sizeof empty, dir, "empty.msh");
    swe_path_in(huge, sizeof huge, dir, "huge.msh");
    swe_path_in(tiny, sizeof tiny, dir, "tiny.msh");
    swe_path_in(hostile, sizeof hostile, dir, "hostile.msh");
    swe_path_in(sliver, sizeof sliver, dir, "sliver.msh");
    write_sliver(sliver);
    CU_ASSERT_EQUAL_FATAL(mkfifo(fifo, 0600), 0);
    CU_ASSERT_EQUAL_FATAL(mkdir(folder, 0700), 0);
    CU_ASSERT_EQUAL(swe_write_file(empty, "", 0), 0);
    write_triangle(huge, "1e150");
    write_triangle(tiny, "1e-150");
    const char bad_token[] = "$MeshFormat\n\x1b]0;owned\x07 0 8\n$EndMeshFormat\n";
    CU_ASSERT_EQUAL(swe_write_file(hostile, bad_token, strlen(bad_token)), 0);
    struct stat info;
    CU_ASSERT_EQUAL_FATAL(stat(lake, &info), 0);
    /* Less than the file; then the file and room for the heap of the
     * reader (a child process whose memory is limited to what is
     * available), less than its run. */
    snprintf(budget_file, sizeof budget_file, "SWE_MEMORY_AVAILABLE_BYTES=%lld",
             (long long)info.st_size / 2);
    snprintf(budget_counts, sizeof budget_counts, "SWE_MEMORY_AVAILABLE_BYTES=%lld",
             (long long)info.st_size + 256 * 1024);
    const struct {
        const char *mesh, *environment, *message;
    } cases[] = {
        {fifo, NULL, "mesh '%s' is a FIFO, not a regular file (give a GMSH mesh"},
        {folder, NULL, "mesh '%s' is a directory, not a regular file"},
        {"/dev/null", NULL, "mesh '%s' is a character device, not a regular file"},
        {empty, NULL, "mesh '%s' is empty"},
        {lake, budget_file, "reading the mesh '%s' needs "},
        {lake, budget_counts, "a run of the mesh '%s' ("},
        {huge, NULL, "the mesh '%s' spans x = 0 to 1e+150, not a domain of 1 mm to 100 000 km"},
        {tiny, NULL, "the mesh '%s' spans x = 0 to 1e-150, not a domain of 1 mm to 100 000 km"},
        {hostile, NULL, "%s:2: GMSH format \\x1b]0;owned\\x07 is not supported"},
        {sliver, NULL, "the mesh '%s' takes steps of "},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        const char *args[] = {"--mesh", cases[k].mesh, "--quiet", NULL};
        swe_fault_limits limits = {.seconds = 30, .environment = cases[k].environment};
        swe_program_result result;
        swe_fault_run(dir, args, &limits, &result);
        char message[4400];
        snprintf(message, sizeof message, cases[k].message, cases[k].mesh);
        CU_ASSERT(swe_fault_one_line(&result, 2, cases[k].mesh));
        if (strstr(result.err, message) == NULL) {
            printf("\n    wanted '%s', got '%s'", message, result.err);
        }
        CU_ASSERT_PTR_NOT_NULL(strstr(result.err, message));
        if (cases[k].environment != NULL) {
            CU_ASSERT_PTR_NOT_NULL(strstr(result.err, "of memory, more than the "));
        }
        for (const char *c = result.err; *c != '\0'; ++c) {
            CU_ASSERT((unsigned char)*c >= ' ' || *c == '\n'); /* no control byte reached it */
        }
    }
    swe_remove_test_directory(dir);
}

/* A bare mesh name that is no file in the folder a run starts in names
 * one of the cases' meshes, found beside the program (the repository's
 * common/mesh/geo here; PREFIX/share/shallows/meshes when installed). */
static void test_bare_mesh_name_found_beside_the_program(void)
{
    char dir[256];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(dir, sizeof dir, "mesh-bare-name"), 0);
    const char *args[] = {"--steps", "2", "--benchmark", "--quiet", NULL};
    swe_program_result result;
    run_mesh(dir, "partial_dam_break_coarse.msh", args, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.out, "summary: "));
    run_mesh(dir, "no_such_case.msh", args, &result);
    CU_ASSERT_EQUAL(result.exit_code, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, "no_such_case.msh"));
    swe_remove_test_directory(dir);
}

#if !defined(SWE_WITHOUT_NETCDF) && !defined(SWE_WITHOUT_PNG)
/* --colour-range run draws every snapshot when the run ends, from its
 * UGRID file, in the range of the whole run: the first picture differs
 * from the one in its own range (the water falls below it later), the
 * others are there; without netcdf in --format it is refused. */
static void test_colour_range_of_the_run(void)
{
    char dir[256], stem[512], path[600], own_path[600];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(dir, sizeof dir, "mesh-run-range"), 0);
    swe_path_in(stem, sizeof stem, dir, "whole");
    const char *args[] = {"--t-end",        "4",   "--outputs", "2",  "--format", "netcdf,png",
                          "--colour-range", "run", "--output",  stem, "--quiet",  NULL};
    swe_program_result result;
    run_mesh(dir, SWE_MESH_GEO "partial_dam_break_coarse.msh", args, &result);
    CU_ASSERT_EQUAL_FATAL(result.exit_code, 0);
    swe_path_in(stem, sizeof stem, dir, "own");
    const char *own_args[] = {"--t-end", "4",        "--outputs", "2",       "--format",
                              "png",     "--output", stem,        "--quiet", NULL};
    run_mesh(dir, SWE_MESH_GEO "partial_dam_break_coarse.msh", own_args, &result);
    CU_ASSERT_EQUAL_FATAL(result.exit_code, 0);
    for (int k = 0; k <= 2; ++k) {
        snprintf(path, sizeof path, "%s/whole_%04d.png", dir, k);
        CU_ASSERT_TRUE(swe_file_exists(path));
    }
    swe_path_in(path, sizeof path, dir, "whole_0000.png");
    swe_path_in(own_path, sizeof own_path, dir, "own_0000.png");
    size_t size = 0, own_size = 0;
    char *whole = swe_read_file(path, &size), *own = swe_read_file(own_path, &own_size);
    CU_ASSERT_PTR_NOT_NULL_FATAL(whole);
    CU_ASSERT_PTR_NOT_NULL_FATAL(own);
    CU_ASSERT(size != own_size || memcmp(whole, own, size) != 0);
    free(whole);
    free(own);
    const char *refused[] = {"--format", "png", "--colour-range", "run", "--quiet", NULL};
    run_mesh(dir, SWE_MESH_GEO "partial_dam_break_coarse.msh", refused, &result);
    CU_ASSERT_EQUAL(result.exit_code, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, "add netcdf to --format"));
    swe_remove_test_directory(dir);
}
#endif

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
        {"meshes that are no files, too large, out of the domain or hostile: exit 2, one line",
         test_hostile_meshes_are_refused_with_one_line},
        {"a run prints its summary and writes its files", test_a_run_prints_its_summary_and_files},
        {"a bare mesh name is found beside the program",
         test_bare_mesh_name_found_beside_the_program},
#if !defined(SWE_WITHOUT_NETCDF) && !defined(SWE_WITHOUT_PNG)
        {"--colour-range run draws the pictures in the whole run's range",
         test_colour_range_of_the_run},
#endif
        {"--list-backends, --list-scenarios, --help, --version", test_the_lists_and_help},
    };
    swe_mesh_test_register("mesh-cli", tests, (int)(sizeof tests / sizeof tests[0]));
}
