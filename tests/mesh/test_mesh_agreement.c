/* Every model in the mesh application's registry against serial, every
 * case and both orders (tests/mesh/mesh_test_support.h): the same bits, or
 * within the tolerance of a model that agrees to rounding, as its model
 * says. A model is covered by being registered: no test here names one
 * (a test reads its model from its name, "<model>: ..."). A model that
 * cannot start here (no device) says "skipped" with its reason and
 * registers nothing. A model made wrong on purpose (the shadow model with
 * SWE_SHADOW_FAULT) is shown to fail. */
#include "mesh/solver/mesh_backend.h"
#include "tests/mesh/mesh_suites.h"
#include "tests/mesh/mesh_test_support.h"
#include "tests/model_config.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <CUnit/TestRun.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The model that the running test's name begins with. */
static const char *current_model(void)
{
    const char *test_name = CU_get_current_test()->pName;
    for (int index = 0; index < swe_registry_count(&swe_mesh_models); ++index) {
        const swe_mesh_backend *backend = swe_mesh_backend_at(index);
        const char *name = backend != NULL ? swe_mesh_backend_name(backend) : "";
        size_t length = strlen(name);
        if (length > 0 && strncmp(test_name, name, length) == 0 && test_name[length] == ':') {
            return name;
        }
    }
    CU_FAIL_FATAL("the test's name names no model of the registry");
    return NULL;
}

static void test_agrees_with_serial(void)
{
    swe_mesh_test_agreement(current_model());
}

/* The shadow model spoils one depth a step under SWE_SHADOW_FAULT: the
 * comparison sees it, so it can fail. */
static void test_wrong_model_is_caught(void)
{
    const swe_mesh_test_case *c = &swe_mesh_test_cases[0];
    swe_mesh_test_state serial =
        swe_mesh_test_run(c->scenario, c->mesh, NULL, 2, SWE_MESH_ORDERING_RCM_EDGES, 0, c->t_end);
    CU_ASSERT_EQUAL_FATAL(setenv("SWE_SHADOW_FAULT", "1e-3", 1), 0);
    swe_mesh_test_state wrong = swe_mesh_test_run(c->scenario, c->mesh, "shadow", 2,
                                                  SWE_MESH_ORDERING_RCM_EDGES, 0, c->t_end);
    unsetenv("SWE_SHADOW_FAULT");
    CU_ASSERT(swe_mesh_test_relative_difference(&wrong, &serial, 1.0) > 1e-4);
    swe_mesh_test_state_free(&serial);
    swe_mesh_test_state_free(&wrong);
}

/* Whether the model starts here; if not, says why. */
static int can_run(const swe_mesh_backend *backend)
{
    const swe_mesh_scenario *lake = swe_mesh_scenario_find("lake-at-rest");
    swe_mesh_model_options options =
        swe_mesh_model_defaults(lake, SWE_MESH_GEO "square_1000_coarse.msh");
    options.backend = swe_mesh_backend_name(backend);
    options.config = swe_test_model_config(backend->table.model, 0, 0);
    swe_mesh_model *model = NULL;
    swe_error err = {{0}};
    int status = swe_mesh_model_create(&options, &model, &err);
    swe_mesh_model_free(model);
    if (status == SWE_ERROR_USAGE) {
        printf("mesh-agreement: %s skipped: %s\n", options.backend, err.message);
        return 0;
    }
    return 1; /* a runtime failure is the model's fault: its test shows it */
}

void register_mesh_agreement_tests(void)
{
    CU_pSuite suite = CU_add_suite("mesh-agreement", NULL, NULL);
    swe_test_require_registered(suite, "suite mesh-agreement");
    if (swe_mesh_backend_find("shadow") != NULL) {
        swe_test_require_registered(
            CU_add_test(suite, "a wrong model is caught (shadow)", test_wrong_model_is_caught),
            "mesh-agreement self-test");
    }
    for (int index = 0; index < swe_registry_count(&swe_mesh_models); ++index) {
        const swe_mesh_backend *backend = swe_mesh_backend_at(index);
        if (backend == NULL || strcmp(swe_mesh_backend_name(backend), "serial") == 0 ||
            !can_run(backend)) {
            continue;
        }
        char name[128];
        snprintf(name, sizeof name, "%s: every case and order, against serial",
                 swe_mesh_backend_name(backend));
        swe_test_require_registered(CU_add_test(suite, name, test_agrees_with_serial), name);
    }
}
