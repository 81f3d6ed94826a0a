/* What the graded tests of exercise 02 share (grade_openmp.c, the random
 * cases, and grade_openmp_races.c, the race cases). */
#ifndef SWE_GRADE_OPENMP_H
#define SWE_GRADE_OPENMP_H

#include "backends/openmp/cartesian/openmp_kernels.h"
#include "tests/grade/grade_support.h"

/* The kernels of this build (the reference's in the grader's, the
 * student's in the sandbox) and the backend built on them. */
typedef struct openmp_kernels {
    real (*sweep)(swe_block *, enum swe_solver, real, real, swe_openmp_edges *, swe_openmp_plan *,
                  int);
    real (*max_wave_speed)(const swe_block *, int);
    const swe_cartesian_backend *backend;
} openmp_kernels;

extern const openmp_kernels grade_openmp_linked;

/* Edge rows for `threads` threads, all NaN, so that a row a kernel reads
 * before writing spoils the result instead of passing by chance; *storage
 * holds them. Ends the program when out of memory. */
swe_openmp_edges *grade_openmp_nan_edges(int threads, int nx, real **storage);

/* The race cases: TODO 1 and TODO 4 called many times on inputs whose
 * maximum lies where two threads meet (grade_race.h). */
void grade_openmp_test_races(void);
enum { GRADE_OPENMP_RACE_CASES = 8 };

#endif
