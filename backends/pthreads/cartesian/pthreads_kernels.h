/* The kernels of the C threads backend, the part students write: what
 * OpenMP's `parallel`, `barrier` and `reduction(max:)` do for the OpenMP
 * backend, by hand (solutions/pthreads/cartesian/pthreads_kernels.c). The
 * plumbing (pthreads_team.c) starts the threads once and hands each step
 * to all of them; each thread sweeps one band of rows with the serial
 * kernels (backends/serial/cartesian/serial_band.h). */
#ifndef SWE_PTHREADS_KERNELS_H
#define SWE_PTHREADS_KERNELS_H

#include "backends/serial/cartesian/serial_band.h"

#include <pthread.h>

/* A barrier for `parties` threads: each waits until the last has come.
 * generation counts the times it opened, so that a thread knows it may go
 * on (and a spurious wake-up does not let it through). */
typedef struct swe_pthreads_barrier {
    pthread_mutex_t lock;
    pthread_cond_t opened;
    int parties; /* threads that meet at it */
    int waiting; /* threads there now */
    unsigned long generation;
} swe_pthreads_barrier;

/* One thread's share of a reduction, alone on its cache line: threads
 * that write neighbouring values would otherwise take the line from each
 * other at every write. */
typedef struct swe_pthreads_slot {
    _Alignas(64) swe_speed_bits max_speed;
} swe_pthreads_slot;

/* What the threads of one sweep share; thread t works on band t with
 * rows[t] and leaves its max wave speed in maxima[t]. */
typedef struct swe_pthreads_sweep {
    swe_block *block;
    enum swe_solver solver;
    real dt, manning;
    int threads;
    swe_band_rows *rows;           /* one set of edge rows per thread */
    swe_pthreads_slot *maxima;     /* one per thread */
    swe_pthreads_barrier *barrier; /* for all the threads of the sweep */
} swe_pthreads_sweep;

/* Waits until all the barrier's parties have called it. */
void swe_pthreads_barrier_wait(swe_pthreads_barrier *barrier);

/* Thread `thread`'s part of one step (ghost layers set): the edges on
 * its band's borders, the barrier, the sweep of its band with dt; its max
 * wave speed into maxima[thread]. Every thread of the sweep calls it. */
void swe_pthreads_step_band(const swe_pthreads_sweep *sweep, int thread);

/* Thread `thread`'s part of the max wave speed of the state: its band's
 * rows, into maxima[thread]. */
void swe_pthreads_speed_band(const swe_pthreads_sweep *sweep, int thread);

/* The max of the threads' maxima, once every thread has written its own. */
real swe_pthreads_reduce_max(const swe_pthreads_slot *maxima, int threads);

#endif
