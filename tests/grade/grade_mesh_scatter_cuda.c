/* Exercise 18 (exercises/18-mesh-scatter-cuda): the atomic and the
 * coloured scatter of skeletons/cuda/mesh/mesh_cuda_scatter.cu on the GPU.
 * Random fluxes on random meshes of 800 to 20,000 triangles, numbered at
 * random; each scatter runs CALLS times (through the lab,
 * backends/cuda/mesh/mesh_cuda_scatter_lab.cu). The expected side needs
 * no GPU: for the atomic scatter, the gather of common/mesh/numerics,
 * which the atomics must meet to the rounding of another order of
 * additions; for the coloured scatter, the same edges added on the host
 * one colour after the other (the colouring of common/mesh/geometry):
 * within a colour a cell has one edge at most, so the order of additions
 * into every cell is fixed and the GPU must give those bits exactly. The
 * GPU gets the mesh without its cells' own edge lists, so that a gather
 * in a scatter's place adds the wrong edges (grade_mesh_scatter.h). */
#include "tests/grade/grade_mesh_scatter.h"

#include <stdlib.h>

#ifdef SWE_WITH_CUDA
#include "backends/cuda/mesh/mesh_cuda_scatter_lab.h"
#endif

enum { CASES = 6, CALLS = 64 };

typedef struct scatter_input {
    const char *test_id;
    int case_number;
    int coloured; /* 0: the atomic scatter */
} scatter_input;

static void make_case(const scatter_input *in, grade_mesh_case *c)
{
    static const int cells_a_side[2] = {20, 100};
    grade_scatter_make_case(in->test_id, in->case_number, cells_a_side, c);
}

/* The student's side: CALLS scatters on the GPU, of the mesh without its
 * cells' edge lists; the last one's sums, the (call, cell) pairs off the
 * gather, the cells whose bits change from the first call. */
static void gpu_scatters(const scatter_input *in, const swe_mesh_arrays *a,
                         const swe_mesh_colouring *colouring, real *storage, int counts[2])
{
#ifdef SWE_WITH_CUDA
    swe_mesh_cuda_scatter_lab *lab = NULL;
    swe_error err;
    int *hidden_edges = malloc((size_t)a->cell_count * sizeof *hidden_edges);
    if (hidden_edges == NULL) {
        grade_harness_failure("out of memory for a scatter case");
    }
    swe_mesh_arrays handed = grade_scatter_hide_cell_edges(a, hidden_edges);
    if (swe_mesh_cuda_scatter_lab_create(&handed, colouring, &lab, &err) != SWE_OK) {
        grade_harness_failure(err.message);
    }
    enum swe_mesh_scatter_variant variant =
        in->coloured ? SWE_MESH_SCATTER_COLOURED : SWE_MESH_SCATTER_ATOMIC;
    swe_mesh_cell_sums last = grade_scatter_sums_in(storage, a->cell_count, 0);
    swe_mesh_cell_sums first = grade_scatter_sums_in(storage, a->cell_count, 1);
    for (int call = 0; call < CALLS; ++call) {
        if (swe_mesh_cuda_scatter_lab_sums(lab, variant, call == 0 ? first : last, &err) !=
            SWE_OK) {
            grade_harness_failure(err.message);
        }
        counts[0] += grade_scatter_cells_off(a, call == 0 ? first : last);
        counts[1] += call > 0 && grade_scatter_cells_changed(a->cell_count, first, last) > 0;
    }
    swe_mesh_cuda_scatter_lab_free(lab);
    free(hidden_edges);
#else
    (void)in, (void)a, (void)colouring, (void)storage, (void)counts;
    grade_harness_failure("this build has no CUDA (nvcc): exercise 18 runs on a GPU");
#endif
}

/* Expected (kernels NULL): the gather or the colour order, no call off,
 * no call changed. */
static void scatter_outputs(const void *kernels, const void *input, grade_outputs *outputs)
{
    const scatter_input *in = input;
    grade_mesh_case c;
    make_case(in, &c);
    const swe_mesh_arrays *a = &c.run.host;
    real *storage = malloc((size_t)6 * a->cell_count * sizeof *storage);
    swe_mesh_colouring colouring;
    swe_error err;
    if (storage == NULL || swe_mesh_colour_edges(a->cell_count, a->edge_count, a->edge_left,
                                                 a->edge_right, &colouring, &err) != SWE_OK) {
        grade_harness_failure("cannot set up a scatter case");
    }
    swe_mesh_cell_sums last = grade_scatter_sums_in(storage, a->cell_count, 0);
    int counts[2] = {0, 0};
    if (kernels != NULL) {
        gpu_scatters(in, a, &colouring, storage, counts);
    } else if (in->coloured) {
        grade_scatter_colour_order(a, &colouring, last);
    } else {
        grade_scatter_gather(a, last);
    }
    grade_scatter_add_sums(outputs, &c, last,
                           in->coloured ? "TODOs 2 and 3: each colour in a launch of its own, "
                                          "one thread per edge of the colour, plain additions "
                                          "(through the edges: these cases hide each cell's "
                                          "own edge list, which only a gather reads)"
                                        : "TODO 1: one thread per edge, each of its six "
                                          "additions an atomicAdd (a plain addition of two "
                                          "threads to one cell is a data race that loses one; "
                                          "through the edges: these cases hide each cell's "
                                          "own edge list, which only a gather reads)");
    grade_scatter_add_count(outputs, "calls_and_cells_off_the_gather", counts[0],
                            "a cell lost an addition in some call: a data race (an addition "
                            "without atomicAdd, or two colours in one launch)");
    if (in->coloured) {
        grade_scatter_add_count(outputs, "calls_whose_bits_differ_from_the_first", counts[1],
                                "a coloured scatter adds in a fixed order: the same bits on every "
                                "call");
    }
    swe_mesh_colouring_free(&colouring);
    free(storage);
    grade_mesh_free_case(&c);
}

static void emit(const char *test_id, int coloured)
{
    static const int marker = 1;
    for (int k = 1; k <= CASES; ++k) {
        scatter_input input = {test_id, k, coloured};
        grade_mesh_case c;
        make_case(&input, &c);
        char description[224];
        snprintf(description, sizeof description, "%s, %d calls", c.description, CALLS);
        grade_case a_case = {k, CASES, description, coloured ? 0 : GRADE_SCATTER_ULPS};
        grade_emit_case(&a_case, (grade_side){scatter_outputs, &marker},
                        (grade_side){scatter_outputs, NULL}, &input);
        grade_mesh_free_case(&c);
    }
}

static void test_atomic(void)
{
    emit("mesh-cuda-scatter-atomic", 0);
}

static void test_coloured(void)
{
    emit("mesh-cuda-scatter-coloured", 1);
}

static const grade_test scatter_tests[] = {
    {"atomic", "TODO 1: the scatter with atomicAdd, against the gather", 5, CASES, test_atomic, 0},
    {"coloured",
     "TODOs 2 and 3: the coloured scatter, the same bits as the colours added in turn, on every "
     "call",
     5, CASES, test_coloured, 0},
};

const grade_exercise grade_mesh_scatter_cuda_exercise = {
    "18-mesh-scatter-cuda", scatter_tests, (int)(sizeof scatter_tests / sizeof scatter_tests[0])};
