/* Files that appear complete or not at all: written under a fresh
 * temporary name in the folder of PATH, created exclusively (never
 * following a link planted there, never meeting another run's temporary
 * file), synced to disk and renamed to PATH, the folder synced after the
 * rename. Readers never see a half-written file, and a crash or kill
 * leaves the last complete PATH in place. */
#ifndef SWE_ATOMIC_FILE_H
#define SWE_ATOMIC_FILE_H

#include "core/error.h"

#include <stdio.h>

typedef struct swe_atomic_file {
    FILE *stream;     /* write here between open and commit */
    char *temp_path;  /* PATH.tmp.XXXXXX, created with O_EXCL */
    char *final_path; /* PATH */
} swe_atomic_file;

/* Creates the temporary file of path. An unwritable place is
 * SWE_ERROR_USAGE. */
int swe_atomic_file_open(swe_atomic_file *file, const char *path, swe_error *err);

/* Flushes, syncs and closes the stream, then puts the file in place as
 * PATH (swe_commit_path); on any failure removes the temporary file and
 * reports SWE_ERROR_RUNTIME with one line naming the reason. */
int swe_atomic_file_commit(swe_atomic_file *file, swe_error *err);

/* Flushes, syncs and closes the stream and hands the file over under its
 * temporary name (*temp_path, which the caller frees), for a library to go
 * on writing before the caller puts it in place (swe_commit_path) or
 * removes it. On failure the file is removed. */
int swe_atomic_file_detach(swe_atomic_file *file, char **temp_path, swe_error *err);

/* Copies the regular file at path, byte for byte, to a fresh temporary
 * file next to it (*temp_path, which the caller frees), for a run that
 * goes on writing a file without touching the complete one until it ends.
 * A path that is no regular file is SWE_ERROR_USAGE. */
int swe_copy_to_temporary(const char *path, char **temp_path, swe_error *err);

/* A write to file->stream failed: closes and removes the temporary file
 * and reports SWE_ERROR_RUNTIME with the reason (errno as the failed write
 * left it, and what a full file system or quota says). */
int swe_atomic_file_write_failed(swe_atomic_file *file, swe_error *err);

/* Closes and removes the temporary file (after a failure while writing). */
void swe_atomic_file_abandon(swe_atomic_file *file);

/* A fresh temporary name next to path, PATH.tmp.XXXXXX, that no file had
 * a moment ago, for a library that creates the file itself: create it
 * exclusively (NC_NOCLOBBER) and ask again if that fails because it
 * exists. NULL when no name could be found (errno says why). */
char *swe_temp_path_for(const char *path);

/* Makes temp_path durable and puts it in place as final_path: fsync of
 * the file, rename, fsync of the folder. SWE_ERROR_RUNTIME with one line
 * on failure (temp_path is left for the caller to remove). */
int swe_commit_path(const char *temp_path, const char *final_path, swe_error *err);

/* Syncs the file at path to disk (without following a link). */
int swe_sync_path(const char *path, swe_error *err);

/* Syncs the folder that holds path, so that a rename in it is durable. */
int swe_sync_folder_of(const char *path, swe_error *err);

/* Why a library's write to path may have failed when it does not say
 * (HDF5 reports any failure as "HDF error"): "the file system is full"
 * or "the file system has no free inodes" when statvfs says so, else
 * "check free disk space and permissions". */
const char *swe_write_failure_hint(const char *path);

/* stem + suffix in a new allocation, or NULL when out of memory. */
char *swe_path_join(const char *stem, const char *suffix);

/* path without suffix (the PATH of PATH.checkpoint) in a new allocation;
 * NULL when path is no longer than suffix or does not end in it, or out
 * of memory. */
char *swe_path_strip(const char *path, const char *suffix);

/* The file of snapshot k of a run: stem_kkkk + suffix, in a new
 * allocation, or NULL when out of memory. */
char *swe_snapshot_path(const char *stem, int snapshot, const char *suffix);

/* Renames temp_path to final_path, with a message naming both on failure
 * (no syncs: swe_commit_path is the durable form). */
int swe_rename_into_place(const char *temp_path, const char *final_path, swe_error *err);

#endif
