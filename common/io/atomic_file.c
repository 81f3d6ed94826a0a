#include "io/atomic_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

char *swe_path_join(const char *stem, const char *suffix)
{
    if (stem == NULL || suffix == NULL) {
        return NULL;
    }
    size_t stem_length = strlen(stem);
    size_t suffix_length = strlen(suffix);
    char *joined = malloc(stem_length + suffix_length + 1);
    if (joined != NULL) {
        memcpy(joined, stem, stem_length);
        memcpy(joined + stem_length, suffix, suffix_length + 1);
    }
    return joined;
}

char *swe_snapshot_path(const char *stem, int snapshot, const char *suffix)
{
    if (stem == NULL || suffix == NULL) {
        return NULL;
    }
    size_t size = strlen(stem) + strlen(suffix) + 16;
    char *path = malloc(size);
    if (path != NULL) {
        snprintf(path, size, "%s_%04d%s", stem, snapshot, suffix);
    }
    return path;
}

static void release(swe_atomic_file *file)
{
    free(file->temp_path);
    free(file->final_path);
    file->temp_path = file->final_path = NULL;
    file->stream = NULL;
}

int swe_atomic_file_open(swe_atomic_file *file, const char *path, swe_error *err)
{
    if (file == NULL || path == NULL || path[0] == '\0') {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: atomic file needs a path");
    }
    file->stream = NULL;
    file->temp_path = swe_path_join(path, ".tmp");
    file->final_path = swe_path_join(path, "");
    if (file->temp_path == NULL || file->final_path == NULL) {
        release(file);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the file name '%s'", path);
    }
    file->stream = fopen(file->temp_path, "wb");
    if (file->stream == NULL) {
        int status = swe_fail(err, SWE_ERROR_USAGE,
                              "cannot create output '%s': %s (choose a writable --output path)",
                              file->temp_path, strerror(errno));
        release(file);
        return status;
    }
    return SWE_OK;
}

int swe_rename_into_place(const char *temp_path, const char *final_path, swe_error *err)
{
    if (rename(temp_path, final_path) != 0) {
        return swe_fail(err, SWE_ERROR_RUNTIME,
                        "cannot rename '%s' to '%s': %s (check permissions of the output "
                        "directory)",
                        temp_path, final_path, strerror(errno));
    }
    return SWE_OK;
}

int swe_atomic_file_commit(swe_atomic_file *file, swe_error *err)
{
    if (file == NULL || file->stream == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no open atomic file to commit");
    }
    int write_failed = fflush(file->stream) != 0 || ferror(file->stream);
    int saved_errno = errno;
    int close_failed = fclose(file->stream) != 0;
    file->stream = NULL;
    int status = SWE_OK;
    if (write_failed || close_failed) {
        status = swe_fail(err, SWE_ERROR_RUNTIME,
                          "writing '%s' failed: %s (check free disk space and permissions)",
                          file->temp_path, strerror(write_failed ? saved_errno : errno));
        remove(file->temp_path);
    } else {
        status = swe_rename_into_place(file->temp_path, file->final_path, err);
    }
    release(file);
    return status;
}

void swe_atomic_file_abandon(swe_atomic_file *file)
{
    if (file == NULL || file->stream == NULL) {
        return;
    }
    fclose(file->stream);
    remove(file->temp_path);
    release(file);
}
