/* shallows-ns as a user runs it, through the shared driver: bad input
 * (options, obstacle files that are no pictures, checkpoints whose state
 * no run reaches) refused with exit 2 and one line; --help, the lists; the
 * summary line with its checksum; the invalid-state guard (a blow-up with
 * exit 1 and the driver's message, the files written before it kept; a
 * NaN named by its cell). */
#include "ns/model/ns_model.h"
#include "tests/ns/ns_test_support.h"
#include "tests/program_runner.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#ifndef SWE_WITHOUT_NETCDF
#include <netcdf.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char directory[512];

static int set_up(void)
{
    return swe_make_test_directory(directory, sizeof directory, "ns-program");
}

static int tear_down(void)
{
    return swe_remove_test_directory(directory);
}

static void run(const char *const *args, swe_program_result *result)
{
    ns_test_run_program("shallows-ns", directory, args, result);
}

static void summary_checksum(const char *out, char *checksum, size_t size)
{
    ns_test_summary_checksum(out, checksum, size);
}

/* One line on stderr, naming word, nothing on stdout, exit code code. */
static void expect_one_line(const swe_program_result *result, int code, const char *word)
{
    CU_ASSERT_EQUAL(result->exit_code, code);
    CU_ASSERT_PTR_NOT_NULL(strstr(result->err, word));
    CU_ASSERT(strncmp(result->err, "shallows-ns: ", 13) == 0);
    const char *end = strchr(result->err, '\n');
    CU_ASSERT(end != NULL && end[1] == '\0');
    if (result->exit_code != code || strstr(result->err, word) == NULL) {
        printf("\n  exit %d, stderr: %s (wanted %d and '%s')\n", result->exit_code, result->err,
               code, word);
    }
}

static void test_bad_input_exits_2(void)
{
    char fifo[1024], folder[1024], short_picture[1024];
    swe_path_in(fifo, sizeof fifo, directory, "fifo.pgm");
    swe_path_in(folder, sizeof folder, directory, "folder.pgm");
    swe_path_in(short_picture, sizeof short_picture, directory, "short.pgm");
    CU_ASSERT_EQUAL_FATAL(mkfifo(fifo, 0600), 0);
    CU_ASSERT_EQUAL_FATAL(mkdir(folder, 0700), 0);
    const char declared[] = "P5 60000 60000 255\n\x01\x02";
    CU_ASSERT_EQUAL_FATAL(swe_write_file(short_picture, declared, sizeof declared - 1), 0);
    const struct {
        const char *args[8];
        const char *word;
    } bad[] = {
        {{"--case", "cavity", "--dt", "5"}, "stability limit"},
        {{"--obstacles", "/nonexistent/obstacle.pgm"}, "obstacle.pgm"},
        {{"--case", "cavity", "--resolution", "65536"}, "of memory, more than the"},
        {{"--restart", "/nonexistent/run.checkpoint"}, "cannot be read"},
        {{"--frobnicate"}, "--frobnicate"},
        {{"--resolution"}, "needs a value"},
        {{"--outputs", "0"}, "--outputs"},
        {{"--checkpoint-every", "-1"}, "--checkpoint-every"},
        /* Once a run of 2e13 steps, accepted. */
        {{"--dt", "1e-12"},
         "--dt 1e-12 takes 2e+13 steps to --t-end 20, more than 1e+09: give a larger --dt"},
        /* A FIFO once hung the program; refused on the command line. */
        {{"--case", "channel-obstacle", "--obstacles", fifo}, "is a FIFO, not a regular file"},
        {{"--case", "channel-obstacle", "--obstacles", folder}, "is a directory, not a regular"},
        {{"--case", "channel-obstacle", "--obstacles", short_picture},
         "declares 60000 x 60000 pixels, more than its 21 bytes hold"},
    };
    for (size_t b = 0; b < sizeof bad / sizeof bad[0]; ++b) {
        swe_program_result result;
        run(bad[b].args, &result);
        expect_one_line(&result, 2, bad[b].word);
        CU_ASSERT_EQUAL(result.out[0], '\0');
    }
}

/* A grid larger than the memory the process may take (its cgroup, or as
 * here the tests' stand-in for a small machine) is refused with the
 * figures before it is allocated; once the OOM killer ended the run. */
static void test_grid_beyond_the_memory_available(void)
{
    const char *args[] = {"--case", "kelvin-helmholtz", "--resolution", "200", NULL};
    CU_ASSERT_EQUAL_FATAL(setenv("SWE_MEMORY_AVAILABLE_BYTES", "100000000", 1), 0);
    swe_program_result result;
    run(args, &result);
    unsetenv("SWE_MEMORY_AVAILABLE_BYTES");
    expect_one_line(&result, 2,
                    "of memory, more than the 100 MB available (give a smaller "
                    "--resolution)");
    CU_ASSERT_EQUAL(result.out[0], '\0');
}

static void test_help_and_lists(void)
{
    swe_program_result result;
    run((const char *[]){"--help", NULL}, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    const char *expected[] = {"--case NAME",      "(default cavity;", "--checkpoint-every",
                              "--restart FILE",   "--benchmark",      "--format LIST",
                              "(default netcdf)", "--level N",        "--list-backends"};
    for (size_t e = 0; e < sizeof expected / sizeof expected[0]; ++e) {
        CU_ASSERT_PTR_NOT_NULL(strstr(result.out, expected[e]));
    }
    run((const char *[]){"--list-backends", NULL}, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(result.out, "serial           levels=0 agrees=bit-for-bit"));
    run((const char *[]){"--list-cases", NULL}, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    for (int c = 0; c < ns_case_count(); ++c) {
        CU_ASSERT_PTR_NOT_NULL(strstr(result.out, ns_case_at(c)->name));
    }
}

/* The summary line in the project's format, with the checksum, and the
 * same checksum from OpenMP as from serial. */
static void test_summary_line(void)
{
    const char *args[] = {"--case",      "kelvin-helmholtz", "--resolution", "8",  "--t-end", "0.1",
                          "--benchmark", "--backend",        "serial",       NULL, NULL,      NULL};
    swe_program_result result;
    run(args, &result);
    CU_ASSERT_EQUAL_FATAL(result.exit_code, 0);
    const char *summary = strstr(result.out, "summary: backend=serial solver=quick-ab2 precision=");
    CU_ASSERT_PTR_NOT_NULL_FATAL(summary);
    CU_ASSERT_PTR_NOT_NULL(strstr(summary, " cells=512 "));
    CU_ASSERT_PTR_NOT_NULL(strstr(result.out, "navier-stokes: case=kelvin-helmholtz grid=8x8x8"));
    char serial[256], openmp[256];
    summary_checksum(result.out, serial, sizeof serial);
    CU_ASSERT_PTR_NOT_NULL(strstr(serial, "p_l2="));
    if (ns_backend_find("openmp") != NULL) {
        args[8] = "openmp";
        args[9] = "--threads";
        args[10] = "3";
        run(args, &result);
        summary_checksum(result.out, openmp, sizeof openmp);
        CU_ASSERT_STRING_EQUAL(openmp, serial);
    }
}

static int exists_in_directory(const char *name)
{
    char path[1024];
    swe_path_in(path, sizeof path, directory, name);
    return swe_file_exists(path);
}

/* A fixed dt that the flow outgrows: the guard stops the run (exit 1, the
 * driver's message) and keeps the snapshot written before. */
static void test_blow_up_stops_the_run(void)
{
    char output[1024];
    swe_path_in(output, sizeof output, directory, "blown");
    swe_program_result result;
    run((const char *[]){"--case", "channel-obstacle", "--resolution", "8", "--dt", "0.1",
                         "--t-end", "5", "--quiet", "--output", output, "--format", "vtk", NULL},
        &result);
    expect_one_line(&result, 1, "made the state invalid");
    CU_ASSERT_PTR_NOT_NULL(strstr(result.err, "outgrew the fixed dt"));
    CU_ASSERT(exists_in_directory("blown_0000.vti"));
    CU_ASSERT(exists_in_directory("blown.pvd"));
}

/* The guard names the first cell of a state that holds a NaN, in the
 * step and time of the clock (a restart can no longer bring one in: a
 * checkpoint's state is checked on reading). */
static void test_nan_is_found(void)
{
    const ns_case_settings settings = {.resolution = 8};
    const ns_model_files files = {.outputs = 2, .t_end = 0.1, .backend_name = "serial"};
    ns_model model;
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(
        ns_model_create(&model, ns_case_find("kelvin-helmholtz"), &settings, &files, &err), SWE_OK);
    model.solver->velocity[0][ns_index(&model.solver->grid, 3, 2, 1)] = (real)NAN;
    const swe_model driven = ns_model_of(&model);
    const swe_clock clock = {.t = 0.01, .steps = 1, .last_dt = 0.01, .cfl = 0.5};
    CU_ASSERT_EQUAL(driven.verbs->check_state(driven.self, &clock, &err), SWE_ERROR_RUNTIME);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "u = nan at cell (3, 2, 1)"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "step 1 at t = 0.01 s"));
    ns_model_destroy(&model);
}

/* A flow whose steps would take more than a billion to --t-end stops at
 * the first such step, saying so (a fast flow of 10 km/s, within what a
 * checkpoint may hold, on a grid of 8 cells steps 1e-5 s), where a run
 * to a near --t-end goes on. */
static void test_collapsing_step_is_stopped(void)
{
    const ns_case_settings settings = {.resolution = 8};
    for (int far = 0; far <= 1; ++far) {
        const ns_model_files files = {
            .outputs = 2, .t_end = far ? 1e6 : 1.0, .backend_name = "serial"};
        ns_model model;
        swe_error err = {{0}};
        CU_ASSERT_EQUAL_FATAL(
            ns_model_create(&model, ns_case_find("kelvin-helmholtz"), &settings, &files, &err),
            SWE_OK);
        model.solver->velocity[0][ns_index(&model.solver->grid, 3, 2, 1)] = (real)1e4;
        const swe_model driven = ns_model_of(&model);
        swe_clock clock = {.cfl = 0.5};
        CU_ASSERT_EQUAL_FATAL(driven.verbs->start(driven.self, &clock, &err), SWE_OK);
        int status = driven.verbs->advance(driven.self, &clock, files.t_end / 2, INFINITY, &err);
        if (far) {
            CU_ASSERT_EQUAL(status, SWE_ERROR_RUNTIME);
            CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "steps to --t-end 1e+06, more than 1e+09"));
        } else {
            CU_ASSERT_EQUAL(status, SWE_OK);
        }
        ns_model_destroy(&model);
    }
}

#ifndef SWE_WITHOUT_NETCDF
/* The checkpoint of a short run into checkpoint (its path). */
static void write_checkpoint(const char *stem, char *checkpoint, size_t size)
{
    char output[1024];
    swe_path_in(output, sizeof output, directory, stem);
    swe_program_result result;
    run((const char *[]){"--case", "kelvin-helmholtz", "--resolution", "8", "--t-end", "0.1",
                         "--outputs", "2", "--checkpoint-every", "0.04", "--quiet", "--format",
                         "netcdf", "--output", output, NULL},
        &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    char name[64];
    snprintf(name, sizeof name, "%s.checkpoint.nc", stem);
    swe_path_in(checkpoint, size, directory, name);
    CU_ASSERT_FATAL(swe_file_exists(checkpoint));
}

/* The checkpoint is a CF NetCDF file that ncdump and xarray read: the
 * fields over (z, y, x), the case and the clock as attributes. */
static void test_checkpoint_is_cf_netcdf(void)
{
    char checkpoint[1024];
    write_checkpoint("cf", checkpoint, sizeof checkpoint);
    int ncid = -1;
    CU_ASSERT_EQUAL_FATAL(nc_open(checkpoint, NC_NOWRITE, &ncid), NC_NOERR);
    char text[256] = {0};
    CU_ASSERT_EQUAL(nc_get_att_text(ncid, NC_GLOBAL, "Conventions", text), NC_NOERR);
    CU_ASSERT_STRING_EQUAL(text, "CF-1.8");
    memset(text, 0, sizeof text);
    CU_ASSERT_EQUAL(nc_get_att_text(ncid, NC_GLOBAL, "case", text), NC_NOERR);
    CU_ASSERT_STRING_EQUAL(text, "kelvin-helmholtz");
    double t = -1;
    CU_ASSERT_EQUAL(nc_get_att_double(ncid, NC_GLOBAL, "t", &t), NC_NOERR);
    CU_ASSERT(t > 0.04 && t < 0.1);
    const char *names[] = {"u", "v", "w", "u_history", "v_history", "w_history", "p"};
    for (size_t f = 0; f < sizeof names / sizeof names[0]; ++f) {
        int varid, count = 0, dims[NC_MAX_VAR_DIMS];
        nc_type type;
        CU_ASSERT_EQUAL_FATAL(nc_inq_varid(ncid, names[f], &varid), NC_NOERR);
        CU_ASSERT_EQUAL(nc_inq_var(ncid, varid, NULL, &type, &count, dims, NULL), NC_NOERR);
        CU_ASSERT_EQUAL(type, sizeof(real) == 8 ? NC_DOUBLE : NC_FLOAT);
        CU_ASSERT_EQUAL_FATAL(count, 3);
        for (int d = 0; d < 3; ++d) {
            char dimension[NC_MAX_NAME + 1];
            size_t length = 0;
            CU_ASSERT_EQUAL(nc_inq_dim(ncid, dims[d], dimension, &length), NC_NOERR);
            static const char *const axes[3] = {"z", "y", "x"};
            CU_ASSERT_STRING_EQUAL(dimension, axes[d]);
            CU_ASSERT_EQUAL(length, 8);
        }
        memset(text, 0, sizeof text);
        CU_ASSERT_EQUAL(nc_get_att_text(ncid, varid, "units", text), NC_NOERR);
        CU_ASSERT(text[0] != '\0');
    }
    nc_close(ncid);
}

/* A checkpoint cut short, another file in its place, another NetCDF file
 * and one whose data lost a byte: each refused by --restart with exit 2
 * and one line. */
static void test_damaged_checkpoints_are_refused(void)
{
    char checkpoint[1024], broken[1024], output[1024];
    write_checkpoint("good", checkpoint, sizeof checkpoint);
    size_t size = 0;
    char *bytes = swe_read_file(checkpoint, &size);
    CU_ASSERT_FATAL(bytes != NULL && size > 4096);
    char other[1024];
    swe_path_in(other, sizeof other, directory, "good.nc");
    size_t other_size = 0;
    char *other_bytes = swe_read_file(other, &other_size);
    CU_ASSERT_FATAL(other_bytes != NULL);
    const char text[] = "shallows-ns-cp1\nnot a NetCDF file";
    const struct {
        const void *bytes;
        size_t size;
        int flip; /* a byte of p's values, near the end */
        const char *word;
    } cases[] = {{bytes, size / 2, 0, "is truncated"},
                 {text, sizeof text, 0, "is no shallows-ns checkpoint"},
                 {other_bytes, other_size, 0, "lacks the attribute 'run_identity'"},
                 {bytes, size, 1, "is damaged (its checksum"}};
    swe_path_in(broken, sizeof broken, directory, "broken.checkpoint.nc");
    swe_path_in(output, sizeof output, directory, "restarted");
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        CU_ASSERT_EQUAL_FATAL(swe_write_file(broken, cases[c].bytes, cases[c].size), 0);
        if (cases[c].flip) {
            FILE *file = fopen(broken, "r+b");
            CU_ASSERT_FATAL(file != NULL);
            fseek(file, (long)size - 100, SEEK_SET);
            int byte = fgetc(file);
            fseek(file, (long)size - 100, SEEK_SET);
            fputc(byte ^ 0x10, file);
            fclose(file);
        }
        swe_program_result result;
        run((const char *[]){"--case", "kelvin-helmholtz", "--resolution", "8", "--t-end", "0.1",
                             "--outputs", "2", "--restart", broken, "--quiet", "--format", "netcdf",
                             "--output", output, NULL},
            &result);
        expect_one_line(&result, 2, cases[c].word);
    }
    free(bytes);
    free(other_bytes);
}

/* Checkpoints whose hash fits (written by the writer itself) but whose
 * state or clock no run reaches: a NaN, a velocity of 1e30 (whose time
 * step would never end the run), a time before zero, a snapshot beyond
 * the run's; each refused on restart with exit 2, naming it. */
static void test_impossible_checkpoints_are_refused(void)
{
    const ns_checkpoint_run run_identity = {
        .case_name = "kelvin-helmholtz", .t_end = 0.1, .outputs = 2};
    const ns_checkpoint_state good = {
        .position = {.clock = {.t = 0.01, .steps = 1, .last_dt = 0.01, .cfl = 0.5},
                     .next_snapshot = 1}};
    const struct {
        real u; /* at cell (3, 2, 1) */
        double t;
        int next_snapshot;
        const char *word;
    } cases[] = {{(real)NAN, 0.01, 1, "holds u = nan at cell (3, 2, 1), beyond any run"},
                 {(real)1e30, 0.01, 1, "holds u = 1e+30 at cell (3, 2, 1), beyond any run"},
                 {0, -1.0, 1, "holds t = -1 s after 1 steps before snapshot 1 of 2"},
                 {0, 0.01, 9, "before snapshot 9 of 2, which no run writes"}};
    char path[1024];
    swe_path_in(path, sizeof path, directory, "impossible.checkpoint.nc");
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        ns_solver *whole = ns_test_case("kelvin-helmholtz", "serial", 8, 0.0);
        whole->velocity[0][ns_index(&whole->grid, 3, 2, 1)] = cases[c].u;
        ns_checkpoint_state state = good;
        state.position.clock.t = cases[c].t;
        state.position.next_snapshot = cases[c].next_snapshot;
        swe_error err;
        CU_ASSERT_EQUAL_FATAL(ns_checkpoint_write(path, whole, &run_identity, &state, &err),
                              SWE_OK);
        ns_solver_destroy(whole);
        swe_program_result result;
        run((const char *[]){"--case", "kelvin-helmholtz", "--resolution", "8", "--t-end", "0.1",
                             "--outputs", "2", "--restart", path, "--quiet", "--format", "vtk",
                             "--output", path, NULL},
            &result);
        expect_one_line(&result, 2, cases[c].word);
    }
}
#endif

void register_ns_program_tests(void)
{
    CU_pSuite suite = CU_add_suite("ns_program", set_up, tear_down);
    swe_test_require_registered(suite, "suite ns_program");
    const struct {
        const char *name;
        CU_TestFunc test;
    } tests[] = {
        {"bad input: exit 2 and one line", test_bad_input_exits_2},
        {"a grid beyond the memory available: exit 2 with the figures",
         test_grid_beyond_the_memory_available},
        {"--help and the lists", test_help_and_lists},
        {"the summary line and its checksum", test_summary_line},
        {"a blow-up stops the run (exit 1)", test_blow_up_stops_the_run},
        {"the guard names a NaN's cell", test_nan_is_found},
        {"a flow whose steps never reach --t-end is stopped", test_collapsing_step_is_stopped},
#ifndef SWE_WITHOUT_NETCDF
        {"the checkpoint is a CF NetCDF file", test_checkpoint_is_cf_netcdf},
        {"checkpoints cut, foreign or damaged: exit 2", test_damaged_checkpoints_are_refused},
        {"checkpoints of states and clocks no run reaches: exit 2",
         test_impossible_checkpoints_are_refused},
#endif
    };
    for (size_t t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].test),
                                    "ns_program test");
    }
}
