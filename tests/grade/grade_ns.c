/* Exercises 11-13, the Navier-Stokes kernels (exercises/11-ns-momentum-shared-memory,
 * 12-ns-cg-reductions, 13-ns-fft-preconditioner), graded on the CPU of any machine: the
 * CUDA kernels run on CPU threads, block by block with real barriers, through the emulation
 * of tests/staggered/cuda_host/ (the kernel source as the student wrote it, compiled as
 * C++). The expected values come from this file and common code only (the stencils of
 * staggered/ns_stencils.h, sums in double, the eigenvalues' formula, minus the Laplacian
 * applied to the preconditioner's output), never from a kernel a submission holds, so the
 * same tests grade in the full repository and in a student release, without reference data.
 * In a file of its own, for the sandboxed grader of issue 13 to adapt. Built with FFTW
 * (SWE_WITH_STAGGERED). */
#ifdef SWE_WITH_STAGGERED

#include "cuda_host/ns_cuda_host.h"
#include "grade_support.h"
#include "ns_cpu_backend.h"
#include "staggered/ns_boundary.h"
#include "staggered/ns_ghost.h"
#include "staggered/ns_stencils.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SWE_PRECISION_DOUBLE
#define SWE_TEST_EPSILON_OF_REAL 2.2e-16
#else
#define SWE_TEST_EPSILON_OF_REAL 1.2e-7
#endif

enum { MOMENTUM_CASES = 6, SUM_CASES = 6, MAX_CASES = 4, EIGEN_CASES = 4, SOLVE_CASES = 6,
       DIVIDE_CASES = 4 };

/* A student may order the stencil's terms otherwise: ulps of the largest
 * terms (values near 50, residuals near 1). */
static const double RESIDUAL_ULPS = 1.0e4;

/* A random grid of 2-40 x 2-20 x 2-12 cells with random walls, a random
 * velocity everywhere (ghosts filled by the rules of the walls) and
 * random obstacles; its host state and CPU arrays. */
typedef struct ns_case {
    ns_solver *solver;
    ns_cpu_arrays arrays;
} ns_case;

static ns_grid random_grid(grade_rng *rng)
{
    int n[NS_AXES] = {grade_integer(rng, 2, 40), grade_integer(rng, 2, 20),
                      grade_integer(rng, 2, 12)};
    double length[NS_AXES];
    ns_wall wall[NS_FACES] = {{0}};
    for (int axis = 0; axis < NS_AXES; ++axis) {
        length[axis] = n[axis] * grade_uniform(rng, 0.05, 0.5);
        enum ns_wall_kind kind = (enum ns_wall_kind)grade_integer(rng, NS_PERIODIC, NS_FREE_SLIP);
        wall[2 * axis].kind = wall[2 * axis + 1].kind = kind;
        wall[2 * axis + 1].velocity[(axis + 1) % NS_AXES] = grade_uniform(rng, -1, 1);
    }
    ns_grid grid;
    swe_error err;
    if (ns_grid_init(&grid, n, length, wall, &err) != SWE_OK) {
        CU_FAIL_FATAL("cannot make a grid for the test");
    }
    return grid;
}

static void make_case(const char *test_id, int case_number, ns_case *c)
{
    grade_rng rng = grade_case_rng(test_id, case_number);
    ns_grid grid = random_grid(&rng);
    ns_parameters parameters = {.viscosity = grade_uniform(&rng, 0.0, 0.1), .density = 1.0};
    for (int axis = 0; axis < NS_AXES; ++axis) {
        parameters.force[axis] = grade_uniform(&rng, -1, 1);
    }
    swe_error err;
    if (ns_solver_create(&grid, &parameters, "serial", &c->solver, &err) != SWE_OK) {
        CU_FAIL_FATAL("cannot make a solver for the test");
    }
    ns_solver *s = c->solver;
    for (size_t cell = 0; cell < grid.cells; ++cell) {
        for (int axis = 0; axis < NS_AXES; ++axis) {
            s->velocity[axis][cell] = (real)grade_uniform(&rng, -1, 1);
        }
        s->pressure[cell] = (real)grade_uniform(&rng, -1, 1);
        s->fluid[cell] = grade_uniform(&rng, 0, 1) < 0.85;
    }
    ns_fill_mask_ghosts(&grid, s->fluid);
    for (int axis = 0; axis < NS_AXES; ++axis) {
        ns_fill_ghosts(&grid, s->velocity[axis], axis);
    }
    c->arrays = (ns_cpu_arrays){.pressure = s->pressure,
                                .fluid = s->fluid,
                                .geometry = ns_grid_geometry(&grid),
                                .viscosity = (real)parameters.viscosity};
    for (int axis = 0; axis < NS_AXES; ++axis) {
        c->arrays.velocity[axis] = s->velocity[axis];
        c->arrays.residual[axis] = calloc(grid.cells, sizeof(real));
        c->arrays.force[axis] = (real)parameters.force[axis];
    }
}

static void free_case(ns_case *c)
{
    for (int axis = 0; axis < NS_AXES; ++axis) {
        free(c->arrays.residual[axis]);
    }
    ns_solver_destroy(c->solver);
}

/* The residuals of the interior faces of c as outputs named ru, rv, rw;
 * expected (reference nonzero): computed here from the common stencils. */
static void residual_outputs(const ns_case *c, int reference, grade_outputs *outputs)
{
    static const char *const names[NS_AXES] = {"ru", "rv", "rw"};
    const ns_grid *g = &c->solver->grid;
    const ns_geometry *geometry = &c->arrays.geometry;
    for (int axis = 0; axis < NS_AXES; ++axis) {
        real *values = grade_add_field(outputs, names[axis], ns_grid_interior_cells(g));
        for (int k = 0; k < g->n[2]; ++k) {
            for (int j = 0; j < g->n[1]; ++j) {
                for (int i = 0; i < g->n[0]; ++i, ++values) {
                    long cell = (long)ns_index(g, i, j, k);
                    if (!reference) {
                        *values = c->arrays.residual[axis][cell];
                        continue;
                    }
                    ns_neighbourhood s;
                    ns_gather(c->arrays.velocity[0], c->arrays.velocity[1], c->arrays.velocity[2],
                              axis, cell, geometry->stride, &s);
                    *values = ns_momentum_residual(&s, geometry->inv_h, c->arrays.viscosity,
                                                   c->arrays.force[axis]);
                }
            }
        }
    }
}

static void check_momentum(const char *test_id, int level)
{
    for (int case_number = 1; case_number <= MOMENTUM_CASES; ++case_number) {
        ns_case c;
        make_case(test_id, case_number, &c);
        if (level == 0) {
            for (int k = 0; k < c.solver->grid.n[2]; ++k) {
                ns_serial_momentum_plane(&c.arrays, k);
            }
        } else {
            ns_cuda_host_momentum(level, &c.arrays, case_number);
        }
        grade_outputs actual = {0}, expected = {0};
        residual_outputs(&c, 0, &actual);
        residual_outputs(&c, 1, &expected);
        char description[96];
        const ns_grid *g = &c.solver->grid;
        snprintf(description, sizeof description, "%d x %d x %d cells", g->n[0], g->n[1],
                 g->n[2]);
        grade_check_outputs(case_number, MOMENTUM_CASES, description, &actual, &expected,
                            "the stencils of staggered/ns_stencils.h", RESIDUAL_ULPS, __FILE__,
                            __LINE__);
        free_case(&c);
    }
}

static void test_serial_momentum(void)
{
    check_momentum("ns-serial-momentum", 0);
}

static void test_cuda_planes(void)
{
    check_momentum("ns-cuda-planes", 2);
}

/* What one reduction of the CG gives over the interior of c: computed
 * here in plain loops (x: the pressure, y: u). */
static double expected_reduction(const ns_case *c, int operation)
{
    const ns_grid *g = &c->solver->grid;
    const real *x = c->arrays.pressure, *y = c->arrays.velocity[0];
    double result = 0.0;
    for (int k = 0; k < g->n[2]; ++k) {
        for (int j = 0; j < g->n[1]; ++j) {
            for (int i = 0; i < g->n[0]; ++i) {
                size_t cell = ns_index(g, i, j, k);
                double term = operation == 0   ? (double)x[cell] * (double)y[cell]
                              : operation == 1 ? (c->arrays.fluid[cell] ? (double)x[cell] : 0.0)
                              : operation == 2 ? (double)c->arrays.fluid[cell]
                                               : fabs((double)x[cell]);
                result = operation == 3 ? (term > result || term != term ? term : result)
                                        : result + term;
            }
        }
    }
    return result;
}

/* Sums of the tree and of the loop differ by the rounding of the
 * additions (in double): 1e-12 of the sum of magnitudes is far above it. */
static int reduction_matches(double actual, double expected, double magnitude)
{
    if (expected != expected) {
        return actual != actual;
    }
    return fabs(actual - expected) <= 1e-12 * (magnitude + 1.0);
}

static void check_reduction(int case_number, int cases, ns_case *c, int operation)
{
    static const char *const names[] = {"x . y", "the sum over fluid cells", "the fluid cells",
                                        "max |x|"};
    double actual = ns_cuda_host_reduce(operation, &c->arrays, c->arrays.pressure,
                                        c->arrays.velocity[0]);
    double expected = expected_reduction(c, operation);
    double magnitude = (double)ns_grid_interior_cells(&c->solver->grid);
    char outcome[160], description[96];
    snprintf(outcome, sizeof outcome, "%s is %.17g, expected %.17g", names[operation], actual,
             expected);
    const ns_grid *g = &c->solver->grid;
    snprintf(description, sizeof description, "%s over %d x %d x %d cells", names[operation],
             g->n[0], g->n[1], g->n[2]);
    grade_record_case(reduction_matches(actual, expected, magnitude), case_number, cases,
                      description, outcome, __FILE__, __LINE__);
}

static void test_sums(void)
{
    for (int case_number = 1; case_number <= SUM_CASES; ++case_number) {
        ns_case c;
        make_case("ns-sums", case_number, &c);
        check_reduction(case_number, SUM_CASES, &c, (case_number - 1) % 3);
        free_case(&c);
    }
}

/* Half the cases hold a NaN somewhere in x: the maximum must be NaN. */
static void test_maxima(void)
{
    for (int case_number = 1; case_number <= MAX_CASES; ++case_number) {
        ns_case c;
        make_case("ns-maxima", case_number, &c);
        if (case_number % 2 == 0) {
            const ns_grid *g = &c.solver->grid;
            c.arrays.pressure[ns_index(g, g->n[0] - 1, g->n[1] / 2, g->n[2] - 1)] = (real)NAN;
        }
        check_reduction(case_number, MAX_CASES, &c, 3);
        free_case(&c);
    }
}

/* Minus the 1D Laplacian's eigenvalue of a mode, as the sheet defines it. */
static double eigenvalue(int periodic, int m, int n, double h)
{
    double theta = (periodic ? 2.0 : 1.0) * 3.14159265358979323846 * m / n;
    return 4.0 * sin(0.5 * theta) * sin(0.5 * theta) / (h * h);
}

static void test_eigenvalues(void)
{
    for (int case_number = 1; case_number <= EIGEN_CASES; ++case_number) {
        grade_rng rng = grade_case_rng("ns-eigenvalues", case_number);
        int n = grade_integer(&rng, 2, 64), periodic = case_number % 2;
        double h = grade_uniform(&rng, 0.01, 2.0), worst = 0.0;
        for (int m = 0; m < n; ++m) {
            double expected = eigenvalue(periodic, m, n, h);
            double actual = ns_serial_eigenvalue(periodic, m, n, h);
            worst = fmax(worst, fabs(actual - expected) / (4.0 / (h * h)));
        }
        char outcome[96], description[96];
        snprintf(outcome, sizeof outcome, "off by %.3g of the largest eigenvalue", worst);
        snprintf(description, sizeof description, "%d cells of %.3g m, %s", n, h,
                 periodic ? "periodic" : "between walls");
        grade_record_case(worst <= 1e-12, case_number, EIGEN_CASES, description, outcome,
                          __FILE__, __LINE__);
    }
}

/* |A M b - b| / |b| for a random b of zero mean on a random grid without
 * obstacles: M the backend's FFT solve (the student's eigenvalues and
 * divide inside FFTW's transforms), A minus the Laplacian of the common
 * stencils. */
static double inverse_error(const char *test_id, int case_number, char *description, size_t size)
{
    ns_case c;
    make_case(test_id, case_number, &c);
    ns_solver *s = c.solver;
    const ns_grid *g = &s->grid;
    snprintf(description, size, "%d x %d x %d cells, walls %d%d%d", g->n[0], g->n[1], g->n[2],
             g->wall[0].kind, g->wall[2].kind, g->wall[4].kind);
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
    free_case(&c);
    return error != error ? INFINITY : error;
}

static void test_fftw_solve(void)
{
    for (int case_number = 1; case_number <= SOLVE_CASES; ++case_number) {
        char description[96], outcome[96];
        double error = inverse_error("ns-fftw-solve", case_number, description, sizeof description);
        snprintf(outcome, sizeof outcome, "|A M b - b| / |b| = %.3g (at most %.1g)", error,
                 1e3 * SWE_TEST_EPSILON_OF_REAL);
        grade_record_case(error <= 1e3 * SWE_TEST_EPSILON_OF_REAL, case_number, SOLVE_CASES,
                          description, outcome, __FILE__, __LINE__);
    }
}

/* The divide of the cuFFT solve on a random spectrum of a random extended
 * grid, against the same divide written here. */
static void test_cufft_divide(void)
{
    for (int case_number = 1; case_number <= DIVIDE_CASES; ++case_number) {
        grade_rng rng = grade_case_rng("ns-cufft-divide", case_number);
        int n[NS_AXES] = {grade_integer(&rng, 2, 24), grade_integer(&rng, 2, 16),
                          grade_integer(&rng, 2, 16)};
        double *eigenvalues = malloc((size_t)(n[0] + n[1] + n[2]) * sizeof(double));
        size_t modes = (size_t)(n[0] / 2 + 1) * (size_t)n[1] * (size_t)n[2];
        grade_outputs actual = {0}, expected = {0};
        real *spectrum = grade_add_field(&actual, "spectrum", 2 * modes);
        real *wanted = grade_add_field(&expected, "spectrum", 2 * modes);
        for (int e = 0; e < n[0] + n[1] + n[2]; ++e) {
            int first = e == 0 || e == n[0] || e == n[0] + n[1];
            eigenvalues[e] = first ? 0.0 : grade_uniform(&rng, 0.1, 100.0);
        }
        double scale = grade_uniform(&rng, 1e-4, 1.0);
        for (size_t m = 0; m < modes; ++m) {
            size_t m0 = m % (size_t)(n[0] / 2 + 1), m1 = m / (size_t)(n[0] / 2 + 1) % (size_t)n[1];
            size_t m2 = m / ((size_t)(n[0] / 2 + 1) * (size_t)n[1]);
            double sum = eigenvalues[m0] + eigenvalues[n[0] + m1] + eigenvalues[n[0] + n[1] + m2];
            for (int part = 0; part < 2; ++part) {
                spectrum[2 * m + part] = (real)grade_uniform(&rng, -1, 1);
                wanted[2 * m + part] =
                    m == 0 ? (real)0 : (real)(spectrum[2 * m + part] * (scale / sum));
            }
        }
        ns_cuda_host_spectral_divide(n, eigenvalues, spectrum, scale);
        free(eigenvalues);
        char description[64];
        snprintf(description, sizeof description, "%d x %d x %d points", n[0], n[1], n[2]);
        grade_check_outputs(case_number, DIVIDE_CASES, description, &actual, &expected,
                            "the divide written in the grader", 64, __FILE__, __LINE__);
    }
}

static const grade_test momentum_tests[] = {
    {"serial", "serial: the momentum residual of each face (ns_gather, ns_momentum_residual)", 4,
     MOMENTUM_CASES, test_serial_momentum},
    {"planes", "CUDA level 2: planes in shared memory (load_plane, the barriers), on CPU threads",
     6, MOMENTUM_CASES, test_cuda_planes},
};

static const grade_test reduction_tests[] = {
    {"sums", "the terms and the tree: x . y, sums and counts over fluid cells, on CPU threads", 6,
     SUM_CASES, test_sums},
    {"maxima", "max |x| over the interior, a NaN winning, on CPU threads", 4, MAX_CASES,
     test_maxima},
};

static const grade_test preconditioner_tests[] = {
    {"eigenvalues", "the eigenvalues of minus the 1D Laplacian, periodic and between walls", 2,
     EIGEN_CASES, test_eigenvalues},
    {"fftw", "FFTW: the divide by the eigenvalues makes M the inverse of minus the Laplacian", 5,
     SOLVE_CASES, test_fftw_solve},
    {"cufft", "cuFFT: the divide of the spectrum (the kernel on CPU threads)", 3, DIVIDE_CASES,
     test_cufft_divide},
};

const grade_exercise grade_ns_momentum_exercise = {
    "11-ns-momentum-shared-memory", momentum_tests,
    (int)(sizeof momentum_tests / sizeof momentum_tests[0]), NULL};
const grade_exercise grade_ns_reduction_exercise = {
    "12-ns-cg-reductions", reduction_tests,
    (int)(sizeof reduction_tests / sizeof reduction_tests[0]), NULL};
const grade_exercise grade_ns_preconditioner_exercise = {
    "13-ns-fft-preconditioner", preconditioner_tests,
    (int)(sizeof preconditioner_tests / sizeof preconditioner_tests[0]), NULL};

#endif
