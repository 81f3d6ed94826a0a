#include "core/memory_budget.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* The first number of a one-line file such as memory.max; NAN when the
 * file is missing or holds no number ("max"). */
static double number_in_file(const char *path)
{
    FILE *file = fopen(path, "r");
    if (file == NULL) {
        return NAN;
    }
    double value = NAN;
    if (fscanf(file, "%lf", &value) != 1) {
        value = NAN;
    }
    fclose(file);
    return value;
}

/* MemAvailable of /proc/meminfo, bytes; NAN when unknown. */
static double kernel_available(void)
{
    FILE *file = fopen("/proc/meminfo", "r");
    if (file == NULL) {
        return NAN;
    }
    char line[256];
    double kilobytes = NAN;
    while (fgets(line, sizeof line, file) != NULL) {
        if (sscanf(line, "MemAvailable: %lf kB", &kilobytes) == 1) {
            break;
        }
    }
    fclose(file);
    return kilobytes * 1024.0;
}

/* limit - usage of this process's memory cgroup; NAN without one. A v1
 * cgroup without a limit reports a number near 2^63. */
static double cgroup_room(void)
{
    double room = number_in_file("/sys/fs/cgroup/memory.max") -
                  number_in_file("/sys/fs/cgroup/memory.current");
    if (!isnan(room)) {
        return room;
    }
    double limit = number_in_file("/sys/fs/cgroup/memory/memory.limit_in_bytes");
    return limit < 0x1p62 ? limit - number_in_file("/sys/fs/cgroup/memory/memory.usage_in_bytes")
                          : NAN;
}

/* RLIMIT_AS minus the address space in use (/proc/self/statm); NAN
 * without a limit. */
static double address_space_room(void)
{
    struct rlimit limit;
    if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) {
        return NAN;
    }
    double pages = number_in_file("/proc/self/statm");
    double used = isnan(pages) ? 0.0 : pages * (double)sysconf(_SC_PAGESIZE);
    return (double)limit.rlim_cur - used;
}

static double test_cap(void)
{
    const char *text = getenv("SWE_MEMORY_AVAILABLE_BYTES");
    if (text == NULL || text[0] == '\0') {
        return NAN;
    }
    char *end = NULL;
    double bytes = strtod(text, &end);
    return end != text && *end == '\0' && bytes >= 0 ? bytes : NAN;
}

double swe_memory_available(void)
{
    const double candidates[] = {kernel_available(), cgroup_room(), address_space_room(),
                                 test_cap()};
    double available = INFINITY;
    for (size_t k = 0; k < sizeof candidates / sizeof candidates[0]; ++k) {
        if (!isnan(candidates[k])) {
            available = fmin(available, fmax(candidates[k], 0.0));
        }
    }
    return available;
}

void swe_format_bytes(double bytes, char *text, size_t size)
{
    static const char *const units[] = {"bytes", "kB", "MB", "GB", "TB", "PB", "EB"};
    int unit = 0;
    while (bytes >= 1000.0 && unit + 1 < (int)(sizeof units / sizeof units[0])) {
        bytes /= 1000.0;
        unit++;
    }
    snprintf(text, size, unit == 0 ? "%.0f %s" : "%.3g %s", bytes, units[unit]);
}

int swe_memory_check(const char *what, double bytes, const char *fix, swe_error *err)
{
    double available = swe_memory_available();
    if (!(bytes > available) && !isnan(bytes)) {
        return SWE_OK;
    }
    char needed_text[32], available_text[32];
    swe_format_bytes(bytes, needed_text, sizeof needed_text);
    swe_format_bytes(available, available_text, sizeof available_text);
    return swe_fail(err, SWE_ERROR_USAGE, "%s needs %s of memory, more than the %s available (%s)",
                    what != NULL ? what : "this run", needed_text, available_text,
                    fix != NULL ? fix : "use a machine with more memory");
}
