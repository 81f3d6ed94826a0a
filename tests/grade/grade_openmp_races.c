/* The race cases of exercise 02: TODO 1 (the sweep) and TODO 4 (the max
 * wave speed), each called hundreds of times on one input whose two
 * fastest rows lie in the middle of two different bands, where the row
 * kernels make their threads meet (grade_race.h). The input is drawn like
 * the honest cases' (a random size and a random moving state), with two
 * rows deepened far below the rest so that they hold the two largest
 * speeds; the reference's answer on it is what every call must return.
 * A shared maximum without a reduction loses it in a few in a hundred
 * calls (tests/grade/cheats/race_rate.py measures how many gradings catch
 * that), and nothing in the input tells a race case from another. 2 and 3
 * threads, where the meetings work best, and 24, more than most machines
 * have cores. The inputs do not depend on the machine, so that a student
 * release can ship the expected outputs. */
#include "cartesian/grid/boundary.h"
#include "core/timer.h"
#include "tests/grade/grade_openmp.h"
#include "tests/grade/grade_race.h"

#include <stdlib.h>
#include <string.h>

/* Answers per case, each from a call in which the two threads really met
 * (or the last of up to TRIES calls, on a machine too busy for that; after
 * RETRY_SECONDS of a case, one call per answer). The first row's thread
 * goes on up to MAX_OFFSET nanoseconds before or after the other: which of
 * the two cores holds the shared maximum decides the moment at which the
 * loads and stores of the two threads lose an update. */
enum { RACE_CALLS = 512, CROWDED_CALLS = 64, TRIES = 40 };
static const double RETRY_SECONDS = 1.5;
static const long MAX_OFFSET = 400;

typedef struct race_case {
    swe_block block;
    int threads, calls;
    int sweep; /* 1: TODO 1, the sweep; 0: TODO 4, the max wave speed */
    int fastest_row, second_row;
} race_case;

/* The middle row of band `band` of `bands`. */
static int middle_row(int ny, int band, int bands)
{
    int first, last;
    swe_openmp_band(ny, band, bands, &first, &last);
    return first + (last - first) / 2;
}

static void make_race_case(int case_number, race_case *race)
{
    static const int threads[GRADE_OPENMP_RACE_CASES] = {2, 2, 2, 2, 3, 3, 24, 24};
    grade_rng rng = grade_case_rng("races", case_number);
    memset(race, 0, sizeof *race);
    race->sweep = case_number % 2;
    race->threads = threads[case_number - 1];
    race->calls = race->threads > 4 ? CROWDED_CALLS : RACE_CALLS;
    /* ny a multiple of the threads: the bands and OpenMP's static schedule agree */
    int nx = grade_integer(&rng, 1, 40), ny = race->threads * grade_integer(&rng, 4, 24);
    swe_error err;
    if (swe_block_create(&race->block, nx, ny, 0, 0, nx, ny, &err) != SWE_OK) {
        grade_harness_failure(err.message);
    }
    grade_random_moving_state(&rng, &race->block);
    int fastest_band = grade_integer(&rng, 0, race->threads - 1);
    int second_band = (fastest_band + grade_integer(&rng, 1, race->threads - 1)) % race->threads;
    race->fastest_row = middle_row(ny, fastest_band, race->threads);
    race->second_row = middle_row(ny, second_band, race->threads);
    /* Deeper than any drawn cell (at most 10 m moving at 3 m/s): these two
     * rows' waves are the fastest, the first row's faster still. */
    for (int i = 0; i <= nx + 1; ++i) {
        double depths[2] = {grade_uniform(&rng, 60.0, 80.0), grade_uniform(&rng, 30.0, 45.0)};
        int rows[2] = {race->fastest_row, race->second_row};
        for (int r = 0; r < 2; ++r) {
            size_t c = SWE_INDEX(&race->block, i, rows[r]);
            race->block.h[c] = (real)depths[r];
            race->block.hu[c] = (real)(depths[r] * grade_uniform(&rng, -1.0, 1.0));
            race->block.hv[c] = (real)(depths[r] * grade_uniform(&rng, -1.0, 1.0));
        }
    }
    swe_set_boundary_layers(&race->block);
}

/* One call of the kernel under test on a fresh copy of the input. */
static real call_once(const openmp_kernels *kernels, const race_case *race, swe_block *work,
                      swe_openmp_edges *edges)
{
    if (!race->sweep) {
        return kernels->max_wave_speed(&race->block, race->threads);
    }
    size_t bytes = swe_block_size(&race->block) * sizeof(real);
    memcpy(work->h, race->block.h, bytes);
    memcpy(work->hu, race->block.hu, bytes);
    memcpy(work->hv, race->block.hv, bytes);
    /* even bands (no plan): the armed rows lie in the middle of two of them */
    return kernels->sweep(work, SWE_SOLVER_FWAVE, (real)0.001, 0, edges, NULL, race->threads);
}

/* calls = 1: the reference's answer, the same for every call; else every
 * call's own answer, with the two rows armed. */
static void race_outputs(const openmp_kernels *kernels, const race_case *race, int calls,
                         grade_outputs *outputs)
{
    real *speeds = grade_add_field(outputs, "wave_speed", (size_t)race->calls, GRADE_CALLS, NULL);
    grade_hint(outputs, race->sweep ? "TODO 1: every thread updates max_speed: it must be a "
                                      "reduction(max : max_speed) of the parallel region"
                                    : "TODO 4: the rows' maxima must meet in a "
                                      "reduction(max : max_speed), not in a shared variable");
    swe_block work = race->block;
    size_t bytes = swe_block_size(&race->block) * sizeof(real);
    work.h = malloc(bytes);
    work.hu = malloc(bytes);
    work.hv = malloc(bytes);
    real *storage;
    swe_openmp_edges *edges = grade_openmp_nan_edges(race->threads, race->block.nx, &storage);
    if (work.h == NULL || work.hu == NULL || work.hv == NULL) {
        grade_harness_failure("out of memory for a race case");
    }
    grade_rng offsets = grade_case_rng("race-offsets", race->threads);
    const double start = swe_wall_seconds();
    for (int c = 0; c < calls; ++c) {
        int retries = swe_wall_seconds() - start < RETRY_SECONDS ? TRIES : 1;
        for (int t = 0; t < retries; ++t) {
            long offset = grade_integer(&offsets, (int)-MAX_OFFSET, (int)MAX_OFFSET);
            grade_race_arm(race->fastest_row, race->second_row, offset);
            speeds[c] = call_once(kernels, race, &work, edges);
            if (grade_race_met()) {
                break;
            }
        }
    }
    grade_race_arm(0, 0, 0);
    for (int c = calls; c < race->calls; ++c) {
        speeds[c] = speeds[0];
    }
    free(work.h);
    free(work.hu);
    free(work.hv);
    free(edges);
    free(storage);
}

static void compute_expected(const void *kernels, const void *input, grade_outputs *outputs)
{
    race_outputs(kernels, input, 1, outputs);
}

static void compute_actual(const void *kernels, const void *input, grade_outputs *outputs)
{
    race_outputs(kernels, input, ((const race_case *)input)->calls, outputs);
}

void grade_openmp_test_races(void)
{
    const grade_side actual = {compute_actual, &grade_openmp_linked};
    const grade_side expected = {compute_expected, &grade_openmp_linked};
    for (int k = 1; k <= GRADE_OPENMP_RACE_CASES; ++k) {
        race_case race;
        make_race_case(k, &race);
        char description[192];
        snprintf(description, sizeof description,
                 "%s, %d calls, nx=%d, ny=%d, %d threads, the max in row %d, the next in row %d",
                 race.sweep ? "TODO 1 sweep" : "TODO 4 max wave speed", race.calls, race.block.nx,
                 race.block.ny, race.threads, race.fastest_row, race.second_row);
        const grade_case a_case = {k, GRADE_OPENMP_RACE_CASES, description, 0};
        grade_emit_case(&a_case, actual, expected, &race);
        swe_block_destroy(&race.block);
    }
}
