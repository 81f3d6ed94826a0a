/* A file written under PATH.tmp and renamed to PATH only once complete, so
 * that readers never see a half-written file and a crash leaves the last
 * complete PATH in place. */
#ifndef SWE_ATOMIC_FILE_H
#define SWE_ATOMIC_FILE_H

#include "core/error.h"

#include <stdio.h>

typedef struct swe_atomic_file {
    FILE *stream;     /* write here between open and commit */
    char *temp_path;  /* PATH.tmp */
    char *final_path; /* PATH */
} swe_atomic_file;

/* Opens PATH.tmp for writing. An unwritable place is SWE_ERROR_USAGE. */
int swe_atomic_file_open(swe_atomic_file *file, const char *path, swe_error *err);

/* Flushes and closes the stream, then renames PATH.tmp to PATH; on any
 * failure removes PATH.tmp and reports SWE_ERROR_RUNTIME. */
int swe_atomic_file_commit(swe_atomic_file *file, swe_error *err);

/* Closes and removes PATH.tmp (after a failure while writing). */
void swe_atomic_file_abandon(swe_atomic_file *file);

/* stem + suffix in a new allocation, or NULL when out of memory. */
char *swe_path_join(const char *stem, const char *suffix);

/* The file of snapshot k of a run: stem_kkkk + suffix, in a new
 * allocation, or NULL when out of memory. */
char *swe_snapshot_path(const char *stem, int snapshot, const char *suffix);

/* Renames temp_path to final_path, with a message naming both on failure. */
int swe_rename_into_place(const char *temp_path, const char *final_path, swe_error *err);

#endif
