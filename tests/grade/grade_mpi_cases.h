/* What both sides of the MPI cases (exercises 08 and 09) compute alike:
 * the grader's expected outputs (grade_mpi.c, no MPI needed) and the
 * student's MPI job (mpi/grade_mpi_cases.c): the coded halo pattern, the
 * speeds of the ranks in a reduction case, the time-step loop of a run
 * and the letters of the verb log. Header-only: the two are different
 * programs. */
#ifndef SWE_GRADE_MPI_CASES_H
#define SWE_GRADE_MPI_CASES_H

#include "cartesian/grid/backend.h"
#include "cartesian/grid/stepping.h"
#include "cartesian/scenarios/scenario.h"
#include "shallow_water/speed_bits.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* The halo case: h, hu, hv, b of every cell hold a code of their field
 * and global cell, shifted by 0.25 in the second exchange; ghost cells
 * start as NEVER_WRITTEN. Exact in single precision for domains up to
 * 99 x 99 cells (tools/teaching/grading/compare.py decodes them for messages). */
enum { GRADE_HALO_FIELDS = 4, GRADE_HALO_EXCHANGES = 2 };
#define GRADE_HALO_NEVER_WRITTEN ((real)-7.25)

static inline real grade_halo_code(int field, int global_i, int global_j, int exchange)
{
    return (real)(field * 20000 + global_j * 100 + global_i) + (real)0.5 + (real)0.25 * exchange;
}

/* The reduction case: rank r's speed, random in [0, 40); with kind "ulp"
 * all ranks share one speed, the fastest being one unit in the last place
 * above it; with kind "nan" one rank has become unstable. */
static inline uint64_t grade_mpi_mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

static inline real grade_mpi_speed_of_rank(uint64_t seed, const char *kind, int r, int size)
{
    int chosen = (int)(grade_mpi_mix(seed ^ 0x5eedULL) % (uint64_t)size);
    real speed = (real)(40.0 * (double)(grade_mpi_mix(seed + (uint64_t)r) >> 11) * 0x1.0p-53);
    if (strcmp(kind, "ulp") == 0) {
        real shared = (real)(40.0 * (double)(grade_mpi_mix(seed) >> 11) * 0x1.0p-53);
        /* The next number above shared: its bits plus one. */
        return r == chosen ? swe_speed_from_bits(swe_speed_to_bits(shared) + 1) : shared;
    }
    if (strcmp(kind, "nan") == 0 && r == chosen) {
        return (real)NAN;
    }
    return speed;
}

/* A run: steps time steps of a block with the one time-step rule; dts[s]
 * gets each step's size, *speed the wave speed after the last. */
static inline int grade_mpi_take_steps(swe_block *block, const swe_scenario *scenario, int steps,
                                       double *dts, real *speed, swe_error *err)
{
    swe_clock clock = {.cfl = scenario->default_cfl};
    int status = block->backend->max_wave_speed(block, &clock.wave_speed, err);
    for (int s = 0; status == SWE_OK && s < steps; ++s) {
        dts[s] = swe_time_step(&clock, block->dx, block->dy, 1.0e30);
        status = block->backend->step(block, (real)dts[s], &clock.wave_speed, err);
    }
    *speed = clock.wave_speed;
    return status;
}

/* The order case: the backend verbs an overlapped step calls, as letters
 * p(ack) i(nterior) u(npack) r(ing) s(tep), one log of this many entries
 * per rank (0 after the last). One step must call p once per neighbour,
 * i, u once per neighbour, then r. */
static inline int grade_mpi_verb_capacity(int steps)
{
    return steps * (2 * 4 + 2) + 16;
}

#endif
