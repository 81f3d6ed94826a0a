/* Reference kernels of the OpenMP backend. The serial sweep updates each
 * row in place as soon as the edges around it are known; split into bands
 * naively, a thread would update the last row of its band before the
 * thread above had read it for the edges between the two bands. So each
 * thread first solves the edges along both borders of its band from the
 * old state, all threads meet at a barrier, and only then does each sweep
 * its own rows. Every edge sees the same inputs as in the serial sweep,
 * and the max is exact in any order: the results are bit for bit those of
 * the serial backend, for any number of threads. */
#include "backends/openmp/cartesian/openmp_kernels.h"

#include "shallow_water/speed_bits.h"

#include <omp.h>

real swe_openmp_sweep(swe_block *block, enum swe_solver solver, real dt, real manning,
                      swe_openmp_edges *edges, swe_openmp_plan *plan, int threads)
{
    swe_speed_bits max_speed = 0;
    /* BEGIN SOLUTION: (1) the parallel region. Make the block below run once on each of
     * `threads` threads: put `#pragma omp parallel` with the clause `num_threads(threads)` in
     * front of it. Every thread updates max_speed, so add `reduction(max : max_speed)`: each
     * thread then gets a private max_speed that starts at 0 (the identity of max), and OpenMP
     * combines the private maxima into this one when the region ends. */
#pragma omp parallel num_threads(threads) reduction(max : max_speed)
    /* END SOLUTION */
    {
        const int thread = omp_get_thread_num();
        int first, last;
        /* BEGIN SOLUTION: (2) the band. This thread sweeps rows first..last: set them with
         * swe_openmp_planned_band(plan, block->ny, thread, team size, &first, &last), where the
         * team size is omp_get_num_threads() (the runtime may start fewer threads than asked
         * for). A band may be empty (last < first) when there are more threads than rows.
         * | stub: SWE_TODO("(2) the band"); first = 1; last = 0; */
        swe_openmp_planned_band(plan, block->ny, thread, omp_get_num_threads(), &first, &last);
        /* END SOLUTION */
        swe_openmp_edges own = edges[thread];
        /* BEGIN SOLUTION: (3) the band borders and the barrier. The row below the band and
         * the band's last row are swept by other threads, which update them in place. So before
         * any thread updates a row, solve the two rows of edges on the borders of a non-empty
         * band from the old state: swe_serial_edges_between_rows(block, first - 1, solver,
         * own.sides, &own.below) and swe_serial_edges_between_rows(block, last, solver,
         * own.sides, &own.band_top). Then `#pragma omp barrier`: no thread goes on until all have
         * read their borders. */
        if (first <= last) {
            swe_serial_edges_between_rows(block, first - 1, solver, own.sides, &own.below);
            swe_serial_edges_between_rows(block, last, solver, own.sides, &own.band_top);
        }
#pragma omp barrier
        /* END SOLUTION */
        /* The serial sweep over the band's rows (serial_band.h); the edges above the band's last
         * row are the border edges solved before the barrier. */
        const double start = omp_get_wtime();
        max_speed = swe_max_bits(
            max_speed, swe_serial_band_sweep(block, first, last, solver, dt, manning, &own));
        if (plan != NULL && plan->bands == omp_get_num_threads()) {
            plan->seconds[thread] = omp_get_wtime() - start; /* for the next plan */
        }
    }
    return swe_speed_from_bits(max_speed);
}

real swe_openmp_max_wave_speed(const swe_block *block, int threads)
{
    swe_speed_bits max_speed = 0;
    /* BEGIN SOLUTION: (4) a parallel loop with a max reduction. Loop over the rows
     * j = 1..ny with `#pragma omp parallel for num_threads(threads) reduction(max : max_speed)`;
     * row j's fastest wave is swe_serial_row_wave_speed(block, j). Compare speeds as bits:
     * swe_speed_to_bits(speed) sorts like the speed (see speed_bits.h), so that max_speed, an
     * unsigned integer, can be an OpenMP max reduction that is exact in any order. */
#pragma omp parallel for num_threads(threads) schedule(static) reduction(max : max_speed)
    for (int j = 1; j <= block->ny; ++j) {
        swe_speed_bits row_bits = swe_speed_to_bits(swe_serial_row_wave_speed(block, j));
        max_speed = max_speed > row_bits ? max_speed : row_bits;
    }
    /* END SOLUTION */
    return swe_speed_from_bits(max_speed);
}
