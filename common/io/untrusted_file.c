#include "io/untrusted_file.h"

#include "io/classic_header.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A classic header lies in the first part of its file. */
enum { HEADER_LIMIT = 64 << 20 };

static const char *kind_of(mode_t mode)
{
    return S_ISDIR(mode)    ? "a directory"
           : S_ISFIFO(mode) ? "a FIFO"
           : S_ISSOCK(mode) ? "a socket"
           : S_ISCHR(mode)  ? "a character device"
           : S_ISBLK(mode)  ? "a block device"
                            : "not a regular file";
}

/* The file opened without blocking and checked; its descriptor, or -1
 * with the message in err. */
static int open_checked(const char *role, const char *path, const char *fix, double *bytes,
                        swe_error *err)
{
    if (role == NULL || path == NULL || fix == NULL || bytes == NULL) {
        swe_fail(err, SWE_ERROR_USAGE, "internal error: which file to check?");
        return -1;
    }
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        swe_fail(err, SWE_ERROR_USAGE, "%s '%s' cannot be read: %s (%s)", role, path,
                 strerror(errno), fix);
        return -1;
    }
    struct stat info;
    if (fstat(fd, &info) != 0) {
        int saved_errno = errno;
        close(fd);
        swe_fail(err, SWE_ERROR_USAGE, "%s '%s' cannot be read: %s (%s)", role, path,
                 strerror(saved_errno), fix);
        return -1;
    }
    if (!S_ISREG(info.st_mode)) {
        close(fd);
        swe_fail(err, SWE_ERROR_USAGE, "%s '%s' is %s, not a regular file (%s)", role, path,
                 kind_of(info.st_mode), fix);
        return -1;
    }
    if (info.st_size == 0) {
        close(fd);
        swe_fail(err, SWE_ERROR_USAGE, "%s '%s' is empty (%s)", role, path, fix);
        return -1;
    }
    *bytes = (double)info.st_size;
    return fd;
}

int swe_untrusted_file_check(const char *role, const char *path, const char *fix, double *bytes,
                             swe_error *err)
{
    int fd = open_checked(role, path, fix, bytes, err);
    if (fd < 0) {
        return SWE_ERROR_USAGE;
    }
    close(fd);
    return SWE_OK;
}

FILE *swe_untrusted_file_open(const char *role, const char *path, const char *fix, double *bytes,
                              swe_error *err)
{
    int fd = open_checked(role, path, fix, bytes, err);
    if (fd < 0) {
        return NULL;
    }
    /* A regular file: reads block as usual from here on. */
    int flags = fcntl(fd, F_GETFL);
    FILE *stream =
        flags >= 0 && fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 ? fdopen(fd, "rb") : NULL;
    if (stream == NULL) {
        int saved_errno = errno;
        close(fd);
        swe_fail(err, SWE_ERROR_USAGE, "%s '%s' cannot be read: %s (%s)", role, path,
                 strerror(saved_errno), fix);
    }
    return stream;
}

int swe_untrusted_file_check_classic(const char *role, const char *path, const char *fix,
                                     swe_error *err)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat info;
    if (fd < 0 || fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        if (fd >= 0) {
            close(fd);
        }
        return SWE_OK; /* the library's own open says what is wrong */
    }
    size_t size = info.st_size < HEADER_LIMIT ? (size_t)info.st_size : HEADER_LIMIT;
    unsigned char *data = malloc(size > 0 ? size : 1);
    size_t got = 0;
    while (data != NULL && got < size) {
        ssize_t n = read(fd, data + got, size - got);
        if (n <= 0 && !(n < 0 && errno == EINTR)) {
            break;
        }
        got += n > 0 ? (size_t)n : 0;
    }
    close(fd);
    char problem[256];
    enum swe_classic_verdict verdict =
        data != NULL ? swe_classic_judge(data, got, (double)info.st_size, problem, sizeof problem)
                     : SWE_CLASSIC_NOT_CLASSIC;
    free(data);
    if (verdict == SWE_CLASSIC_TRUNCATED || verdict == SWE_CLASSIC_DAMAGED_HEADER) {
        return swe_fail(err, SWE_ERROR_USAGE, "%s '%s' %s (%s)", role, path, problem, fix);
    }
    return SWE_OK;
}

int swe_untrusted_read_in_child(const char *role, const char *path, const char *fix,
                                swe_child_work work, void *context, void **result, size_t *size,
                                swe_error *err)
{
    if (role == NULL || path == NULL || fix == NULL || work == NULL || result == NULL ||
        size == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a file to read in a child");
    }
    *result = NULL;
    *size = 0;
    double bytes = 0;
    int status = swe_untrusted_file_check(role, path, fix, &bytes, err);
    if (status != SWE_OK) {
        return status;
    }
    char what[4200];
    snprintf(what, sizeof what, "reading %s '%s'", role, path);
    const swe_child_task task = {.what = what,
                                 .fix = fix,
                                 .failure_status = SWE_ERROR_USAGE,
                                 .seconds = 20.0 + bytes / 5.0e6,
                                 .finishes_on_stop = 0};
    return swe_child_run(&task, work, context, result, size, err);
}
