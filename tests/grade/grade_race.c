/* The meeting of two rows (see grade_race.h). */
#include "tests/grade/grade_race.h"

#include <omp.h>
#include <sched.h>
#include <stdatomic.h>
#include <time.h>

/* Armed rows, how many threads have reached one in this call, and when
 * they go on together. The race cases set them between calls, while no
 * other thread runs. */
static struct {
    atomic_int first, second;
    atomic_int arrived;
    atomic_long departure; /* nanoseconds of CLOCK_MONOTONIC; 0 until both are there */
    atomic_long left[2];   /* when the threads of the first and second row went on */
    atomic_long offset;    /* how much later the first row's thread goes on */
    atomic_long arming;    /* counts the calls of grade_race_arm */
} meeting;

/* The arming in which this thread went on from an armed row (0: none). */
static _Thread_local long met_in_arming;

/* How long a thread waits for the other row: far longer than a row takes,
 * short enough that a split with both rows in one band costs little. */
static const long WAIT_NANOSECONDS = 20L * 1000 * 1000;
/* Spins before yielding the core: with more threads than cores, the other
 * row's thread may need this one's core to get there. */
enum { SPINS_BEFORE_YIELD = 20000 };
/* The second thread to arrive sets the departure this far ahead; both
 * watch the clock until then and leave within a few tens of nanoseconds
 * of each other, well inside the time a load of the shared maximum takes
 * when the other core has just written it. */
static const long DEPARTURE_NANOSECONDS = 50L * 1000;
/* Two threads that went on this close together really raced. */
static const long MET_NANOSECONDS = 200;

void grade_race_arm(int first, int second, long offset_nanoseconds)
{
    atomic_store(&meeting.offset, offset_nanoseconds);
    atomic_store(&meeting.first, first);
    atomic_store(&meeting.second, second);
    atomic_store(&meeting.arrived, 0);
    atomic_store(&meeting.departure, 0);
    atomic_store(&meeting.left[0], 0);
    atomic_store(&meeting.left[1], 0);
    atomic_fetch_add(&meeting.arming, 1);
}

int grade_race_thread_met(void)
{
    return met_in_arming != 0 && met_in_arming == atomic_load(&meeting.arming);
}

int grade_race_met(void)
{
    long first = atomic_load(&meeting.left[0]), second = atomic_load(&meeting.left[1]);
    long apart = first - second - atomic_load(&meeting.offset);
    return first != 0 && second != 0 && apart < MET_NANOSECONDS && -apart < MET_NANOSECONDS;
}

static long now_nanoseconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec * 1000000000L + now.tv_nsec;
}

void grade_race_meet(int j)
{
    if (j < 1 || (j != atomic_load(&meeting.first) && j != atomic_load(&meeting.second)) ||
        !omp_in_parallel() || omp_get_num_threads() < 2) {
        return;
    }
    const int row = j == atomic_load(&meeting.first) ? 0 : 1;
    long start = now_nanoseconds();
    if (atomic_fetch_add(&meeting.arrived, 1) == 1) {
        atomic_store(&meeting.departure, start + DEPARTURE_NANOSECONDS);
    }
    long departure;
    for (long spins = 0; (departure = atomic_load(&meeting.departure)) == 0; ++spins) {
        if (spins > SPINS_BEFORE_YIELD) {
            if (now_nanoseconds() - start > WAIT_NANOSECONDS) {
                return;
            }
            sched_yield();
        }
    }
    departure += row == 0 ? atomic_load(&meeting.offset) : 0;
    long now;
    while ((now = now_nanoseconds()) < departure) {
    }
    atomic_store(&meeting.left[row], now);
    met_in_arming = atomic_load(&meeting.arming);
}
