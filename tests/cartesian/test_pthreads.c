/* What the C threads backend adds to the agreement suite (which runs it at
 * its default thread count): bit for bit as serial with 1 to 5 threads,
 * on grids whose rows do not split evenly (or at all) between the
 * threads; its barrier holds every thread until the last has come, again
 * and again; a thread count out of range is refused. */
#include "backends/pthreads/cartesian/pthreads_kernels.h"
#include "backends/pthreads/pthreads_model.h"
#include "cartesian/scenarios/scenario.h"
#include "tests/cartesian/agreement_check.h"
#include "tests/cartesian/backend_run.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>

extern const swe_cartesian_backend swe_cartesian_pthreads_backend;

/* Starts case c on the C threads backend with `threads` threads. */
static void start_with_threads(swe_test_run *run, const swe_test_case *c, int threads)
{
    swe_error err = {{0}};
    const swe_scenario *scenario = swe_scenario_find(c->scenario);
    CU_ASSERT_FATAL(scenario != NULL);
    CU_ASSERT_FATAL(swe_scenario_create_block(scenario, c->nx, c->ny, &run->block, &err) == SWE_OK);
    char count[16];
    snprintf(count, sizeof count, "%d", threads);
    swe_cartesian_backend_config config = swe_test_config(&swe_cartesian_pthreads_backend, c);
    config.model.option_values[SWE_PTHREADS_OPTION_THREADS] = count;
    swe_test_start_block(run, &swe_cartesian_pthreads_backend, &config, scenario->default_cfl);
}

static void compare_with_serial(const swe_test_case *c, int steps, int max_threads)
{
    swe_test_compare_threads_with_serial(c, steps, max_threads, start_with_threads);
}

static void test_every_scenario_and_solver(void)
{
    for (int s = 0; s < swe_test_scenario_count(); ++s) {
        for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
            const swe_test_case c = {swe_test_scenario_name(s), 133, 97, solver, 0, 0};
            compare_with_serial(&c, 12, 4);
        }
    }
}

static void test_odd_grid_with_friction(void)
{
    const swe_test_case c = {"radial-dam-break", 333, 517, SWE_SOLVER_HLLE, 0, 0.05};
    compare_with_serial(&c, 6, 5);
}

/* Some threads get no rows at all. */
static void test_fewer_rows_than_threads(void)
{
    const swe_test_case dry_bed = {"dam-break-1d-dry", 50, 1, SWE_SOLVER_FWAVE, 0, 0};
    const swe_test_case radial = {"radial-dam-break", 21, 3, SWE_SOLVER_HLLE, 0, 0};
    compare_with_serial(&dry_bed, 30, 4);
    compare_with_serial(&radial, 30, 5);
}

/* The initial max wave speed, from the threads' bands. */
static void test_initial_wave_speed(void)
{
    const swe_test_case bump = {"bump-dam-break", 77, 31, SWE_SOLVER_FWAVE, 0, 0};
    compare_with_serial(&bump, 0, 4);
}

/* The barrier on its own: THREADS threads pass it ROUNDS times; in each
 * round every thread adds one to its counter before the barrier and
 * checks after it that every counter has reached the round, which fails
 * as soon as one thread gets through before the last has come. */
enum { THREADS = 4, ROUNDS = 200 };

typedef struct barrier_trial {
    swe_pthreads_barrier barrier;
    volatile int counters[THREADS];
    volatile int early[THREADS]; /* times a thread saw a counter behind */
} barrier_trial;

typedef struct barrier_party {
    barrier_trial *trial;
    int thread;
} barrier_party;

static void *pass_barrier(void *argument)
{
    const barrier_party *party = argument;
    barrier_trial *trial = party->trial;
    for (int round = 1; round <= ROUNDS; ++round) {
        trial->counters[party->thread] = round;
        swe_pthreads_barrier_wait(&trial->barrier);
        for (int t = 0; t < THREADS; ++t) {
            trial->early[party->thread] += trial->counters[t] < round;
        }
        swe_pthreads_barrier_wait(&trial->barrier); /* nobody starts the next round early */
    }
    return NULL;
}

static void test_barrier_holds_every_thread(void)
{
    barrier_trial trial = {.barrier = {.parties = THREADS}};
    CU_ASSERT_FATAL(pthread_mutex_init(&trial.barrier.lock, NULL) == 0);
    CU_ASSERT_FATAL(pthread_cond_init(&trial.barrier.opened, NULL) == 0);
    pthread_t ids[THREADS];
    barrier_party parties[THREADS];
    int started = 0;
    for (int t = 1; t < THREADS; ++t) {
        parties[t] = (barrier_party){&trial, t};
        started += pthread_create(&ids[t], NULL, pass_barrier, &parties[t]) == 0;
    }
    CU_ASSERT_FATAL(started == THREADS - 1);
    parties[0] = (barrier_party){&trial, 0};
    pass_barrier(&parties[0]);
    for (int t = 1; t < THREADS; ++t) {
        pthread_join(ids[t], NULL);
    }
    for (int t = 0; t < THREADS; ++t) {
        CU_ASSERT_EQUAL(trial.early[t], 0);
        CU_ASSERT_EQUAL(trial.counters[t], ROUNDS);
    }
    CU_ASSERT_EQUAL(trial.barrier.generation, 2 * ROUNDS);
    pthread_cond_destroy(&trial.barrier.opened);
    pthread_mutex_destroy(&trial.barrier.lock);
}

/* The reduction finds the max of the threads' maxima, a NaN above all. */
static void test_reduction(void)
{
    swe_pthreads_slot maxima[3] = {
        {swe_speed_to_bits(2)}, {swe_speed_to_bits(7)}, {swe_speed_to_bits(5)}};
    CU_ASSERT(swe_pthreads_reduce_max(maxima, 3) == 7);
    CU_ASSERT(swe_pthreads_reduce_max(maxima, 1) == 2);
    maxima[0].max_speed = swe_speed_to_bits((real)NAN);
    real with_nan = swe_pthreads_reduce_max(maxima, 3);
    CU_ASSERT(with_nan != with_nan);
}

static void test_thread_count_checked(void)
{
    swe_model_config config = {0};
    swe_error err = {{0}};
    int threads = 0;
    CU_ASSERT(swe_pthreads_threads(&config, &threads, &err) == SWE_OK && threads >= 1);
    config.option_values[SWE_PTHREADS_OPTION_THREADS] = "3";
    CU_ASSERT(swe_pthreads_threads(&config, &threads, &err) == SWE_OK && threads == 3);
    const char *wrong[] = {"0", "-2", "4097", "two", ""};
    for (unsigned k = 0; k < sizeof wrong / sizeof wrong[0]; ++k) {
        config.option_values[SWE_PTHREADS_OPTION_THREADS] = wrong[k];
        CU_ASSERT(swe_pthreads_threads(&config, &threads, &err) == SWE_ERROR_USAGE);
    }
}

void register_pthreads_tests(void)
{
    CU_pSuite suite = CU_add_suite("pthreads", NULL, NULL);
    swe_test_require_registered(suite, "suite pthreads");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"every scenario and solver, 1-4 threads, bit for bit", test_every_scenario_and_solver},
        {"333 x 517 cells with friction, 1-5 threads, bit for bit", test_odd_grid_with_friction},
        {"fewer rows than threads", test_fewer_rows_than_threads},
        {"initial max wave speed, 1-4 threads", test_initial_wave_speed},
        {"the barrier holds every thread until the last", test_barrier_holds_every_thread},
        {"the max reduction over the threads", test_reduction},
        {"--threads out of range is refused", test_thread_count_checked},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
}
