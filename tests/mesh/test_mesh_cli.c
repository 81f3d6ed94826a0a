/* shallows-mesh as a user runs it: bad input ends with exit code 2 and
 * one line naming the problem; a good run prints its summary line. */
#include "mesh_suites.h"
#include "mesh_test_support.h"
#include "program_runner.h"
#include "test_suites.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct mesh_run {
    int exit_code;
    char out[8192], err[2048];
} mesh_run;

static void read_into(const char *path, char *buffer, size_t size)
{
    FILE *file = fopen(path, "r");
    size_t length = file != NULL ? fread(buffer, 1, size - 1, file) : 0;
    buffer[length] = '\0';
    if (file != NULL) {
        fclose(file);
    }
}

/* Runs shallows-mesh with args (NULL-terminated, at most 16). */
static void run_mesh(const char *dir, const char *const *args, mesh_run *result)
{
    char program[1024], out_path[600], err_path[600];
    swe_mesh_test_program(program, sizeof program);
    swe_path_in(out_path, sizeof out_path, dir, "out.txt");
    swe_path_in(err_path, sizeof err_path, dir, "err.txt");
    const char *argv[18] = {program};
    for (int k = 0; k < 16 && args[k] != NULL; ++k) {
        argv[k + 1] = args[k];
    }
    pid_t child = fork();
    if (child == 0) {
        int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (out < 0 || err < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) {
            _exit(127);
        }
        execv(program, (char *const *)argv);
        _exit(127);
    }
    int status = 0;
    CU_ASSERT_FATAL(child > 0 && waitpid(child, &status, 0) == child);
    result->exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    read_into(out_path, result->out, sizeof result->out);
    read_into(err_path, result->err, sizeof result->err);
}

static void test_bad_input_is_refused_with_one_line(void)
{
    const struct {
        const char *args[6];
        const char *message;
    } cases[] = {
        {{"--frobnicate"}, "unknown option"},
        {{"--order", "3"}, "--order needs a whole number in 1..2"},
        {{"--cfl", "1.5"}, "--cfl must lie in (0, 1]"},
        {{"--cfl", "fast"}, "--cfl needs a finite number"},
        {{"--t-end", "-1"}, "--t-end must be positive"},
        {{"--scenario", "tsunami"}, "unknown scenario 'tsunami'"},
        {{"--ordering", "metis"}, "unknown ordering 'metis'"},
        {{"--backend", "fpga"}, "no backend 'fpga'"},
        {{"--mesh", "missing.msh"}, "cannot open the mesh 'missing.msh'"},
        {{"--mesh", "tests/mesh/data/unit_square.geo"}, "expected $MeshFormat"},
        {{"--set", "radius"}, "--set needs NAME=VALUE"},
        {{"--set", "depth=3"}, "has no parameter 'depth'"},
        {{"extra"}, "unexpected argument 'extra'"},
    };
    char dir[256];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(dir, sizeof dir, "mesh-cli"), 0);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        mesh_run result;
        run_mesh(dir, cases[k].args, &result);
        char *newline = strchr(result.err, '\n');
        int one_line = newline != NULL && newline[1] == '\0';
        if (result.exit_code != 2 || strstr(result.err, cases[k].message) == NULL || !one_line) {
            fprintf(stderr, "\n  %s: exit %d, stderr '%s'\n", cases[k].args[0], result.exit_code,
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
    char dir[256], stem[512], pvd[600], vtu[600], nc[600];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(dir, sizeof dir, "mesh-run"), 0);
    swe_path_in(stem, sizeof stem, dir, "lake");
    snprintf(pvd, sizeof pvd, "%s.pvd", stem);
    snprintf(vtu, sizeof vtu, "%s_0002.vtu", stem);
    snprintf(nc, sizeof nc, "%s.nc", stem);
    const char *args[] = {"--scenario", "lake-at-rest-island",
                          "--t-end",    "10",
                          "--outputs",  "2",
                          "--vtk",      stem,
                          "--netcdf",   nc,
                          "--quiet",    NULL};
    mesh_run result;
    run_mesh(dir, args, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.out, "summary: scenario=lake-at-rest-island"));
    CU_ASSERT_PTR_NOT_NULL(strstr(result.out, "checksum="));
    CU_ASSERT_STRING_EQUAL(result.err, "");
    CU_ASSERT_TRUE(swe_file_exists(pvd));
    CU_ASSERT_TRUE(swe_file_exists(vtu));
#ifndef SWE_WITHOUT_NETCDF
    CU_ASSERT_TRUE(swe_file_exists(nc));
#endif
    swe_remove_test_directory(dir);
}

void register_mesh_cli_tests(void)
{
    static const swe_mesh_test tests[] = {
        {"bad input refused with exit code 2 and one line",
         test_bad_input_is_refused_with_one_line},
        {"a run prints its summary and writes its files", test_a_run_prints_its_summary_and_files},
    };
    swe_mesh_test_register("mesh-cli", tests, (int)(sizeof tests / sizeof tests[0]));
}
