/* Exercise 19 (exercises/19-pthreads-barrier-and-reduction): the TODOs of
 * skeletons/pthreads/cartesian/pthreads_kernels.c, each judged by what it
 * must do, on threads that this harness starts itself:
 *  - the barrier (TODO 1): every round, each thread checks after it that
 *    every thread of the round had come; one thread comes late in every
 *    round, and the barrier is used hundreds of times in a row;
 *  - the band, its borders and the barrier in the step (TODO 2, 3): one
 *    thread starts its part only once the others have returned from
 *    theirs (or after LATE_SECONDS, as long as a correct barrier holds
 *    them), so that a step without its barrier reads rows that another
 *    band has already updated; every thread's own max must be its band's;
 *  - the max reduction (TODO 4) on slots whose max lies anywhere;
 *  - whole runs of the backend.
 * The bands are swept with the student's serial row kernels (exercise 01),
 * which the grader compares with the reference's within KERNEL_ULPS; bit
 * for bit is checked against the serial sweep of the same row kernels, in
 * the same build (differs_from_serial: 0 in the reference too). */
#include "backends/pthreads/cartesian/pthreads_kernels.h"
#include "cartesian/grid/boundary.h"
#include "shallow_water/solver_names.h"
#include "tests/grade/grade_support.h"

#include <math.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

extern const swe_cartesian_backend swe_cartesian_pthreads_backend, swe_cartesian_serial_backend;

/* As in exercise 02: the row kernels are the student's own. */
static const double KERNEL_ULPS = 64;
static const double RUN_ULPS = 1.0e4;

enum { BARRIER_CASES = 6, ROUNDS = 300, STEP_CASES = 12, REDUCE_CASES = 8, RUN_CASES = 6 };
enum { MAX_THREADS = 16 };
/* A team that has not finished by then hangs (a barrier that never
 * opens): its case is lost, the test goes on. */
static const double HANG_SECONDS = 5;
/* How long the late thread of a step waits for the others to return;
 * behind a correct barrier they cannot, and it waits this long. */
static const double LATE_SECONDS = 0.05;
/* The late thread of a barrier round comes this much after the others. */
static const double ROUND_DELAY_SECONDS = 20e-6;

static double now_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

/* Yields the core until *flag reaches target or `seconds` have passed. */
static void wait_for(atomic_int *flag, int target, double seconds)
{
    const double until = now_seconds() + seconds;
    while (atomic_load(flag) < target && now_seconds() < until) {
        sched_yield();
    }
}

/* ---- A team of the harness's own threads, each running part(work, t). */

typedef struct team {
    void (*part)(void *work, int thread);
    void *work;
    atomic_int finished;
} team;

typedef struct member {
    team *team;
    int thread;
} member;

static void *member_main(void *argument)
{
    member *self = argument;
    self->team->part(self->team->work, self->thread);
    atomic_fetch_add(&self->team->finished, 1);
    return NULL;
}

/* Runs part on `threads` threads; 1 when all finished within HANG_SECONDS.
 * Threads that hang are left behind (detached); so are the team and the
 * work they use, which the caller must then not free. */
static int run_team(int threads, void (*part)(void *, int), void *work)
{
    team *shared = calloc(1, sizeof *shared);
    member *members = calloc((size_t)threads, sizeof *members);
    if (shared == NULL || members == NULL) {
        grade_harness_failure("out of memory for a team of threads");
    }
    shared->part = part;
    shared->work = work;
    for (int t = 0; t < threads; ++t) {
        members[t] = (member){shared, t};
        pthread_t id;
        if (pthread_create(&id, NULL, member_main, &members[t]) != 0) {
            grade_harness_failure("cannot start the threads of a case");
        }
        pthread_detach(id);
    }
    wait_for(&shared->finished, threads, HANG_SECONDS);
    if (atomic_load(&shared->finished) < threads) {
        return 0;
    }
    free(members);
    free(shared);
    return 1;
}

static void init_barrier(swe_pthreads_barrier *barrier, int parties)
{
    memset(barrier, 0, sizeof *barrier);
    barrier->parties = parties;
    if (pthread_mutex_init(&barrier->lock, NULL) != 0 ||
        pthread_cond_init(&barrier->opened, NULL) != 0) {
        grade_harness_failure("cannot set up a barrier");
    }
}

/* ---- TODO 1: the barrier on its own. */

typedef struct barrier_case {
    swe_pthreads_barrier barrier;
    int parties, late_step;
    atomic_int arrived;
    atomic_int early; /* times a thread left a round that some thread had not come to */
} barrier_case;

static void barrier_part(void *work, int thread)
{
    barrier_case *c = work;
    for (int round = 0; round < ROUNDS; ++round) {
        if (thread == (round * c->late_step) % c->parties) {
            const double until = now_seconds() + ROUND_DELAY_SECONDS;
            while (now_seconds() < until) {
                sched_yield();
            }
        }
        atomic_fetch_add(&c->arrived, 1);
        swe_pthreads_barrier_wait(&c->barrier);
        if (atomic_load(&c->arrived) < c->parties * (round + 1)) {
            atomic_fetch_add(&c->early, 1);
        }
    }
}

static void compute_barrier(const void *kernels, const void *input, grade_outputs *outputs)
{
    (void)kernels;
    const int *parties = input;
    real *early = grade_add_value(outputs, "threads_through_early");
    grade_hint(outputs, "TODO 1: a thread left the barrier before every thread had come: the last "
                        "to come opens it (generation + 1), the others wait while the generation "
                        "is the one they noted");
    real *done = grade_add_value(outputs, "threads_done");
    grade_hint(outputs,
               "TODO 1: threads still waiting after 5 s: the barrier never opened for them "
               "(reset waiting to 0 and broadcast when the last comes; wait on the "
               "generation, not on waiting)");
    barrier_case *c = calloc(1, sizeof *c);
    if (c == NULL) {
        grade_harness_failure("out of memory for a barrier case");
    }
    init_barrier(&c->barrier, *parties);
    c->parties = *parties;
    c->late_step = *parties > 2 ? *parties - 1 : 1;
    if (!run_team(*parties, barrier_part, c)) {
        *done = 0; /* c is left to the threads that hang */
        return;
    }
    *early = (real)atomic_load(&c->early);
    *done = (real)*parties;
    free(c);
}

static void test_barrier(void)
{
    static const int parties[BARRIER_CASES] = {2, 3, 2, 4, 5, 8};
    const grade_side linked = {compute_barrier, NULL};
    for (int k = 1; k <= BARRIER_CASES; ++k) {
        char description[128];
        snprintf(description, sizeof description,
                 "%d threads pass the barrier %d times, one of them late in every round",
                 parties[k - 1], ROUNDS);
        const grade_case a_case = {k, BARRIER_CASES, description, 0};
        grade_emit_case(&a_case, linked, linked, &parties[k - 1]);
    }
}

/* ---- TODO 2 and 3 (and 1, 4): one step on the harness's threads. */

typedef struct step_case {
    swe_block block; /* ghost layers set */
    enum swe_solver solver;
    real dt, manning;
    int threads, late;
} step_case;

static void make_step_case(int case_number, step_case *step)
{
    /* 1 to 16 threads, with more threads than rows in cases 4 and 9 */
    static const int threads[STEP_CASES] = {1, 2, 3, 16, 5, 8, 2, 3, 7, 4, 6, 2};
    grade_rng rng = grade_case_rng("step", case_number);
    memset(step, 0, sizeof *step);
    step->threads = threads[case_number - 1];
    int nx = grade_integer(&rng, 1, 40);
    int ny = case_number == 4 || case_number == 9 ? grade_integer(&rng, 2, step->threads - 1)
                                                  : grade_integer(&rng, step->threads, 30);
    nx = nx * ny < 2 ? 2 : nx;
    swe_error err;
    if (swe_block_create(&step->block, nx, ny, 0, 0, nx * grade_uniform(&rng, 0.5, 2),
                         ny * grade_uniform(&rng, 0.5, 2), &err) != SWE_OK) {
        grade_harness_failure(err.message);
    }
    grade_random_moving_state(&rng, &step->block);
    swe_set_boundary_layers(&step->block);
    step->solver = (enum swe_solver)((case_number - 1) % SWE_SOLVER_COUNT);
    step->dt = (real)grade_uniform(&rng, 0.002, 0.05);
    step->manning = case_number % 2 == 0 ? (real)grade_uniform(&rng, 0.01, 0.05) : (real)0;
    step->late = grade_integer(&rng, 0, step->threads - 1);
}

/* A copy of the input's h, hu, hv in the given arrays (the bed shared). */
static swe_block state_copy(const swe_block *input, real *h, real *hu, real *hv)
{
    size_t bytes = swe_block_size(input) * sizeof(real);
    swe_block copy = *input;
    copy.h = memcpy(h, input->h, bytes);
    copy.hu = memcpy(hu, input->hu, bytes);
    copy.hv = memcpy(hv, input->hv, bytes);
    copy.ext = NULL;
    return copy;
}

typedef struct step_work {
    swe_pthreads_sweep sweep;
    swe_pthreads_barrier barrier;
    int late;
    atomic_int returned; /* threads but the late one whose part has returned */
} step_work;

static void step_part(void *work, int thread)
{
    step_work *w = work;
    if (thread == w->late) {
        wait_for(&w->returned, w->sweep.threads - 1, LATE_SECONDS);
    }
    swe_pthreads_step_band(&w->sweep, thread);
    if (thread != w->late) {
        atomic_fetch_add(&w->returned, 1);
    }
}

/* How many of the values differ in their bits from the serial backend's
 * step with this build's row kernels. */
static int differs_from_serial(const step_case *step, const swe_block *threaded, real speed)
{
    size_t size = swe_block_size(&step->block), bytes = size * sizeof(real);
    real *h = malloc(bytes), *hu = malloc(bytes), *hv = malloc(bytes);
    if (h == NULL || hu == NULL || hv == NULL) {
        grade_harness_failure("out of memory for the serial step of a case");
    }
    swe_block serial = state_copy(&step->block, h, hu, hv);
    swe_cartesian_backend_config config = {.solver = step->solver, .manning = step->manning};
    swe_error err;
    real serial_speed = 0;
    if (swe_cartesian_serial_backend.init(&serial, &config, &err) != SWE_OK ||
        swe_cartesian_serial_backend.step(&serial, step->dt, &serial_speed, &err) != SWE_OK) {
        grade_harness_failure(err.message);
    }
    swe_cartesian_serial_backend.finalize(&serial);
    int differ = memcmp(&speed, &serial_speed, sizeof speed) != 0;
    for (size_t c = 0; c < size; ++c) {
        differ += memcmp(&h[c], &threaded->h[c], sizeof(real)) != 0;
        differ += memcmp(&hu[c], &threaded->hu[c], sizeof(real)) != 0;
        differ += memcmp(&hv[c], &threaded->hv[c], sizeof(real)) != 0;
    }
    free(h);
    free(hu);
    free(hv);
    return differ;
}

static void compute_step(const void *kernels, const void *input, grade_outputs *outputs)
{
    (void)kernels;
    const step_case *step = input;
    const int nx = step->block.nx, ny = step->block.ny, threads = step->threads;
    static const char *const band_hint =
        "TODO 2 and 3: each row in exactly one band (swe_band_split), its border edges solved "
        "before the barrier, every thread at the barrier";
    real *h = grade_add_block(outputs, "h", nx, ny);
    grade_hint(outputs, band_hint);
    real *hu = grade_add_block(outputs, "hu", nx, ny);
    grade_hint(outputs, band_hint);
    real *hv = grade_add_block(outputs, "hv", nx, ny);
    grade_hint(outputs, band_hint);
    swe_block block = state_copy(&step->block, h, hu, hv);
    real *speed = grade_add_value(outputs, "wave_speed");
    real *thread_max = grade_add_field(outputs, "thread_max", (size_t)threads, GRADE_LIST, NULL);
    grade_hint(outputs, "TODO 2: thread t sweeps band t of sweep->threads (swe_band_split) and "
                        "leaves that band's max in maxima[t]");
    real *differ = grade_add_value(outputs, "values_differing_from_serial");
    grade_hint(outputs, "TODO 3: the band borders solved from the old state, then the barrier, "
                        "reached by every thread: the step must give serial's bits");
    step_work *w = calloc(1, sizeof *w);
    size_t per_thread = swe_band_rows_values(nx);
    real *storage = malloc((size_t)threads * per_thread * sizeof(real));
    if (w == NULL || storage == NULL) {
        grade_harness_failure("out of memory for a step case");
    }
    w->sweep.rows = calloc((size_t)threads, sizeof *w->sweep.rows);
    w->sweep.maxima =
        aligned_alloc(_Alignof(swe_pthreads_slot), (size_t)threads * sizeof *w->sweep.maxima);
    if (w->sweep.rows == NULL || w->sweep.maxima == NULL) {
        grade_harness_failure("out of memory for a step case");
    }
    /* NaN rows: a row read before it is written spoils the step */
    for (size_t v = 0; v < (size_t)threads * per_thread; ++v) {
        storage[v] = (real)NAN;
    }
    for (int t = 0; t < threads; ++t) {
        w->sweep.rows[t] = swe_band_rows_in(storage + (size_t)t * per_thread, nx);
        w->sweep.maxima[t].max_speed = 0;
    }
    init_barrier(&w->barrier, threads);
    w->sweep.block = &block;
    w->sweep.solver = step->solver;
    w->sweep.dt = step->dt;
    w->sweep.manning = step->manning;
    w->sweep.threads = threads;
    w->sweep.barrier = &w->barrier;
    w->late = step->late;
    if (!run_team(threads, step_part, w)) {
        return; /* NaN outputs; w and the rows are left to the threads that hang */
    }
    *speed = swe_pthreads_reduce_max(w->sweep.maxima, threads);
    for (int t = 0; t < threads; ++t) {
        thread_max[t] = swe_speed_from_bits(w->sweep.maxima[t].max_speed);
    }
    *differ = (real)differs_from_serial(step, &block, *speed);
    free(storage);
    free(w->sweep.rows);
    free(w->sweep.maxima);
    free(w);
}

static void test_step(void)
{
    const grade_side linked = {compute_step, NULL};
    for (int k = 1; k <= STEP_CASES; ++k) {
        step_case step;
        make_step_case(k, &step);
        char description[192];
        snprintf(description, sizeof description,
                 "%s, nx=%d, ny=%d, %d threads, thread %d starts when the others have returned "
                 "(or after %g s)",
                 swe_solver_name(step.solver), step.block.nx, step.block.ny, step.threads,
                 step.late, LATE_SECONDS);
        const grade_case a_case = {k, STEP_CASES, description, KERNEL_ULPS};
        grade_emit_case(&a_case, linked, linked, &step);
        swe_block_destroy(&step.block);
    }
}

/* ---- TODO 4: the reduction on its own. */

typedef struct reduce_case {
    int threads;
    swe_pthreads_slot slots[MAX_THREADS];
} reduce_case;

static void compute_reduce(const void *kernels, const void *input, grade_outputs *outputs)
{
    (void)kernels;
    const reduce_case *c = input;
    real *speed = grade_add_value(outputs, "wave_speed");
    grade_hint(outputs, "TODO 4: the max of maxima[0 .. threads - 1].max_speed, with swe_max_bits");
    *speed = swe_pthreads_reduce_max(c->slots, c->threads);
}

static void test_reduce(void)
{
    const grade_side linked = {compute_reduce, NULL};
    for (int k = 1; k <= REDUCE_CASES; ++k) {
        grade_rng rng = grade_case_rng("reduce", k);
        reduce_case c = {.threads = grade_integer(&rng, 2, MAX_THREADS)};
        /* the max in the last slot, in the first, and anywhere */
        int at = k == 1 ? c.threads - 1 : k == 2 ? 0 : grade_integer(&rng, 0, c.threads - 1);
        for (int t = 0; t < c.threads; ++t) {
            double speed = t == at ? grade_uniform(&rng, 20, 30) : grade_uniform(&rng, 0, 19);
            c.slots[t].max_speed = swe_speed_to_bits((real)speed);
        }
        char description[96];
        snprintf(description, sizeof description, "%d threads' maxima, the largest in slot %d",
                 c.threads, at);
        const grade_case a_case = {k, REDUCE_CASES, description, 0};
        grade_emit_case(&a_case, linked, linked, &c);
    }
}

/* ---- Whole runs of the backend. */

typedef struct threaded_run {
    grade_run run;
    char threads[8];
} threaded_run;

/* The values of two runs' outputs whose bits differ. */
static int differing_values(const grade_outputs *a, const grade_outputs *b)
{
    int differ = 0;
    for (int f = 0; f < a->count && f < b->count; ++f) {
        const real *x = a->fields[f].values, *y = b->fields[f].values;
        for (size_t v = 0; v < a->fields[f].count; ++v) {
            differ += memcmp(&x[v], &y[v], sizeof(real)) != 0;
        }
    }
    return differ;
}

static void compute_run(const void *kernels, const void *input, grade_outputs *outputs)
{
    (void)kernels;
    const threaded_run *threaded = input;
    grade_run_outputs(&swe_cartesian_pthreads_backend, &threaded->run, outputs);
    grade_outputs serial = {0};
    grade_run serial_run = threaded->run;
    serial_run.model_option = NULL;
    grade_run_outputs(&swe_cartesian_serial_backend, &serial_run, &serial);
    real *differ = grade_add_value(outputs, "values_differing_from_serial");
    grade_hint(outputs, "the C threads backend must give the serial backend's bits with the same "
                        "row kernels");
    *differ = (real)differing_values(outputs, &serial);
    grade_free_outputs(&serial);
}

static void test_runs(void)
{
    const grade_side linked = {compute_run, NULL};
    for (int k = 1; k <= RUN_CASES; ++k) {
        grade_rng rng = grade_case_rng("runs", k);
        threaded_run threaded = {
            .run = {.scenario = k <= RUN_CASES / 2 ? "radial-dam-break" : "bump-dam-break",
                    .nx = grade_integer(&rng, 6, 30),
                    .ny = grade_integer(&rng, 6, 30),
                    .steps = 20,
                    .solver = (enum swe_solver)((k - 1) % SWE_SOLVER_COUNT)}};
        const int threads = grade_integer(&rng, 2, 5);
        snprintf(threaded.threads, sizeof threaded.threads, "%d", threads);
        threaded.run.model_option = threaded.threads;
        const grade_run *run = &threaded.run;
        char description[128];
        snprintf(description, sizeof description, "%s, %s, %d x %d cells, %d steps, %d threads",
                 run->scenario, swe_solver_name(run->solver), run->nx, run->ny, run->steps,
                 threads);
        const grade_case a_case = {k, RUN_CASES, description, RUN_ULPS};
        grade_emit_case(&a_case, linked, linked, &threaded);
    }
}

static const grade_test pthreads_tests[] = {
    {"barrier", "TODO 1: the barrier: nobody through before all came, used again and again", 3,
     BARRIER_CASES, test_barrier, 0},
    {"step", "TODO 2-3: bands, borders and barrier: serial's bits with a thread that comes late", 3,
     STEP_CASES, test_step, 0},
    {"reduce", "TODO 4: the max reduction over the threads' slots", 2, REDUCE_CASES, test_reduce,
     0},
    {"runs", "whole runs: 20 steps of two dam breaks, every solver, 2-5 threads, serial's bits", 2,
     RUN_CASES, test_runs, 0},
};

const grade_exercise grade_pthreads_exercise = {
    "19-pthreads-barrier-and-reduction", pthreads_tests,
    (int)(sizeof pthreads_tests / sizeof pthreads_tests[0])};
