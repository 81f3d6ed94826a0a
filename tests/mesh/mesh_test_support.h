/* What the triangle solver's suites share: where the test meshes are,
 * suite registration, models made in one call, and comparisons. */
#ifndef SWE_MESH_TEST_SUPPORT_H
#define SWE_MESH_TEST_SUPPORT_H

#include "mesh/solver/mesh_model.h"

#include <CUnit/CUnit.h>

/* Committed meshes, relative to the repository root (where the tests run). */
#define SWE_MESH_TEST_DATA "tests/mesh/data/"
#define SWE_MESH_GEO "common/mesh/geo/"

typedef struct swe_mesh_test {
    const char *name;
    CU_TestFunc function;
} swe_mesh_test;

/* Adds suite name with its tests; exits loudly when CUnit refuses. */
void swe_mesh_test_register(const char *name, const swe_mesh_test *tests, int count);
/* The same with a suite fixture (CUnit's initialise and clean-up). */
void swe_mesh_test_register_with_fixture(const char *name, const swe_mesh_test *tests, int count,
                                         int (*set_up)(void), int (*tear_down)(void));

/* A model of scenario on mesh (a path) with backend (NULL: serial),
 * ordering, order (0: the scenario's) and threads, on the OpenCL device
 * SWE_TEST_CL_DEVICE names if any; NULL (with a CUnit
 * failure naming err) when it cannot be made. */
swe_mesh_model *swe_mesh_test_model(const char *scenario, const char *mesh, const char *backend,
                                    enum swe_mesh_ordering ordering, int order, int threads);

/* The state in file order, in new allocations (free with free()). */
typedef struct swe_mesh_test_state {
    int cells;
    real *h, *hu, *hv;
} swe_mesh_test_state;

/* The state after t_end of such a model (a CUnit failure, fatal, when it
 * cannot be made or run). */
swe_mesh_test_state swe_mesh_test_run(const char *scenario, const char *mesh, const char *backend,
                                      int order, enum swe_mesh_ordering ordering, int threads,
                                      double t_end);

swe_mesh_test_state swe_mesh_test_state_of(swe_mesh_model *model);
void swe_mesh_test_state_free(swe_mesh_test_state *state);

/* Whether two states are the same bits; prints the first difference. */
int swe_mesh_test_same_bits(const swe_mesh_test_state *a, const swe_mesh_test_state *b);

/* max |a - b| / max(|b|, floor) over every cell and field. */
double swe_mesh_test_relative_difference(const swe_mesh_test_state *a, const swe_mesh_test_state *b,
                                         double floor);

/* The cases the backends are compared on: inflow, level, friction,
 * viscosity, wet/dry fronts, dry land at rest, walls. */
typedef struct swe_mesh_test_case {
    const char *scenario, *mesh;
    double t_end;
} swe_mesh_test_case;

enum { SWE_MESH_TEST_CASES = 5 };
extern const swe_mesh_test_case swe_mesh_test_cases[SWE_MESH_TEST_CASES];

/* Every case, both orders, on backend against serial: the same bits for a
 * model that agrees bit for bit; for one that agrees to rounding (a
 * device), within 1e-12 in double precision and 1e-4 in single, relative
 * to max(|value|, 1 m or 1 m^2/s). Both device backends compute in IEEE
 * arithmetic without contraction and the cube root of friction is
 * computed from basic operations (mesh_cbrt.h), so each step gives
 * serial's bits; what could remain is the order of a reduction (the
 * minimum is exact). 1 ulp in one cell grows to 2e-4 in 100 s of
 * channel-flow at second order in floats (docs/RESULTS-mesh.md), so any
 * remaining difference shows. SWE_TEST_CL_DEVICE picks the OpenCL device. */
void swe_mesh_test_agreement(const char *backend);

#endif
