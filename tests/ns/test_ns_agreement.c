/* Every model in the ns application's registry against serial, at each of
 * its levels: four cases after ten fixed steps, the same bits (the state's
 * checksum) for a model that agrees bit for bit, within
 * NS_TEST_DEVICE_AGREEMENT for one that agrees to rounding, as its model
 * says. A model is covered by being registered: no test here names one (a
 * test reads its model and level from its name, "<model>[ level L]: ...").
 * A model that cannot start here (no device) says "skipped" with its
 * reason and registers nothing. A model made wrong on purpose (the shadow
 * model with SWE_SHADOW_FAULT) is shown to fail. */
#include "ns/solver/ns_diagnostics.h"
#include "tests/model_config.h"
#include "tests/ns/ns_test_support.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <CUnit/TestRun.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { STEPS = 10, SUBJECT_NAME_SIZE = 64 };

static const char *const cases[] = {"channel-obstacle", "cavity", "kelvin-helmholtz",
                                    "taylor-green"};

typedef struct subject {
    const ns_backend *backend;
    int level;
} subject;

static void subject_name(const subject *s, char *text, size_t size)
{
    if (s->level > 0) {
        snprintf(text, size, "%s level %d", ns_backend_name(s->backend), s->level);
    } else {
        snprintf(text, size, "%s", ns_backend_name(s->backend));
    }
}

/* The model and level that the running test's name begins with. */
static subject current_subject(void)
{
    const char *test_name = CU_get_current_test()->pName;
    for (int index = 0; index < swe_registry_count(&ns_models); ++index) {
        const ns_backend *backend = (const ns_backend *)swe_registry_at(&ns_models, index);
        for (int level = backend != NULL && backend->table.levels > 0 ? 1 : 0;
             backend != NULL && level <= backend->table.levels; ++level) {
            const subject s = {backend, level};
            char name[SUBJECT_NAME_SIZE];
            subject_name(&s, name, sizeof name);
            size_t length = strlen(name);
            if (strncmp(test_name, name, length) == 0 && test_name[length] == ':') {
                return s;
            }
        }
    }
    CU_FAIL_FATAL("the test's name names no model of the registry");
    return (subject){NULL, 0};
}

static ns_solver *stepped(const char *kase, const ns_backend *backend, int level)
{
    ns_case_settings settings = {.resolution = 16, .backend = ns_backend_name(backend)};
    settings.parameters.model = swe_test_model_config(backend->table.model, level, 0);
    settings.parameters.fixed_dt = 1e-3;
    return ns_test_stepped(kase, &settings, STEPS);
}

/* Whether a and b agree as agreement says; prints how far they are not. */
static int agree(const ns_solver *a, const ns_solver *b, enum swe_serial_agreement agreement,
                 const char *label)
{
    if (agreement == SWE_AGREES_BIT_FOR_BIT) {
        uint64_t sa = ns_state_checksum(a), sb = ns_state_checksum(b);
        if (sa != sb) {
            printf("\n  %s: checksum %016" PRIx64 " against serial's %016" PRIx64, label, sa, sb);
        }
        return sa == sb;
    }
    double difference = ns_test_velocity_difference(b, a);
    if (difference > 0.0) {
        printf("\n  %s: largest velocity difference %.3e of the largest speed", label, difference);
    }
    return difference <= NS_TEST_DEVICE_AGREEMENT;
}

static void test_agrees_with_serial(void)
{
    const subject s = current_subject();
    const ns_backend *serial = ns_backend_find("serial");
    char name[SUBJECT_NAME_SIZE], label[128];
    subject_name(&s, name, sizeof name);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        ns_solver *reference = stepped(cases[c], serial, 0);
        ns_solver *other = stepped(cases[c], s.backend, s.level);
        CU_ASSERT_PTR_NOT_NULL_FATAL(reference);
        CU_ASSERT_PTR_NOT_NULL_FATAL(other);
        snprintf(label, sizeof label, "%s, %s", name, cases[c]);
        CU_ASSERT(agree(other, reference, s.backend->table.model->agreement, label));
        ns_solver_destroy(other);
        ns_solver_destroy(reference);
    }
}

/* The shadow model spoils one velocity a step under SWE_SHADOW_FAULT: the
 * comparison sees it, so it can fail. */
static void test_wrong_model_is_caught(void)
{
    const ns_backend *serial = ns_backend_find("serial"), *shadow = ns_backend_find("shadow");
    ns_solver *reference = stepped("cavity", serial, 0);
    CU_ASSERT_EQUAL_FATAL(setenv("SWE_SHADOW_FAULT", "1e-3", 1), 0);
    ns_solver *wrong = stepped("cavity", shadow, 0);
    unsetenv("SWE_SHADOW_FAULT");
    CU_ASSERT_PTR_NOT_NULL_FATAL(reference);
    CU_ASSERT_PTR_NOT_NULL_FATAL(wrong);
    CU_ASSERT(ns_state_checksum(wrong) != ns_state_checksum(reference));
    CU_ASSERT(ns_test_velocity_difference(reference, wrong) > NS_TEST_DEVICE_AGREEMENT);
    ns_solver_destroy(wrong);
    ns_solver_destroy(reference);
}

/* Whether the model starts here; if not, says why. */
static int can_run(const ns_backend *backend)
{
    ns_case_settings settings = {.resolution = 4, .backend = ns_backend_name(backend)};
    settings.parameters.model = swe_test_model_config(backend->table.model, 0, 0);
    ns_solver *solver = NULL;
    swe_error err = {{0}};
    int status = ns_case_create("cavity", &settings, &solver, &err);
    ns_solver_destroy(solver);
    if (status == SWE_ERROR_USAGE) {
        printf("ns_agreement: %s skipped: %s\n", ns_backend_name(backend), err.message);
        return 0;
    }
    return 1; /* a runtime failure is the model's fault: its test shows it */
}

void register_ns_agreement_tests(void)
{
    CU_pSuite suite = CU_add_suite("ns_agreement", NULL, NULL);
    swe_test_require_registered(suite, "suite ns_agreement");
    if (ns_backend_find("shadow") != NULL) {
        swe_test_require_registered(
            CU_add_test(suite, "a wrong model is caught (shadow)", test_wrong_model_is_caught),
            "ns_agreement self-test");
    }
    for (int index = 0; index < swe_registry_count(&ns_models); ++index) {
        const ns_backend *backend = (const ns_backend *)swe_registry_at(&ns_models, index);
        if (backend == NULL || strcmp(ns_backend_name(backend), "serial") == 0 ||
            !can_run(backend)) {
            continue;
        }
        for (int level = backend->table.levels > 0 ? 1 : 0; level <= backend->table.levels;
             ++level) {
            const subject s = {backend, level};
            char name[SUBJECT_NAME_SIZE], test[128];
            subject_name(&s, name, sizeof name);
            snprintf(test, sizeof test, "%s: four cases, ten steps, against serial", name);
            swe_test_require_registered(CU_add_test(suite, test, test_agrees_with_serial), test);
        }
    }
}
