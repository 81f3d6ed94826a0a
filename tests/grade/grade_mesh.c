/* Exercise 15 (exercises/15-mesh-edge-flux-and-gather): the TODOs of
 * skeletons/serial/mesh/mesh_serial_kernels.c on random triangle meshes
 * with random conditions and states (grade_mesh_cases.h), then whole
 * steps through the serial backend, and the same water in two numberings,
 * which the gather must turn into the same bits. The grader's build links
 * the reference kernels under the same names, so one side computes both
 * the expected and the actual outputs (grade_support.h). */
#include "backends/serial/mesh/mesh_serial_kernels.h"
#include "mesh/numerics/mesh_cell_kernels.h"
#include "tests/grade/grade_mesh_cases.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

extern const swe_mesh_backend swe_mesh_serial_backend;

enum { CASES = 8, STEP_CASES = 6, STEPS = 4 };

/* The element kernels are the same code on both sides: only the order of
 * a few additions could differ. Whole steps carry such differences. */
static const double KERNEL_ULPS = 8;
static const double STEP_ULPS = 1.0e3;

typedef struct mesh_input {
    const char *test_id;
    int case_number;
} mesh_input;

/* Case case_number of test_id in its drawn numbering and order. */
static void make_case(const void *input, grade_mesh_case *c)
{
    const mesh_input *in = input;
    grade_mesh_make_case(in->test_id, in->case_number, GRADE_MESH_ANY_ORDERING, 0, c);
}

/* Emits every case of a test whose outputs compute() writes; both
 * builds link their own kernels under the same names. */
static void emit_cases(const char *test_id, int cases, grade_compute compute, double ulps)
{
    for (int k = 1; k <= cases; ++k) {
        mesh_input input = {test_id, k};
        grade_mesh_case c;
        make_case(&input, &c);
        grade_case a_case = {k, cases, c.description, ulps};
        grade_emit_case(&a_case, (grade_side){compute, NULL}, (grade_side){compute, NULL}, &input);
        grade_mesh_free_case(&c);
    }
}

static void gradient_outputs(const void *kernels, const void *input, grade_outputs *outputs)
{
    (void)kernels;
    grade_mesh_case c;
    make_case(input, &c);
    swe_mesh_serial_gradients(&c.run.host);
    const swe_mesh_arrays *a = &c.run.host;
    const char *hint = "TODO 1: swe_mesh_gradient(arrays, c) for every cell";
#define ADD(name) grade_mesh_add_cells(outputs, #name, &c, a->name, hint);
    SWE_MESH_GRADIENT_ARRAYS(ADD)
#undef ADD
    grade_mesh_free_case(&c);
}

static void edge_outputs(const void *kernels, const void *input, grade_outputs *outputs)
{
    (void)kernels;
    grade_mesh_case c;
    make_case(input, &c);
    swe_mesh_arrays *a = &c.run.host;
    int second = c.run.order == 2;
    for (int cell = 0; second && cell < a->cell_count; ++cell) {
        swe_mesh_gradient(a, cell); /* the reference's gradients, not TODO 1's */
    }
    swe_mesh_launch launch = {0, second, 0, (real)0, (real)0};
    swe_mesh_serial_edge_fluxes(a, launch);
    const char *hint = "TODO 2: swe_mesh_interior_edge on edges 0..interior_edge_count-1, "
                       "swe_mesh_boundary_edge on the rest";
    int all = a->edge_count, interior = a->interior_edge_count;
    grade_mesh_add_edges(outputs, "flux_left_h", &c, a->flux_left_h, all, hint);
    grade_mesh_add_edges(outputs, "flux_left_hu", &c, a->flux_left_hu, all, hint);
    grade_mesh_add_edges(outputs, "flux_left_hv", &c, a->flux_left_hv, all, hint);
    grade_mesh_add_edges(outputs, "flux_right_h", &c, a->flux_right_h, interior, hint);
    grade_mesh_add_edges(outputs, "flux_right_hu", &c, a->flux_right_hu, interior, hint);
    grade_mesh_add_edges(outputs, "flux_right_hv", &c, a->flux_right_hv, interior, hint);
    grade_mesh_add_edges(outputs, "edge_time_step", &c, a->edge_time_step, all, hint);
    grade_mesh_free_case(&c);
}

/* Edge time steps with a twist by case: one NaN (which must win), edges
 * without waves (no limit) around one that limits, or plain. */
static void time_step_outputs(const void *kernels, const void *input, grade_outputs *outputs)
{
    (void)kernels;
    const mesh_input *in = input;
    grade_mesh_case c;
    make_case(input, &c);
    grade_rng rng = grade_case_rng("mesh-time-step-values", in->case_number);
    swe_mesh_arrays *a = &c.run.host;
    int twist = in->case_number % 3;
    for (int e = 0; e < a->edge_count; ++e) {
        a->edge_time_step[e] =
            twist == 2 ? SWE_MESH_NO_TIME_LIMIT : (real)grade_uniform(&rng, 1.0e-3, 10);
    }
    int chosen = grade_integer(&rng, 0, a->edge_count - 1);
    a->edge_time_step[chosen] = twist == 1 ? (real)NAN : (real)grade_uniform(&rng, 1.0e-4, 1.0e-3);
    real *value = grade_add_value(outputs, "time_step");
    grade_hint(outputs, "TODO 3: smallest = swe_mesh_min_step(smallest, edge_time_step[e]) over "
                        "every edge (a NaN must win)");
    *value = swe_mesh_serial_min_time_step(a);
    grade_mesh_free_case(&c);
}

/* Random fluxes on every edge: the gather alone, cell by cell. */
static void gather_outputs(const void *kernels, const void *input, grade_outputs *outputs)
{
    (void)kernels;
    const mesh_input *in = input;
    grade_mesh_case c;
    make_case(input, &c);
    grade_mesh_random_fluxes(&c, "mesh-gather-fluxes", in->case_number);
    swe_mesh_arrays *a = &c.run.host;
    /* The sums in the stage arrays, which the gather does not touch. */
    for (int cell = 0; cell < a->cell_count; ++cell) {
        swe_mesh_flux_sum sum = swe_mesh_serial_gather(a, cell);
        a->h_stage[cell] = sum.h;
        a->hu_stage[cell] = sum.hu;
        a->hv_stage[cell] = sum.hv;
    }
    const char *hint = "TODO 4: minus flux_left_* where the cell is the edge's left cell, plus "
                       "flux_right_* where it is the right one, over cell_edge_0, 1, 2 in order";
    grade_mesh_add_cells(outputs, "sum_h", &c, a->h_stage, hint);
    grade_mesh_add_cells(outputs, "sum_hu", &c, a->hu_stage, hint);
    grade_mesh_add_cells(outputs, "sum_hv", &c, a->hv_stage, hint);
    grade_mesh_free_case(&c);
}

static void add_state(grade_outputs *outputs, const grade_mesh_case *c, const char *hint)
{
    grade_mesh_add_cells(outputs, "h", c, c->run.host.h, hint);
    grade_mesh_add_cells(outputs, "hu", c, c->run.host.hu, hint);
    grade_mesh_add_cells(outputs, "hv", c, c->run.host.hv, hint);
}

/* STEPS steps through the serial backend: every TODO at once. */
static void step_outputs(const void *kernels, const void *input, grade_outputs *outputs)
{
    (void)kernels;
    grade_mesh_case c;
    make_case(input, &c);
    double *dts = grade_add_doubles(outputs, "dt", STEPS, GRADE_STEPS, NULL);
    grade_hint(outputs, "TODO 2 and 3 (the edges and their smallest time step)");
    grade_mesh_steps(&c, &swe_mesh_serial_backend, STEPS, dts);
    add_state(outputs, &c, "TODO 1 to 5 together; the tests of each TODO say more");
    grade_mesh_free_case(&c);
}

/* The same water in a random numbering and in rcm+edges, stepped: the
 * state, and how many cells differ in any bit between the two numberings
 * (a gather in the cell's listed edge order makes none). */
static void numbering_outputs(const void *kernels, const void *input, grade_outputs *outputs)
{
    (void)kernels;
    const mesh_input *in = input;
    grade_mesh_case shuffled, sorted;
    grade_mesh_make_case(in->test_id, in->case_number, SWE_MESH_ORDERING_RANDOM, 0, &shuffled);
    grade_mesh_make_case(in->test_id, in->case_number, SWE_MESH_ORDERING_RCM_EDGES, 0, &sorted);
    grade_mesh_steps(&shuffled, &swe_mesh_serial_backend, STEPS, NULL);
    grade_mesh_steps(&sorted, &swe_mesh_serial_backend, STEPS, NULL);
    add_state(outputs, &shuffled, "TODO 1 to 5 together; the tests of each TODO say more");
    int cells = shuffled.run.mesh.cell_count, differing = 0;
    for (int a = 0; a < cells; ++a) {
        int file = shuffled.run.mesh.cell_file_index[a], b = 0;
        while (b < cells && sorted.run.mesh.cell_file_index[b] != file) {
            ++b;
        }
        const swe_mesh_arrays *x = &shuffled.run.host, *y = &sorted.run.host;
        differing += b == cells || memcmp(&x->h[a], &y->h[b], sizeof(real)) != 0 ||
                     memcmp(&x->hu[a], &y->hu[b], sizeof(real)) != 0 ||
                     memcmp(&x->hv[a], &y->hv[b], sizeof(real)) != 0;
    }
    double *count =
        grade_add_doubles(outputs, "cells_that_differ_between_numberings", 1, GRADE_LIST, NULL);
    grade_hint(outputs, "TODO 4: add the edges in the cell's listed order (cell_edge_0, 1, 2), "
                        "not by edge number, so that every numbering gives the same bits");
    *count = differing;
    grade_mesh_free_case(&shuffled);
    grade_mesh_free_case(&sorted);
}

static void test_gradients(void)
{
    emit_cases("mesh-gradients", CASES, gradient_outputs, KERNEL_ULPS);
}

static void test_edges(void)
{
    emit_cases("mesh-edges", CASES, edge_outputs, KERNEL_ULPS);
}

static void test_time_step(void)
{
    emit_cases("mesh-time-step", 6, time_step_outputs, 0);
}

static void test_gather(void)
{
    emit_cases("mesh-gather", CASES, gather_outputs, KERNEL_ULPS);
}

static void test_steps(void)
{
    emit_cases("mesh-steps", STEP_CASES, step_outputs, STEP_ULPS);
}

static void test_numberings(void)
{
    emit_cases("mesh-numberings", STEP_CASES, numbering_outputs, STEP_ULPS);
}

static const grade_test mesh_tests[] = {
    {"gradients", "TODO 1: the gradient sweep over the cells", 1, CASES, test_gradients, 0},
    {"edges", "TODO 2: the edge sweep, interior then boundary edges (first and second order)", 3,
     CASES, test_edges, 0},
    {"time-step", "TODO 3: the smallest edge time step, a NaN winning", 1, 6, test_time_step, 0},
    {"gather", "TODO 4: the gather of a cell's three edge fluxes (indirect addressing)", 2, CASES,
     test_gather, 0},
    {"steps", "TODO 5 and all: four steps through the serial backend", 2, STEP_CASES, test_steps,
     0},
    {"numberings", "the same bits for two numberings of the same water (the gather's order)", 1,
     STEP_CASES, test_numberings, 0},
};

const grade_exercise grade_mesh_edge_gather_exercise = {
    "15-mesh-edge-flux-and-gather", mesh_tests, (int)(sizeof mesh_tests / sizeof mesh_tests[0])};
