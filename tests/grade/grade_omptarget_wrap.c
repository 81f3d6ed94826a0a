/* libgomp's entries of a target region and of a teams construct as the
 * student's build sees them (grade_omptarget_guard.h): linked only into
 * the student's build, with -Wl,--wrap=GOMP_target_ext,--wrap=GOMP_teams4
 * (tools/teaching/grading/kit.py), so that every `#pragma omp target`
 * region of the student's kernels, and every `teams` in it, comes here and
 * goes on to libgomp's own (__real_). */
#include "tests/grade/grade_omptarget_guard.h"

void __real_GOMP_target_ext(int device, void (*fn)(void *), size_t mapnum, void **hostaddrs,
                            size_t *sizes, unsigned short *kinds, unsigned int flags, void **depend,
                            void **args);
void __wrap_GOMP_target_ext(int device, void (*fn)(void *), size_t mapnum, void **hostaddrs,
                            size_t *sizes, unsigned short *kinds, unsigned int flags, void **depend,
                            void **args);

void __wrap_GOMP_target_ext(int device, void (*fn)(void *), size_t mapnum, void **hostaddrs,
                            size_t *sizes, unsigned short *kinds, unsigned int flags, void **depend,
                            void **args)
{
    grade_guard_region_enter(mapnum, hostaddrs, sizes, kinds);
    __real_GOMP_target_ext(device, fn, mapnum, hostaddrs, sizes, kinds, flags, depend, args);
    grade_guard_region_leave();
}

_Bool __real_GOMP_teams4(unsigned int teams_low, unsigned int teams_high, unsigned int thread_limit,
                         _Bool first);
_Bool __wrap_GOMP_teams4(unsigned int teams_low, unsigned int teams_high, unsigned int thread_limit,
                         _Bool first);

_Bool __wrap_GOMP_teams4(unsigned int teams_low, unsigned int teams_high, unsigned int thread_limit,
                         _Bool first)
{
    grade_guard_teams_entered();
    return __real_GOMP_teams4(teams_low, teams_high, thread_limit, first);
}
