/* Where target kernels touch their arrays (grade_omptarget_guard.h). */
#include "tests/grade/grade_omptarget_guard.h"
#include "tests/grade/grade_support.h"

#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The arrays watched, set while no kernel runs; the counts the wrapped
 * region entry and the fault handler change. */
static struct {
    real *arrays[GRADE_GUARD_MAX_ARRAYS];
    size_t bytes[GRADE_GUARD_MAX_ARRAYS]; /* whole pages */
    size_t used[GRADE_GUARD_MAX_ARRAYS];  /* what a map clause must cover */
    int count;
    volatile sig_atomic_t closed; /* the arrays are inaccessible now */
    volatile sig_atomic_t touched_outside;
    int regions;
    volatile sig_atomic_t in_region, teams, parallel;
    unsigned maps[GRADE_GUARD_MAX_ARRAYS];
} guard;

static struct sigaction previous_handler;

/* libgomp's map types (gomp-constants.h): bits 0 and 1 say to and from;
 * bit 4 is `always`; any other bit makes it another kind of entry
 * (firstprivate scalars, pointers, deletes). */
enum { MAP_TYPE_BITS = 0xff, MAP_DATA_BITS = 0x13 };

static size_t page_bytes(size_t values)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE), bytes = values * sizeof(real);
    return (bytes + page - 1) / page * page;
}

real *grade_guard_alloc(size_t values)
{
    void *pages = aligned_alloc((size_t)sysconf(_SC_PAGESIZE), page_bytes(values));
    if (pages == NULL) {
        grade_harness_failure("out of memory for the watched arrays of a case");
    }
    return pages;
}

void grade_guard_free(real *array, size_t values)
{
    (void)values; /* open again: grade_guard_disarm ran */
    free(array);
}

static void set_access(int prot)
{
    for (int a = 0; a < guard.count; ++a) {
        mprotect(guard.arrays[a], guard.bytes[a], prot);
    }
    guard.closed = prot == PROT_NONE;
}

/* A fault in a watched array outside every region: noted, the arrays
 * opened, and the access repeated. Any other fault is the program's own:
 * the default action, on the access repeated. */
static void on_fault(int signal, siginfo_t *info, void *context)
{
    (void)context;
    const uintptr_t at = (uintptr_t)info->si_addr;
    for (int a = 0; guard.closed && a < guard.count; ++a) {
        const uintptr_t start = (uintptr_t)guard.arrays[a];
        if (at >= start && at < start + guard.bytes[a]) {
            guard.touched_outside = 1;
            set_access(PROT_READ | PROT_WRITE);
            return;
        }
    }
    sigaction(signal, &previous_handler, NULL);
}

void grade_guard_arm(real *const *arrays, const size_t *values, int count)
{
    if (count > GRADE_GUARD_MAX_ARRAYS) {
        grade_harness_failure("too many watched arrays");
    }
    memset(&guard, 0, sizeof guard);
    for (int a = 0; a < count; ++a) {
        guard.arrays[a] = arrays[a];
        guard.bytes[a] = page_bytes(values[a]);
        guard.used[a] = values[a] * sizeof(real);
    }
    guard.count = count;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_fault;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, &previous_handler);
    set_access(PROT_NONE);
}

void grade_guard_disarm(void)
{
    set_access(PROT_READ | PROT_WRITE);
    sigaction(SIGSEGV, &previous_handler, NULL);
    guard.count = 0;
}

grade_guard_report grade_guard_report_now(void)
{
    grade_guard_report report = {.regions = guard.regions,
                                 .touched_outside = guard.touched_outside,
                                 .teams = guard.teams,
                                 .parallel = guard.parallel};
    memcpy(report.maps, guard.maps, sizeof report.maps);
    return report;
}

void grade_guard_region_enter(size_t mapnum, void *const *hostaddrs, const size_t *sizes,
                              const unsigned short *kinds)
{
    if (guard.count == 0) {
        return;
    }
    guard.regions += 1;
    for (size_t m = 0; m < mapnum; ++m) {
        const unsigned type = kinds[m] & MAP_TYPE_BITS;
        if ((type & ~(unsigned)MAP_DATA_BITS) != 0) {
            continue;
        }
        for (int a = 0; a < guard.count; ++a) {
            if (hostaddrs[m] == guard.arrays[a] && sizes[m] >= guard.used[a]) {
                guard.maps[a] |= type & (GRADE_MAP_TO | GRADE_MAP_FROM);
            }
        }
    }
    guard.in_region = 1;
    set_access(PROT_READ | PROT_WRITE);
}

void grade_guard_region_leave(void)
{
    guard.in_region = 0;
    if (guard.count > 0 && !guard.touched_outside) {
        set_access(PROT_NONE);
    }
}

void grade_guard_teams_entered(void)
{
    if (guard.in_region) {
        guard.teams = 1;
    }
}

void grade_guard_parallel_entered(void)
{
    if (guard.in_region) {
        guard.parallel = 1;
    }
}
