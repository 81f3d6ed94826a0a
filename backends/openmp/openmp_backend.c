/* The OpenMP backend: the serial row sweep with the rows split into bands
 * that the threads share out, a few per thread (solutions/openmp/
 * openmp_kernels.c). The thread count is the OpenMP runtime's,
 * OMP_NUM_THREADS unless the program sets it; OMP_SCHEDULE says how the
 * bands go to the threads.
 *
 * First touch: Linux places a page in the memory of the NUMA node whose
 * thread first writes it. The block's arrays were zeroed and filled with
 * the initial state by the main thread, so all of their pages sit on one
 * node, and touching them again from other threads moves nothing. init
 * therefore gives the block new arrays, each band copied over by the
 * thread that sweeps it under OMP_SCHEDULE=static, and frees the old
 * ones: the block keeps host arrays that are the state (syncs are no-ops)
 * and, with a static schedule, each thread's rows are local to it. Each
 * thread also allocates its own edge rows. */
#include "backend.h"
#include "boundary.h"
#include "openmp_kernels.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

typedef struct openmp_fields {
    enum swe_solver solver;
    real manning;          /* Manning coefficient; 0: no friction */
    int threads;           /* threads of every parallel region */
    swe_openmp_work work;  /* bands and edge rows of the sweep */
    real **thread_storage; /* each thread's edge rows, one allocation each */
    real *border_storage;  /* the border rows */
} openmp_fields;

/* Bands per thread: enough that a thread which is ahead can take over
 * bands of one that is slowed down, few enough that the border rows,
 * solved apart from the sweep, stay a small part of the work. Each thread
 * sweeps with three edge rows: the vertical edges and two inner rows. */
enum { BANDS_PER_THREAD = 4, ROWS_PER_THREAD = 3, ARRAY_ALIGNMENT = 64 };

static void free_fields(openmp_fields *fields)
{
    if (fields == NULL) {
        return;
    }
    for (int t = 0; fields->thread_storage != NULL && t < fields->threads; ++t) {
        free(fields->thread_storage[t]);
    }
    free(fields->thread_storage);
    free(fields->border_storage);
    free(fields->work.borders);
    free(fields->work.vertical);
    free(fields->work.inner[0]);
    free(fields->work.inner[1]);
    free(fields);
}

/* Thread t allocates the edge rows of thread t, so that their pages are
 * first touched by it (the loop still allocates every set if the runtime
 * gives fewer threads). Returns how many sets could not be allocated. */
static int allocate_thread_rows(openmp_fields *fields, size_t length)
{
    int failures = 0;
#pragma omp parallel for num_threads(fields->threads) schedule(static, 1) reduction(+ : failures)
    for (int t = 0; t < fields->threads; ++t) {
        size_t row = SWE_EDGE_ROW_ARRAYS * length;
        real *storage = calloc(ROWS_PER_THREAD * row, sizeof(real));
        fields->thread_storage[t] = storage;
        if (storage == NULL) {
            failures += 1;
        } else {
            fields->work.vertical[t] = swe_edge_row_in(storage, length);
            fields->work.inner[0][t] = swe_edge_row_in(storage + row, length);
            fields->work.inner[1][t] = swe_edge_row_in(storage + 2 * row, length);
        }
    }
    return failures;
}

static int allocate_work(openmp_fields *fields, const swe_block *block)
{
    size_t length = (size_t)block->nx + 1;
    size_t threads = (size_t)fields->threads;
    int bands = fields->threads * BANDS_PER_THREAD;
    fields->work.bands = bands < block->ny ? bands : block->ny;
    size_t borders = (size_t)fields->work.bands + 1;
    fields->work.borders = calloc(borders, sizeof(swe_edge_row));
    fields->work.vertical = calloc(threads, sizeof(swe_edge_row));
    fields->work.inner[0] = calloc(threads, sizeof(swe_edge_row));
    fields->work.inner[1] = calloc(threads, sizeof(swe_edge_row));
    fields->thread_storage = calloc(threads, sizeof(real *));
    fields->border_storage = calloc(borders * SWE_EDGE_ROW_ARRAYS * length, sizeof(real));
    if (fields->work.borders == NULL || fields->work.vertical == NULL ||
        fields->work.inner[0] == NULL || fields->work.inner[1] == NULL ||
        fields->thread_storage == NULL || fields->border_storage == NULL) {
        return 1;
    }
    for (size_t k = 0; k < borders; ++k) {
        fields->work.borders[k] =
            swe_edge_row_in(fields->border_storage + k * SWE_EDGE_ROW_ARRAYS * length, length);
    }
    return allocate_thread_rows(fields, length);
}

/* Replaces the block's arrays by copies whose pages are first touched by
 * the threads that sweep them: the bands are shared out as the sweep
 * shares them with OMP_SCHEDULE=static (see the top of this file). */
static int place_arrays(swe_block *block, const openmp_fields *fields, swe_error *err)
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
    const int bands = fields->work.bands;
#pragma omp parallel for num_threads(fields->threads) schedule(static)
    for (int band = 0; band < bands; ++band) {
        int first, last;
        swe_openmp_band(block->ny, band, bands, &first, &last);
        first = band == 0 ? 0 : first;                   /* the bottom ghost row */
        last = band == bands - 1 ? block->ny + 1 : last; /* the top ghost row */
        size_t start = SWE_INDEX(block, 0, first);
        size_t count = SWE_INDEX(block, 0, last + 1) - start;
        for (int a = 0; a < ARRAYS; ++a) {
            memcpy(placed[a] + start, *arrays[a] + start, count * sizeof(real));
        }
    }
    for (int a = 0; a < ARRAYS; ++a) {
        free(*arrays[a]);
        *arrays[a] = placed[a];
    }
    return SWE_OK;
}

static int openmp_init(swe_block *block, const swe_backend_config *config, swe_error *err)
{
    if (block == NULL || config == NULL || block->h == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: OpenMP init without a block");
    }
    openmp_fields *fields = calloc(1, sizeof *fields);
    if (fields == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the OpenMP backend");
    }
    fields->solver = config->solver;
    fields->manning = config->manning;
    fields->threads = omp_get_max_threads();
    if (allocate_work(fields, block) != 0) {
        free_fields(fields);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the OpenMP edge buffers");
    }
    int status = place_arrays(block, fields, err);
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
    *next_speed = swe_openmp_sweep(block, fields->solver, dt, fields->manning, &fields->work,
                                   fields->threads);
    return SWE_OK;
}

const swe_backend swe_openmp_backend = {
    .name = "openmp",
    .description = "threads over bands of rows (OMP_NUM_THREADS), bit for bit as serial",
    .levels = 0,
    .init = openmp_init,
    .finalize = openmp_finalize,
    .sync_after_write = openmp_sync,
    .sync_before_read = openmp_sync,
    .max_wave_speed = openmp_max_wave_speed,
    .step = openmp_step,
    .advance = NULL,
};
