/* Hostile submission (exercise 19): the C threads kernels with no max
 * reduction over the threads' slots. Each thread writes its band's max
 * into one shared maximum (atomically, so that it is right), and
 * swe_pthreads_reduce_max returns that shared value without looking at
 * the slots it is given. Honestly earned: everything but TODO 4. */
#include <stdatomic.h>
/* Reference kernels of the C threads backend: the band of a thread, the
 * barrier between solving the band borders and sweeping, and the max
 * reduction, each of which OpenMP writes for the OpenMP backend. Every
 * edge sees the inputs it sees in the serial sweep, and the max is exact
 * in any order: the results are serial's bits for any number of threads. */
#include "backends/pthreads/cartesian/pthreads_kernels.h"

static _Atomic swe_speed_bits shared_max;

static void write_shared_max(swe_speed_bits mine)
{
    swe_speed_bits seen = atomic_load(&shared_max);
    while (swe_max_bits(seen, mine) != seen &&
           !atomic_compare_exchange_weak(&shared_max, &seen, swe_max_bits(seen, mine))) {
    }
}

void swe_pthreads_barrier_wait(swe_pthreads_barrier *barrier)
{
    pthread_mutex_lock(&barrier->lock);
    const unsigned long generation = barrier->generation;
    barrier->waiting += 1;
    if (barrier->waiting == barrier->parties) {
        barrier->waiting = 0;
        barrier->generation += 1;
        pthread_cond_broadcast(&barrier->opened);
    } else {
        while (barrier->generation == generation) {
            pthread_cond_wait(&barrier->opened, &barrier->lock);
        }
    }
    pthread_mutex_unlock(&barrier->lock);
}

void swe_pthreads_step_band(const swe_pthreads_sweep *sweep, int thread)
{
    int first, last;
    swe_band_split(sweep->block->ny, thread, sweep->threads, &first, &last);
    swe_band_rows *rows = &sweep->rows[thread];
    swe_serial_band_borders(sweep->block, first, last, sweep->solver, rows);
    swe_pthreads_barrier_wait(sweep->barrier);
    sweep->maxima[thread].max_speed = swe_serial_band_sweep(
        sweep->block, first, last, sweep->solver, sweep->dt, sweep->manning, rows);
    write_shared_max(sweep->maxima[thread].max_speed);
}

void swe_pthreads_speed_band(const swe_pthreads_sweep *sweep, int thread)
{
    int first, last;
    swe_band_split(sweep->block->ny, thread, sweep->threads, &first, &last);
    swe_speed_bits max_speed = 0;
    for (int j = first; j <= last; ++j) {
        max_speed =
            swe_max_bits(max_speed, swe_speed_to_bits(swe_serial_row_wave_speed(sweep->block, j)));
    }
    sweep->maxima[thread].max_speed = max_speed;
    write_shared_max(max_speed);
}

real swe_pthreads_reduce_max(const swe_pthreads_slot *maxima, int threads)
{
    (void)maxima;
    (void)threads;
    return swe_speed_from_bits(atomic_exchange(&shared_max, 0));
}
