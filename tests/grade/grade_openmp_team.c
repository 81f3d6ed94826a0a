/* The watched OpenMP team (grade_openmp_team.h). */
#include "tests/grade/grade_openmp_team.h"

#include <omp.h>
#include <stdatomic.h>
#include <time.h>

/* The held thread waits while the others still make progress: until they
 * have been still this long after some progress, or at most HOLD_LIMIT. */
#define STILL_NANOSECONDS 20000000L
#define HOLD_LIMIT_NANOSECONDS 1000000000L
#define POLL_NANOSECONDS 500000L

static grade_openmp_watch watched;
static atomic_int watching, teams, hold_claimed, others_did_it_all;

static long now_nanoseconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long)t.tv_sec * 1000000000L + t.tv_nsec;
}

void grade_openmp_watch_start(const grade_openmp_watch *watch)
{
    watched = *watch;
    atomic_store(&teams, 0);
    atomic_store(&hold_claimed, 0);
    atomic_store(&others_did_it_all, 0);
    atomic_store(&watching, 1);
}

grade_openmp_seen grade_openmp_watch_stop(void)
{
    atomic_store(&watching, 0);
    grade_openmp_seen seen = {atomic_load(&teams), atomic_load(&hold_claimed),
                              atomic_load(&others_did_it_all)};
    return seen;
}

/* Holds the calling thread while the rest of its team works. */
static void hold(void)
{
    struct timespec poll = {0, POLL_NANOSECONDS};
    long start = now_nanoseconds(), last_change = start;
    long progress = watched.progress(watched.context);
    long first = progress;
    for (;;) {
        nanosleep(&poll, NULL);
        long now = now_nanoseconds(), seen = watched.progress(watched.context);
        if (seen != progress) {
            progress = seen;
            last_change = now;
        }
        if (now - start > HOLD_LIMIT_NANOSECONDS ||
            (progress != first && now - last_change > STILL_NANOSECONDS)) {
            break;
        }
    }
    if (watched.finished(watched.context)) {
        atomic_store(&others_did_it_all, 1);
    }
}

void grade_openmp_team_member(void (*fn)(void *), void *data)
{
    if (atomic_load(&watching) && omp_get_num_threads() == watched.threads) {
        int me = omp_get_thread_num();
        if (me == 0) {
            atomic_fetch_add(&teams, 1);
        }
        int unclaimed = 0;
        if (me == watched.held && atomic_compare_exchange_strong(&hold_claimed, &unclaimed, 1)) {
            hold();
        }
    }
    fn(data);
}
