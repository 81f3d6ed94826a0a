/* The OpenMP backend: the serial row sweep with the rows split into one
 * band per thread (solutions/openmp/cartesian/openmp_kernels.c). The thread count
 * is the OpenMP runtime's, OMP_NUM_THREADS unless the program sets it.
 *
 * First touch: Linux places a page in the memory of the NUMA node whose
 * thread first writes it. The block's arrays were zeroed and filled with
 * the initial state by the main thread, so all of their pages sit on one
 * node, and touching them again from other threads moves nothing. init
 * therefore gives the block new arrays, each band copied over by the
 * thread that will sweep it, and frees the old ones: the block keeps
 * host arrays that are the state (syncs are no-ops) and each thread's
 * rows are local to it. Each thread also allocates and zeroes its own
 * edge rows. The bands then follow the threads' speeds (openmp_plan.c):
 * a few rows at the band borders move away from the thread that placed
 * them. */
#include "backends/openmp/cartesian/openmp_kernels.h"
#include "backends/openmp/cartesian/openmp_plan.h"
#include "backends/openmp/openmp_model.h"
#include "cartesian/grid/backend.h"
#include "cartesian/grid/boundary.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

typedef struct openmp_fields {
    enum swe_solver solver;
    real manning;            /* Manning coefficient; 0: no friction */
    int threads;             /* threads of every parallel region */
    swe_openmp_edges *edges; /* one set of edge rows per thread */
    real **edge_storage;     /* their allocations, one per thread */
    swe_openmp_plan plan;    /* the bands, sized to the threads' speeds */
} openmp_fields;

enum { ARRAY_ALIGNMENT = 64 };

static void free_fields(openmp_fields *fields)
{
    if (fields == NULL) {
        return;
    }
    for (int t = 0; fields->edge_storage != NULL && t < fields->threads; ++t) {
        free(fields->edge_storage[t]);
    }
    free(fields->edge_storage);
    free(fields->edges);
    swe_openmp_plan_free(&fields->plan);
    free(fields);
}

/* Thread t allocates and zeroes the edge rows of thread t, so that their
 * pages are first touched by it; the loop still allocates every set when
 * the runtime gives fewer threads. Returns how many sets could not be
 * allocated. */
static int allocate_edges(openmp_fields *fields, int nx)
{
    int failures = 0;
#pragma omp parallel for num_threads(fields->threads) schedule(static, 1) reduction(+ : failures)
    for (int t = 0; t < fields->threads; ++t) {
        real *storage = calloc(swe_openmp_edges_values(nx), sizeof(real));
        fields->edge_storage[t] = storage;
        if (storage == NULL) {
            failures += 1;
        } else {
            fields->edges[t] = swe_openmp_edges_in(storage, nx);
        }
    }
    return failures;
}

/* Rows of the whole array (ghost rows included) that thread t of threads
 * places: its band, with the bottom ghost row for the first thread and
 * the top one for the last. */
static void placed_rows(const swe_block *block, int t, int threads, int *first, int *last)
{
    swe_openmp_band(block->ny, t, threads, first, last);
    *first = t == 0 ? 0 : *first;
    *last = t == threads - 1 ? block->ny + 1 : *last;
}

/* Replaces the block's arrays by copies whose pages the sweeping threads
 * touch first (see the top of this file). */
static int place_arrays(swe_block *block, int threads, swe_error *err)
{
    real **arrays[] = {&block->h, &block->hu, &block->hv, &block->b};
    enum { ARRAYS = sizeof arrays / sizeof arrays[0] };
    size_t bytes = swe_block_size(block) * sizeof(real);
    bytes = (bytes + ARRAY_ALIGNMENT - 1) / ARRAY_ALIGNMENT * ARRAY_ALIGNMENT;
    real *placed[ARRAYS];
    int missing = 0;
    for (int a = 0; a < ARRAYS; ++a) {
        placed[a] = aligned_alloc(ARRAY_ALIGNMENT, bytes);
        missing |= placed[a] == NULL;
    }
    if (missing) {
        for (int a = 0; a < ARRAYS; ++a) {
            free(placed[a]);
        }
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the OpenMP copies of the state");
    }
#pragma omp parallel num_threads(threads)
    {
        int first, last;
        placed_rows(block, omp_get_thread_num(), omp_get_num_threads(), &first, &last);
        if (first <= last) {
            size_t start = SWE_INDEX(block, 0, first);
            size_t count = SWE_INDEX(block, 0, last + 1) - start;
            for (int a = 0; a < ARRAYS; ++a) {
                memcpy(placed[a] + start, *arrays[a] + start, count * sizeof(real));
            }
        }
    }
    for (int a = 0; a < ARRAYS; ++a) {
        free(*arrays[a]);
        *arrays[a] = placed[a];
    }
    return SWE_OK;
}

static int openmp_init(swe_block *block, const swe_cartesian_backend_config *config, swe_error *err)
{
    if (block == NULL || config == NULL || block->h == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenMP init without a block");
    }
    int threads = 0;
    int status = swe_openmp_threads(&config->model, &threads, err);
    if (status != SWE_OK) {
        return status;
    }
    openmp_fields *fields = calloc(1, sizeof *fields);
    if (fields == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the OpenMP backend");
    }
    fields->solver = config->solver;
    fields->manning = config->manning;
    fields->threads = threads > 0 ? threads : omp_get_max_threads();
    fields->edges = calloc((size_t)fields->threads, sizeof *fields->edges);
    fields->edge_storage = calloc((size_t)fields->threads, sizeof *fields->edge_storage);
    if (fields->edges == NULL || fields->edge_storage == NULL ||
        allocate_edges(fields, block->nx) != 0) {
        free_fields(fields);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the OpenMP edge buffers");
    }
    status = swe_openmp_plan_init(&fields->plan, block->ny, fields->threads, err);
    status = status == SWE_OK ? place_arrays(block, fields->threads, err) : status;
    if (status != SWE_OK) {
        free_fields(fields);
        return status;
    }
    block->ext = fields;
    return SWE_OK;
}

static void openmp_finalize(swe_block *block)
{
    if (block == NULL) {
        return;
    }
    free_fields(block->ext);
    block->ext = NULL;
}

static int openmp_sync(swe_block *block, swe_error *err)
{
    if (block == NULL || block->ext == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenMP backend not initialised");
    }
    return SWE_OK; /* the host arrays are the state */
}

static int openmp_max_wave_speed(swe_block *block, real *speed, swe_error *err)
{
    if (block == NULL || block->ext == NULL || speed == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenMP backend not initialised");
    }
    const openmp_fields *fields = block->ext;
    *speed = swe_openmp_max_wave_speed(block, fields->threads);
    return SWE_OK;
}

static int openmp_step(swe_block *block, real dt, real *next_speed, swe_error *err)
{
    if (block == NULL || block->ext == NULL || next_speed == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenMP backend not initialised");
    }
    openmp_fields *fields = block->ext;
    swe_set_boundary_layers(block);
    *next_speed = swe_openmp_sweep(block, fields->solver, dt, fields->manning, fields->edges,
                                   &fields->plan, fields->threads);
    swe_openmp_plan_rebalance(&fields->plan);
    return SWE_OK;
}

const swe_cartesian_backend swe_cartesian_openmp_backend = {
    .table = {&swe_openmp_model,
              "threads over bands of rows (OMP_NUM_THREADS), bit for bit as serial", 0},
    .init = openmp_init,
    .finalize = openmp_finalize,
    .sync_after_write = openmp_sync,
    .sync_before_read = openmp_sync,
    .max_wave_speed = openmp_max_wave_speed,
    .step = openmp_step,
    .advance = NULL,
};
