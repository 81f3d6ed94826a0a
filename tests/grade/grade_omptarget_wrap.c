/* libgomp's entry of a target region as the student's build sees it
 * (grade_omptarget_guard.h): linked only into the student's build, with
 * -Wl,--wrap=GOMP_target_ext (tools/teaching/grading/kit.py), so that
 * every `#pragma omp target` region of the student's kernels comes here
 * and goes on to libgomp's own (__real_). */
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
