/* Reference kernels of the OpenMP backend. The serial sweep updates each
 * row in place as soon as the edges around it are known. Split into bands
 * naively, a thread could update the last row of its band before the
 * thread above had read it for the edges between the two bands. So first
 * the threads solve the edges along every border between bands, from the
 * old state; after the barrier that ends that loop, each band is swept by
 * one thread like a small serial block. Every edge sees the same inputs
 * as in the serial sweep, and the max is exact in any order: the results
 * are bit for bit those of the serial backend, for any number of threads.
 * The bands go to the threads by the runtime's schedule (OMP_SCHEDULE;
 * GCC's default, dynamic, lets a thread that is ahead take the bands of
 * one that another program slows down). */
#include "openmp_kernels.h"

#include "speed_bits.h"

#include <omp.h>

real swe_openmp_sweep(swe_block *block, enum swe_solver solver, real dt, real manning,
                      const swe_openmp_work *work, int threads)
{
    swe_speed_bits max_speed = 0;
    /* BEGIN SOLUTION: first every border between bands from the old state, then, after a barrier,
     * each band swept by one thread; the max wave speed is an OpenMP max reduction over the bits
     * of the row maxima (see speed_bits.h) */
#pragma omp parallel num_threads(threads) reduction(max : max_speed)
    {
#pragma omp for schedule(static)
        for (int border = 0; border <= work->bands; ++border) {
            swe_serial_horizontal_edges(block,
                                        swe_openmp_border_row(block->ny, border, work->bands),
                                        solver, &work->borders[border]);
        }
        const int thread = omp_get_thread_num();
#pragma omp for schedule(runtime)
        for (int band = 0; band < work->bands; ++band) {
            int first, last;
            swe_openmp_band(block->ny, band, work->bands, &first, &last);
            const swe_edge_row *below = &work->borders[band];
            swe_edge_row *next = &work->inner[0][thread], *spare = &work->inner[1][thread];
            for (int j = first; j <= last; ++j) {
                const swe_edge_row *above = &work->borders[band + 1];
                if (j < last) {
                    swe_serial_horizontal_edges(block, j, solver, next);
                    above = next;
                }
                swe_serial_vertical_edges(block, j, solver, &work->vertical[thread]);
                real row_speed = swe_serial_update_row(block, j, dt, manning,
                                                       &work->vertical[thread], below, above);
                swe_speed_bits row_bits = swe_speed_to_bits(row_speed);
                max_speed = max_speed > row_bits ? max_speed : row_bits;
                below = above;
                swe_edge_row *used = next;
                next = spare;
                spare = used;
            }
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
