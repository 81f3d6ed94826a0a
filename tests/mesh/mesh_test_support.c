#include "tests/mesh/mesh_test_support.h"

#include "tests/model_config.h"

#include "tests/test_suites.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void swe_mesh_test_register(const char *name, const swe_mesh_test *tests, int count)
{
    swe_mesh_test_register_with_fixture(name, tests, count, NULL, NULL);
}

void swe_mesh_test_register_with_fixture(const char *name, const swe_mesh_test *tests, int count,
                                         int (*set_up)(void), int (*tear_down)(void))
{
    CU_pSuite suite = CU_add_suite(name, set_up, tear_down);
    swe_test_require_registered(suite, name);
    for (int t = 0; t < count; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}

swe_mesh_model *swe_mesh_test_model(const char *scenario, const char *mesh, const char *backend,
                                    enum swe_mesh_ordering ordering, int order, int threads)
{
    const swe_mesh_scenario *found = swe_mesh_scenario_find(scenario);
    CU_ASSERT_PTR_NOT_NULL_FATAL(found);
    swe_mesh_model_options options = swe_mesh_model_defaults(found, mesh);
    options.backend = backend;
    options.ordering = ordering;
    options.order = order;
    const swe_mesh_backend *table = swe_mesh_backend_find(backend != NULL ? backend : "serial");
    options.config = swe_test_model_config(table != NULL ? table->table.model : NULL, 0, threads);
    options.seed = 7;
    swe_mesh_model *model = NULL;
    swe_error err = {{0}};
    if (swe_mesh_model_create(&options, &model, &err) != SWE_OK) {
        fprintf(stderr, "\n  cannot make %s on %s with %s: %s\n", scenario, mesh,
                backend != NULL ? backend : "serial", err.message);
        CU_FAIL("the model could not be made");
        return NULL;
    }
    return model;
}

swe_mesh_test_state swe_mesh_test_run(const char *scenario, const char *mesh, const char *backend,
                                      int order, enum swe_mesh_ordering ordering, int threads,
                                      double t_end)
{
    swe_mesh_model *model = swe_mesh_test_model(scenario, mesh, backend, ordering, order, threads);
    CU_ASSERT_PTR_NOT_NULL_FATAL(model);
    swe_error err = {{0}};
    int status = swe_mesh_model_advance(model, t_end, &err);
    if (status != SWE_OK) {
        fprintf(stderr, "\n  %s on %s: %s\n", scenario, backend != NULL ? backend : "serial",
                err.message);
    }
    CU_ASSERT_EQUAL_FATAL(status, SWE_OK);
    swe_mesh_test_state state = swe_mesh_test_state_of(model);
    swe_mesh_model_free(model);
    return state;
}

swe_mesh_test_state swe_mesh_test_state_of(swe_mesh_model *model)
{
    swe_mesh_test_state state = {0, NULL, NULL, NULL};
    size_t cells = (size_t)model->run.mesh.cell_count;
    state.h = malloc(cells * sizeof(real));
    state.hu = malloc(cells * sizeof(real));
    state.hv = malloc(cells * sizeof(real));
    CU_ASSERT_FATAL(state.h != NULL && state.hu != NULL && state.hv != NULL);
    swe_error err = {{0}};
    CU_ASSERT_EQUAL_FATAL(
        swe_mesh_model_state_in_file_order(model, state.h, state.hu, state.hv, &err), SWE_OK);
    state.cells = (int)cells;
    return state;
}

void swe_mesh_test_state_free(swe_mesh_test_state *state)
{
    free(state->h);
    free(state->hu);
    free(state->hv);
    memset(state, 0, sizeof *state);
}

int swe_mesh_test_same_bits(const swe_mesh_test_state *a, const swe_mesh_test_state *b)
{
    if (a->cells != b->cells) {
        fprintf(stderr, "\n  %d cells against %d\n", a->cells, b->cells);
        return 0;
    }
    const real *fields_a[] = {a->h, a->hu, a->hv}, *fields_b[] = {b->h, b->hu, b->hv};
    for (int f = 0; f < 3; ++f) {
        for (int c = 0; c < a->cells; ++c) {
            if (memcmp(&fields_a[f][c], &fields_b[f][c], sizeof(real)) != 0) {
                fprintf(stderr, "\n  field %d of cell %d: %.17g against %.17g\n", f, c,
                        (double)fields_a[f][c], (double)fields_b[f][c]);
                return 0;
            }
        }
    }
    return 1;
}

double swe_mesh_test_relative_difference(const swe_mesh_test_state *a, const swe_mesh_test_state *b,
                                         double floor)
{
    const real *fields_a[] = {a->h, a->hu, a->hv}, *fields_b[] = {b->h, b->hu, b->hv};
    double worst = a->cells == b->cells ? 0 : INFINITY;
    for (int f = 0; f < 3 && a->cells == b->cells; ++f) {
        for (int c = 0; c < a->cells; ++c) {
            double difference = fabs((double)fields_a[f][c] - (double)fields_b[f][c]);
            double scale = fmax(fabs((double)fields_b[f][c]), floor);
            double relative = difference / scale;
            worst = relative > worst || relative != relative ? relative : worst;
        }
    }
    return worst;
}

#ifdef SWE_PRECISION_DOUBLE
#define DEVICE_AGREEMENT 1e-12
#else
#define DEVICE_AGREEMENT 1e-4
#endif

const swe_mesh_test_case swe_mesh_test_cases[SWE_MESH_TEST_CASES] = {
    {"partial-dam-break", SWE_MESH_GEO "partial_dam_break_coarse.msh", 2},
    {"channel-flow", SWE_MESH_GEO "channel_20.msh", 100},
    {"backward-facing-step", SWE_MESH_GEO "backward_facing_step_coarse.msh", 2},
    {"dam-break-1d-dry", SWE_MESH_GEO "channel_40.msh", 10},
    {"lake-at-rest-island", SWE_MESH_GEO "square_1000_coarse.msh", 20}};

void swe_mesh_test_agreement(const char *backend)
{
    const swe_mesh_backend *table = swe_mesh_backend_find(backend);
    CU_ASSERT_PTR_NOT_NULL_FATAL(table);
    const double tolerance =
        table->table.model->agreement == SWE_AGREES_BIT_FOR_BIT ? 0.0 : DEVICE_AGREEMENT;
    const swe_mesh_test_case *cases = swe_mesh_test_cases;
    for (int k = 0; k < SWE_MESH_TEST_CASES; ++k) {
        for (int order = 1; order <= 2; ++order) {
            swe_mesh_test_state serial =
                swe_mesh_test_run(cases[k].scenario, cases[k].mesh, NULL, order,
                                  SWE_MESH_ORDERING_RCM_EDGES, 0, cases[k].t_end);
            swe_mesh_test_state device =
                swe_mesh_test_run(cases[k].scenario, cases[k].mesh, backend, order,
                                  SWE_MESH_ORDERING_RCM_EDGES, 0, cases[k].t_end);
            double difference = swe_mesh_test_relative_difference(&device, &serial, 1.0);
            /* Any difference is printed: C, CUDA and OpenCL C compute the
             * same operations in the same order, so bits are expected. */
            if (difference != 0) {
                fprintf(stderr, "\n  %s order %d: %s differs from serial by %g%s\n",
                        cases[k].scenario, order, backend, difference,
                        difference <= tolerance ? " (within the tolerance)" : "");
            }
            CU_ASSERT(difference <= tolerance);
            swe_mesh_test_state_free(&serial);
            swe_mesh_test_state_free(&device);
        }
    }
}
