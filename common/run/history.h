/* The CF history line of the files a run writes: when (UTC) and by which
 * command line they were made, so that a file says how to make it again. */
#ifndef SWE_HISTORY_H
#define SWE_HISTORY_H

#include <stddef.h>

/* "2026-01-31T12:00:00Z: shallows --scenario artificial-tsunami ...",
 * the program by its base name, cut to size bytes. */
void swe_history_of(int argc, char **argv, char *text, size_t size);

#endif
