/* Exercise 13 (exercises/13-ns-fft-preconditioner), graded on the CPU:
 * the eigenvalues against their formula, the FFTW solve by what it must do
 * (minus the Laplacian of its output is its input: the student's build
 * writes the relative residual, the grader's 0), the cuFFT divide on CPU
 * threads against the divide written here (see grade_ns.c). */
#ifdef SWE_WITH_NS

#include "ns/grid/ns_boundary.h"
#include "ns/grid/ns_ghost.h"
#include "ns/grid/ns_stencils.h"
#include "tests/grade/grade_ns_cases.h"
#include "tests/ns/cuda_host/ns_cuda_host.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { EIGEN_CASES = 4, SOLVE_CASES = 6, DIVIDE_CASES = 4 };

/* Minus the 1D Laplacian's eigenvalue of a mode, as the sheet defines it. */
static double eigenvalue(int periodic, int m, int n, double h)
{
    double theta = (periodic ? 2.0 : 1.0) * 3.14159265358979323846 * m / n;
    return 4.0 * sin(0.5 * theta) * sin(0.5 * theta) / (h * h);
}

/* The eigenvalues of one case, over the largest (4 / h^2): from the
 * kernel (kernels non-NULL) or from the formula. */
static void eigenvalue_outputs(const void *kernels, const void *input, grade_outputs *outputs)
{
    const int *case_number = input;
    grade_rng rng = grade_case_rng("ns-eigenvalues", *case_number);
    int n = grade_integer(&rng, 2, 64), periodic = *case_number % 2;
    double h = grade_uniform(&rng, 0.01, 2.0);
    double *values = grade_add_doubles(outputs, "eigenvalue", (size_t)n, GRADE_LIST, NULL);
    grade_hint(outputs, "minus the 1D Laplacian's eigenvalue of mode m over 4 / h^2");
    for (int m = 0; m < n; ++m) {
        double value = kernels != NULL ? ns_serial_eigenvalue(periodic, m, n, h)
                                       : eigenvalue(periodic, m, n, h);
        values[m] = value / (4.0 / (h * h));
    }
}

static void test_eigenvalues(void)
{
    static const int kernel_marker = 1;
    for (int case_number = 1; case_number <= EIGEN_CASES; ++case_number) {
        grade_rng rng = grade_case_rng("ns-eigenvalues", case_number);
        int n = grade_integer(&rng, 2, 64);
        double h = grade_uniform(&rng, 0.01, 2.0);
        char description[96];
        snprintf(description, sizeof description, "%d cells of %.3g m, %s", n, h,
                 case_number % 2 ? "periodic" : "between walls");
        /* 1e-12 of the largest eigenvalue */
        grade_case a_case = {case_number, EIGEN_CASES, description, 1e-12 / 2.2e-16};
        grade_emit_case(&a_case, (grade_side){eigenvalue_outputs, &kernel_marker},
                        (grade_side){eigenvalue_outputs, NULL}, &case_number);
    }
}

/* |A M b - b| / |b| for a random b of zero mean on a random grid without
 * obstacles: M the backend's FFT solve (the student's eigenvalues and
 * divide inside FFTW's transforms), A minus the Laplacian of the common
 * stencils. */
static double inverse_error(const char *test_id, int case_number)
{
    ns_case c;
    grade_ns_make_case(test_id, case_number, &c);
    ns_solver *s = c.solver;
    const ns_grid *g = &s->grid;
    double mean = 0.0;
    for (int k = 0; k < g->n[2]; ++k) {
        for (int j = 0; j < g->n[1]; ++j) {
            for (int i = 0; i < g->n[0]; ++i) {
                s->fluid[ns_index(g, i, j, k)] = 1;
                mean += s->pressure[ns_index(g, i, j, k)];
            }
        }
    }
    mean /= (double)ns_grid_interior_cells(g);
    for (size_t cell = 0; cell < g->cells; ++cell) {
        s->pressure[cell] -= (real)mean;
    }
    swe_error err;
    double error = INFINITY;
    if (ns_solver_start(s, &err) == SWE_OK &&
        s->backend->precondition(s, NS_PRESSURE, NS_PRECONDITIONED, &err) == SWE_OK) {
        ns_cpu_ext *ext = s->ext;
        real *z = ext->vector[NS_PRECONDITIONED];
        ns_fill_ghosts(g, z, NS_FILL_SCALAR);
        ns_geometry geometry = ns_grid_geometry(g);
        double residual = 0.0, norm = 0.0;
        for (int k = 0; k < g->n[2]; ++k) {
            for (int j = 0; j < g->n[1]; ++j) {
                for (int i = 0; i < g->n[0]; ++i) {
                    long cell = (long)ns_index(g, i, j, k);
                    double b = s->pressure[cell];
                    double r = (double)ns_minus_laplacian(z, s->fluid, cell, &geometry) - b;
                    residual += r * r;
                    norm += b * b;
                }
            }
        }
        error = sqrt(residual / norm);
    }
    grade_ns_free_case(&c);
    return error != error ? INFINITY : error;
}

/* The solve's relative residual (the student's side) against 0, within
 * 1e3 ulps of real: a solve that does not invert gives O(1). */
static void solve_outputs(const void *kernels, const void *input, grade_outputs *outputs)
{
    const int *case_number = input;
    real *error = grade_add_value(outputs, "relative_residual");
    grade_hint(outputs, "|A M b - b| / |b|: M the FFT solve, A minus the Laplacian");
    *error = kernels != NULL ? (real)inverse_error("ns-fftw-solve", *case_number) : (real)0;
}

static void test_fftw_solve(void)
{
    static const int kernel_marker = 1;
    for (int case_number = 1; case_number <= SOLVE_CASES; ++case_number) {
        char description[96];
        grade_ns_describe("ns-fftw-solve", case_number, description, sizeof description);
        grade_case a_case = {case_number, SOLVE_CASES, description, 1e3};
        grade_emit_case(&a_case, (grade_side){solve_outputs, &kernel_marker},
                        (grade_side){solve_outputs, NULL}, &case_number);
    }
}

/* The divide of the cuFFT solve on a random spectrum of a random extended
 * grid: the kernel on CPU threads (kernels non-NULL) or the divide written
 * here. */
static void divide_outputs(const void *kernels, const void *input, grade_outputs *outputs)
{
    const int *case_number = input;
    grade_rng rng = grade_case_rng("ns-cufft-divide", *case_number);
    int n[NS_AXES] = {grade_integer(&rng, 2, 24), grade_integer(&rng, 2, 16),
                      grade_integer(&rng, 2, 16)};
    double *eigenvalues = malloc((size_t)(n[0] + n[1] + n[2]) * sizeof(double));
    if (eigenvalues == NULL) {
        grade_harness_failure("out of memory for a Navier-Stokes case");
    }
    size_t half = (size_t)(n[0] / 2 + 1), modes = half * (size_t)n[1] * (size_t)n[2];
    real *spectrum = grade_add_field(outputs, "spectrum", 2 * modes, GRADE_LIST, NULL);
    grade_hint(outputs, "(real, imaginary) of mode m times scale over its eigenvalues' sum");
    for (int e = 0; e < n[0] + n[1] + n[2]; ++e) {
        int first = e == 0 || e == n[0] || e == n[0] + n[1];
        eigenvalues[e] = first ? 0.0 : grade_uniform(&rng, 0.1, 100.0);
    }
    double scale = grade_uniform(&rng, 1e-4, 1.0);
    for (size_t m = 0; m < modes; ++m) {
        size_t m0 = m % half, m1 = m / half % (size_t)n[1], m2 = m / (half * (size_t)n[1]);
        double sum = eigenvalues[m0] + eigenvalues[n[0] + m1] + eigenvalues[n[0] + n[1] + m2];
        for (int part = 0; part < 2; ++part) {
            real value = (real)grade_uniform(&rng, -1, 1);
            spectrum[2 * m + part] = kernels != NULL ? value
                                     : m == 0        ? (real)0
                                                     : (real)(value * (scale / sum));
        }
    }
    if (kernels != NULL) {
        ns_cuda_host_spectral_divide(n, eigenvalues, spectrum, scale);
    }
    free(eigenvalues);
}

static void test_cufft_divide(void)
{
    static const int kernel_marker = 1;
    for (int case_number = 1; case_number <= DIVIDE_CASES; ++case_number) {
        grade_rng rng = grade_case_rng("ns-cufft-divide", case_number);
        int n[NS_AXES] = {grade_integer(&rng, 2, 24), grade_integer(&rng, 2, 16),
                          grade_integer(&rng, 2, 16)};
        char description[64];
        snprintf(description, sizeof description, "%d x %d x %d points", n[0], n[1], n[2]);
        grade_case a_case = {case_number, DIVIDE_CASES, description, 64};
        grade_emit_case(&a_case, (grade_side){divide_outputs, &kernel_marker},
                        (grade_side){divide_outputs, NULL}, &case_number);
    }
}

static const grade_test preconditioner_tests[] = {
    {"eigenvalues", "the eigenvalues of minus the 1D Laplacian, periodic and between walls", 2,
     EIGEN_CASES, test_eigenvalues, 0},
    {"fftw", "FFTW: the divide by the eigenvalues makes M the inverse of minus the Laplacian", 5,
     SOLVE_CASES, test_fftw_solve, 0},
    {"cufft", "cuFFT: the divide of the spectrum (the kernel on CPU threads)", 3, DIVIDE_CASES,
     test_cufft_divide, 0},
};

const grade_exercise grade_ns_preconditioner_exercise = {
    "13-ns-fft-preconditioner", preconditioner_tests,
    (int)(sizeof preconditioner_tests / sizeof preconditioner_tests[0])};

#endif
