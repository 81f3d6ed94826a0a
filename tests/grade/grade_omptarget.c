/* Exercise 20 (exercises/20-omptarget-map-and-teams): the TODOs of
 * skeletons/omptarget/cartesian/omptarget_kernels.c on the host fall-back
 * (every kernel called with device(omp_get_initial_device())), where a
 * target region gives serial's bits: the ghost layers, the update with its
 * max reduction and the max wave speed on random blocks, bit for bit with
 * the reference; the directives themselves (grade_omptarget_guard.h):
 * each kernel must run in a target region whose map clauses name every
 * array it reads (`to`) and writes (`tofrom`), whose loop is spread over
 * teams and over their threads, and touch none of them outside; and whole runs of the backend at
 * its three levels against the serial backend. That the data stays on a GPU, and what a map clause
 * that names too little does there, only a GPU shows. */
#include "backends/omptarget/cartesian/omptarget_kernels.h"
#include "cartesian/grid/boundary.h"
#include "cartesian/numerics/edge_updates.h"
#include "shallow_water/solver_names.h"
#include "tests/grade/grade_omptarget_guard.h"
#include "tests/grade/grade_support.h"

#include <omp.h>
#include <string.h>

extern const swe_cartesian_backend swe_cartesian_omptarget_backend, swe_cartesian_serial_backend;

enum { KERNEL_CASES = 8, DIRECTIVE_CASES = 6, RUN_CASES = 6 };
enum kernel { GHOSTS, UPDATE, SPEED, KERNELS };

/* A random block, its kernels' grid, and the arrays the kernels take. */
typedef struct target_case {
    swe_block block;
    swe_omptarget_grid grid;
    real dt;
    enum kernel kernel;
} target_case;

typedef struct target_arrays {
    size_t n, planes;
    real *h, *hu, *hv, *b, *vertical, *horizontal;
} target_arrays;

static void make_target_case(const char *test_id, int case_number, enum kernel kernel,
                             target_case *c)
{
    grade_rng rng = grade_case_rng(test_id, case_number);
    memset(c, 0, sizeof *c);
    int nx = grade_integer(&rng, 1, 40), ny = grade_integer(&rng, 1, 30);
    nx = nx * ny < 2 ? 2 : nx;
    swe_error err;
    if (swe_block_create(&c->block, nx, ny, 0, 0, nx * grade_uniform(&rng, 0.5, 2),
                         ny * grade_uniform(&rng, 0.5, 2), &err) != SWE_OK) {
        grade_harness_failure(err.message);
    }
    for (int e = 0; e < SWE_EDGE_COUNT; ++e) {
        c->block.boundary[e] = grade_integer(&rng, 0, 1) ? SWE_BOUNDARY_OUTFLOW : SWE_BOUNDARY_WALL;
    }
    grade_random_moving_state(&rng, &c->block);
    if (kernel != GHOSTS) {
        swe_set_boundary_layers(&c->block); /* the ghost layers keep their random values else */
    }
    int wall_edges, derived_edges;
    swe_boundary_masks(&c->block, &wall_edges, &derived_edges);
    c->kernel = kernel;
    c->dt = (real)grade_uniform(&rng, 0.002, 0.05);
    c->grid = (swe_omptarget_grid){
        .nx = nx,
        .ny = ny,
        .stride = c->block.stride,
        .values = swe_block_size(&c->block),
        .dx = c->block.dx,
        .dy = c->block.dy,
        .manning = case_number % 2 == 0 ? (real)grade_uniform(&rng, 0.01, 0.05) : (real)0,
        .solver = (enum swe_solver)((case_number - 1) % SWE_SOLVER_COUNT),
        .wall_edges = wall_edges,
        .derived_edges = derived_edges,
        .device = omp_get_initial_device()};
}

/* The case's state in arrays of their own pages; for the update, the net
 * updates of its edges from the backend's solver loops. */
static target_arrays make_arrays(const target_case *c)
{
    target_arrays a = {.n = c->grid.values, .planes = SWE_NET_UPDATE_PLANES * c->grid.values};
    const size_t bytes = a.n * sizeof(real);
    a.h = memcpy(grade_guard_alloc(a.n), c->block.h, bytes);
    a.hu = memcpy(grade_guard_alloc(a.n), c->block.hu, bytes);
    a.hv = memcpy(grade_guard_alloc(a.n), c->block.hv, bytes);
    a.b = memcpy(grade_guard_alloc(a.n), c->block.b, bytes);
    if (c->kernel == UPDATE) {
        a.vertical = grade_guard_alloc(a.planes);
        a.horizontal = grade_guard_alloc(a.planes);
        const swe_omptarget_state state = {a.h, a.hu, a.hv};
        swe_omptarget_net_updates(&c->grid, state, a.b,
                                  (swe_omptarget_edges){a.vertical, a.horizontal});
    }
    return a;
}

static void free_arrays(target_arrays *a)
{
    grade_guard_free(a->h, a->n);
    grade_guard_free(a->hu, a->n);
    grade_guard_free(a->hv, a->n);
    grade_guard_free(a->b, a->n);
    grade_guard_free(a->vertical, a->planes);
    grade_guard_free(a->horizontal, a->planes);
}

/* Calls the case's kernel; its max wave speed, or 0 for the ghost layers. */
static real call_kernel(const target_case *c, const target_arrays *a)
{
    const swe_omptarget_state state = {a->h, a->hu, a->hv};
    switch (c->kernel) {
    case GHOSTS:
        swe_omptarget_ghost_layers(&c->grid, state, a->b);
        return 0;
    case UPDATE:
        return swe_omptarget_update(&c->grid, state, c->dt,
                                    (swe_omptarget_edges){a->vertical, a->horizontal});
    default:
        return swe_omptarget_max_wave_speed(&c->grid, state);
    }
}

static const char *const kernel_names[KERNELS] = {
    "TODO 1, the ghost layers (swe_omptarget_ghost_layers)",
    "TODO 2, the update (swe_omptarget_update)",
    "TODO 3, the max wave speed (swe_omptarget_max_wave_speed)"};

static void compute_kernel(const void *kernels, const void *input, grade_outputs *outputs)
{
    (void)kernels;
    const target_case *c = input;
    const int nx = c->grid.nx, ny = c->grid.ny;
    target_arrays a = make_arrays(c);
    const real speed = call_kernel(c, &a);
    if (c->kernel != SPEED) {
        const size_t bytes = a.n * sizeof(real);
        memcpy(grade_add_block(outputs, "h", nx, ny), a.h, bytes);
        grade_hint(outputs, kernel_names[c->kernel]);
        memcpy(grade_add_block(outputs, "hu", nx, ny), a.hu, bytes);
        memcpy(grade_add_block(outputs, "hv", nx, ny), a.hv, bytes);
    }
    if (c->kernel == GHOSTS) {
        memcpy(grade_add_block(outputs, "b", nx, ny), a.b, a.n * sizeof(real));
    } else {
        *grade_add_value(outputs, "wave_speed") = speed;
        grade_hint(outputs, c->kernel == UPDATE
                                ? "TODO 2: reduction(max : max_speed) of the new cells' speed bits"
                                : "TODO 3: reduction(max : max_speed) of the cells' speed bits");
    }
    free_arrays(&a);
}

static void emit_kernel_cases(const char *test_id, enum kernel kernel)
{
    const grade_side linked = {compute_kernel, NULL};
    for (int k = 1; k <= KERNEL_CASES; ++k) {
        target_case c;
        make_target_case(test_id, k, kernel, &c);
        char description[160];
        snprintf(description, sizeof description, "%s, nx=%d, ny=%d, %s, on the host fall-back",
                 kernel_names[kernel], c.grid.nx, c.grid.ny, swe_solver_name(c.grid.solver));
        const grade_case a_case = {k, KERNEL_CASES, description, 0};
        grade_emit_case(&a_case, linked, linked, &c);
        swe_block_destroy(&c.block);
    }
}

static void test_ghosts(void)
{
    emit_kernel_cases("ghosts", GHOSTS);
}

static void test_update(void)
{
    emit_kernel_cases("update", UPDATE);
}

static void test_speed(void)
{
    emit_kernel_cases("speed", SPEED);
}

/* ---- The directives: which arrays each kernel's regions map, and how. */

typedef struct watched {
    const char *field; /* the output's name: the array and the clause it needs */
    int array;         /* index into target_arrays' pointers below */
    unsigned needs;    /* GRADE_MAP_TO, GRADE_MAP_FROM */
} watched;

enum { WATCHED_MAX = 5 };
static const watched watched_arrays[KERNELS][WATCHED_MAX] = {
    {{"h_mapped_tofrom", 0, 3},
     {"hu_mapped_tofrom", 1, 3},
     {"hv_mapped_tofrom", 2, 3},
     {"b_mapped_tofrom", 3, 3}},
    {{"h_mapped_tofrom", 0, 3},
     {"hu_mapped_tofrom", 1, 3},
     {"hv_mapped_tofrom", 2, 3},
     {"vertical_mapped_to", 4, 1},
     {"horizontal_mapped_to", 5, 1}},
    {{"h_mapped_to", 0, 1}, {"hu_mapped_to", 1, 1}, {"hv_mapped_to", 2, 1}}};

static int watched_count(enum kernel kernel)
{
    int count = 0;
    while (count < WATCHED_MAX && watched_arrays[kernel][count].field != NULL) {
        ++count;
    }
    return count;
}

/* The fields of a directives case; values set by the caller. */
typedef struct directive_fields {
    real *in_region, *teams, *threads, *outside, *maps[WATCHED_MAX];
} directive_fields;

static directive_fields add_directive_fields(const target_case *c, grade_outputs *outputs)
{
    directive_fields f = {0};
    f.in_region = grade_add_value(outputs, "ran_in_a_target_region");
    grade_hint(outputs, "the loop needs `#pragma omp target teams distribute parallel for ...` in "
                        "front of it: without it, it runs as plain host code");
    f.teams = grade_add_value(outputs, "spread_over_teams");
    grade_hint(outputs, "`teams distribute` splits the loop's iterations over the teams (the "
                        "blocks of a GPU): without it one team does all");
    f.threads = grade_add_value(outputs, "spread_over_threads");
    grade_hint(outputs, "`parallel for` splits a team's iterations over its threads: without it "
                        "one thread of each team works");
    for (int w = 0; w < watched_count(c->kernel); ++w) {
        f.maps[w] = grade_add_value(outputs, watched_arrays[c->kernel][w].field);
        grade_hint(outputs, "an array the loop reads needs map(to: ...), one it writes "
                            "map(tofrom: ...), of all its values: on a GPU an unmapped array is "
                            "not there");
    }
    f.outside = grade_add_value(outputs, "touched_the_arrays_outside_a_target_region");
    grade_hint(outputs, "the arrays must be read and written only inside the target region: on a "
                        "GPU the host's copies are not the device's");
    return f;
}

/* The student's build: the kernel run with its arrays watched. */
static void compute_directives(const void *kernels, const void *input, grade_outputs *outputs)
{
    (void)kernels;
    const target_case *c = input;
    directive_fields f = add_directive_fields(c, outputs);
    target_arrays a = make_arrays(c);
    real *const pointers[] = {a.h, a.hu, a.hv, a.b, a.vertical, a.horizontal};
    real *arrays[WATCHED_MAX];
    size_t values[WATCHED_MAX];
    const int count = watched_count(c->kernel);
    for (int w = 0; w < count; ++w) {
        arrays[w] = pointers[watched_arrays[c->kernel][w].array];
        values[w] = watched_arrays[c->kernel][w].array >= 4 ? a.planes : a.n;
    }
    grade_guard_arm(arrays, values, count);
    call_kernel(c, &a);
    grade_guard_disarm();
    const grade_guard_report report = grade_guard_report_now();
    *f.in_region = report.regions > 0;
    *f.teams = (real)report.teams;
    *f.threads = (real)report.parallel;
    for (int w = 0; w < count; ++w) {
        const unsigned needs = watched_arrays[c->kernel][w].needs;
        *f.maps[w] = (report.maps[w] & needs) == needs;
    }
    *f.outside = (real)report.touched_outside;
    free_arrays(&a);
}

/* The grader's build, whose libgomp is not watched: what the sheet asks of
 * every kernel (the reference's regions give it: make teaching-check). */
static void expected_directives(const void *kernels, const void *input, grade_outputs *outputs)
{
    (void)kernels;
    const target_case *c = input;
    directive_fields f = add_directive_fields(c, outputs);
    *f.in_region = 1;
    *f.teams = 1;
    *f.threads = 1;
    for (int w = 0; w < watched_count(c->kernel); ++w) {
        *f.maps[w] = 1;
    }
    *f.outside = 0;
}

static void test_directives(void)
{
    const grade_side actual = {compute_directives, NULL};
    const grade_side expected = {expected_directives, NULL};
    for (int k = 1; k <= DIRECTIVE_CASES; ++k) {
        target_case c;
        make_target_case("directives", k, (enum kernel)((k - 1) % KERNELS), &c);
        char description[160];
        snprintf(description, sizeof description,
                 "%s, nx=%d, ny=%d: in a target region, the arrays mapped, none touched outside",
                 kernel_names[c.kernel], c.grid.nx, c.grid.ny);
        const grade_case a_case = {k, DIRECTIVE_CASES, description, 0};
        grade_emit_case(&a_case, actual, expected, &c);
        swe_block_destroy(&c.block);
    }
}

/* ---- Whole runs of the backend at each level, against the serial one. */

static void compute_run(const void *backend, const void *input, grade_outputs *outputs)
{
    grade_run_outputs(backend, input, outputs);
}

static void test_runs(void)
{
    const grade_side actual = {compute_run, &swe_cartesian_omptarget_backend};
    const grade_side expected = {compute_run, &swe_cartesian_serial_backend};
    for (int k = 1; k <= RUN_CASES; ++k) {
        grade_rng rng = grade_case_rng("runs", k);
        const grade_run run = {.scenario = k % 2 ? "radial-dam-break" : "bump-dam-break",
                               .nx = grade_integer(&rng, 6, 30),
                               .ny = grade_integer(&rng, 6, 30),
                               .steps = 20,
                               .solver = (enum swe_solver)((k - 1) % SWE_SOLVER_COUNT),
                               .level = 1 + (k - 1) % 3};
        char description[128];
        snprintf(description, sizeof description, "%s, %s, %d x %d cells, %d steps, level %d",
                 run.scenario, swe_solver_name(run.solver), run.nx, run.ny, run.steps, run.level);
        const grade_case a_case = {k, RUN_CASES, description, 0};
        grade_emit_case(&a_case, actual, expected, &run);
    }
}

static const grade_test omptarget_tests[] = {
    {"ghosts", "TODO 1: the ghost layers in a target loop, serial's bits", 2, KERNEL_CASES,
     test_ghosts, 0},
    {"update", "TODO 2: the update and its max reduction, serial's bits", 2, KERNEL_CASES,
     test_update, 0},
    {"speed", "TODO 3: the max wave speed as a max reduction, serial's bits", 1, KERNEL_CASES,
     test_speed, 0},
    {"directives", "TODO 1-3: target regions that map what they use, no loop left on the host", 3,
     DIRECTIVE_CASES, test_directives, 0},
    {"runs", "whole runs at levels 1-3: 20 steps of two dam breaks, serial's bits", 2, RUN_CASES,
     test_runs, 0},
};

const grade_exercise grade_omptarget_exercise = {
    "20-omptarget-map-and-teams", omptarget_tests,
    (int)(sizeof omptarget_tests / sizeof omptarget_tests[0])};
