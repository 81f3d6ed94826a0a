/* The C threads backend: a team of POSIX threads started at init, each
 * sweeping one band of rows with the serial kernels; the band borders,
 * the barrier and the max reduction are the kernels students write
 * (solutions/pthreads/cartesian/pthreads_kernels.c).
 *
 * First touch: Linux places a page in the memory of the NUMA node whose
 * thread first writes it. The block's arrays were filled by the main
 * thread, so init gives the block new arrays, each band copied over by
 * the thread that will sweep it, and each thread allocates and zeroes its
 * own edge rows (as the OpenMP backend does). */
#include "backends/pthreads/cartesian/pthreads_kernels.h"
#include "backends/pthreads/cartesian/pthreads_team.h"
#include "backends/pthreads/pthreads_model.h"
#include "cartesian/grid/backend.h"
#include "cartesian/grid/boundary.h"

#include <stdlib.h>
#include <string.h>

enum { STATE_ARRAYS = 4, ARRAY_ALIGNMENT = 64 };

typedef struct pthreads_fields {
    swe_pthreads_team *team;
    swe_pthreads_barrier barrier;
    int barrier_ready;
    swe_pthreads_sweep sweep;
    real **storage;             /* each thread's edge rows, allocated by it */
    int *out_of_memory;         /* per thread, while placing */
    real *placed[STATE_ARRAYS]; /* the new state arrays, while placing */
} pthreads_fields;

static void free_fields(pthreads_fields *fields)
{
    if (fields == NULL) {
        return;
    }
    swe_pthreads_team_stop(fields->team);
    if (fields->barrier_ready) {
        pthread_cond_destroy(&fields->barrier.opened);
        pthread_mutex_destroy(&fields->barrier.lock);
    }
    for (int t = 0; fields->storage != NULL && t < fields->sweep.threads; ++t) {
        free(fields->storage[t]);
    }
    for (int a = 0; a < STATE_ARRAYS; ++a) {
        free(fields->placed[a]);
    }
    free(fields->storage);
    free(fields->out_of_memory);
    free(fields->sweep.rows);
    free(fields->sweep.maxima);
    free(fields);
}

static real **state_array(swe_block *block, int a)
{
    real **arrays[STATE_ARRAYS] = {&block->h, &block->hu, &block->hv, &block->b};
    return arrays[a];
}

/* Thread t's part of init: its edge rows, and its band of the state
 * (with the ghost row below for the first band, above for the last)
 * copied into the new arrays. */
static void place_job(void *work, int thread)
{
    pthreads_fields *fields = work;
    swe_block *block = fields->sweep.block;
    const int threads = fields->sweep.threads, nx = block->nx;
    real *storage = calloc(swe_band_rows_values(nx), sizeof(real));
    fields->storage[thread] = storage;
    fields->out_of_memory[thread] = storage == NULL;
    if (storage != NULL) {
        fields->sweep.rows[thread] = swe_band_rows_in(storage, nx);
    }
    int first, last;
    swe_band_split(block->ny, thread, threads, &first, &last);
    first = thread == 0 ? 0 : first;
    last = thread == threads - 1 ? block->ny + 1 : last;
    if (first <= last) {
        size_t start = SWE_INDEX(block, 0, first), count = SWE_INDEX(block, 0, last + 1) - start;
        for (int a = 0; a < STATE_ARRAYS; ++a) {
            memcpy(fields->placed[a] + start, *state_array(block, a) + start, count * sizeof(real));
        }
    }
}

static int place(pthreads_fields *fields, swe_block *block, swe_error *err)
{
    size_t bytes = swe_block_size(block) * sizeof(real);
    bytes = (bytes + ARRAY_ALIGNMENT - 1) / ARRAY_ALIGNMENT * ARRAY_ALIGNMENT;
    for (int a = 0; a < STATE_ARRAYS; ++a) {
        fields->placed[a] = aligned_alloc(ARRAY_ALIGNMENT, bytes);
        if (fields->placed[a] == NULL) {
            return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the threads' state");
        }
    }
    fields->sweep.block = block;
    swe_pthreads_team_run(fields->team, place_job, fields);
    for (int t = 0; t < fields->sweep.threads; ++t) {
        if (fields->out_of_memory[t]) {
            return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the threads' edge rows");
        }
    }
    for (int a = 0; a < STATE_ARRAYS; ++a) {
        free(*state_array(block, a));
        *state_array(block, a) = fields->placed[a];
        fields->placed[a] = NULL;
    }
    return SWE_OK;
}

static int init_barrier(swe_pthreads_barrier *barrier, int parties, swe_error *err)
{
    barrier->parties = parties;
    barrier->waiting = 0;
    barrier->generation = 0;
    int code = pthread_mutex_init(&barrier->lock, NULL);
    if (code == 0 && (code = pthread_cond_init(&barrier->opened, NULL)) != 0) {
        pthread_mutex_destroy(&barrier->lock);
    }
    return code == 0 ? SWE_OK
                     : swe_fail(err, SWE_ERROR_RUNTIME, "cannot set up the threads' barrier: %s",
                                strerror(code));
}

static int pthreads_init(swe_block *block, const swe_cartesian_backend_config *config,
                         swe_error *err)
{
    if (block == NULL || config == NULL || block->h == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: C threads init without a block");
    }
    int threads = 0;
    int status = swe_pthreads_threads(&config->model, &threads, err);
    if (status != SWE_OK) {
        return status;
    }
    pthreads_fields *fields = calloc(1, sizeof *fields);
    if (fields == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the C threads backend");
    }
    fields->sweep = (swe_pthreads_sweep){.solver = config->solver,
                                         .manning = config->manning,
                                         .threads = threads,
                                         .barrier = &fields->barrier};
    fields->sweep.rows = calloc((size_t)threads, sizeof *fields->sweep.rows);
    fields->sweep.maxima =
        aligned_alloc(_Alignof(swe_pthreads_slot), (size_t)threads * sizeof *fields->sweep.maxima);
    fields->storage = calloc((size_t)threads, sizeof *fields->storage);
    fields->out_of_memory = calloc((size_t)threads, sizeof *fields->out_of_memory);
    if (fields->sweep.rows == NULL || fields->sweep.maxima == NULL || fields->storage == NULL ||
        fields->out_of_memory == NULL) {
        free_fields(fields);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the C threads backend");
    }
    status = init_barrier(&fields->barrier, threads, err);
    fields->barrier_ready = status == SWE_OK;
    status = status == SWE_OK ? swe_pthreads_team_start(&fields->team, threads, err) : status;
    status = status == SWE_OK ? place(fields, block, err) : status;
    if (status != SWE_OK) {
        free_fields(fields);
        return status;
    }
    block->ext = fields;
    return SWE_OK;
}

static void pthreads_finalize(swe_block *block)
{
    if (block == NULL) {
        return;
    }
    free_fields(block->ext);
    block->ext = NULL;
}

static int pthreads_sync(swe_block *block, swe_error *err)
{
    if (block == NULL || block->ext == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: C threads backend not initialised");
    }
    return SWE_OK; /* the host arrays are the state */
}

static void speed_job(void *work, int thread)
{
    swe_pthreads_speed_band(work, thread);
}

static void step_job(void *work, int thread)
{
    swe_pthreads_step_band(work, thread);
}

static int pthreads_max_wave_speed(swe_block *block, real *speed, swe_error *err)
{
    if (block == NULL || block->ext == NULL || speed == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: C threads backend not initialised");
    }
    pthreads_fields *fields = block->ext;
    fields->sweep.block = block;
    swe_pthreads_team_run(fields->team, speed_job, &fields->sweep);
    *speed = swe_pthreads_reduce_max(fields->sweep.maxima, fields->sweep.threads);
    return SWE_OK;
}

static int pthreads_step(swe_block *block, real dt, real *next_speed, swe_error *err)
{
    if (block == NULL || block->ext == NULL || next_speed == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: C threads backend not initialised");
    }
    pthreads_fields *fields = block->ext;
    swe_set_boundary_layers(block);
    fields->sweep.block = block;
    fields->sweep.dt = dt;
    swe_pthreads_team_run(fields->team, step_job, &fields->sweep);
    *next_speed = swe_pthreads_reduce_max(fields->sweep.maxima, fields->sweep.threads);
    return SWE_OK;
}

const swe_cartesian_backend swe_cartesian_pthreads_backend = {
    .table = {&swe_pthreads_model,
              "POSIX threads over bands of rows (--threads), bit for bit as serial", 0},
    .init = pthreads_init,
    .finalize = pthreads_finalize,
    .sync_after_write = pthreads_sync,
    .sync_before_read = pthreads_sync,
    .max_wave_speed = pthreads_max_wave_speed,
    .step = pthreads_step,
    .advance = NULL,
};
