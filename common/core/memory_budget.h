/* How much memory a run may still take, asked of the operating system,
 * so that a grid or a file too large for the machine is refused with the
 * figures before it is allocated, instead of the OOM killer ending the
 * process without a word. */
#ifndef SWE_MEMORY_BUDGET_H
#define SWE_MEMORY_BUDGET_H

#include "core/error.h"

#include <stddef.h>

/* Bytes this process may still allocate: the smallest of the memory the
 * kernel reports available (MemAvailable of /proc/meminfo), the room left
 * in its memory cgroup (v2 or v1) and the room left under its
 * address-space limit (RLIMIT_AS). The environment variable
 * SWE_MEMORY_AVAILABLE_BYTES lowers it further (how the tests stand in for
 * a small machine). INFINITY when nothing is known. */
double swe_memory_available(void);

/* The room left in this process's memory cgroup: the smallest limit -
 * usage of its own group and of every group above it, found through
 * ROOT/proc/self/cgroup, in the v2 hierarchy (ROOT/sys/fs/cgroup/PATH/
 * memory.max, memory.current) and v1's memory controller
 * (ROOT/sys/fs/cgroup/memory/PATH/memory.limit_in_bytes,
 * memory.usage_in_bytes). root is "" for this machine; the tests point it
 * at a fake tree. NAN when no group has a limit. */
double swe_memory_cgroup_room(const char *root);

/* SWE_OK when bytes fit into swe_memory_available(); else
 * SWE_ERROR_USAGE with "<what> needs 16.2 GB of memory, more than the
 * 9.05 GB available (<fix>)". bytes may be any size (a product of
 * declared dimensions), even beyond size_t. */
int swe_memory_check(const char *what, double bytes, const char *fix, swe_error *err);

/* bytes as "16.2 GB", "512 kB" (three significant digits) into text. */
void swe_format_bytes(double bytes, char *text, size_t size);

#endif
