#include "io/atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

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

const char *swe_write_failure_hint(const char *path)
{
    char *folder = path != NULL ? swe_path_join(path, "") : NULL;
    char *slash = folder != NULL ? strrchr(folder, '/') : NULL;
    if (slash != NULL) {
        slash[slash == folder ? 1 : 0] = '\0';
    }
    struct statvfs space;
    int known = folder != NULL && statvfs(slash != NULL ? folder : ".", &space) == 0;
    free(folder);
    if (known && space.f_bavail * (unsigned long long)space.f_frsize < (1u << 20)) {
        return "the file system is full: free space and run again";
    }
    if (known && space.f_files > 0 && space.f_favail == 0) {
        return "the file system has no free inodes: remove files and run again";
    }
    return "check free disk space, quota and permissions";
}

/* mkstemp's own O_EXCL creation: a fresh name that was no file, link or
 * anything else a moment ago; *fd is the open file. */
static char *create_temporary(const char *path, int *fd)
{
    char *temp = swe_path_join(path, ".tmp.XXXXXX");
    if (temp == NULL) {
        errno = ENOMEM;
        return NULL;
    }
    *fd = mkstemp(temp);
    if (*fd < 0) {
        int saved = errno;
        free(temp);
        errno = saved;
        return NULL;
    }
    return temp;
}

char *swe_temp_path_for(const char *path)
{
    int fd;
    char *temp = create_temporary(path, &fd);
    if (temp != NULL) {
        close(fd);
        unlink(temp); /* the library creates it again, exclusively */
    }
    return temp;
}

/* The permissions an ordinary file of this user gets (mkstemp's are 0600). */
static mode_t ordinary_mode(void)
{
    mode_t mask = 022;
    FILE *status = fopen("/proc/self/status", "r");
    char line[128];
    while (status != NULL && fgets(line, sizeof line, status) != NULL) {
        unsigned value;
        if (sscanf(line, "Umask: %o", &value) == 1) {
            mask = (mode_t)value;
            break;
        }
    }
    if (status != NULL) {
        fclose(status);
    }
    return 0666 & ~mask;
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
    *file = (swe_atomic_file){.final_path = swe_path_join(path, "")};
    int fd = -1;
    file->temp_path = file->final_path != NULL ? create_temporary(path, &fd) : NULL;
    if (file->temp_path == NULL) {
        int status = swe_fail(err, SWE_ERROR_USAGE,
                              "cannot create a temporary file for '%s': %s (choose a writable "
                              "--output path)",
                              path, strerror(errno));
        release(file);
        return status;
    }
    fchmod(fd, ordinary_mode());
    file->stream = fdopen(fd, "wb");
    if (file->stream == NULL) {
        close(fd);
        remove(file->temp_path);
        release(file);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a file stream of '%s'", path);
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

int swe_sync_path(const char *path, swe_error *err)
{
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0 || fsync(fd) != 0) {
        int saved = errno;
        if (fd >= 0) {
            close(fd);
        }
        return swe_fail(err, SWE_ERROR_RUNTIME,
                        "cannot sync '%s' to disk: %s (check free disk space)", path,
                        strerror(saved));
    }
    close(fd);
    return SWE_OK;
}

int swe_sync_folder_of(const char *path, swe_error *err)
{
    char *folder = swe_path_join(path, "");
    if (folder == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a folder name");
    }
    char *slash = strrchr(folder, '/');
    const char *name = slash == NULL ? "." : (slash == folder ? "/" : folder);
    if (slash != NULL && slash != folder) {
        *slash = '\0';
    }
    int fd = open(name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    /* Some file systems cannot sync a folder (EINVAL): nothing to wait for. */
    int failed = fd < 0 || (fsync(fd) != 0 && errno != EINVAL);
    int saved = errno;
    if (fd >= 0) {
        close(fd);
    }
    int status = failed ? swe_fail(err, SWE_ERROR_RUNTIME, "cannot sync the folder '%s': %s", name,
                                   strerror(saved))
                        : SWE_OK;
    free(folder);
    return status;
}

int swe_commit_path(const char *temp_path, const char *final_path, swe_error *err)
{
    int status = swe_sync_path(temp_path, err);
    if (status == SWE_OK) {
        status = swe_rename_into_place(temp_path, final_path, err);
    }
    return status == SWE_OK ? swe_sync_folder_of(final_path, err) : status;
}

/* Flushes, syncs and closes the stream; on failure removes the file. */
static int close_stream(swe_atomic_file *file, swe_error *err)
{
    int write_failed =
        fflush(file->stream) != 0 || ferror(file->stream) || fsync(fileno(file->stream)) != 0;
    int saved_errno = errno;
    int close_failed = fclose(file->stream) != 0;
    file->stream = NULL;
    if (!write_failed && !close_failed) {
        return SWE_OK;
    }
    remove(file->temp_path);
    return swe_fail(err, SWE_ERROR_RUNTIME,
                    "writing '%s' failed: %s (check free disk space and permissions)",
                    file->final_path, strerror(write_failed ? saved_errno : errno));
}

int swe_atomic_file_commit(swe_atomic_file *file, swe_error *err)
{
    if (file == NULL || file->stream == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no open atomic file to commit");
    }
    int status = close_stream(file, err);
    if (status == SWE_OK) {
        status = swe_rename_into_place(file->temp_path, file->final_path, err);
        if (status != SWE_OK) {
            remove(file->temp_path);
        }
    }
    if (status == SWE_OK) {
        status = swe_sync_folder_of(file->final_path, err);
    }
    release(file);
    return status;
}

int swe_atomic_file_detach(swe_atomic_file *file, char **temp_path, swe_error *err)
{
    if (file == NULL || file->stream == NULL || temp_path == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no open atomic file to detach");
    }
    *temp_path = NULL;
    int status = close_stream(file, err);
    if (status == SWE_OK) {
        *temp_path = file->temp_path;
        file->temp_path = NULL;
    }
    release(file);
    return status;
}

int swe_atomic_file_write_failed(swe_atomic_file *file, swe_error *err)
{
    int saved = errno;
    if (file == NULL || file->final_path == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no atomic file that failed");
    }
    const char *hint = swe_write_failure_hint(file->temp_path);
    int status = swe_fail(err, SWE_ERROR_RUNTIME, "writing '%s' failed: %s (%s)", file->final_path,
                          saved != 0 ? strerror(saved) : "short write", hint);
    swe_atomic_file_abandon(file);
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

int swe_copy_to_temporary(const char *path, char **temp_path, swe_error *err)
{
    if (path == NULL || temp_path == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: copy a file to where?");
    }
    *temp_path = NULL;
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct stat info;
    if (fd < 0 || fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        int saved = fd < 0 ? errno : EINVAL;
        if (fd >= 0) {
            close(fd);
        }
        return swe_fail(err, SWE_ERROR_USAGE, "cannot open '%s' to continue it: %s", path,
                        saved == EINVAL ? "not a regular file" : strerror(saved));
    }
    FILE *in = fdopen(fd, "rb");
    swe_atomic_file out;
    int status = in != NULL ? swe_atomic_file_open(&out, path, err)
                            : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for a stream");
    char block[1 << 16];
    size_t got = 0;
    int ok = status == SWE_OK;
    while (ok && (got = fread(block, 1, sizeof block, in)) > 0) {
        ok = fwrite(block, 1, got, out.stream) == got;
    }
    ok = ok && !ferror(in);
    if (in != NULL) {
        fclose(in);
    } else {
        close(fd);
    }
    if (status == SWE_OK && !ok) {
        swe_atomic_file_abandon(&out);
        status = swe_fail(err, SWE_ERROR_RUNTIME, "cannot copy '%s' to continue it: %s", path,
                          swe_write_failure_hint(path));
    }
    return status == SWE_OK ? swe_atomic_file_detach(&out, temp_path, err) : status;
}

char *swe_path_strip(const char *path, const char *suffix)
{
    size_t length = path != NULL ? strlen(path) : 0;
    size_t tail = suffix != NULL ? strlen(suffix) : 0;
    if (suffix == NULL || length <= tail || strcmp(path + length - tail, suffix) != 0) {
        return NULL;
    }
    char *stem = swe_path_join(path, "");
    if (stem != NULL) {
        stem[length - tail] = '\0';
    }
    return stem;
}
