/* Work that a fault must not take the run down with, done in a child
 * process: a library parsing an untrusted file (a damaged NetCDF file
 * makes libnetcdf or libhdf5 crash, hang or allocate without bound), or
 * HDF5 writing to a full disk (a failed close leaves HDF5 in a state that
 * crashes at exit). The child sends its result back through a pipe; a
 * child that crashes, runs past its time or announces more than the
 * memory available becomes one line and an exit code, and the run goes on
 * or ends cleanly. The child dies with this process, however it ends (a
 * run killed with SIGKILL leaves no child holding its --output lock).
 * Where fork fails (no memory for a second process), the work runs in
 * this process instead. */
#ifndef SWE_CHILD_TASK_H
#define SWE_CHILD_TASK_H

#include "core/error.h"

#include <stddef.h>

/* The child's end of the pipe. */
typedef struct swe_child_pipe swe_child_pipe;

/* In the work: the size of the whole result, before any of it is sent.
 * The parent checks it against the memory available and allocates it. */
int swe_child_announce(swe_child_pipe *pipe, double bytes, swe_error *err);

/* In the work: the next size bytes of the announced result. */
int swe_child_send(swe_child_pipe *pipe, const void *data, size_t size, swe_error *err);

/* The work: SWE_OK after sending all it announced, else a status with its
 * one-line message in err. It may send nothing (a write). */
typedef int (*swe_child_work)(void *context, swe_child_pipe *pipe, swe_error *err);

typedef struct swe_child_task {
    const char *what;     /* "reading bathymetry file 'b.nc'" */
    const char *fix;      /* "give an undamaged NetCDF file" */
    int failure_status;   /* of a crash, a time-out or too much memory */
    double seconds;       /* time limit; 0: none */
    int finishes_on_stop; /* nonzero: Ctrl-C and SIGTERM let the work finish (a
                             write); zero: they end it (a read) */
} swe_child_task;

/* Runs work(context, pipe, err) in a child process and waits for it.
 * *result receives the bytes the work sent (NULL when none; free() it),
 * *size their count. Returns the work's status and message; or
 * task->failure_status with "<what> failed: ... (<fix>)" when the child
 * crashed, ran out of time or memory, or sent less than it announced; or
 * SWE_INTERRUPTED_BY(signal) when a read was stopped by Ctrl-C or
 * SIGTERM. */
int swe_child_run(const swe_child_task *task, swe_child_work work, void *context, void **result,
                  size_t *size, swe_error *err);

#endif
