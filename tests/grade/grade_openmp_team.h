/* Watching the OpenMP team of a kernel call (exercise 16). A scatter that
 * runs on one thread, or lets one thread of its team do every edge, gives
 * the right sums: only the team shows it. In the student's build every
 * parallel region's entry into libgomp is wrapped (grade_openmp_team_wrap.c,
 * linked with -Wl,--wrap=GOMP_parallel and its loop forms), so that each
 * thread of a team passes through grade_openmp_team_member before its
 * share of the region. While a call is watched, the first region whose
 * team has the watched size holds one of its threads back until the
 * others stop making progress; if they finished the whole kernel
 * meanwhile, the held thread had no share of it. In the grader's build
 * nothing is wrapped and nothing is watched. */
#ifndef SWE_GRADE_OPENMP_TEAM_H
#define SWE_GRADE_OPENMP_TEAM_H

/* How far the kernel's work has come: progress(context) counts what is
 * written so far (it only grows while the kernel works), finished(context)
 * says whether everything is. Both read what other threads still write. */
typedef struct grade_openmp_watch {
    int threads; /* the team size the kernel was asked for */
    int held;    /* the thread number to hold back */
    long (*progress)(const void *context);
    int (*finished)(const void *context);
    const void *context;
} grade_openmp_watch;

/* What the last watched call showed. */
typedef struct grade_openmp_seen {
    int teams;             /* regions entered with a team of the watched size */
    int held;              /* 1: the held thread was held */
    int others_did_it_all; /* 1: it found the kernel finished when let go */
} grade_openmp_seen;

/* Starts and ends watching the calls in between (one kernel call). */
void grade_openmp_watch_start(const grade_openmp_watch *watch);
grade_openmp_seen grade_openmp_watch_stop(void);

/* Runs one thread's share fn(data) of a parallel region (the wrapper's
 * entry for each thread of each team). */
void grade_openmp_team_member(void (*fn)(void *), void *data);

#endif
