/* Files named on the command line and read by a library that trusts them
 * (bathymetry, displacement, checkpoint): what is checked before and
 * around the library, which itself reads in a child process
 * (io/child_task.h). */
#ifndef SWE_UNTRUSTED_FILE_H
#define SWE_UNTRUSTED_FILE_H

#include "core/error.h"
#include "io/child_task.h"

#include <stdio.h>

/* The file must be a regular, readable, non-empty file; its size into
 * *bytes. Checked without blocking: a FIFO or a device would hang the
 * reader. SWE_ERROR_USAGE with "<role> 'path' is a FIFO, not a regular
 * file (<fix>)". */
int swe_untrusted_file_check(const char *role, const char *path, const char *fix, double *bytes,
                             swe_error *err);

/* The same checks, and the file they were made on opened for reading
 * ("rb"), for a reader of this process: checking one name and opening it
 * again would let a FIFO put in its place between the two block the
 * reader. NULL with the message of swe_untrusted_file_check in err. */
FILE *swe_untrusted_file_open(const char *role, const char *path, const char *fix, double *bytes,
                              swe_error *err);

/* In the reading child, before the library opens it: a classic-format
 * NetCDF file must hold all the data its header declares
 * (io/classic_header.h). SWE_ERROR_USAGE with "<role> 'path' is
 * truncated: ... (<fix>)". */
int swe_untrusted_file_check_classic(const char *role, const char *path, const char *fix,
                                     swe_error *err);

/* Reads the file at path in a child process (io/child_task.h) after
 * swe_untrusted_file_check: work runs there with context and sends what
 * it read, which comes back in *result (malloc'd, *size bytes). A crash,
 * hang (20 s plus one per 5 MB of file) or early end of the reader is
 * SWE_ERROR_USAGE with "reading <role> 'path' failed: ... (<fix>)", one
 * line instead of the run's end. */
int swe_untrusted_read_in_child(const char *role, const char *path, const char *fix,
                                swe_child_work work, void *context, void **result, size_t *size,
                                swe_error *err);

#endif
