/* The CPU forms of the element kernels against the kernels that CUDA and
 * OpenCL run one element per thread, on the state of every comparison
 * case part-way through, both orders: the interior gradient sweep then the
 * boundary rewrites give swe_mesh_gradient's bits, the inviscid edges then
 * the viscous pass give swe_mesh_interior_edge's. Bits, not a
 * tolerance: what a student's plain loop computes must be the reference's.
 * Each form first overwrites its outputs with NaN, so nothing left from
 * the other form can pass for a result. */
#include "mesh/numerics/mesh_cell_kernels.h"
#include "mesh/numerics/mesh_edge_kernels.h"
#include "tests/mesh/mesh_suites.h"
#include "tests/mesh/mesh_test_support.h"
#include "tests/test_suites.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The arrays a form writes: up to six, of count values each. */
typedef struct kernel_outputs {
    real *arrays[6];
    int array_count, count;
} kernel_outputs;

static void poison(kernel_outputs out)
{
    for (int k = 0; k < out.array_count; ++k) {
        for (int i = 0; i < out.count; ++i) {
            out.arrays[k][i] = (real)NAN;
        }
    }
}

static real *copy_of(kernel_outputs out)
{
    size_t size = (size_t)out.count * sizeof(real);
    real *copy = malloc((size_t)out.array_count * size + 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(copy);
    for (int k = 0; k < out.array_count; ++k) {
        memcpy(copy + (size_t)k * (size_t)out.count, out.arrays[k], size);
    }
    return copy;
}

/* Whether out holds the bits of copy; names the first array that differs. */
static int same_bits(kernel_outputs out, const real *copy, const char *what)
{
    size_t size = (size_t)out.count * sizeof(real);
    for (int k = 0; k < out.array_count; ++k) {
        if (memcmp(copy + (size_t)k * (size_t)out.count, out.arrays[k], size) != 0) {
            fprintf(stderr, "\n  %s: array %d differs\n", what, k);
            return 0;
        }
    }
    return 1;
}

static void check_gradients(const swe_mesh_arrays *a, const char *what)
{
    kernel_outputs out = {
        {a->grad_eta_x, a->grad_eta_y, a->grad_u_x, a->grad_u_y, a->grad_v_x, a->grad_v_y},
        6,
        a->cell_count};
    poison(out);
    for (int c = 0; c < a->cell_count; ++c) {
        swe_mesh_gradient(a, c);
    }
    real *reference = copy_of(out);
    poison(out);
    for (int c = 0; c < a->cell_count; ++c) {
        swe_mesh_interior_gradient(a, c);
    }
    for (int e = a->interior_edge_count; e < a->edge_count; ++e) {
        swe_mesh_boundary_gradient(a, e);
    }
    CU_ASSERT(same_bits(out, reference, what));
    free(reference);
}

static void check_edges(const swe_mesh_arrays *a, swe_mesh_launch launch, const char *what)
{
    kernel_outputs out = {{a->flux_left_h, a->flux_left_hu, a->flux_left_hv, a->flux_right_h,
                           a->flux_right_hu, a->flux_right_hv},
                          6,
                          a->interior_edge_count};
    kernel_outputs steps = {{a->edge_time_step}, 1, a->interior_edge_count};
    poison(out);
    poison(steps);
    for (int e = 0; e < a->interior_edge_count; ++e) {
        swe_mesh_interior_edge(a, launch, e);
    }
    real *reference = copy_of(out), *reference_steps = copy_of(steps);
    poison(out);
    poison(steps);
    for (int e = 0; e < a->interior_edge_count; ++e) {
        swe_mesh_inviscid_edge(a, launch, e);
    }
    for (int e = 0; a->viscosity > 0 && e < a->interior_edge_count; ++e) {
        swe_mesh_viscous_edge(a, e);
    }
    CU_ASSERT(same_bits(out, reference, what));
    CU_ASSERT(same_bits(steps, reference_steps, what));
    free(reference);
    free(reference_steps);
}

/* The first stage's sweeps (gradients, edges), then, after its cell update,
 * the second stage's gradients and edges, which read what it wrote. */
static void check_case(const swe_mesh_test_case *test, int order)
{
    swe_mesh_model_options options =
        swe_mesh_model_defaults(swe_mesh_scenario_find(test->scenario), test->mesh);
    options.order = order;
    swe_mesh_model *model = NULL;
    swe_error err = {{0}};
    CU_ASSERT_EQUAL_FATAL(swe_mesh_model_create(&options, &model, &err), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(swe_mesh_model_advance(model, 0.5 * test->t_end, &err), SWE_OK);
    const swe_mesh_arrays *a = &model->run.host;
    char what[160];
    snprintf(what, sizeof what, "%s, order %d", test->scenario, order);
    swe_mesh_launch first = {0, order == 2, SWE_MESH_FIRST_STAGE, (real)model->clock.last_dt,
                             (real)model->clock.last_dt};
    if (order == 2) {
        check_gradients(a, what);
    }
    check_edges(a, first, what);
    for (int c = 0; c < a->cell_count; ++c) {
        swe_mesh_cell_update(a, first, c);
    }
    if (order == 2) {
        check_gradients(a, what);
    }
    swe_mesh_launch second = {1, order == 2, SWE_MESH_SECOND_STAGE, 0, 0};
    check_edges(a, second, what);
    swe_mesh_model_free(model);
}

static void test_cpu_forms_give_the_element_kernels_bits(void)
{
    for (int k = 0; k < SWE_MESH_TEST_CASES; ++k) {
        for (int order = 1; order <= 2; ++order) {
            check_case(&swe_mesh_test_cases[k], order);
        }
    }
}

void register_mesh_kernel_tests(void)
{
    static const swe_mesh_test tests[] = {
        {"the CPU forms of the kernels give the element kernels' bits",
         test_cpu_forms_give_the_element_kernels_bits},
    };
    swe_mesh_test_register("mesh-kernels", tests, (int)(sizeof tests / sizeof tests[0]));
}
