/* Reference kernels of the OpenMP backend. The serial sweep updates each
 * row in place as soon as the edges around it are known; split into bands
 * naively, a thread would update the last row of its band before the
 * thread above had read it for the edges between the two bands. So each
 * thread first solves the edges along both borders of its band from the
 * old state, all threads meet at a barrier, and only then does each sweep
 * its own rows. Every edge sees the same inputs as in the serial sweep,
 * and the max is exact in any order: the results are bit for bit those of
 * the serial backend, for any number of threads. */
#include "openmp_kernels.h"

#include "speed_bits.h"

#include <omp.h>

real swe_openmp_sweep(swe_block *block, enum swe_solver solver, real dt, real manning,
                      swe_openmp_edges *edges, int threads)
{
    swe_speed_bits max_speed = 0;
    /* BEGIN SOLUTION: split the rows into one band per thread; the edges along the borders of a
     * band come from the old state, before any thread updates a row; the max wave speed is an
     * OpenMP max reduction over the bits of the row maxima (see speed_bits.h) */
#pragma omp parallel num_threads(threads) reduction(max : max_speed)
    {
        int first, last;
        swe_openmp_band(block->ny, omp_get_thread_num(), omp_get_num_threads(), &first, &last);
        swe_openmp_edges own = edges[omp_get_thread_num()];
        if (first <= last) {
            swe_serial_horizontal_edges(block, first - 1, solver, &own.below);
            swe_serial_horizontal_edges(block, last, solver, &own.band_top);
        }
#pragma omp barrier
        for (int j = first; j <= last; ++j) {
            if (j < last) {
                swe_serial_horizontal_edges(block, j, solver, &own.above);
            }
            swe_serial_vertical_edges(block, j, solver, &own.vertical);
            real row_speed = swe_serial_update_row(block, j, dt, manning, &own.vertical, &own.below,
                                                   j < last ? &own.above : &own.band_top);
            swe_speed_bits row_bits = swe_speed_to_bits(row_speed);
            max_speed = max_speed > row_bits ? max_speed : row_bits;
            swe_edge_row used = own.below;
            own.below = own.above;
            own.above = used;
        }
    }
    /* END SOLUTION */
    return swe_speed_from_bits(max_speed);
}

real swe_openmp_max_wave_speed(const swe_block *block, int threads)
{
    swe_speed_bits max_speed = 0;
    /* BEGIN SOLUTION: the rows in parallel, the max as an OpenMP max reduction over speed bits */
#pragma omp parallel for num_threads(threads) schedule(static) reduction(max : max_speed)
    for (int j = 1; j <= block->ny; ++j) {
        swe_speed_bits row_bits = swe_speed_to_bits(swe_serial_row_wave_speed(block, j));
        max_speed = max_speed > row_bits ? max_speed : row_bits;
    }
    /* END SOLUTION */
    return swe_speed_from_bits(max_speed);
}
