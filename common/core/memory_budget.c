#include "core/memory_budget.h"

#include <limits.h>
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

/* Where a cgroup hierarchy keeps its groups and their memory figures. */
typedef struct cgroup_files {
    const char *mount; /* under the file system root */
    const char *limit;
    const char *usage;
} cgroup_files;

static const cgroup_files cgroup_v2 = {"/sys/fs/cgroup", "memory.max", "memory.current"};
static const cgroup_files cgroup_v1 = {"/sys/fs/cgroup/memory", "memory.limit_in_bytes",
                                       "memory.usage_in_bytes"};

/* A limit this large is none: v1 reports "no limit" as a number near
 * 2^63 (v2 writes "max", which reads as NAN). */
static const double no_limit = 0x1p62;

/* limit - usage of one group (its folder under the mount); NAN without a
 * limit, or when the group is not there (a path of another namespace). */
static double group_room(const char *root, const cgroup_files *files, const char *group)
{
    char limit_path[PATH_MAX], usage_path[PATH_MAX];
    int limit_size = snprintf(limit_path, sizeof limit_path, "%s%s%s/%s", root, files->mount, group,
                              files->limit);
    int usage_size = snprintf(usage_path, sizeof usage_path, "%s%s%s/%s", root, files->mount, group,
                              files->usage);
    if (limit_size < 0 || limit_size >= (int)sizeof limit_path || usage_size < 0 ||
        usage_size >= (int)sizeof usage_path) {
        return NAN;
    }
    double limit = number_in_file(limit_path);
    return limit < no_limit ? limit - number_in_file(usage_path) : NAN;
}

/* The smallest room of group ("/a/b", cut in place) and of every group
 * above it up to the mount's root: a parent's limit holds its children
 * (a Slurm job's step under the job's limit), and its usage counts theirs.
 * NAN when no level has a limit. */
static double smallest_room(const char *root, const cgroup_files *files, char *group)
{
    double smallest = INFINITY;
    for (;;) {
        double room = group_room(root, files, group);
        if (!isnan(room)) {
            smallest = fmin(smallest, room);
        }
        char *slash = strrchr(group, '/');
        if (slash == NULL) {
            break;
        }
        *slash = '\0';
    }
    return isinf(smallest) ? NAN : smallest;
}

/* Whether controllers ("cpu,memory") names the memory controller. */
static int names_memory(const char *controllers, size_t length)
{
    for (size_t start = 0; start < length;) {
        size_t end = start;
        while (end < length && controllers[end] != ',') {
            ++end;
        }
        if (end - start == 6 && strncmp(controllers + start, "memory", 6) == 0) {
            return 1;
        }
        start = end + 1;
    }
    return 0;
}

/* The group path of a line of /proc/self/cgroup into group (without a
 * trailing '/': the root is ""); a path that climbs out of the mount
 * ("/../x", a group of another namespace) is read as the mount's root. */
static void take_group(const char *path, char *group, size_t size)
{
    size_t length = strcspn(path, "\n");
    while (length > 0 && path[length - 1] == '/') {
        --length;
    }
    if (length >= size || strstr(path, "/..") != NULL) {
        length = 0;
    }
    memcpy(group, path, length);
    group[length] = '\0';
}

/* This process's groups from ROOT/proc/self/cgroup: the v2 line
 * "0::/path" and the v1 line of the memory controller
 * "N:memory:/path"; *has_v2, *has_v1 say which it holds. Without the file
 * (not Linux, no /proc), both are the mounts' roots. */
static void own_groups(const char *root, char *v2, char *v1, size_t size, int *has_v2, int *has_v1)
{
    v2[0] = v1[0] = '\0';
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/proc/self/cgroup", root);
    FILE *file = fopen(path, "r");
    *has_v2 = *has_v1 = file == NULL;
    char *line = NULL;
    size_t capacity = 0;
    while (file != NULL && getline(&line, &capacity, file) > 0) {
        char *first = strchr(line, ':');
        char *second = first != NULL ? strchr(first + 1, ':') : NULL;
        if (second == NULL) {
            continue;
        }
        if (strncmp(line, "0::", 3) == 0) {
            take_group(second + 1, v2, size);
            *has_v2 = 1;
        } else if (names_memory(first + 1, (size_t)(second - first - 1))) {
            take_group(second + 1, v1, size);
            *has_v1 = 1;
        }
    }
    free(line);
    if (file != NULL) {
        fclose(file);
    }
}

double swe_memory_cgroup_room(const char *root)
{
    if (root == NULL) {
        return NAN;
    }
    char v2[PATH_MAX], v1[PATH_MAX];
    int has_v2, has_v1;
    own_groups(root, v2, v1, sizeof v2, &has_v2, &has_v1);
    double room_v2 = has_v2 ? smallest_room(root, &cgroup_v2, v2) : NAN;
    double room_v1 = has_v1 ? smallest_room(root, &cgroup_v1, v1) : NAN;
    return isnan(room_v2) ? room_v1 : isnan(room_v1) ? room_v2 : fmin(room_v2, room_v1);
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
    const double candidates[] = {kernel_available(), swe_memory_cgroup_room(""),
                                 address_space_room(), test_cap()};
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
