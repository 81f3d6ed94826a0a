/* What the OpenMP target backend adds to the agreement suite, which holds
 * it to the GPU's rounding: where the runtime has no device and runs the
 * target regions on the host, every level gives serial's bits, on every
 * scenario and solver, on odd sizes and with friction, after an odd and an
 * even number of steps (level 3's states take turns). On a machine with a
 * device this suite says so and registers nothing: bit for bit is a
 * property of the host fall-back (OMP_TARGET_OFFLOAD=disabled shows it
 * there too). */
#include "backends/omptarget/omptarget_model.h"
#include "shallow_water/solver_names.h"
#include "tests/cartesian/agreement_check.h"
#include "tests/cartesian/backend_run.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const swe_cartesian_backend swe_cartesian_serial_backend;
extern const swe_cartesian_backend swe_cartesian_omptarget_backend;

enum { LEVELS = 3 };

/* Serial and every level from case c (its level ignored) for `steps`
 * steps of the step verb, compared bit for bit. */
static void compare_levels(const swe_test_case *c, int steps)
{
    swe_test_run serial;
    swe_test_case reference = *c;
    reference.level = 0;
    swe_test_start(&serial, &swe_cartesian_serial_backend, &reference);
    swe_test_take_steps(&serial, steps);
    CU_ASSERT(serial.clock.wave_speed > 0); /* there is water to compare */
    for (int level = 1; level <= LEVELS; ++level) {
        swe_test_case tested = *c;
        tested.level = level;
        swe_test_run run;
        swe_test_start(&run, &swe_cartesian_omptarget_backend, &tested);
        swe_test_take_steps(&run, steps);
        char label[160];
        snprintf(label, sizeof label, "omptarget level %d, %s %s %d x %d, manning %g, %d steps",
                 level, c->scenario, swe_solver_name(c->solver), c->nx, c->ny, c->manning, steps);
        CU_ASSERT(swe_test_check_agreement(&serial, &run, SWE_AGREES_BIT_FOR_BIT, label));
        CU_ASSERT(run.clock.wave_speed == serial.clock.wave_speed);
        swe_test_stop(&run);
    }
    swe_test_stop(&serial);
}

static void test_every_scenario_and_solver(void)
{
    for (int s = 0; s < swe_test_scenario_count(); ++s) {
        for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
            const swe_test_case c = {swe_test_scenario_name(s), 61, 33, solver, 0, 0};
            compare_levels(&c, 12);
        }
    }
}

static void test_odd_sizes_and_odd_steps(void)
{
    const int sizes[][2] = {{45, 1}, {7, 5}, {2, 41}, {133, 97}};
    for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; ++k) {
        const swe_test_case c = {"radial-dam-break", sizes[k][0], sizes[k][1],
                                 SWE_SOLVER_HLLE,    0,           0};
        compare_levels(&c, 7);
    }
}

static void test_friction(void)
{
    for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
        const swe_test_case c = {"radial-dam-break", 47, 29, solver, 0, 0.05};
        compare_levels(&c, 9);
    }
}

static void test_level_out_of_range_refused(void)
{
    const swe_test_case c = {"radial-dam-break", 8, 8, SWE_SOLVER_FWAVE, LEVELS + 1, 0};
    swe_test_run run;
    swe_error err = {{0}};
    CU_ASSERT(swe_test_try_start(&run, &swe_cartesian_omptarget_backend, &c, &err) ==
              SWE_ERROR_USAGE);
}

/* Without a device, OMP_TARGET_OFFLOAD=mandatory is refused with a line of
 * shallows instead of the runtime's stop at the first target region. */
static void test_mandatory_offload_without_device_refused(void)
{
    const char *before = getenv("OMP_TARGET_OFFLOAD");
    char kept[64] = "";
    if (before != NULL) {
        snprintf(kept, sizeof kept, "%s", before);
    }
    swe_error err = {{0}};
    int device = -1;
    CU_ASSERT_FATAL(setenv("OMP_TARGET_OFFLOAD", "MANDATORY", 1) == 0);
    CU_ASSERT(swe_omptarget_device(0, &device, &err) == SWE_ERROR_USAGE);
    CU_ASSERT(strstr(err.message, "OMP_TARGET_OFFLOAD=mandatory") != NULL);
    CU_ASSERT_FATAL(setenv("OMP_TARGET_OFFLOAD", "default", 1) == 0);
    CU_ASSERT(swe_omptarget_device(0, &device, &err) == SWE_OK);
    CU_ASSERT(device == omp_get_initial_device());
    CU_ASSERT(swe_omptarget_device(-1, &device, &err) == SWE_ERROR_USAGE);
    if (before != NULL) {
        setenv("OMP_TARGET_OFFLOAD", kept, 1);
    } else {
        unsetenv("OMP_TARGET_OFFLOAD");
    }
}

void register_omptarget_tests(void)
{
    if (omp_get_num_devices() > 0) {
        printf("omptarget: skipped: the OpenMP runtime sees %d device(s); bit for bit with serial "
               "is checked on the host fall-back (OMP_TARGET_OFFLOAD=disabled)\n",
               omp_get_num_devices());
        return;
    }
    CU_pSuite suite = CU_add_suite("omptarget", NULL, NULL);
    swe_test_require_registered(suite, "suite omptarget");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"host fall-back: every level, scenario and solver, bit for bit",
         test_every_scenario_and_solver},
        {"host fall-back: odd sizes, odd step counts, bit for bit", test_odd_sizes_and_odd_steps},
        {"host fall-back: Manning friction, every solver, bit for bit", test_friction},
        {"a level out of range is refused", test_level_out_of_range_refused},
        {"mandatory offload without a device is refused",
         test_mandatory_offload_without_device_refused},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
