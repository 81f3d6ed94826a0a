/* Reference kernels of the C threads backend: the band of a thread, the
 * barrier between solving the band borders and sweeping, and the max
 * reduction, each of which OpenMP writes for the OpenMP backend. Every
 * edge sees the inputs it sees in the serial sweep, and the max is exact
 * in any order: the results are serial's bits for any number of threads. */
#include "backends/pthreads/cartesian/pthreads_kernels.h"

void swe_pthreads_barrier_wait(swe_pthreads_barrier *barrier)
{
    /* BEGIN SOLUTION: (1) the barrier. Lock barrier->lock and note the generation. Count
     * yourself in barrier->waiting; the last of barrier->parties threads to come sets waiting back
     * to 0, opens the barrier by adding one to the generation, and wakes the others with
     * pthread_cond_broadcast(&barrier->opened). Every other thread waits with
     * pthread_cond_wait(&barrier->opened, &barrier->lock) for as long as the generation is the
     * one it noted (a wait may return without a broadcast). Unlock at the end. */
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
    /* END SOLUTION */
}

void swe_pthreads_step_band(const swe_pthreads_sweep *sweep, int thread)
{
    int first, last;
    /* BEGIN SOLUTION: (2) the band. This thread sweeps rows first..last of the block's
     * block->ny: band `thread` of sweep->threads, from swe_band_split. A band may be empty
     * (last < first) when there are more threads than rows.
     * | stub: SWE_TODO("(2) the band"); first = 1; last = 0; */
    swe_band_split(sweep->block->ny, thread, sweep->threads, &first, &last);
    /* END SOLUTION */
    swe_band_rows *rows = &sweep->rows[thread];
    /* BEGIN SOLUTION: (3) the borders and the barrier. The row below the band and the band's
     * last row are swept by other threads, which update them in place: solve the edges on the
     * band's two borders from the old state first (swe_serial_band_borders), then wait at
     * sweep->barrier until every thread has solved its own. */
    swe_serial_band_borders(sweep->block, first, last, sweep->solver, rows);
    swe_pthreads_barrier_wait(sweep->barrier);
    /* END SOLUTION */
    sweep->maxima[thread].max_speed = swe_serial_band_sweep(
        sweep->block, first, last, sweep->solver, sweep->dt, sweep->manning, rows);
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
}

real swe_pthreads_reduce_max(const swe_pthreads_slot *maxima, int threads)
{
    swe_speed_bits max_speed = 0;
    /* BEGIN SOLUTION: (4) the max reduction. Combine the threads' maxima, maxima[0 ..
     * threads - 1].max_speed, with swe_max_bits: speeds compared as bits (speed_bits.h) sort like
     * the speeds, keep a NaN, and give the same max in any order. */
    for (int t = 0; t < threads; ++t) {
        max_speed = swe_max_bits(max_speed, maxima[t].max_speed);
    }
    /* END SOLUTION */
    return swe_speed_from_bits(max_speed);
}
