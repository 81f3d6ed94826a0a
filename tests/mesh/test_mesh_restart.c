/* Checkpoints and restarts of `shallows --mesh` through the run driver:
 * bit for bit under another ordering and backend, after a kill, refusing
 * checkpoints of other runs and damaged ones; and the invalid-state guard
 * that stops a run gone wrong, keeping what it wrote. */
#include "tests/fault_runner.h"
#include "tests/mesh/mesh_suites.h"
#include "tests/mesh/mesh_test_support.h"
#include "tests/program_runner.h"
#include "tests/test_suites.h"

#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DAM_MESH SWE_MESH_GEO "partial_dam_break_coarse.msh"

static char directory[256];

/* shallows --mesh DAM_MESH --t-end T --outputs 4 --quiet --output
 * dir/stem, then extra (NULL-terminated, at most 8). */
static void dam_args(const char **args, const char *t_end, const char *stem, char *path,
                     size_t size, const char *const *extra)
{
    swe_path_in(path, size, directory, stem);
    const char *common[] = {"--mesh",  DAM_MESH,   "--t-end", t_end,      "--outputs", "4",
                            "--quiet", "--format", "vtk",     "--output", path};
    int count = (int)(sizeof common / sizeof common[0]);
    memcpy(args, common, sizeof common);
    for (int k = 0; extra[k] != NULL && k < 8; ++k) {
        args[count++] = extra[k];
    }
    args[count] = NULL;
}

static void run_dam(const char *t_end, const char *stem, const char *const *extra,
                    swe_program_result *result, char *checksum, size_t size)
{
    const char *args[24];
    char path[512];
    dam_args(args, t_end, stem, path, sizeof path, extra);
    swe_program_run(directory, args, result);
    if (result->exit_code != 0) {
        fprintf(stderr, "\n  %s: %s", stem, result->err);
    }
    CU_ASSERT_EQUAL(result->exit_code, 0);
    CU_ASSERT(swe_summary_checksum(result->out, checksum, size));
}

static void test_restart_under_another_ordering_is_bit_for_bit(void)
{
    char full[256], restarted[256], checkpoint[600];
    swe_program_result result;
    const char *none[] = {NULL};
    run_dam("7.2", "full", none, &result, full, sizeof full);
    const char *with_checkpoints[] = {"--checkpoint-every", "2.5", "--ordering", "rcm", NULL};
    run_dam("7.2", "part", with_checkpoints, &result, restarted, sizeof restarted);
    swe_path_in(checkpoint, sizeof checkpoint, directory, "part.checkpoint");
    const char *again[] = {"--restart", checkpoint, "--ordering", "random",
#ifdef SWE_WITH_OPENMP
                           "--backend", "openmp",
#endif
                           NULL};
    run_dam("7.2", "part", again, &result, restarted, sizeof restarted);
    CU_ASSERT_STRING_EQUAL(restarted, full);
    /* The restart took the steps after the checkpoint at t >= 5 s only. */
    char path[600];
    swe_path_in(path, sizeof path, directory, "part_0004.vtu");
    CU_ASSERT_TRUE(swe_file_exists(path));
}

static void write_bytes(const char *path, const void *bytes, size_t size)
{
    CU_ASSERT_EQUAL_FATAL(swe_write_file(path, bytes, size), 0);
}

static void test_checkpoints_of_other_runs_are_refused(void)
{
    char checksum[256], checkpoint[600], damaged[600], truncated[600], empty[600], foreign[600];
    swe_program_result result;
    const char *with_checkpoints[] = {"--checkpoint-every", "3", NULL};
    run_dam("7.2", "other", with_checkpoints, &result, checksum, sizeof checksum);
    swe_path_in(checkpoint, sizeof checkpoint, directory, "other.checkpoint");
    size_t size = 0;
    char *bytes = swe_read_file(checkpoint, &size);
    CU_ASSERT_FATAL(bytes != NULL && size > 2000);
    swe_path_in(truncated, sizeof truncated, directory, "truncated.checkpoint");
    write_bytes(truncated, bytes, size / 2); /* a copy cut short */
    swe_path_in(empty, sizeof empty, directory, "empty.checkpoint");
    write_bytes(empty, bytes, 0);
    swe_path_in(foreign, sizeof foreign, directory, "foreign.checkpoint");
    write_bytes(foreign, "CDF\001 not a mesh run", 20);
    bytes[size / 2] ^= 1; /* one bit of the state */
    swe_path_in(damaged, sizeof damaged, directory, "damaged.checkpoint");
    write_bytes(damaged, bytes, size);
    free(bytes);
    const struct {
        const char *extra[5];
        const char *message;
    } cases[] = {{{"--restart", checkpoint, "--order", "1", NULL}, "its order differs"},
                 {{"--restart", checkpoint, "--set", "h_upstream=9", NULL}, "parameters"},
                 {{"--restart", damaged, NULL}, "is damaged"},
                 {{"--restart", truncated, NULL}, "is truncated"},
                 {{"--restart", empty, NULL}, "is empty"},
                 {{"--restart", foreign, NULL}, "is not of a triangle run"}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        const char *args[24];
        char path[512];
        dam_args(args, "7.2", "refused", path, sizeof path, cases[k].extra);
        swe_program_run(directory, args, &result);
        CU_ASSERT_EQUAL(result.exit_code, 2);
        CU_ASSERT_PTR_NOT_NULL(strstr(result.err, cases[k].message));
        /* One line, no crash report or second message. */
        const char *newline = strchr(result.err, '\n');
        CU_ASSERT(newline != NULL && newline[1] == '\0');
    }
}

/* How a forger changes a checkpoint's state: one of its cells (file
 * order) or all of them. */
enum forgery {
    MORE_WATER,
    MORE_WATER_RECORDED,
    TEN_KILOMETRES,
    NOT_A_NUMBER,
    TOO_FAST,
    TOO_DEEP,
    FORMAT_1,
    NONE
};

/* Where the checkpoint records its water: the one place that holds a
 * double within round-off of the run's at its end (the summary's mass:
 * 1e-9 of it in double, 1e-4 in single); 0 if not one. */
static size_t recorded_water_at(const unsigned char *bytes, size_t size, const char *out)
{
    const char *mass = strstr(out, "mass=");
    double water = mass != NULL ? strtod(mass + 5, NULL) : 0, value = 0;
    double within = sizeof(real) == sizeof(double) ? 1e-9 : 1e-4;
    size_t found = 0;
    int count = 0;
    for (size_t at = 0; water > 0 && at + sizeof value <= size; ++at) {
        memcpy(&value, bytes + at, sizeof value);
        if (fabs(value - water) <= within * water) {
            found = at;
            ++count;
        }
    }
    return count == 1 ? found : 0;
}

/* MORE_WATER_RECORDED: the water recorded at water_at follows the forged
 * state's, so that only the run's start tells. */
static void forge(unsigned char *bytes, size_t size, int cells, enum forgery kind, size_t water_at)
{
    size_t array = (size_t)cells * sizeof(real);
    real *h = (real *)(void *)(bytes + size - sizeof(uint64_t) - 3 * array);
    real *hu = (real *)(void *)((unsigned char *)h + array);
    /* Twice the water: doubling rounds nothing, in the cells or in the
     * recorded sum, so the recorded volume fits the state exactly. */
    real factor = kind == MORE_WATER ? (real)1.1 : kind == MORE_WATER_RECORDED ? (real)2 : (real)1;
    for (int k = 0; k < cells; ++k) {
        h[k] = kind == TEN_KILOMETRES ? (real)1e4 : h[k] * factor;
    }
    if (kind == MORE_WATER_RECORDED) {
        double water = 0;
        memcpy(&water, bytes + water_at, sizeof water);
        water *= 2;
        memcpy(bytes + water_at, &water, sizeof water);
    }
    h[17] = kind == NOT_A_NUMBER ? (real)NAN : kind == TOO_DEEP ? (real)2e6 : h[17];
    hu[17] = kind == TOO_FAST ? (real)1e12 : hu[17];
    bytes[7] = kind == FORMAT_1 ? '1' : bytes[7];
    swe_reseal_checkpoint(bytes, size);
}

/* Checkpoints changed and given a checksum that fits are refused by their
 * state: each cell one a run reaches, the water the one recorded and, in
 * a closed basin, the one the run started with; the
 * same forging that changes nothing gives an accepted checkpoint. (Once,
 * more water and 10 km everywhere ran to exit 0, and 1e12 m2/s ran
 * without end.) */
static void test_forged_checkpoints_are_refused(void)
{
    char checksum[256], checkpoint[600], forged[600];
    swe_program_result result;
    const char *with_checkpoints[] = {"--checkpoint-every", "3", NULL};
    run_dam("7.2", "forging", with_checkpoints, &result, checksum, sizeof checksum);
    int cells = (int)swe_summary_figure(result.out, "cells");
    swe_path_in(checkpoint, sizeof checkpoint, directory, "forging.checkpoint");
    size_t size = 0;
    unsigned char *original = (unsigned char *)swe_read_file(checkpoint, &size);
    CU_ASSERT_FATAL(original != NULL && cells > 17 && size > 3 * (size_t)cells * sizeof(real));
    size_t water_at = recorded_water_at(original, size, result.out);
    CU_ASSERT_FATAL(water_at > 0);
    const struct {
        enum forgery kind;
        const char *message; /* NULL: accepted */
    } cases[] = {{MORE_WATER, "m3 of water, not the"},
                 {MORE_WATER_RECORDED, "m3 of water where this closed basin started with"},
                 {TEN_KILOMETRES, "m3 of water, not the"},
                 {NOT_A_NUMBER, "in triangle 17 of the mesh file, beyond any run"},
                 {TOO_FAST, "in triangle 17 of the mesh file, beyond any run"},
                 {TOO_DEEP, "in triangle 17 of the mesh file, beyond any run"},
                 {FORMAT_1, "is of format 1, this shallows reads format 2 only"},
                 {NONE, NULL}};
    unsigned char *bytes = malloc(size);
    CU_ASSERT_FATAL(bytes != NULL);
    swe_path_in(forged, sizeof forged, directory, "forged.checkpoint");
    char cwd[2048], mesh[2100];
    CU_ASSERT_PTR_NOT_NULL_FATAL(getcwd(cwd, sizeof cwd));
    swe_path_in(mesh, sizeof mesh, cwd, DAM_MESH);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        memcpy(bytes, original, size);
        forge(bytes, size, cells, cases[k].kind, water_at);
        write_bytes(forged, bytes, size);
        const char *extra[] = {"--restart", forged, NULL};
        const char *args[24];
        char path[512];
        dam_args(args, "7.2", "forged", path, sizeof path, extra);
        args[1] = mesh; /* the run goes on in the test directory */
        /* A time limit: a forged speed once made a run of steps without end. */
        const swe_fault_limits limits = {.seconds = 60};
        swe_fault_run(directory, args, &limits, &result);
        const char *newline = strchr(result.err, '\n');
        if (cases[k].message == NULL) {
            CU_ASSERT_EQUAL(result.exit_code, 0);
            continue;
        }
        if (result.exit_code != 2 || strstr(result.err, cases[k].message) == NULL) {
            fprintf(stderr, "\n  forgery %d: exit %d, %s", (int)cases[k].kind, result.exit_code,
                    result.err);
        }
        CU_ASSERT_EQUAL(result.exit_code, 2);
        CU_ASSERT_PTR_NOT_NULL(strstr(result.err, cases[k].message));
        CU_ASSERT(newline != NULL && newline[1] == '\0');
    }
    free(bytes);
    free(original);
}

static void test_a_killed_run_continues_bit_for_bit(void)
{
    const char *args[24];
    char path[512], checkpoint[600];
    const char *with_checkpoints[] = {"--checkpoint-every", "2", NULL};
    dam_args(args, "60", "killed", path, sizeof path, with_checkpoints);
    swe_path_in(checkpoint, sizeof checkpoint, directory, "killed.checkpoint");
    pid_t child = swe_program_start(args);
    CU_ASSERT_FATAL(child > 0);
    swe_program_stop_after_file(child, checkpoint, 0.02, SIGKILL);
    CU_ASSERT_FATAL(swe_file_exists(checkpoint));
    char restarted[256], full[256];
    swe_program_result result;
    const char *again[] = {"--restart", checkpoint, NULL};
    run_dam("60", "killed", again, &result, restarted, sizeof restarted);
    const char *none[] = {NULL};
    run_dam("60", "whole", none, &result, full, sizeof full);
    CU_ASSERT_STRING_EQUAL(restarted, full);
}

static void test_a_run_gone_wrong_stops_and_keeps_its_files(void)
{
    const char *args[24];
    char path[512], first[600];
    /* Finite at the start, overflowing in the first fluxes, in either precision. */
#ifdef SWE_PRECISION_DOUBLE
    const char *overflow[] = {"--set", "h_upstream=1e300", NULL};
#else
    const char *overflow[] = {"--set", "h_upstream=1e30", NULL};
#endif
    dam_args(args, "7.2", "wrong", path, sizeof path, overflow);
    swe_program_result result;
    swe_program_run(directory, args, &result);
    CU_ASSERT_EQUAL(result.exit_code, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, "made the state invalid"));
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, "triangle "));
    swe_path_in(first, sizeof first, directory, "wrong_0000.vtu");
    CU_ASSERT_TRUE(swe_file_exists(first));
}

static int set_up(void)
{
    return swe_make_test_directory(directory, sizeof directory, "mesh-restart");
}

static int tear_down(void)
{
    return swe_remove_test_directory(directory);
}

void register_mesh_restart_tests(void)
{
    static const swe_mesh_test tests[] = {
        {"a restart under another ordering and backend is bit for bit",
         test_restart_under_another_ordering_is_bit_for_bit},
        {"checkpoints of other runs and damaged ones are refused",
         test_checkpoints_of_other_runs_are_refused},
        {"forged checkpoints whose checksum fits are refused by their state",
         test_forged_checkpoints_are_refused},
        {"a killed run continues from its checkpoint bit for bit",
         test_a_killed_run_continues_bit_for_bit},
        {"a run gone wrong stops with the guard's message, files kept",
         test_a_run_gone_wrong_stops_and_keeps_its_files},
    };
    swe_mesh_test_register_with_fixture("mesh-restart", tests,
                                        (int)(sizeof tests / sizeof tests[0]), set_up, tear_down);
}
