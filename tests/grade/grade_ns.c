/* Exercises 11 and 12, the Navier-Stokes momentum stencil and the CG's
 * reductions (exercises/11-ns-momentum-shared-memory, 12-ns-cg-reductions;
 * exercise 13 in grade_ns_preconditioner.c), graded on the CPU of any
 * machine: the CUDA kernels run on CPU threads, block by block with real
 * barriers, through the emulation of tests/ns/cuda_host/ (the kernel
 * source as the student wrote it, compiled as C++; the sandbox compiles it
 * against the submission: tools/teaching/grading/kit.py). The expected outputs, which
 * the grader's own build writes, come from this file and common code only
 * (the stencils of ns/grid/ns_stencils.h, sums in double), never from a
 * kernel. Built with FFTW (SWE_WITH_NS). */
#ifdef SWE_WITH_NS

#include "ns/grid/ns_stencils.h"
#include "tests/grade/grade_ns_cases.h"
#include "tests/ns/cuda_host/ns_cuda_host.h"

#include <math.h>
#include <stdio.h>

enum { MOMENTUM_CASES = 6, SUM_CASES = 6, MAX_CASES = 4 };

/* A student may order the stencil's terms otherwise: ulps of the largest
 * terms (values near 50, residuals near 1). */
static const double RESIDUAL_ULPS = 1.0e4;
/* Sums of the tree and of the loop differ by the rounding of the additions
 * (in double): 1e-12 of the number of cells (terms of at most 1), as ulps
 * of a double times the case's cells (grade_ns_reduction_ulps). */
static const double REDUCTION_BOUND = 1.0e-12;

typedef struct momentum_input {
    const char *test_id;
    int case_number;
    int level; /* 0: the serial kernel, else the CUDA level on CPU threads */
} momentum_input;

/* The residual of the interior faces of c as outputs ru, rv, rw, from the
 * case's arrays (kernel nonzero) or from the common stencils; the hint
 * names what the level computed them with. */
static void residual_outputs(const ns_case *c, int kernel, int level, grade_outputs *outputs)
{
    static const char *const names[NS_AXES] = {"ru", "rv", "rw"};
    const ns_grid *g = &c->solver->grid;
    const ns_geometry *geometry = &c->arrays.geometry;
    const int numbers[GRADE_LAYOUT_NUMBERS] = {g->n[0], g->n[1], g->n[2]};
    for (int axis = 0; axis < NS_AXES; ++axis) {
        real *values =
            grade_add_field(outputs, names[axis], ns_grid_interior_cells(g), GRADE_VOLUME, numbers);
        grade_hint(outputs, level == 2
                                ? "level 2: load_plane copies plane k + 1 into its slot of the "
                                  "tiles, with __syncthreads() before (the slot held plane k - 2, "
                                  "which threads may still read) and after (before any thread "
                                  "reads it); a value never loaded reads as NaN"
                                : "the face on the low side of the cell; ns_gather and "
                                  "ns_momentum_residual of ns/grid/ns_stencils.h");
        for (int k = 0; k < g->n[2]; ++k) {
            for (int j = 0; j < g->n[1]; ++j) {
                for (int i = 0; i < g->n[0]; ++i, ++values) {
                    long cell = (long)ns_index(g, i, j, k);
                    if (kernel) {
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

/* Level 2's tiles and barriers: whether the launch wrote shared memory
 * and waited at barriers (used nonzero: as the emulation counted them;
 * zero: the expected 1 and 1). A kernel that reads its neighbours from
 * global memory gives the right residual without the exercise's work. */
static void tile_outputs(int used, grade_outputs *outputs)
{
    long barriers = 1, shared_bytes = 1;
    if (used) {
        ns_cuda_host_launch_use(&barriers, &shared_bytes);
    }
    double *value = grade_add_doubles(outputs, "shared_memory_written", 1, GRADE_LIST, NULL);
    grade_hint(outputs, "level 2 loads its planes into the block's shared memory (load_plane) "
                        "and reads its neighbours from there");
    *value = shared_bytes > 0;
    value = grade_add_doubles(outputs, "barriers_waited_at", 1, GRADE_LIST, NULL);
    grade_hint(outputs, "level 2's threads meet at __syncthreads() between loading a plane and "
                        "reading it, and before the next plane overwrites it");
    *value = barriers > 0;
}

static void kernel_momentum(const void *kernels, const void *input, grade_outputs *outputs)
{
    (void)kernels;
    const momentum_input *in = input;
    ns_case c;
    grade_ns_make_case(in->test_id, in->case_number, &c);
    if (in->level == 0) {
        for (int k = 0; k < c.solver->grid.n[2]; ++k) {
            ns_serial_momentum_plane(&c.arrays, k);
        }
    } else {
        long ignored[2];
        ns_cuda_host_launch_use(&ignored[0], &ignored[1]);
        ns_cuda_host_momentum(in->level, &c.arrays, in->case_number);
    }
    residual_outputs(&c, 1, in->level, outputs);
    if (in->level == 2) {
        tile_outputs(1, outputs);
    }
    grade_ns_free_case(&c);
}

static void stencil_momentum(const void *kernels, const void *input, grade_outputs *outputs)
{
    (void)kernels;
    const momentum_input *in = input;
    ns_case c;
    grade_ns_make_case(in->test_id, in->case_number, &c);
    residual_outputs(&c, 0, in->level, outputs);
    if (in->level == 2) {
        tile_outputs(0, outputs);
    }
    grade_ns_free_case(&c);
}

static void emit_momentum(const char *test_id, int level)
{
    for (int case_number = 1; case_number <= MOMENTUM_CASES; ++case_number) {
        momentum_input input = {test_id, case_number, level};
        char description[96];
        grade_ns_describe(test_id, case_number, description, sizeof description);
        grade_case a_case = {case_number, MOMENTUM_CASES, description, RESIDUAL_ULPS};
        grade_emit_case(&a_case, (grade_side){kernel_momentum, NULL},
                        (grade_side){stencil_momentum, NULL}, &input);
    }
}

static void test_serial_momentum(void)
{
    emit_momentum("ns-serial-momentum", 0);
}

static void test_cuda_planes(void)
{
    emit_momentum("ns-cuda-planes", 2);
}

typedef struct reduction_input {
    const char *test_id;
    int case_number;
    int operation; /* 0 x . y, 1 the sum over fluid cells, 2 the fluid cells, 3 max |x| */
} reduction_input;

/* Case c of a reduction test; the maxima's even cases hold a NaN in x. */
static void make_reduction_case(const reduction_input *in, ns_case *c)
{
    grade_ns_make_case(in->test_id, in->case_number, c);
    if (in->operation == 3 && in->case_number % 2 == 0) {
        const ns_grid *g = &c->solver->grid;
        c->arrays.pressure[ns_index(g, g->n[0] - 1, g->n[1] / 2, g->n[2] - 1)] = (real)NAN;
    }
}

/* What one reduction of the CG gives over the interior of c, in plain
 * loops (x: the pressure, y: u). */
static double loop_reduction(const ns_case *c, int operation)
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

static void reduction_outputs(const void *kernels, const void *input, grade_outputs *outputs)
{
    static const char *const names[] = {"x_dot_y", "sum_over_fluid", "fluid_cells", "max_abs_x"};
    const reduction_input *in = input;
    ns_case c;
    make_reduction_case(in, &c);
    double *value = grade_add_doubles(outputs, names[in->operation], 1, GRADE_LIST, NULL);
    *value = kernels != NULL ? ns_cuda_host_reduce(in->operation, &c.arrays, c.arrays.pressure,
                                                   c.arrays.velocity[0])
                             : loop_reduction(&c, in->operation);
    grade_ns_free_case(&c);
}

static void emit_reductions(const char *test_id, int cases, int first_operation, int operations)
{
    static const int kernel_marker = 1;
    static const char *const words[] = {"x . y", "the sum over fluid cells", "the fluid cells",
                                        "max |x|"};
    for (int case_number = 1; case_number <= cases; ++case_number) {
        reduction_input input = {test_id, case_number,
                                 first_operation + (case_number - 1) % operations};
        char grid[64], description[128];
        grade_ns_describe(test_id, case_number, grid, sizeof grid);
        snprintf(description, sizeof description, "%s over %s%s", words[input.operation], grid,
                 input.operation == 3 && case_number % 2 == 0 ? ", one NaN in x" : "");
        double ulps = REDUCTION_BOUND / 2.2e-16 * grade_ns_interior_cells(test_id, case_number);
        grade_case a_case = {case_number, cases, description, ulps};
        grade_emit_case(&a_case, (grade_side){reduction_outputs, &kernel_marker},
                        (grade_side){reduction_outputs, NULL}, &input);
    }
}

static void test_sums(void)
{
    emit_reductions("ns-sums", SUM_CASES, 0, 3);
}

static void test_maxima(void)
{
    emit_reductions("ns-maxima", MAX_CASES, 3, 1);
}

static const grade_test momentum_tests[] = {
    {"serial", "serial: the momentum residual of each face (ns_gather, ns_momentum_residual)", 4,
     MOMENTUM_CASES, test_serial_momentum, 0},
    {"planes", "CUDA level 2: planes in shared memory (load_plane, the barriers), on CPU threads",
     6, MOMENTUM_CASES, test_cuda_planes, 0},
};

static const grade_test reduction_tests[] = {
    {"sums", "the terms and the tree: x . y, sums and counts over fluid cells, on CPU threads", 6,
     SUM_CASES, test_sums, 0},
    {"maxima", "max |x| over the interior, a NaN winning, on CPU threads", 4, MAX_CASES,
     test_maxima, 0},
};

const grade_exercise grade_ns_momentum_exercise = {
    "11-ns-momentum-shared-memory", momentum_tests,
    (int)(sizeof momentum_tests / sizeof momentum_tests[0])};
const grade_exercise grade_ns_reduction_exercise = {
    "12-ns-cg-reductions", reduction_tests,
    (int)(sizeof reduction_tests / sizeof reduction_tests[0])};

#endif
