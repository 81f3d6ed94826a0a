/* Ctrl-C and SIGTERM: a run that receives either finishes the write it is
 * in, removes its temporary files and ends with exit code 128 + the
 * signal (130, 143), as shells expect. The handler only notes the signal;
 * the driver and the child processes that write files look at the note at
 * the points where stopping loses nothing. */
#ifndef SWE_INTERRUPT_H
#define SWE_INTERRUPT_H

#include "core/error.h"

/* Installs the handlers for SIGINT and SIGTERM (once per process; the
 * programs call it in main). */
void swe_interrupt_install(void);

/* The signal received since the handlers were installed (SIGINT or
 * SIGTERM), 0 when none. Async-signal-safe to read. */
int swe_interrupt_signal(void);

/* After an interrupt: SWE_INTERRUPTED_BY(signal) with "stopped by
 * SIGTERM at <where> (<what follows>)". */
int swe_fail_interrupted(swe_error *err, int signal, const char *where, const char *next);

/* The exit code of a run stopped by signal. */
#define SWE_INTERRUPTED_BY(signal) (128 + (signal))

/* Whether status is the exit code of an interrupted run. */
int swe_status_is_interrupt(int status);

#endif
