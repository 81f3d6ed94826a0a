/* Watching where OpenMP target kernels touch their arrays, on the host
 * fall-back, where a target region runs on the host and every pointer is
 * valid, so that neither a missing map clause nor a loop that left its
 * target region shows in the results. The arrays under watch come from
 * grade_guard_alloc (pages of their own) and are made inaccessible
 * (mprotect) while armed; the student's build wraps libgomp's entry of a
 * target region (grade_omptarget_wrap.c, -Wl,--wrap=GOMP_target_ext),
 * which opens them for the region and notes its map clauses. A touch
 * outside every region is noted, the arrays opened, and the kernel goes
 * on, so that the case still ends. */
#ifndef SWE_GRADE_OMPTARGET_GUARD_H
#define SWE_GRADE_OMPTARGET_GUARD_H

#include "core/real.h"

#include <stddef.h>

enum { GRADE_GUARD_MAX_ARRAYS = 8 };

/* An array of `values` reals on pages of its own; ends the program when
 * out of memory. */
real *grade_guard_alloc(size_t values);
void grade_guard_free(real *array, size_t values);

/* Watches these arrays (from grade_guard_alloc) from now on. */
void grade_guard_arm(real *const *arrays, const size_t *values, int count);
/* Stops watching; the arrays are open again. */
void grade_guard_disarm(void);

/* What the target regions entered since grade_guard_arm did. */
typedef struct grade_guard_report {
    int regions;         /* target regions entered */
    int teams, parallel; /* 1: a region opened teams, a parallel region */
    int touched_outside; /* 1: an array was touched outside every region */
    /* Per watched array: GRADE_MAP_TO and GRADE_MAP_FROM of the map
     * clauses that named the whole array in a region. */
    unsigned maps[GRADE_GUARD_MAX_ARRAYS];
} grade_guard_report;
enum { GRADE_MAP_TO = 1, GRADE_MAP_FROM = 2 };
grade_guard_report grade_guard_report_now(void);

/* Called by the wrapped entry of a target region, before and after it;
 * kinds as libgomp's (gomp-constants.h: the low byte the map type). */
void grade_guard_region_enter(size_t mapnum, void *const *hostaddrs, const size_t *sizes,
                              const unsigned short *kinds);
void grade_guard_region_leave(void);

/* Called by the wrapped entries of a teams construct (grade_omptarget_wrap.c)
 * and, in each thread, of a parallel region (grade_openmp_team_wrap.c): on
 * the host fall-back, `teams distribute` and `parallel for` in a target
 * region go through them, a plain loop in the region does not. */
void grade_guard_teams_entered(void);
void grade_guard_parallel_entered(void);

#endif
