/* The bands of the OpenMP sweep sized to the threads' speeds: the cores
 * of one machine are not equally fast (on the GPU machine's host the
 * slowest ran at 0.7 of the fastest), and a step of equal bands waits for
 * the slowest at its barrier. After each step each thread's rows per
 * second (averaged with what it showed before) set its share of the rows
 * for the next. */
#ifndef SWE_OPENMP_PLAN_H
#define SWE_OPENMP_PLAN_H

#include "backends/openmp/cartesian/openmp_kernels.h"
#include "core/error.h"

/* Even bands of ny rows for a team of `bands` threads. */
int swe_openmp_plan_init(swe_openmp_plan *plan, int ny, int bands, swe_error *err);

void swe_openmp_plan_free(swe_openmp_plan *plan);

/* New bands from the times the last sweep wrote; nothing changes when a
 * band was not timed (a smaller team ran) or when there are fewer than
 * two rows a thread. Every band keeps at least one row, so that every
 * thread keeps being timed. */
void swe_openmp_plan_rebalance(swe_openmp_plan *plan);

#endif
