/* Making a data race show: the rows where two threads meet. A missing
 * reduction loses the maximum only when two threads update the shared
 * variable at the same moment, which on their own they do once in
 * thousands of calls. The race cases of exercise 02 arm two rows, one in
 * each of two bands; the row kernels of the student's build are wrapped
 * (grade_race_wrap.c, linked with -Wl,--wrap) so that a thread that has
 * just computed an armed row waits there until the other armed row is
 * computed too, and both go on together: straight into the update of the
 * maximum. With a reduction nothing changes but the timing; without one,
 * about every other call loses the larger value. */
#ifndef SWE_GRADE_RACE_H
#define SWE_GRADE_RACE_H

/* Arms rows first and second (1..ny) for the next call, the first row's
 * thread to go on offset nanoseconds after the other's (which of the two
 * then holds the shared maximum in its cache decides whether an update is
 * lost, so the race cases vary it); rows < 1 disarm. */
void grade_race_arm(int first, int second, long offset_nanoseconds);

/* Called by the wrapped row kernels after computing row j: inside a
 * parallel region of two or more threads, a thread at an armed row waits
 * for the other armed row (at most a few milliseconds, so that a split
 * that puts both rows in one thread only slows down). */
void grade_race_meet(int j);

/* Whether in the last call since grade_race_arm the two threads went on
 * within a fraction of a microsecond of each other. */
int grade_race_met(void);

/* Whether the calling thread is one of the two that met in the call now
 * armed. The student's waits (sleeps, omp_get_wtime) are wrapped
 * (grade_race_wrap.c) so that these two do not wait: a schedule of timed
 * writes, each thread after its own delay, then races as a missing
 * reduction does. */
int grade_race_thread_met(void);

#endif
