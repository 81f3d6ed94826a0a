/* The reference OpenMP kernels and backend under names of their own, so
 * that the graded tests of exercise 02 link them beside the student's
 * (see serial_reference.h for how tools/teaching.mk uses this header).
 * Their calls of the serial row kernels go to the reference serial
 * kernels, so that the reference does not depend on the student's. */
#ifndef SWE_OPENMP_REFERENCE_H
#define SWE_OPENMP_REFERENCE_H

#include "openmp_kernels.h"
#include "serial_reference.h"

real reference_openmp_sweep(swe_block *block, enum swe_solver solver, real dt, real manning,
                            swe_openmp_edges *edges, int threads);
real reference_openmp_max_wave_speed(const swe_block *block, int threads);
extern const swe_backend reference_openmp_backend;

#ifdef SWE_REFERENCE_BUILD
#define swe_openmp_sweep reference_openmp_sweep
#define swe_openmp_max_wave_speed reference_openmp_max_wave_speed
#define swe_openmp_backend reference_openmp_backend
#endif

#endif
