/* The row kernels as the student's kernels see them in the student's
 * build: the kernels themselves (__real_*, the student's or the
 * reference's), then the meeting of grade_race.h. Linked only into the
 * student's build, with -Wl,--wrap=swe_serial_update_row
 * -Wl,--wrap=swe_serial_row_wave_speed (tools/teaching/grading/kit.py): every call
 * from another object file then comes here. The waits a submission could
 * order its threads' writes with are wrapped too: in the two threads
 * that met, a sleep returns at once and omp_get_wtime runs an hour ahead
 * at every call, so that a wait for a clock ends at once. */
#include "backends/serial/cartesian/serial_kernels.h"
#include "tests/grade/grade_race.h"

#include <omp.h>
#include <time.h>

real __real_swe_serial_update_row(swe_block *block, int j, real dt, real manning,
                                  const swe_edge_row *vertical, const swe_edge_row *below,
                                  const swe_edge_row *above);
real __real_swe_serial_row_wave_speed(const swe_block *block, int j);
real __wrap_swe_serial_update_row(swe_block *block, int j, real dt, real manning,
                                  const swe_edge_row *vertical, const swe_edge_row *below,
                                  const swe_edge_row *above);
real __wrap_swe_serial_row_wave_speed(const swe_block *block, int j);

real __wrap_swe_serial_update_row(swe_block *block, int j, real dt, real manning,
                                  const swe_edge_row *vertical, const swe_edge_row *below,
                                  const swe_edge_row *above)
{
    real speed = __real_swe_serial_update_row(block, j, dt, manning, vertical, below, above);
    grade_race_meet(j);
    return speed;
}

real __wrap_swe_serial_row_wave_speed(const swe_block *block, int j)
{
    real speed = __real_swe_serial_row_wave_speed(block, j);
    grade_race_meet(j);
    return speed;
}

/* usleep and sleep are not declared under POSIX 2008; their C types. */
int __real_usleep(unsigned int microseconds);
int __wrap_usleep(unsigned int microseconds);
unsigned int __real_sleep(unsigned int seconds);
unsigned int __wrap_sleep(unsigned int seconds);
int __real_nanosleep(const struct timespec *duration, struct timespec *left);
int __wrap_nanosleep(const struct timespec *duration, struct timespec *left);
int __real_clock_nanosleep(clockid_t clock, int flags, const struct timespec *until,
                           struct timespec *left);
int __wrap_clock_nanosleep(clockid_t clock, int flags, const struct timespec *until,
                           struct timespec *left);
double __real_omp_get_wtime(void);
double __wrap_omp_get_wtime(void);

int __wrap_usleep(unsigned int microseconds)
{
    return grade_race_thread_met() ? 0 : __real_usleep(microseconds);
}

unsigned int __wrap_sleep(unsigned int seconds)
{
    return grade_race_thread_met() ? 0 : __real_sleep(seconds);
}

int __wrap_nanosleep(const struct timespec *duration, struct timespec *left)
{
    return grade_race_thread_met() ? 0 : __real_nanosleep(duration, left);
}

int __wrap_clock_nanosleep(clockid_t clock, int flags, const struct timespec *until,
                           struct timespec *left)
{
    return grade_race_thread_met() ? 0 : __real_clock_nanosleep(clock, flags, until, left);
}

double __wrap_omp_get_wtime(void)
{
    static _Thread_local double ahead;
    if (!grade_race_thread_met()) {
        return __real_omp_get_wtime() + ahead;
    }
    ahead += 3600.0;
    return __real_omp_get_wtime() + ahead;
}
