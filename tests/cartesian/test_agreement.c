/* Every backend in the registry against serial, at each of its levels:
 * every self-contained scenario and solver, odd sizes, Manning friction,
 * and one host-chosen step at a time (the step verb, as a driver without
 * advance takes them). Bit for bit, or to the tolerances of
 * agreement_check.c, as the backend's table says. A backend is covered by
 * being registered: no test here names one (the suite reads the backend
 * and level of a test from the test's name, "<backend>[ level L]: ...").
 * A backend that cannot start here (no device) says "skipped" with its
 * reason and registers nothing, so nothing counts as passed for it.
 * SWE_TEST_BACKENDS="a b" compares only those, SWE_TEST_LEVELS="3 4"
 * only those levels of them (a device batch with little time, and many
 * sets of OpenCL math options to check, compares the level it times);
 * SWE_TEST_QUICK=1 leaves out the large size (for runs under
 * compute-sanitizer). */
#include "cartesian/grid/stepping.h"
#include "cartesian/program/options.h"
#include "tests/cartesian/agreement_check.h"
#include "tests/cartesian/backend_run.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <CUnit/TestRun.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const swe_cartesian_backend swe_cartesian_serial_backend;

enum { STEPS = 30, SUBJECT_NAME_SIZE = 64 };

/* Manning coefficient of a rough channel: it changes serial's answer by
 * far more than the tolerance (checked), so a level that ignored friction
 * would fail. */
static const double ROUGH_CHANNEL = 0.05;

typedef struct subject {
    const swe_cartesian_backend *backend;
    int level;
} subject;

static int first_level(const swe_cartesian_backend *backend)
{
    return backend->table.levels > 0 ? 1 : 0;
}

static void subject_name(const swe_cartesian_backend *backend, int level, char *text, size_t size)
{
    if (level > 0) {
        snprintf(text, size, "%s level %d", backend->table.model->name, level);
    } else {
        snprintf(text, size, "%s", backend->table.model->name);
    }
}

/* The backend and level that the running test's name begins with. */
static subject current_subject(void)
{
    const char *test_name = CU_get_current_test()->pName;
    for (int index = 0; index < swe_registry_count(&swe_cartesian_models); ++index) {
        const swe_cartesian_backend *backend = swe_cartesian_backend_at(index);
        for (int level = first_level(backend); level <= backend->table.levels; ++level) {
            char name[SUBJECT_NAME_SIZE];
            subject_name(backend, level, name, sizeof name);
            size_t length = strlen(name);
            if (strncmp(test_name, name, length) == 0 && test_name[length] == ':') {
                return (subject){backend, level};
            }
        }
    }
    CU_FAIL_FATAL("the test's name names no backend of the registry");
    return (subject){NULL, 0};
}

static void describe(const subject *s, const swe_test_case *c, const char *how, char *text,
                     size_t size)
{
    char name[SUBJECT_NAME_SIZE];
    subject_name(s->backend, s->level, name, sizeof name);
    snprintf(text, size, "%s, %s, %s, %d x %d, manning %g, %s", name, c->scenario,
             swe_solver_name(c->solver), c->nx, c->ny, c->manning, how);
}

/* Serial and the subject from the same start; checks the initial wave speed. */
static void start_both(const subject *s, const swe_test_case *c, swe_test_run *serial,
                       swe_test_run *other)
{
    swe_test_case reference = *c, tested = *c;
    reference.level = 0;
    tested.level = s->level;
    swe_test_start(serial, &swe_cartesian_serial_backend, &reference);
    swe_test_start(other, s->backend, &tested);
    char label[256];
    describe(s, c, "initial state", label, sizeof label);
    CU_ASSERT(swe_test_check_agreement(serial, other, s->backend->table.model->agreement, label));
}

/* Both to about `steps` steps of serial's first dt, in two calls of
 * swe_advance (a fused level resumes from the clock it handed back).
 * Returns the relative difference. */
static double compare_advancing(const subject *s, const swe_test_case *c, int steps)
{
    swe_test_run serial, other;
    start_both(s, c, &serial, &other);
    double first_dt = swe_time_step(&serial.clock, serial.block.dx, serial.block.dy, 1.0e30);
    char label[256];
    describe(s, c, "advancing", label, sizeof label);
    swe_error serial_err = {{0}}, other_err = {{0}};
    int serial_status = SWE_OK, other_status = SWE_OK;
    for (int half = 1; half <= 2 && serial_status == SWE_OK && other_status == SWE_OK; ++half) {
        serial_status = swe_test_try_advance_to(&serial, first_dt * steps * half / 2, &serial_err);
        other_status = swe_test_try_advance_to(&other, first_dt * steps * half / 2, &other_err);
    }
    double difference = 0;
    if (serial_status != SWE_OK || other_status != SWE_OK) {
        /* A case whose solver goes wrong on its grid: the invalid-state
         * guard must stop the backend at the same step as serial. */
        CU_ASSERT_EQUAL(serial_status, SWE_ERROR_RUNTIME);
        CU_ASSERT_EQUAL(other_status, serial_status);
        CU_ASSERT_EQUAL(other.clock.steps, serial.clock.steps);
        if (other_status != serial_status || other.clock.steps != serial.clock.steps) {
            printf("\n  %s: serial: %s\n  %s: %s\n", label, serial_err.message,
                   s->backend->table.model->name, other_err.message);
        }
    } else {
        CU_ASSERT(serial.clock.steps > 2);
        CU_ASSERT(
            swe_test_check_agreement(&serial, &other, s->backend->table.model->agreement, label));
        difference = swe_test_state_difference(&serial.block, &other.block);
    }
    swe_test_stop(&serial);
    swe_test_stop(&other);
    return difference;
}

static int speeds_agree(real expected, real actual, enum swe_serial_agreement kind)
{
    if (kind == SWE_AGREES_BIT_FOR_BIT) {
        return memcmp(&expected, &actual, sizeof expected) == 0;
    }
    return fabs((double)expected - (double)actual) <=
           swe_test_rounding_tolerance() * fabs((double)expected);
}

/* Both through the step verb with serial's dt, the returned wave speeds
 * compared at every step. */
static void compare_stepping(const subject *s, const swe_test_case *c, int steps)
{
    swe_test_run serial, other;
    start_both(s, c, &serial, &other);
    int speeds_differ = 0;
    for (int step = 0; step < steps; ++step) {
        double dt = swe_time_step(&serial.clock, serial.block.dx, serial.block.dy, 1.0e30);
        swe_test_step(&serial, dt);
        swe_test_step(&other, dt);
        speeds_differ += !speeds_agree(serial.clock.wave_speed, other.clock.wave_speed,
                                       s->backend->table.model->agreement);
    }
    CU_ASSERT_EQUAL(speeds_differ, 0);
    swe_test_read(&serial);
    swe_test_read(&other);
    char label[256];
    describe(s, c, "one host step at a time", label, sizeof label);
    CU_ASSERT(swe_test_check_agreement(&serial, &other, s->backend->table.model->agreement, label));
    swe_test_stop(&serial);
    swe_test_stop(&other);
}

/* At a size that holds several work groups, and at one where every cell
 * is next to a wall. */
static void test_every_scenario_and_solver(void)
{
    subject s = current_subject();
    static const int sizes[][2] = {{37, 23}, {7, 5}};
    double worst = 0;
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; ++z) {
        for (int scenario = 0; scenario < swe_test_scenario_count(); ++scenario) {
            for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
                const swe_test_case c = {
                    swe_test_scenario_name(scenario), sizes[z][0], sizes[z][1], solver, 0, 0};
                worst = fmax(worst, compare_advancing(&s, &c, STEPS));
            }
        }
    }
    printf(" (largest difference %.3g) ", worst);
}

/* Sizes that are no multiple of any tile, strip, warp or thread split:
 * several partial work groups each way, and strips one cell wide. */
static void test_odd_sizes(void)
{
    subject s = current_subject();
    const swe_test_case cases[] = {
        {"radial-dam-break", 333, 517, SWE_SOLVER_FWAVE, 0, 0},
        {"bump-dam-break", 7, 3, SWE_SOLVER_HLLE, 0, 0},
        {"dam-break-1d-dry", 61, 1, SWE_SOLVER_RUSANOV, 0, 0},
        {"lake-at-rest", 2, 41, SWE_SOLVER_AUGRIE, 0, 0},
        {"radial-dam-break", 45, 1, SWE_SOLVER_AUGRIE, 0, 0},
    };
    size_t first = getenv("SWE_TEST_QUICK") != NULL ? 1 : 0;
    for (size_t k = first; k < sizeof cases / sizeof cases[0]; ++k) {
        compare_advancing(&s, &cases[k], 20);
    }
}

/* Friction over wet and dry beds and in the tsunami, every solver. */
static void test_friction(void)
{
    subject s = current_subject();
    swe_test_run with, without;
    const swe_test_case rough = {"dam-break-1d-dry", 37, 23, SWE_SOLVER_FWAVE, 0, ROUGH_CHANNEL};
    const swe_test_case smooth = {"dam-break-1d-dry", 37, 23, SWE_SOLVER_FWAVE, 0, 0};
    swe_test_start(&with, &swe_cartesian_serial_backend, &rough);
    swe_test_start(&without, &swe_cartesian_serial_backend, &smooth);
    swe_test_take_steps(&with, STEPS);
    swe_test_take_steps(&without, STEPS);
    double effect = swe_test_state_difference(&without.block, &with.block);
    CU_ASSERT(effect > 100 * swe_test_rounding_tolerance());
    swe_test_stop(&with);
    swe_test_stop(&without);
    const char *flows[] = {"radial-dam-break", "dam-break-1d-dry", "artificial-tsunami"};
    double worst = 0;
    for (size_t f = 0; f < sizeof flows / sizeof flows[0]; ++f) {
        for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
            const swe_test_case c = {flows[f], 37, 23, solver, 0, ROUGH_CHANNEL};
            worst = fmax(worst, compare_advancing(&s, &c, STEPS));
        }
    }
    printf(" (friction changes serial by %.3g; largest difference %.3g) ", effect, worst);
}

static void test_host_steps(void)
{
    subject s = current_subject();
    for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
        const swe_test_case c = {"bump-dam-break", 45, 38, solver, 0, 0};
        compare_stepping(&s, &c, 12);
    }
}

/* The shadow backend made wrong on purpose (SWE_SHADOW_FAULT, read at
 * init) against serial after about 10 steps on the radial dam break. */
static swe_test_agreement faulty_shadow_against_serial(const char *fault)
{
    const swe_cartesian_backend *shadow = swe_cartesian_backend_find("shadow");
    CU_ASSERT_PTR_NOT_NULL_FATAL(shadow);
    const swe_test_case c = {"radial-dam-break", 37, 23, SWE_SOLVER_FWAVE, 0, 0};
    swe_test_run serial, faulty;
    swe_error err = {{0}};
    setenv("SWE_SHADOW_FAULT", fault, 1);
    int status = swe_test_try_start(&faulty, shadow, &c, &err);
    unsetenv("SWE_SHADOW_FAULT");
    CU_ASSERT_EQUAL_FATAL(status, SWE_OK);
    swe_test_start(&serial, &swe_cartesian_serial_backend, &c);
    double t_end = 10 * swe_time_step(&serial.clock, serial.block.dx, serial.block.dy, 1.0e30);
    swe_test_advance_to(&serial, t_end);
    swe_test_advance_to(&faulty, t_end);
    swe_test_agreement agreement = swe_test_compare(&serial, &faulty);
    swe_test_stop(&serial);
    swe_test_stop(&faulty);
    return agreement;
}

/* The checks above can fail: one ulp in one cell per step breaks bit for
 * bit (and stays within a device's rounding); an error of 1e-3 breaks both. */
static void test_wrong_backend_is_caught(void)
{
    swe_test_agreement one_ulp = faulty_shadow_against_serial("1e-30");
    CU_ASSERT(one_ulp.differing_values > 0);
    CU_ASSERT(!swe_test_agreement_holds(&one_ulp, SWE_AGREES_BIT_FOR_BIT));
    CU_ASSERT(swe_test_agreement_holds(&one_ulp, SWE_AGREES_TO_ROUNDING));
    swe_test_agreement off = faulty_shadow_against_serial("1e-3");
    CU_ASSERT(!swe_test_agreement_holds(&off, SWE_AGREES_BIT_FOR_BIT));
    CU_ASSERT(!swe_test_agreement_holds(&off, SWE_AGREES_TO_ROUNDING));
    CU_ASSERT(off.largest_difference > 10 * swe_test_rounding_tolerance());
}

/* Whether name is a word of the environment variable's list (unset or
 * empty: every name is). */
static int listed(const char *variable, const char *name)
{
    const char *list = getenv(variable);
    if (list == NULL || list[0] == '\0') {
        return 1;
    }
    size_t length = strlen(name);
    for (const char *at = strstr(list, name); at != NULL; at = strstr(at + 1, name)) {
        int starts = at == list || at[-1] == ' ' || at[-1] == ',';
        int ends = at[length] == '\0' || at[length] == ' ' || at[length] == ',';
        if (starts && ends) {
            return 1;
        }
    }
    return 0;
}

/* Whether the backend starts here; if not, says why. */
static int can_run(const swe_cartesian_backend *backend)
{
    const swe_test_case probe = {"radial-dam-break",   8, 8, SWE_SOLVER_FWAVE,
                                 first_level(backend), 0};
    swe_test_run run;
    swe_error err = {{0}};
    int status = swe_test_try_start(&run, backend, &probe, &err);
    if (status == SWE_OK) {
        swe_test_stop(&run);
    } else if (status == SWE_ERROR_USAGE) {
        printf("agreement: %s skipped: %s\n", backend->table.model->name, err.message);
        return 0;
    }
    return 1; /* a runtime failure is the backend's fault: its tests show it */
}

static void register_backend(CU_pSuite suite, const swe_cartesian_backend *backend)
{
    const struct {
        const char *what;
        CU_TestFunc function;
    } tests[] = {
        {"every scenario and solver", test_every_scenario_and_solver},
        {"odd sizes", test_odd_sizes},
        {"Manning friction", test_friction},
        {"one host step at a time", test_host_steps},
    };
    for (int level = first_level(backend); level <= backend->table.levels; ++level) {
        char level_text[16];
        snprintf(level_text, sizeof level_text, "%d", level);
        if (level > 0 && !listed("SWE_TEST_LEVELS", level_text)) {
            continue;
        }
        char subject_text[SUBJECT_NAME_SIZE], name[160];
        subject_name(backend, level, subject_text, sizeof subject_text);
        for (size_t t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
            snprintf(name, sizeof name, "%s: %s, against serial", subject_text, tests[t].what);
            swe_test_require_registered(CU_add_test(suite, name, tests[t].function), name);
        }
    }
}

void register_agreement_tests(void)
{
    CU_pSuite suite = CU_add_suite("agreement", NULL, NULL);
    swe_test_require_registered(suite, "suite agreement");
    /* The suite's own check, with the test-only model where it is linked. */
    if (swe_cartesian_backend_find("shadow") != NULL) {
        swe_test_require_registered(
            CU_add_test(suite, "a wrong backend is caught (shadow)", test_wrong_backend_is_caught),
            "agreement self-test");
    }
    for (int index = 0; index < swe_registry_count(&swe_cartesian_models); ++index) {
        const swe_cartesian_backend *backend = swe_cartesian_backend_at(index);
        if (backend != &swe_cartesian_serial_backend &&
            listed("SWE_TEST_BACKENDS", backend->table.model->name) && can_run(backend)) {
            register_backend(suite, backend);
        }
    }
}
