#include "io/child_task.h"

#include "core/interrupt.h"
#include "core/memory_budget.h"
#include "core/timer.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define SWE_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SWE_UNDER_ASAN 1
#endif
#endif

/* Records on the pipe: a header of a type byte and a 64-bit length,
 * packed without padding (a struct's padding would go down the pipe
 * uninitialised), then the payload. */
enum { RECORD_ANNOUNCE = 'A', RECORD_DATA = 'D', RECORD_ERROR = 'E' };
enum { HEADER_BYTES = 1 + sizeof(uint64_t) };

struct swe_child_pipe {
    int fd; /* -1: the work runs in this process and collects below */
    const swe_child_task *task;
    unsigned char *bytes;
    size_t size, announced;
    int has_announced;
};

static int write_all(int fd, const void *data, size_t size)
{
    const unsigned char *bytes = data;
    while (size > 0) {
        ssize_t written = write(fd, bytes, size);
        if (written < 0 && errno == EINTR) {
            continue;
        }
        if (written <= 0) {
            return -1;
        }
        bytes += written;
        size -= (size_t)written;
    }
    return 0;
}

static int send_record(swe_child_pipe *pipe, int type, const void *data, size_t size,
                       swe_error *err)
{
    unsigned char header[HEADER_BYTES] = {(unsigned char)type};
    const uint64_t length = size;
    memcpy(header + 1, &length, sizeof length);
    if (write_all(pipe->fd, header, sizeof header) != 0 || write_all(pipe->fd, data, size) != 0) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "the child process lost its pipe: %s",
                        strerror(errno));
    }
    return SWE_OK;
}

/* Room for the announced result in this process (the fallback or the
 * parent), after the memory check. */
static int allocate_result(const swe_child_task *task, double bytes, unsigned char **buffer,
                           swe_error *err)
{
    int status = swe_memory_check(task->what, bytes, task->fix, err);
    if (status != SWE_OK) {
        return status;
    }
    *buffer = malloc(bytes > 0 ? (size_t)bytes : 1);
    return *buffer != NULL ? SWE_OK
                           : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for %s", task->what);
}

int swe_child_announce(swe_child_pipe *pipe, double bytes, swe_error *err)
{
    if (pipe == NULL || pipe->has_announced || !(bytes >= 0) || bytes > 0x1p62) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: a result announced twice or of "
                        "an impossible size");
    }
    pipe->has_announced = 1;
    pipe->announced = (size_t)bytes;
    if (pipe->fd >= 0) {
        return send_record(pipe, RECORD_ANNOUNCE, &bytes, sizeof bytes, err);
    }
    return allocate_result(pipe->task, bytes, &pipe->bytes, err);
}

int swe_child_send(swe_child_pipe *pipe, const void *data, size_t size, swe_error *err)
{
    if (pipe == NULL || !pipe->has_announced || size > pipe->announced - pipe->size ||
        (data == NULL && size > 0)) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: more sent than announced");
    }
    if (pipe->fd < 0) {
        memcpy(pipe->bytes + pipe->size, data, size);
        pipe->size += size;
        return SWE_OK;
    }
    /* Pieces of at most 1 MiB keep the parent's reads short. */
    const unsigned char *bytes = data;
    for (size_t offset = 0; offset < size; offset += 1u << 20) {
        size_t piece = size - offset < (1u << 20) ? size - offset : (1u << 20);
        int status = send_record(pipe, RECORD_DATA, bytes + offset, piece, err);
        if (status != SWE_OK) {
            return status;
        }
    }
    pipe->size += size;
    return SWE_OK;
}

/* The child ends with its parent, however that ends (SIGKILL too):
 * orphaned, it would go on holding the lock of --output (the flock it
 * shares since fork), and no run could write there again. The parent may
 * have died before the prctl, so its process id is compared after. (The
 * signal follows the thread that forked: the run's main thread. prctl
 * fails only on a signal number that is not one.) */
static void die_with_parent(pid_t parent)
{
    (void)prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) {
        _exit(EXIT_FAILURE);
    }
}

/* The child: quiet, bounded, then the work; never returns. */
static _Noreturn void run_child(const swe_child_task *task, swe_child_work work, void *context,
                                int fd)
{
    struct sigaction action = {0};
    action.sa_handler = task->finishes_on_stop ? SIG_IGN : SIG_DFL;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    /* A crash ends the child, whatever handlers the parent's libraries
     * (MPI, OpenCL runtimes) installed for themselves. */
    const int faults[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
    action.sa_handler = SIG_DFL;
    for (size_t f = 0; f < sizeof faults / sizeof faults[0]; ++f) {
        sigaction(faults[f], &action, NULL);
    }
    /* A library's own messages (glibc's "malloc(): invalid size", HDF5's
     * error stacks) would be a second line: the parent says what failed. */
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0) {
        dup2(null, STDOUT_FILENO);
        dup2(null, STDERR_FILENO);
        close(null);
    }
    struct rlimit no_core = {0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
#ifndef SWE_UNDER_ASAN
    /* Allocations beyond the memory available fail in the child instead
     * of waking the OOM killer (AddressSanitizer reserves address space
     * far beyond any such limit, so not under it). */
    double available = swe_memory_available();
    FILE *statm = fopen("/proc/self/statm", "r");
    double pages = 0;
    if (statm != NULL && fscanf(statm, "%lf", &pages) == 1 && isfinite(available)) {
        double limit = pages * (double)sysconf(_SC_PAGESIZE) + available;
        struct rlimit memory = {(rlim_t)limit, (rlim_t)limit};
        setrlimit(RLIMIT_AS, &memory);
    }
    if (statm != NULL) {
        fclose(statm);
    }
#endif
    swe_child_pipe pipe = {.fd = fd, .task = task};
    swe_error err = {{0}};
    int status = work(context, &pipe, &err);
    if (status != SWE_OK) {
        send_record(&pipe, RECORD_ERROR, err.message, strlen(err.message), NULL);
    }
    close(fd);
    _exit(status == SWE_OK ? 0 : (status & 0xff));
}

/* What the parent has heard from the child. */
typedef struct hearing {
    const swe_child_task *task;
    pid_t child;
    int fd;
    double deadline; /* wall seconds; INFINITY: none */
    unsigned char *bytes;
    size_t size, announced;
    int has_announced, timed_out, stopped_by;
    swe_error message; /* the child's own, from an error record */
    int has_message;
} hearing;

/* Waits until fd is readable; 0, or -1 after the deadline or an
 * interrupt that ends the work. */
static int wait_readable(hearing *h)
{
    for (;;) {
        if (!h->task->finishes_on_stop && swe_interrupt_signal() != 0) {
            h->stopped_by = swe_interrupt_signal();
            return -1;
        }
        if (swe_wall_seconds() > h->deadline) {
            h->timed_out = 1;
            return -1;
        }
        struct pollfd poll_fd = {.fd = h->fd, .events = POLLIN};
        int ready = poll(&poll_fd, 1, 100);
        if (ready > 0) {
            return 0;
        }
        if (ready < 0 && errno != EINTR) {
            return -1;
        }
    }
}

/* Reads exactly size bytes; 1 on success, 0 at end of file, -1 when the
 * wait was cut off. */
static int read_exact(hearing *h, void *data, size_t size)
{
    unsigned char *bytes = data;
    size_t got = 0;
    while (got < size) {
        if (wait_readable(h) != 0) {
            return -1;
        }
        ssize_t n = read(h->fd, bytes + got, size - got);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return 0;
        }
        got += (size_t)n;
    }
    return 1;
}

/* One record into h; 1 when one was read, 0 at the end, -1 when cut off
 * or the child broke the protocol. */
static int hear_record(hearing *h, swe_error *err)
{
    unsigned char header[HEADER_BYTES];
    int got = read_exact(h, header, sizeof header);
    if (got <= 0) {
        return got;
    }
    const unsigned char type = header[0];
    uint64_t length;
    memcpy(&length, header + 1, sizeof length);
    if (type == RECORD_ANNOUNCE && length == sizeof(double) && !h->has_announced) {
        double bytes;
        if (read_exact(h, &bytes, sizeof bytes) <= 0 ||
            allocate_result(h->task, bytes, &h->bytes, err) != SWE_OK) {
            return -1;
        }
        h->has_announced = 1;
        h->announced = (size_t)bytes;
        return 1;
    }
    if (type == RECORD_DATA && h->has_announced && length <= h->announced - h->size) {
        got = read_exact(h, h->bytes + h->size, (size_t)length);
        h->size += got > 0 ? (size_t)length : 0;
        return got > 0 ? 1 : -1;
    }
    if (type == RECORD_ERROR && length < sizeof h->message.message) {
        got = read_exact(h, h->message.message, (size_t)length);
        h->message.message[got > 0 ? length : 0] = '\0';
        h->has_message = got > 0;
        return got > 0 ? 1 : -1;
    }
    return -1;
}

static int wait_for_child(pid_t child)
{
    int wait_status = 0;
    while (waitpid(child, &wait_status, 0) < 0 && errno == EINTR) {
    }
    return wait_status;
}

/* The one line for a child that did not end well. */
static int child_failure(const hearing *h, int wait_status, swe_error *err)
{
    const swe_child_task *task = h->task;
    if (h->stopped_by != 0 ||
        (WIFSIGNALED(wait_status) && swe_interrupt_signal() != 0 &&
         (WTERMSIG(wait_status) == SIGINT || WTERMSIG(wait_status) == SIGTERM))) {
        int signal = h->stopped_by != 0 ? h->stopped_by : swe_interrupt_signal();
        return swe_fail_interrupted(err, signal, task->what, NULL);
    }
    if (h->timed_out) {
        return swe_fail(err, task->failure_status, "%s failed: it took longer than %.0f s (%s)",
                        task->what, task->seconds, task->fix);
    }
    if (WIFSIGNALED(wait_status)) {
        return swe_fail(err, task->failure_status, "%s failed: its process crashed (%s) (%s)",
                        task->what, strsignal(WTERMSIG(wait_status)), task->fix);
    }
    if (WIFEXITED(wait_status) && WEXITSTATUS(wait_status) != 0 && h->has_message) {
        *err = h->message;
        return WEXITSTATUS(wait_status);
    }
    if (WIFEXITED(wait_status) && WEXITSTATUS(wait_status) != 0) {
        return swe_fail(err, task->failure_status, "%s failed: its process ended with code %d (%s)",
                        task->what, WEXITSTATUS(wait_status), task->fix);
    }
    return swe_fail(err, task->failure_status, "%s failed: its process sent %zu of %zu bytes (%s)",
                    task->what, h->size, h->announced, task->fix);
}

/* The parent: hears the child out, then judges how it ended. */
static int hear_child(hearing *h, void **result, size_t *size, swe_error *err)
{
    swe_error parent_err = {{0}};
    int heard;
    while ((heard = hear_record(h, &parent_err)) > 0) {
    }
    int refused = heard < 0 && parent_err.message[0] != '\0';
    if (heard < 0) {
        kill(h->child, SIGKILL);
    }
    close(h->fd);
    int wait_status = wait_for_child(h->child);
    if (refused) {
        free(h->bytes);
        *err = parent_err; /* the memory check's own line */
        return SWE_ERROR_USAGE;
    }
    int clean = heard == 0 && WIFEXITED(wait_status) && WEXITSTATUS(wait_status) == 0 &&
                h->size == h->announced;
    if (!clean) {
        free(h->bytes);
        return child_failure(h, wait_status, err);
    }
    *result = h->bytes;
    *size = h->size;
    return SWE_OK;
}

static int run_here(const swe_child_task *task, swe_child_work work, void *context, void **result,
                    size_t *size, swe_error *err)
{
    swe_child_pipe pipe = {.fd = -1, .task = task};
    int status = work(context, &pipe, err);
    if (status != SWE_OK || pipe.size != pipe.announced) {
        free(pipe.bytes);
        return status != SWE_OK
                   ? status
                   : swe_fail(err, task->failure_status,
                              "internal error: %s sent less than it announced", task->what);
    }
    *result = pipe.bytes;
    *size = pipe.size;
    return SWE_OK;
}

int swe_child_run(const swe_child_task *task, swe_child_work work, void *context, void **result,
                  size_t *size, swe_error *err)
{
    if (task == NULL || task->what == NULL || task->fix == NULL || work == NULL || result == NULL ||
        size == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: a child task needs work");
    }
    *result = NULL;
    *size = 0;
    int fds[2];
    if (pipe(fds) != 0) {
        return run_here(task, work, context, result, size, err);
    }
    fflush(NULL); /* nothing buffered is written twice */
    const pid_t parent = getpid();
    pid_t child = fork();
    if (child < 0) {
        close(fds[0]);
        close(fds[1]);
        return run_here(task, work, context, result, size, err);
    }
    if (child == 0) {
        die_with_parent(parent);
        close(fds[0]);
        run_child(task, work, context, fds[1]);
    }
    close(fds[1]);
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    hearing h = {.task = task,
                 .child = child,
                 .fd = fds[0],
                 .deadline = task->seconds > 0 ? swe_wall_seconds() + task->seconds : INFINITY};
    return hear_child(&h, result, size, err);
}
