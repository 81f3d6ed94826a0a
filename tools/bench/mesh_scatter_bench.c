/* shallows-mesh-scatter: the cost of the cell pass of the triangle solver
 * done four ways (exercises 16 and 18): the gather (the solver's), the
 * naive scatter (the race), the scatter with atomics, and the coloured
 * scatter. On a generated square of N x N cells (2 N^2 triangles, numbered
 * rcm+edges or at random) with a dam-break state, after one edge sweep,
 * each variant runs REPEAT times; it prints per pass the wall and CPU time,
 * nanoseconds per cell, and how many passes gave a cell that disagrees
 * with the gather beyond rounding (the race shows there). With `table` in
 * place of THREADS it measures OpenMP on 1 and 2 threads and, in a build
 * with CUDA on a machine with a GPU, the same variants on the GPU
 * (backends/cuda/mesh/mesh_cuda_scatter_lab.cu), and prints one table.
 *
 *   shallows-mesh-scatter [N [REPEAT [THREADS|table [random]]]]   (300 50 2) */
#include "backends/openmp/mesh/mesh_openmp_kernels.h"
#include "backends/openmp/mesh/mesh_openmp_scatter.h"
#include "mesh/geometry/mesh_ordering.h"
#include "mesh/gmsh/msh_writer.h"
#include "mesh/numerics/mesh_cell_kernels.h"
#include "mesh/solver/mesh_host_arrays.h"
#ifdef SWE_WITH_CUDA
#include "backends/cuda/mesh/mesh_cuda_scatter_lab.h"
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum variant { GATHER, NAIVE, ATOMIC, COLOURED, VARIANTS };
static const char *const variant_names[VARIANTS] = {"gather", "naive scatter", "atomic scatter",
                                                    "coloured scatter"};

typedef struct bench {
    swe_mesh mesh;
    swe_mesh_arrays arrays;
    swe_mesh_colouring colouring;
    swe_mesh_cell_sums sums, want;
    double largest_flux; /* over every edge: the scale of a sum's rounding */
    int threads;
} bench;

static double seconds(clockid_t clock)
{
    struct timespec now;
    clock_gettime(clock, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

static int fail(const char *what)
{
    fprintf(stderr, "shallows-mesh-scatter: %s\n", what);
    return 2;
}

/* A square dam break: 2 m of water on the left half, 1 m on the right. */
static int set_up(bench *b, int n, int random_order, swe_error *err)
{
    swe_msh_raw raw = {0};
    int status = swe_msh_generate_square(n, 1000.0, 1, &raw, err);
    status = status == SWE_OK ? swe_msh_write_binary("build/mesh-scatter.msh", &raw, err) : status;
    swe_msh_raw_free(&raw);
    status = status == SWE_OK ? swe_mesh_read("build/mesh-scatter.msh", &b->mesh, err) : status;
    enum swe_mesh_ordering order =
        random_order ? SWE_MESH_ORDERING_RANDOM : SWE_MESH_ORDERING_RCM_EDGES;
    status = status == SWE_OK ? swe_mesh_reorder(&b->mesh, order, 7, err) : status;
    int kinds[2] = {0, 0};
    double values[2] = {0, 0};
    swe_mesh_conditions walls = {b->mesh.group_count + 1, kinds, values, values};
    status =
        status == SWE_OK ? swe_mesh_host_arrays_create(&b->arrays, &b->mesh, &walls, err) : status;
    status = status == SWE_OK ? swe_mesh_host_arrays_add_work(&b->arrays, err) : status;
    const swe_mesh_arrays *a = &b->arrays;
    status = status == SWE_OK ? swe_mesh_colour_edges(a->cell_count, a->edge_count, a->edge_left,
                                                      a->edge_right, &b->colouring, err)
                              : status;
    if (status != SWE_OK) {
        return status;
    }
    for (int c = 0; c < a->cell_count; ++c) {
        a->h[c] = b->mesh.cell_x[c] < 500.0 ? (real)2 : (real)1;
    }
    return SWE_OK;
}

/* One cell pass of a variant: a first-order update of the current state
 * (repeats move it on by the same fluxes, a hundredth of a second each). */
static void cell_pass(const bench *b, enum variant v)
{
    swe_mesh_launch launch = {0, 0, SWE_MESH_ONE_STAGE, (real)0.01, (real)0};
    if (v == GATHER) {
        swe_mesh_openmp_update_cells(&b->arrays, launch, b->threads);
        return;
    }
    swe_mesh_openmp_sums_zero(&b->arrays, b->sums, b->threads);
    if (v == NAIVE) {
        swe_mesh_openmp_scatter_naive(&b->arrays, b->sums, b->threads);
    } else if (v == ATOMIC) {
        swe_mesh_openmp_scatter_atomic(&b->arrays, b->sums, b->threads);
    } else {
        swe_mesh_openmp_scatter_coloured(&b->arrays, &b->colouring, b->sums, b->threads);
    }
    swe_mesh_openmp_apply_sums(&b->arrays, launch, b->sums, b->threads);
}

/* Whether the last scatter lost or garbled a sum: off the gather by more
 * than 64 ulps of the largest flux (another order of three additions
 * stays within a few). */
static int wrong(const bench *b)
{
    double epsilon = sizeof(real) == sizeof(float) ? 1.1920929e-7 : 2.220446049250313e-16;
    double bound = 64 * epsilon * (1 + b->largest_flux);
    for (int c = 0; c < b->arrays.cell_count; ++c) {
        real got[3] = {b->sums.h[c], b->sums.hu[c], b->sums.hv[c]};
        real want[3] = {b->want.h[c], b->want.hu[c], b->want.hv[c]};
        for (int k = 0; k < 3; ++k) {
            if (!(fabs((double)(got[k] - want[k])) <= bound)) {
                return 1;
            }
        }
    }
    return 0;
}

/* Seconds of one cell pass (the mean, and on the CPU the fastest pass,
 * which a machine shared with other work disturbs least), and how many of
 * the checked passes were wrong (the gather is the reference: unchecked). */
typedef struct pass_cost {
    double wall, cpu, fastest;
    int wrong, checked;
} pass_cost;

static pass_cost openmp_cost(const bench *b, enum variant v, int repeat)
{
    pass_cost cost = {0, 0, INFINITY, 0, v != GATHER ? repeat : 0};
    cell_pass(b, v); /* warm the caches and the thread team */
    for (int r = 0; r < repeat; ++r) {
        double wall0 = seconds(CLOCK_MONOTONIC), cpu0 = seconds(CLOCK_PROCESS_CPUTIME_ID);
        cell_pass(b, v);
        double wall = seconds(CLOCK_MONOTONIC) - wall0;
        cost.wall += wall;
        cost.fastest = fmin(cost.fastest, wall);
        cost.cpu += seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu0;
        cost.wrong += v != GATHER && wrong(b);
    }
    cost.wall /= repeat;
    cost.cpu /= repeat;
    return cost;
}

static void print_threads(const bench *b, int repeat)
{
    int cells = b->arrays.cell_count;
    printf("%-17s %10s %10s %10s %10s %14s\n", "cell pass", "wall ms", "CPU ms", "wall ns/c",
           "CPU ns/c", "wrong passes");
    for (int v = 0; v < VARIANTS; ++v) {
        pass_cost cost = openmp_cost(b, (enum variant)v, repeat);
        printf("%-17s %10.3f %10.3f %10.2f %10.2f %8d of %d\n", variant_names[v], 1e3 * cost.wall,
               1e3 * cost.cpu, 1e9 * cost.wall / cells, 1e9 * cost.cpu / cells, cost.wrong, repeat);
    }
}

#ifdef SWE_WITH_CUDA
/* The variants on the GPU: GPU time of repeat passes, then up to 20
 * passes' sums checked against the gather. */
static int cuda_costs(bench *b, int repeat, pass_cost costs[VARIANTS], swe_error *err)
{
    _Static_assert((int)SWE_MESH_SCATTER_COLOURED == (int)COLOURED, "one order of variants");
    swe_mesh_cuda_scatter_lab *lab = NULL;
    int status = swe_mesh_cuda_scatter_lab_create(&b->arrays, &b->colouring, &lab, err);
    for (int v = 0; v < VARIANTS && status == SWE_OK; ++v) {
        enum swe_mesh_scatter_variant variant = (enum swe_mesh_scatter_variant)v;
        costs[v] = (pass_cost){0, 0, 0, 0, v != GATHER ? (repeat < 20 ? repeat : 20) : 0};
        status = swe_mesh_cuda_scatter_lab_time(lab, variant, repeat, &costs[v].wall, err);
        costs[v].fastest = costs[v].wall; /* the GPU's mean: events around all passes */
        for (int r = 0; r < costs[v].checked && status == SWE_OK; ++r) {
            status = swe_mesh_cuda_scatter_lab_sums(lab, variant, b->sums, err);
            costs[v].wrong += status == SWE_OK && wrong(b);
        }
    }
    swe_mesh_cuda_scatter_lab_free(lab);
    return status;
}
#endif

/* Every variant on OpenMP with 1 and 2 threads and on CUDA where there is
 * a GPU: milliseconds per cell pass (the fastest of the passes on the CPU,
 * the mean on the GPU), the ratio to the gather, wrong passes. */
static void print_table(bench *b, int repeat)
{
    enum { COLUMNS = 3 };
    const char *columns[COLUMNS] = {"openmp, 1 thread", "openmp, 2 threads", "cuda"};
    pass_cost costs[COLUMNS][VARIANTS] = {{{0}}};
    int have[COLUMNS] = {1, 1, 0};
    for (int t = 0; t < 2; ++t) {
        b->threads = t + 1;
        for (int v = 0; v < VARIANTS; ++v) {
            costs[t][v] = openmp_cost(b, (enum variant)v, repeat);
        }
    }
    const char *cuda_missing = "this build has no CUDA (nvcc)";
#ifdef SWE_WITH_CUDA
    swe_error err;
    have[2] = cuda_costs(b, repeat, costs[2], &err) == SWE_OK;
    cuda_missing = err.message;
#endif
    int shown = have[2] ? COLUMNS : COLUMNS - 1;
    printf("%-17s", "cell pass");
    for (int k = 0; k < shown; ++k) {
        printf(" | %-30s", columns[k]);
    }
    printf("\n%-17s", "");
    for (int k = 0; k < shown; ++k) {
        printf(" | %8s %8s %12s", "ms", "x gather", "wrong");
    }
    printf("\n");
    for (int v = 0; v < VARIANTS; ++v) {
        printf("%-17s", variant_names[v]);
        for (int k = 0; k < shown; ++k) {
            printf(" | %8.3f %8.2f %5d of %-3d", 1e3 * costs[k][v].fastest,
                   costs[k][v].fastest / costs[k][GATHER].fastest, costs[k][v].wrong,
                   costs[k][v].checked);
        }
        printf("\n");
    }
    if (!have[2]) {
        printf("cuda: %s\n", cuda_missing);
    }
}

/* The fluxes of one edge sweep, their largest size, and the gather's sums. */
static void prepare(bench *b)
{
    swe_mesh_launch first_order = {0, 0, 0, (real)0, (real)0};
    swe_mesh_openmp_edge_fluxes(&b->arrays, first_order, b->threads);
    const swe_mesh_arrays *a = &b->arrays;
    for (int e = 0; e < a->edge_count; ++e) {
        double sizes[6] = {a->flux_left_h[e],  a->flux_left_hu[e],  a->flux_left_hv[e],
                           a->flux_right_h[e], a->flux_right_hu[e], a->flux_right_hv[e]};
        for (int k = 0; k < (e < a->interior_edge_count ? 6 : 3); ++k) {
            b->largest_flux = fmax(b->largest_flux, fabs(sizes[k]));
        }
    }
    for (int c = 0; c < a->cell_count; ++c) {
        swe_mesh_flux_sum sum = swe_mesh_cell_gather(a, c);
        b->want.h[c] = sum.h;
        b->want.hu[c] = sum.hu;
        b->want.hv[c] = sum.hv;
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 300, repeat = argc > 2 ? atoi(argv[2]) : 50;
    int table = argc > 3 && strcmp(argv[3], "table") == 0;
    bench b = {.threads = argc > 3 && !table ? atoi(argv[3]) : 2};
    int random_order = argc > 4 && strcmp(argv[4], "random") == 0;
    if (n < 2 || n > 5000 || repeat < 1 || repeat > 100000 || b.threads < 1 || b.threads > 4096 ||
        (argc > 4 && !random_order) || argc > 5) {
        return fail("usage: shallows-mesh-scatter [N 2..5000 [REPEAT [THREADS|table [random]]]]");
    }
    swe_error err;
    if (set_up(&b, n, random_order, &err) != SWE_OK) {
        return fail(err.message);
    }
    int cells = b.arrays.cell_count;
    real *storage = malloc((size_t)6 * cells * sizeof *storage);
    if (storage == NULL) {
        return fail("out of memory for the accumulators");
    }
    b.sums = (swe_mesh_cell_sums){storage, storage + cells, storage + 2 * (size_t)cells};
    b.want = (swe_mesh_cell_sums){storage + 3 * (size_t)cells, storage + 4 * (size_t)cells,
                                  storage + 5 * (size_t)cells};
    prepare(&b);
    printf("%d triangles, %d edges, %s numbering, %d colours, %s, %d passes", cells,
           b.arrays.edge_count, random_order ? "random" : "rcm+edges", b.colouring.colour_count,
           SWE_PRECISION_NAME, repeat);
    if (table) {
        printf("; the edge sweep before it is the same for every variant\n");
        print_table(&b, repeat);
    } else {
        printf(", %d threads\n", b.threads);
        print_threads(&b, repeat);
    }
    free(storage);
    swe_mesh_colouring_free(&b.colouring);
    swe_mesh_host_arrays_free(&b.arrays);
    swe_mesh_free(&b.mesh);
    return 0;
}
