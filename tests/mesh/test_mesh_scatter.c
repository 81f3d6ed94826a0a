/* The scatter of exercise 16 (solutions/openmp/mesh/mesh_openmp_scatter.c)
 * and the edge colouring it uses (common/mesh/geometry/mesh_colouring.c):
 * the colouring is valid in every ordering and its check refuses a broken
 * one; the atomic and coloured scatters give the gather's sums to the
 * rounding of another order, the coloured one the same bits on any
 * thread count. */
#ifdef SWE_WITH_OPENMP

#include "backends/openmp/mesh/mesh_openmp_kernels.h"
#include "backends/openmp/mesh/mesh_openmp_scatter.h"
#include "mesh/numerics/mesh_cell_kernels.h"
#include "tests/mesh/mesh_suites.h"
#include "tests/mesh/mesh_test_support.h"
#include "tests/test_suites.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MESH SWE_MESH_GEO "partial_dam_break_coarse.msh"

static swe_mesh_colouring colour(const swe_mesh_arrays *a)
{
    swe_mesh_colouring colouring;
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_mesh_colour_edges(a->cell_count, a->edge_count, a->edge_left,
                                                a->edge_right, &colouring, &err),
                          SWE_OK);
    return colouring;
}

static void test_colouring_is_valid_and_checked(void)
{
    for (int ordering = SWE_MESH_ORDERING_GMSH; ordering <= SWE_MESH_ORDERING_RCM_EDGES;
         ++ordering) {
        swe_mesh_model *m = swe_mesh_test_model("partial-dam-break", MESH, NULL, ordering, 1, 0);
        CU_ASSERT_PTR_NOT_NULL_FATAL(m);
        const swe_mesh_arrays *a = &m->run.host;
        swe_mesh_colouring colouring = colour(a);
        swe_error err;
        CU_ASSERT(colouring.colour_count >= 3 && colouring.colour_count <= SWE_MESH_MAX_COLOURS);
        CU_ASSERT_EQUAL(swe_mesh_colouring_check(a->cell_count, a->edge_count, a->edge_left,
                                                 a->edge_right, &colouring, &err),
                        SWE_OK);
        /* An edge twice (and another missing), then every edge in one colour. */
        int kept = colouring.edges[1];
        colouring.edges[1] = colouring.edges[0];
        CU_ASSERT_EQUAL(swe_mesh_colouring_check(a->cell_count, a->edge_count, a->edge_left,
                                                 a->edge_right, &colouring, &err),
                        SWE_ERROR_USAGE);
        colouring.edges[1] = kept;
        swe_mesh_colouring one = colouring;
        one.colour_count = 1;
        one.colour_start[1] = a->edge_count;
        CU_ASSERT_EQUAL(swe_mesh_colouring_check(a->cell_count, a->edge_count, a->edge_left,
                                                 a->edge_right, &one, &err),
                        SWE_ERROR_USAGE);
        swe_mesh_colouring_free(&colouring);
        swe_mesh_model_free(m);
    }
}

/* |got - want| within 64 ulps of the largest flux of the cell's edges. */
static int agrees(const swe_mesh_arrays *a, swe_mesh_cell_sums sums, double epsilon)
{
    for (int c = 0; c < a->cell_count; ++c) {
        swe_mesh_flux_sum want = swe_mesh_cell_gather(a, c);
        const int edges[3] = {a->cell_edge_0[c], a->cell_edge_1[c], a->cell_edge_2[c]};
        double scale = 1;
        for (int k = 0; k < 3; ++k) {
            scale = fmax(scale, fmax(fabs((double)a->flux_left_hu[edges[k]]),
                                     fabs((double)a->flux_left_h[edges[k]])));
            scale = fmax(scale, fabs((double)a->flux_left_hv[edges[k]]));
        }
        double bound = 64 * epsilon * scale;
        if (fabs((double)(sums.h[c] - want.h)) > bound ||
            fabs((double)(sums.hu[c] - want.hu)) > bound ||
            fabs((double)(sums.hv[c] - want.hv)) > bound) {
            return 0;
        }
    }
    return 1;
}

static void test_scatters_agree_with_the_gather(void)
{
    swe_mesh_model *m =
        swe_mesh_test_model("partial-dam-break", MESH, "openmp", SWE_MESH_ORDERING_RANDOM, 1, 2);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_mesh_model_advance(m, 1.0, &err), SWE_OK);
    const swe_mesh_arrays *a = &m->run.host;
    swe_mesh_launch launch = {0, 0, 0, (real)0, (real)0};
    swe_mesh_openmp_edge_fluxes(a, launch, 2);
    int cells = a->cell_count;
    real *storage = calloc((size_t)6 * cells, sizeof *storage);
    CU_ASSERT_PTR_NOT_NULL_FATAL(storage);
    swe_mesh_cell_sums sums = {storage, storage + cells, storage + 2 * cells};
    swe_mesh_cell_sums single = {storage + 3 * cells, storage + 4 * cells, storage + 5 * cells};
    double epsilon = sizeof(real) == sizeof(float) ? 1.1920929e-7 : 2.220446049250313e-16;
    swe_mesh_colouring colouring = colour(a);
    for (int threads = 1; threads <= 3; ++threads) {
        swe_mesh_openmp_sums_zero(a, sums, threads);
        swe_mesh_openmp_scatter_atomic(a, sums, threads);
        CU_ASSERT(agrees(a, sums, epsilon));
        swe_mesh_openmp_sums_zero(a, sums, threads);
        swe_mesh_openmp_scatter_coloured(a, &colouring, sums, threads);
        CU_ASSERT(agrees(a, sums, epsilon));
        if (threads == 1) {
            memcpy(single.h, sums.h, (size_t)3 * cells * sizeof *storage);
        }
        CU_ASSERT(memcmp(single.h, sums.h, (size_t)3 * cells * sizeof *storage) == 0);
    }
    swe_mesh_colouring_free(&colouring);
    free(storage);
    swe_mesh_model_free(m);
}

void register_mesh_scatter_tests(void)
{
    static const swe_mesh_test tests[] = {
        {"the edge colouring is valid in every ordering, a broken one refused",
         test_colouring_is_valid_and_checked},
        {"atomic and coloured scatters give the gather's sums, coloured the same bits",
         test_scatters_agree_with_the_gather},
    };
    swe_mesh_test_register("mesh-scatter", tests, (int)(sizeof tests / sizeof tests[0]));
}

#endif
