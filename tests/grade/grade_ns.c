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
#include "grade_ns_cases.h"
#include "staggered/ns_stencils.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MOMENTUM_CASES = 6, SUM_CASES = 6, MAX_CASES = 4 };

/* A student may order the stencil's terms otherwise: ulps of the largest
 * terms (values near 50, residuals near 1). */
static const double RESIDUAL_ULPS = 1.0e4;

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
        grade_ns_make_case(test_id, case_number, &c);
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
        snprintf(description, sizeof description, "%d x %d x %d cells", g->n[0], g->n[1], g->n[2]);
        grade_check_outputs(case_number, MOMENTUM_CASES, description, &actual, &expected,
                            "the stencils of staggered/ns_stencils.h", RESIDUAL_ULPS, __FILE__,
                            __LINE__);
        grade_ns_free_case(&c);
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
    double actual =
        ns_cuda_host_reduce(operation, &c->arrays, c->arrays.pressure, c->arrays.velocity[0]);
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
        grade_ns_make_case("ns-sums", case_number, &c);
        check_reduction(case_number, SUM_CASES, &c, (case_number - 1) % 3);
        grade_ns_free_case(&c);
    }
}

/* Half the cases hold a NaN somewhere in x: the maximum must be NaN. */
static void test_maxima(void)
{
    for (int case_number = 1; case_number <= MAX_CASES; ++case_number) {
        ns_case c;
        grade_ns_make_case("ns-maxima", case_number, &c);
        if (case_number % 2 == 0) {
            const ns_grid *g = &c.solver->grid;
            c.arrays.pressure[ns_index(g, g->n[0] - 1, g->n[1] / 2, g->n[2] - 1)] = (real)NAN;
        }
        check_reduction(case_number, MAX_CASES, &c, 3);
        grade_ns_free_case(&c);
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

const grade_exercise grade_ns_momentum_exercise = {
    "11-ns-momentum-shared-memory", momentum_tests,
    (int)(sizeof momentum_tests / sizeof momentum_tests[0]), NULL};
const grade_exercise grade_ns_reduction_exercise = {
    "12-ns-cg-reductions", reduction_tests,
    (int)(sizeof reduction_tests / sizeof reduction_tests[0]), NULL};

#endif
