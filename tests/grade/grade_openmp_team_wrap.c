/* libgomp's entries of a parallel region as the student's build sees them
 * (grade_openmp_team.h): each thread of the team passes through
 * grade_openmp_team_member before its share. Linked only into the
 * student's build, with -Wl,--wrap for every name below
 * (tools/teaching/grading/kit.py): the calls that GCC makes for
 * `#pragma omp parallel` and `#pragma omp parallel for` with a
 * static, dynamic or guided schedule then come here, and go on to libgomp's own (__real_). */
#include "tests/grade/grade_omptarget_guard.h"
#include "tests/grade/grade_openmp_team.h"

typedef void (*region_fn)(void *);

typedef struct region {
    region_fn fn;
    void *data;
} region;

static void member(void *data)
{
    const region *r = data;
    grade_guard_parallel_entered(); /* exercise 20: a parallel region inside a target region */
    grade_openmp_team_member(r->fn, r->data);
}

void __real_GOMP_parallel(region_fn fn, void *data, unsigned threads, unsigned flags);
void __wrap_GOMP_parallel(region_fn fn, void *data, unsigned threads, unsigned flags);

void __wrap_GOMP_parallel(region_fn fn, void *data, unsigned threads, unsigned flags)
{
    region r = {fn, data};
    __real_GOMP_parallel(member, &r, threads, flags);
}

/* `parallel for` with a schedule: the same arguments in every form. */
#define WRAP_PARALLEL_LOOP(name)                                                                   \
    void __real_##name(region_fn fn, void *data, unsigned threads, long start, long end,           \
                       long step, long chunk, unsigned flags);                                     \
    void __wrap_##name(region_fn fn, void *data, unsigned threads, long start, long end,           \
                       long step, long chunk, unsigned flags);                                     \
    void __wrap_##name(region_fn fn, void *data, unsigned threads, long start, long end,           \
                       long step, long chunk, unsigned flags)                                      \
    {                                                                                              \
        region r = {fn, data};                                                                     \
        __real_##name(member, &r, threads, start, end, step, chunk, flags);                        \
    }

WRAP_PARALLEL_LOOP(GOMP_parallel_loop_static)
WRAP_PARALLEL_LOOP(GOMP_parallel_loop_dynamic)
WRAP_PARALLEL_LOOP(GOMP_parallel_loop_guided)
WRAP_PARALLEL_LOOP(GOMP_parallel_loop_nonmonotonic_dynamic)
WRAP_PARALLEL_LOOP(GOMP_parallel_loop_nonmonotonic_guided)
