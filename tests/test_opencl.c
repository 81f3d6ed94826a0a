/* The OpenCL backend against the serial reference: every scenario and
 * solver at every level, at sizes that are not multiples of the work-group
 * shapes, plus the device options of the command line. Runs on the default
 * OpenCL device (PoCL on the CPU in CI, the GPU where there is one), or on
 * the one that SWE_TEST_CL_DEVICE=P:D names; without a platform the suite
 * is not registered and says so. */
#ifdef SWE_WITH_OPENCL
#include "cl_device.h"
#include "grid/backend.h"
#include "grid/stepping.h"
#include "run/options.h"
#include "test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

extern const swe_backend swe_serial_backend;
extern const swe_backend swe_opencl_backend;

/* Tolerance relative to a field's largest magnitude. Both sides round
 * every operation IEEE-style, without contraction into FMAs; in double
 * precision with correctly rounded division and square root, so that the
 * results agree bit for bit (measured: a difference of 0 on PoCL and on
 * the H100); 1e-12 leaves room for a compiler that rounds one operation
 * differently. In single precision the program asks for correctly rounded
 * division and square root where the device offers them (PoCL and NVIDIA
 * do), so that only a compiler's different rounding of an operation
 * separates the two; 1e-4 bounds what that grows to over the few dozen
 * steps here. */
#ifdef SWE_PRECISION_DOUBLE
#define OPENCL_TOLERANCE 1.0e-12
#define OPENCL_STEP_SLACK 0
#else
#define OPENCL_TOLERANCE 1.0e-4
/* A wave speed an ulp off moves dt, and the last, clipped step to the
 * target may then fall either side of it: one step more or less. */
#define OPENCL_STEP_SLACK 1
#endif

typedef struct run {
    swe_block block;
    swe_clock clock;
} run;

/* What one comparison runs: a scenario at nx x ny cells with a solver,
 * the OpenCL backend's level and the Manning coefficient (0: none). */
typedef struct run_case {
    const char *scenario;
    int nx, ny;
    enum swe_solver solver;
    int level;
    double manning;
} run_case;

static int start_run(const swe_backend *backend, const run_case *c, run *r)
{
    swe_error err = {{0}};
    const swe_scenario *scenario = swe_scenario_find(c->scenario);
    CU_ASSERT_PTR_NOT_NULL_FATAL(scenario);
    CU_ASSERT_EQUAL_FATAL(swe_scenario_create_block(scenario, c->nx, c->ny, &r->block, &err),
                          SWE_OK);
    r->block.backend = backend;
    swe_backend_config config = {.solver = c->solver,
                                 .level = backend == &swe_opencl_backend ? c->level : 0,
                                 .manning = (real)c->manning,
                                 .option_values[SWE_CL_OPTION_DEVICE] =
                                     getenv("SWE_TEST_CL_DEVICE")};
    int status = backend->init(&r->block, &config, &err);
    if (status == SWE_OK) {
        status = backend->sync_after_write(&r->block, &err);
    }
    r->clock = (swe_clock){.cfl = scenario->default_cfl};
    if (status == SWE_OK) {
        status = backend->max_wave_speed(&r->block, &r->clock.wave_speed, &err);
    }
    if (status != SWE_OK) {
        fprintf(stderr, "\n%s on %s: %s\n", backend->name, c->scenario, err.message);
    }
    return status;
}

static void stop_run(run *r)
{
    r->block.backend->finalize(&r->block);
    swe_block_destroy(&r->block);
}

/* Largest difference of a field over the interior, relative to the
 * field's largest magnitude in the reference (at least 1, for momenta
 * that stay near zero). */
static double field_difference(const swe_block *reference, const real *expected, const real *actual)
{
    double difference = 0, scale = 1;
    for (int j = 1; j <= reference->ny; ++j) {
        for (int i = 1; i <= reference->nx; ++i) {
            size_t c = SWE_INDEX(reference, i, j);
            difference = fmax(difference, fabs((double)expected[c] - (double)actual[c]));
            scale = fmax(scale, fabs((double)expected[c]));
            if (isnan(actual[c])) {
                return INFINITY;
            }
        }
    }
    return difference / scale;
}

static double state_difference(const run *serial, const run *opencl)
{
    const swe_block *s = &serial->block, *o = &opencl->block;
    double difference = field_difference(s, s->h, o->h);
    difference = fmax(difference, field_difference(s, s->hu, o->hu));
    return fmax(difference, field_difference(s, s->hv, o->hv));
}

/* Advances both by about `steps` steps of the initial dt, in two calls
 * (so that the fused levels resume from a clock they handed back), and
 * compares clock and state. */
static double compare_case_with_serial(const run_case *c, int steps)
{
    run serial, opencl;
    CU_ASSERT_EQUAL_FATAL(start_run(&swe_serial_backend, c, &serial), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(start_run(&swe_opencl_backend, c, &opencl), SWE_OK);
    CU_ASSERT_DOUBLE_EQUAL(opencl.clock.wave_speed, serial.clock.wave_speed,
                           OPENCL_TOLERANCE * serial.clock.wave_speed);
    swe_error err = {{0}};
    const double first_dt = swe_time_step(&serial.clock, serial.block.dx, serial.block.dy, 1e30);
    const double targets[] = {first_dt * steps / 2, first_dt * steps};
    for (int t = 0; t < 2; ++t) {
        CU_ASSERT_EQUAL_FATAL(swe_advance(&serial.block, &serial.clock, targets[t], &err), SWE_OK);
        CU_ASSERT_EQUAL_FATAL(swe_advance(&opencl.block, &opencl.clock, targets[t], &err), SWE_OK);
    }
    CU_ASSERT_EQUAL_FATAL(opencl.block.backend->sync_before_read(&opencl.block, &err), SWE_OK);
    CU_ASSERT(serial.clock.steps > 2);
    CU_ASSERT(labs(opencl.clock.steps - serial.clock.steps) <= OPENCL_STEP_SLACK);
    CU_ASSERT_DOUBLE_EQUAL(opencl.clock.t, serial.clock.t, 1e-12 * serial.clock.t);
    CU_ASSERT_DOUBLE_EQUAL(opencl.clock.wave_speed, serial.clock.wave_speed,
                           OPENCL_TOLERANCE * serial.clock.wave_speed);
    double difference = state_difference(&serial, &opencl);
    CU_ASSERT(difference <= OPENCL_TOLERANCE);
    if (!(difference <= OPENCL_TOLERANCE)) {
        fprintf(stderr, "\n%s, %s, level %d, %d x %d, manning %g: differs from serial by %.3g\n",
                c->scenario, swe_solver_name(c->solver), c->level, c->nx, c->ny, c->manning,
                difference);
    }
    stop_run(&serial);
    stop_run(&opencl);
    return difference;
}

static double compare_with_serial(const char *scenario, int nx, int ny, enum swe_solver solver,
                                  int level, int steps)
{
    const run_case c = {scenario, nx, ny, solver, level, 0.0};
    return compare_case_with_serial(&c, steps);
}

/* Every scenario and solver for about 30 steps. */
static void check_every_scenario(int level)
{
    double worst = 0;
    for (int s = 0; s < swe_scenario_count(); ++s) {
        if (swe_scenario_at(s)->needs_input_files) {
            continue; /* the netcdf scenario: its inputs are tested on their own */
        }
        const char *scenario = swe_scenario_at(s)->name;
        for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
            worst = fmax(worst, compare_with_serial(scenario, 37, 23, solver, level, 30));
        }
    }
    CU_ASSERT(worst <= OPENCL_TOLERANCE);
    printf(" (largest difference %.3g) ", worst);
}

static void test_level1_agrees_with_serial(void)
{
    check_every_scenario(1);
}

static void test_level2_agrees_with_serial(void)
{
    check_every_scenario(2);
}

static void test_level3_agrees_with_serial(void)
{
    check_every_scenario(3);
}

static void test_level4_agrees_with_serial(void)
{
    check_every_scenario(4);
}

static void test_level5_agrees_with_serial(void)
{
    check_every_scenario(5);
}

/* Several work groups (level 5: column chunks and row strips) in each
 * direction, none of them full at the far edges, and a one-cell-wide
 * strip. */
static void test_odd_sizes_agree_with_serial(void)
{
    for (int level = 1; level <= swe_opencl_backend.levels; ++level) {
        compare_with_serial("radial-dam-break", 333, 517, SWE_SOLVER_FWAVE, level, 12);
        compare_with_serial("bump-dam-break", 7, 3, SWE_SOLVER_HLLE, level, 20);
        compare_with_serial("dam-break-1d-dry", 61, 1, SWE_SOLVER_RUSANOV, level, 20);
    }
}

/* Manning friction (common/numerics/friction.h) at every level against serial:
 * dam breaks over wet and dry beds and the tsunami, every solver, a
 * coefficient that slows the flow well beyond the tolerance (checked on
 * serial itself, so that a backend ignoring --manning cannot pass). */
static void test_friction_agrees_with_serial(void)
{
    const char *scenarios[] = {"radial-dam-break", "dam-break-1d-dry", "artificial-tsunami"};
    const double manning = 0.05;
    double worst = 0;
    for (int level = 1; level <= swe_opencl_backend.levels; ++level) {
        for (unsigned s = 0; s < sizeof scenarios / sizeof scenarios[0]; ++s) {
            for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
                const run_case c = {scenarios[s], 37, 23, solver, level, manning};
                worst = fmax(worst, compare_case_with_serial(&c, 30));
            }
        }
    }
    CU_ASSERT(worst <= OPENCL_TOLERANCE);
    printf(" (largest difference %.3g) ", worst);

    run with, without;
    const run_case c = {"radial-dam-break", 37, 23, SWE_SOLVER_FWAVE, 0, manning};
    const run_case frictionless = {"radial-dam-break", 37, 23, SWE_SOLVER_FWAVE, 0, 0.0};
    CU_ASSERT_EQUAL_FATAL(start_run(&swe_serial_backend, &c, &with), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(start_run(&swe_serial_backend, &frictionless, &without), SWE_OK);
    swe_error err = {{0}};
    const double t_end = 30 * swe_time_step(&with.clock, with.block.dx, with.block.dy, 1e30);
    CU_ASSERT_EQUAL_FATAL(swe_advance(&with.block, &with.clock, t_end, &err), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(swe_advance(&without.block, &without.clock, t_end, &err), SWE_OK);
    CU_ASSERT(state_difference(&without, &with) > 100 * OPENCL_TOLERANCE);
    stop_run(&with);
    stop_run(&without);
}

/* The step verb (host dt) at every level, the fused ones included: one
 * step at a time, as a driver without advance would take them, against
 * serial. */
static void check_single_steps(int level)
{
    run serial, opencl;
    const run_case c = {"bump-dam-break", 45, 38, SWE_SOLVER_FWAVE, level, 0.0};
    CU_ASSERT_EQUAL_FATAL(start_run(&swe_serial_backend, &c, &serial), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(start_run(&swe_opencl_backend, &c, &opencl), SWE_OK);
    swe_error err = {{0}};
    for (int step = 0; step < 7; ++step) {
        double dt = swe_time_step(&serial.clock, serial.block.dx, serial.block.dy, 1e30);
        real serial_speed = 0, opencl_speed = 0;
        CU_ASSERT_EQUAL_FATAL(swe_serial_backend.step(&serial.block, (real)dt, &serial_speed, &err),
                              SWE_OK);
        CU_ASSERT_EQUAL_FATAL(swe_opencl_backend.step(&opencl.block, (real)dt, &opencl_speed, &err),
                              SWE_OK);
        CU_ASSERT_DOUBLE_EQUAL(opencl_speed, serial_speed, OPENCL_TOLERANCE * serial_speed);
        serial.clock.wave_speed = serial_speed;
    }
    CU_ASSERT_EQUAL_FATAL(swe_opencl_backend.sync_before_read(&opencl.block, &err), SWE_OK);
    CU_ASSERT(state_difference(&serial, &opencl) <= OPENCL_TOLERANCE);
    stop_run(&serial);
    stop_run(&opencl);
}

static void test_single_steps_agree_with_serial(void)
{
    for (int level = 1; level <= swe_opencl_backend.levels; ++level) {
        check_single_steps(level);
    }
}

/* Runs the program through the shell; returns its exit code and output
 * (-1 when it could not run or was killed). */
static int run_shell(const char *environment, const char *arguments, char *output, size_t size)
{
    char command[1024];
    snprintf(command, sizeof command, "%s '%s' %s 2>&1", environment, swe_test_program(),
             arguments);
    FILE *pipe = popen(command, "r");
    if (pipe == NULL) {
        output[0] = '\0';
        return -1;
    }
    size_t length = fread(output, 1, size - 1, pipe);
    output[length] = '\0';
    int status = pclose(pipe);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void test_device_options(void)
{
    char output[4096];
    CU_ASSERT_EQUAL(run_shell("", "--list-devices", output, sizeof output), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(output, "platform 0:"));
    CU_ASSERT_PTR_NOT_NULL(strstr(output, " 0:0 "));

    CU_ASSERT_EQUAL(run_shell("",
                              "--backend opencl --cl-device 0:0 --nx 20 --ny 20 --t-end 0.5 "
                              "--benchmark",
                              output, sizeof output),
                    0);
    CU_ASSERT_PTR_NOT_NULL(strstr(output, "summary: backend=opencl"));

    CU_ASSERT_EQUAL(
        run_shell("", "--backend opencl --cl-device 15:0 --benchmark", output, sizeof output), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(output, "there is no platform 15"));
    CU_ASSERT_EQUAL(
        run_shell("", "--backend opencl --cl-device 0:63 --benchmark", output, sizeof output), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(output, "has no device 63"));
    CU_ASSERT_EQUAL(
        run_shell("", "--backend opencl --cl-device gpu --benchmark", output, sizeof output), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(output, "PLATFORM:DEVICE"));
    CU_ASSERT_EQUAL(run_shell("", "--cl-device 0:0 --benchmark", output, sizeof output), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(output, "--cl-device is an option of backend opencl"));
    CU_ASSERT_EQUAL(run_shell("", "--backend opencl --level 6 --benchmark", output, sizeof output),
                    2);
}

/* An ICD loader pointed at an empty vendor directory finds no driver
 * (ocl-icd does; some others also read /etc/OpenCL/vendors, and there the
 * test is not registered). */
static const char no_vendors[] =
    "OCL_ICD_VENDORS=/nonexistent/shallows-no-vendors OCL_ICD_FILENAMES= ";

/* Without a platform the run must end with the one-line message and exit
 * code 2, not a crash. */
static void test_no_platform_is_bad_input(void)
{
    char output[4096];
    CU_ASSERT_EQUAL(run_shell(no_vendors, "--backend opencl --nx 20 --ny 20 --benchmark", output,
                              sizeof output),
                    2);
    CU_ASSERT_PTR_NOT_NULL(strstr(output, "no OpenCL platform found"));
    CU_ASSERT_EQUAL(run_shell(no_vendors, "--list-devices", output, sizeof output), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(output, "no OpenCL platform found"));
}

void register_opencl_tests(void)
{
    swe_cl_device device;
    swe_error err = {{0}};
    if (swe_cl_choose_device(getenv("SWE_TEST_CL_DEVICE"), &device, &err) != SWE_OK) {
        printf("opencl: skipped: no OpenCL platform (%s)\n", err.message);
        return;
    }
    printf("opencl: testing on device %d:%d, %s\n", device.platform_index, device.device_index,
           device.name);
    CU_pSuite suite = CU_add_suite("opencl", NULL, NULL);
    swe_test_require_registered(suite, "suite opencl");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"level 1 agrees with serial on every scenario and solver", test_level1_agrees_with_serial},
        {"level 2 agrees with serial on every scenario and solver", test_level2_agrees_with_serial},
        {"level 3 agrees with serial on every scenario and solver", test_level3_agrees_with_serial},
        {"level 4 agrees with serial on every scenario and solver", test_level4_agrees_with_serial},
        {"level 5 agrees with serial on every scenario and solver", test_level5_agrees_with_serial},
        {"friction agrees with serial at every level", test_friction_agrees_with_serial},
        {"odd sizes agree with serial", test_odd_sizes_agree_with_serial},
        {"single steps agree with serial at every level", test_single_steps_agree_with_serial},
        {"device options", test_device_options},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
    char output[4096];
    if (run_shell(no_vendors, "--list-devices", output, sizeof output) == 0) {
        printf("opencl: skipped: no-platform test (this ICD loader finds platforms even with "
               "OCL_ICD_VENDORS emptied)\n");
        return;
    }
    swe_test_require_registered(
        CU_add_test(suite, "no platform is bad input", test_no_platform_is_bad_input),
        "no platform is bad input");
}
#endif
