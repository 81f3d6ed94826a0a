/* Running the program the way the fault-injection suites attack it: under
 * a time limit (a hang is a failure, not a stuck test), with its own
 * process group (a kill reaches its child processes too), with an
 * environment variable or a file-size limit, or on a small file system of
 * its own (a tmpfs in a private mount namespace; where the machine allows
 * none, RLIMIT_FSIZE stands in). */
#ifndef SWE_FAULT_RUNNER_H
#define SWE_FAULT_RUNNER_H

#include "tests/program_runner.h"

#include <sys/types.h>

enum { SWE_FAULT_TIMED_OUT = -3 }; /* exit_code of a run past its limit */

typedef struct swe_fault_limits {
    double seconds;               /* killed after this (its whole group) */
    const char *environment;      /* "NAME=value" set for the run, or NULL */
    long long file_size;          /* RLIMIT_FSIZE in bytes (SIGXFSZ ignored); 0: none */
    const char *small_filesystem; /* mount a tmpfs of small_bytes here first (the
                                     run's directory), or NULL; its file names
                                     afterwards go to dir/.listing */
    long long small_bytes;
} swe_fault_limits;

/* Runs the program under test with args (NULL-terminated) in dir. */
void swe_fault_run(const char *dir, const char *const *args, const swe_fault_limits *limits,
                   swe_program_result *result);

/* Starts the program in a process group of its own, its stdout and
 * stderr kept in dir for swe_fault_collect; its process id, which is also
 * its group's. */
pid_t swe_fault_start(const char *dir, const char *const *args);

/* The exit code `code` (of swe_fault_wait) and the output of the program
 * started last in dir into result. */
void swe_fault_collect(const char *dir, int code, swe_program_result *result);

/* Waits for a started program, at most `seconds` (then kills its group);
 * its exit code, -1 for a signal, SWE_FAULT_TIMED_OUT. */
int swe_fault_wait(pid_t pid, double seconds);

/* Whether the result is a clean refusal or failure: exit code `code`
 * and exactly one line on stderr that starts with "shallows: ". Prints
 * what was wrong, with context. */
int swe_fault_one_line(const swe_program_result *result, int code, const char *context);

/* How small file systems are made here: "tmpfs" or "RLIMIT_FSIZE". */
const char *swe_fault_small_filesystem_kind(void);

void swe_fault_sleep(double seconds);

#endif
