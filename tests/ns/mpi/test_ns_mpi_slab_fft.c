/* The distributed solve of the GPU ranks' preconditioner
 * (backends/cuda/ns/ns_cufft_slabs.cu) carried out step by step on CPU
 * ranks, FFTW in cuFFT's place: x and y of each slab's planes mirrored
 * where they are walls and transformed (2D R2C), the spectra transposed by
 * the slabs' layout (ns/grid/ns_slab_transpose.h) and all-to-all hook,
 * z mirrored where it is a wall and transformed (1D C2C), divided by the
 * even extension's factors (ns/grid/ns_even_extension.h) and back. Its
 * result against the CPU ranks' FFTW-MPI preconditioner (cosine and
 * halfcomplex transforms): the same operator, to rounding, on grids with
 * walls on every combination of axes. */
#include "backends/mpi/mpi_check.h"
#include "backends/mpi/ns/ns_mpi_slabs.h"
#include "ns/grid/ns_even_extension.h"
#include "ns/grid/ns_slab_transpose.h"
#include "tests/ns/mpi/ns_mpi_tests.h"
#include "tests/test_suites.h"

#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SWE_PRECISION_DOUBLE
#define FFTW(name) fftw_##name
#else
#define FFTW(name) fftwf_##name
#endif
typedef FFTW(complex) complex_t;

static int mirror(int index, int n)
{
    return index < n ? index : 2 * n - 1 - index;
}

/* The columns' steps: z mirrored where it is a wall, transformed, divided,
 * transformed back (the first nz planes are the result). */
static void solve_columns(const ns_slab_transpose *t, const int n[NS_AXES],
                          const double *eigenvalues, double scale, complex_t *columns)
{
    int half = n[0] / 2 + 1, lines = t->own_rows * half;
    if (lines == 0) {
        return;
    }
    size_t plane = (size_t)lines;
    for (int z = t->nz; z < n[2]; ++z) {
        memcpy(columns + (size_t)z * plane, columns + (size_t)(2 * t->nz - 1 - z) * plane,
               plane * sizeof(complex_t));
    }
    int nz[1] = {n[2]};
    FFTW(plan)
    forward = FFTW(plan_many_dft)(1, nz, lines, columns, NULL, lines, 1, columns, NULL, lines, 1,
                                  FFTW_FORWARD, FFTW_ESTIMATE);
    FFTW(plan)
    backward = FFTW(plan_many_dft)(1, nz, lines, columns, NULL, lines, 1, columns, NULL, lines, 1,
                                   FFTW_BACKWARD, FFTW_ESTIMATE);
    FFTW(execute)(forward);
    for (long m2 = 0; m2 < n[2]; ++m2) {
        for (int row = 0; row < t->own_rows; ++row) {
            for (int m0 = 0; m0 < half; ++m0) {
                complex_t *mode = columns +
                                  ((size_t)m2 * (size_t)t->own_rows + (size_t)row) * (size_t)half +
                                  (size_t)m0;
                double factor =
                    ns_even_extension_factor(n, eigenvalues, m0, t->first_row + row, m2, scale);
                (*mode)[0] = (real)((*mode)[0] * factor);
                (*mode)[1] = (real)((*mode)[1] * factor);
            }
        }
    }
    FFTW(execute)(backward);
    FFTW(destroy_plan)(forward);
    FFTW(destroy_plan)(backward);
}

/* out = the distributed even-extension solve of fluid times in, times
 * fluid (padded fields of the slab g). */
static int slab_solve(ns_mpi_slabs *slabs, const real *in, const unsigned char *fluid, real *out)
{
    const ns_grid *g = &slabs->slab;
    int n[NS_AXES];
    double scale = ns_even_extension(&slabs->whole, n, NULL);
    double *eigenvalues = malloc(((size_t)n[0] + (size_t)n[1] + (size_t)n[2]) * sizeof(double));
    ns_even_extension(&slabs->whole, n, eigenvalues);
    int half = n[0] / 2 + 1, planes = g->n[2];
    ns_slab_transpose t;
    swe_error err;
    if (eigenvalues == NULL ||
        ns_slab_transpose_create(&t, slabs->hooks.planes, slabs->hooks.count, slabs->hooks.self,
                                 n[1], (size_t)half * sizeof(complex_t), &err) != SWE_OK) {
        free(eigenvalues);
        return 0;
    }
    size_t points = (size_t)n[0] * (size_t)n[1] * (size_t)planes;
    real *extended = FFTW(alloc_real)(points);
    complex_t *spectrum = FFTW(alloc_complex)(t.slab_bytes / sizeof(complex_t));
    complex_t *packed = FFTW(alloc_complex)(t.slab_bytes / sizeof(complex_t));
    complex_t *columns = FFTW(alloc_complex)((size_t)n[2] * (size_t)t.own_rows * (size_t)half + 1);
    int xy[2] = {n[1], n[0]};
    FFTW(plan)
    forward = FFTW(plan_many_dft_r2c)(2, xy, planes, extended, NULL, 1, n[0] * n[1], spectrum, NULL,
                                      1, n[1] * half, FFTW_ESTIMATE);
    FFTW(plan)
    backward = FFTW(plan_many_dft_c2r)(2, xy, planes, spectrum, NULL, 1, n[1] * half, extended,
                                       NULL, 1, n[0] * n[1], FFTW_ESTIMATE);
    for (int k = 0; k < planes; ++k) {
        for (int j = 0; j < n[1]; ++j) {
            for (int i = 0; i < n[0]; ++i) {
                size_t c = ns_index(g, mirror(i, g->n[0]), mirror(j, g->n[1]), k);
                extended[((size_t)k * (size_t)n[1] + (size_t)j) * (size_t)n[0] + (size_t)i] =
                    (real)fluid[c] * in[c];
            }
        }
    }
    FFTW(execute)(forward);
    for (int r = 0; r < t.slabs; ++r) {
        ns_copy_2d copy = ns_slab_transpose_pack(&t, r);
        ns_mpi_test_copy_2d(&copy, (const char *)spectrum, (char *)packed, 0);
    }
    int ok = slabs->hooks.all_to_all(slabs, packed, t.send_counts, t.send_offsets, columns,
                                     t.receive_counts, t.receive_offsets, &err) == SWE_OK;
    solve_columns(&t, n, eigenvalues, scale, columns);
    ok = ok && slabs->hooks.all_to_all(slabs, columns, t.receive_counts, t.receive_offsets, packed,
                                       t.send_counts, t.send_offsets, &err) == SWE_OK;
    for (int r = 0; r < t.slabs; ++r) {
        ns_copy_2d copy = ns_slab_transpose_pack(&t, r);
        ns_mpi_test_copy_2d(&copy, (const char *)packed, (char *)spectrum, 1);
    }
    FFTW(execute)(backward);
    for (int k = 0; k < planes; ++k) {
        for (int j = 0; j < g->n[1]; ++j) {
            for (int i = 0; i < g->n[0]; ++i) {
                size_t c = ns_index(g, i, j, k);
                out[c] =
                    (real)fluid[c] *
                    extended[((size_t)k * (size_t)n[1] + (size_t)j) * (size_t)n[0] + (size_t)i];
            }
        }
    }
    FFTW(destroy_plan)(forward);
    FFTW(destroy_plan)(backward);
    FFTW(free)(extended);
    FFTW(free)(spectrum);
    FFTW(free)(packed);
    FFTW(free)(columns);
    free(eigenvalues);
    ns_slab_transpose_destroy(&t);
    return ok;
}

static void check_against_fftw_mpi(const char walls[NS_AXES], int nz)
{
    ns_wall wall[NS_FACES] = {{0}};
    for (int axis = 0; axis < NS_AXES; ++axis) {
        wall[2 * axis].kind = wall[2 * axis + 1].kind =
            walls[axis] == 'n' ? NS_NO_SLIP : NS_PERIODIC;
    }
    ns_grid whole;
    swe_error err;
    int n[NS_AXES] = {10, 7, nz};
    double length[NS_AXES] = {1.0, 0.6, 0.1 * nz};
    CU_ASSERT_EQUAL_FATAL(ns_grid_init(&whole, n, length, wall, &err), SWE_OK);
    ns_mpi_slabs slabs;
    CU_ASSERT_EQUAL_FATAL(ns_mpi_slabs_create(&slabs, MPI_COMM_WORLD, &whole, &err), SWE_OK);
    const ns_grid *g = &slabs.slab;
    real *in = calloc(g->cells, sizeof(real)), *mine = calloc(g->cells, sizeof(real));
    real *theirs = calloc(g->cells, sizeof(real));
    unsigned char *fluid = calloc(g->cells, 1);
    CU_ASSERT_FATAL(in != NULL && mine != NULL && theirs != NULL && fluid != NULL);
    unsigned long seed = 17ul + (unsigned long)slabs.hooks.z_offset;
    for (size_t cell = 0; cell < g->cells; ++cell) {
        seed = seed * 6364136223846793005ul + 1442695040888963407ul;
        in[cell] = (real)((double)(seed >> 11) / 9007199254740992.0 - 0.5);
        fluid[cell] = (unsigned char)((seed >> 7) % 8 != 0); /* some solid cells */
    }
    int ok = slab_solve(&slabs, in, fluid, mine);
    ns_mpi_poisson_apply(slabs.poisson, in, fluid, theirs);
    double difference = 0.0, largest = 0.0;
    for (int k = 0; k < g->n[2]; ++k) {
        for (int j = 0; j < g->n[1]; ++j) {
            for (int i = 0; i < g->n[0]; ++i) {
                size_t c = ns_index(g, i, j, k);
                difference = fmax(difference, fabs((double)mine[c] - (double)theirs[c]));
                largest = fmax(largest, fabs((double)theirs[c]));
            }
        }
    }
    double both[2] = {difference, largest};
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, both, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD));
    double relative = both[1] > 0.0 ? both[0] / both[1] : both[0];
    if (ns_mpi_test_rank() == 0) {
        printf("\n  walls %.3s, %d planes on %d ranks: |even extension - FFTW-MPI| / |FFTW-MPI| = "
               "%.2e",
               walls, nz, ns_mpi_test_size(), relative);
    }
    char what[112];
    snprintf(what, sizeof what, "walls %.3s: the slabs' even-extension solve is FFTW-MPI's", walls);
    NS_MPI_ASSERT_ALL(ok && both[1] > 0.0 && relative < 100.0 * SWE_TEST_EPSILON, what);
    free(in);
    free(mine);
    free(theirs);
    free(fluid);
    ns_mpi_slabs_destroy(&slabs);
}

static void test_same_operator(void)
{
    check_against_fftw_mpi("ppp", 8);
    check_against_fftw_mpi("npp", 12);
    check_against_fftw_mpi("pnp", 11);
    check_against_fftw_mpi("ppn", 8);
    check_against_fftw_mpi("nnn", 12);
}

void register_ns_mpi_slab_fft_tests(void)
{
    CU_pSuite suite = CU_add_suite("ns_mpi_slab_fft", NULL, NULL);
    if (suite == NULL ||
        CU_add_test(suite, "the GPU ranks' distributed solve on CPU ranks is FFTW-MPI's",
                    test_same_operator) == NULL) {
        swe_mpi_abort("cannot register the ns_mpi_slab_fft suite", 1);
    }
}
