#define _GNU_SOURCE /* unshare, CLONE_NEWNS, CLONE_NEWUSER */
#include "tests/fault_runner.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests/test_suites.h"

enum { MAX_ARGUMENTS = 48 };

void swe_fault_sleep(double seconds)
{
    struct timespec pause = {(time_t)seconds, (long)((seconds - (time_t)seconds) * 1e9)};
    while (nanosleep(&pause, &pause) != 0 && errno == EINTR) {
    }
}

static double now(void)
{
    struct timespec clock;
    clock_gettime(CLOCK_MONOTONIC, &clock);
    return (double)clock.tv_sec + 1e-9 * (double)clock.tv_nsec;
}

static void write_text(const char *path, const char *text)
{
    FILE *file = fopen(path, "w");
    if (file != NULL) {
        fputs(text, file);
        fclose(file);
    }
}

/* A private mount namespace with a tmpfs at path: as root directly, else
 * inside a user namespace. 0 on success. Only ever in a child process. */
static int mount_tmpfs(const char *path, long long bytes)
{
    uid_t uid = getuid();
    gid_t gid = getgid();
    if (unshare(CLONE_NEWNS) != 0) {
        if (unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) {
            return -1;
        }
        char map[64];
        write_text("/proc/self/setgroups", "deny");
        snprintf(map, sizeof map, "0 %u 1", (unsigned)uid);
        write_text("/proc/self/uid_map", map);
        snprintf(map, sizeof map, "0 %u 1", (unsigned)gid);
        write_text("/proc/self/gid_map", map);
    }
    char options[64];
    snprintf(options, sizeof options, "size=%lld", bytes);
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
        mount("tmpfs", path, "tmpfs", 0, options) != 0) {
        return -1;
    }
    return 0;
}

static void list_directory(const char *path, const char *listing)
{
    FILE *out = fopen(listing, "w");
    DIR *directory = opendir(path);
    struct dirent *entry;
    while (out != NULL && directory != NULL && (entry = readdir(directory)) != NULL) {
        if (strcmp(entry->d_name, ".") != 0 && strcmp(entry->d_name, "..") != 0) {
            fprintf(out, "%s\n", entry->d_name);
        }
    }
    if (directory != NULL) {
        closedir(directory);
    }
    if (out != NULL) {
        fclose(out);
    }
}

static void redirect(const char *dir)
{
    char out_path[4096], err_path[4096];
    swe_path_in(out_path, sizeof out_path, dir, ".stdout");
    swe_path_in(err_path, sizeof err_path, dir, ".stderr");
    int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (out < 0 || err < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) {
        _exit(127);
    }
    close(out);
    close(err);
}

/* The program by its absolute path: the run goes on in another folder. */
static void build_argv(const char *const *args, const char **argv, char *program, size_t size)
{
    if (realpath(swe_test_program(), program) == NULL) {
        snprintf(program, size, "%s", swe_test_program());
    }
    argv[0] = program;
    int argc = 1;
    for (; args[argc - 1] != NULL && argc < MAX_ARGUMENTS + 1; ++argc) {
        argv[argc] = args[argc - 1];
    }
    argv[argc] = NULL;
}

/* The child that becomes the program (after its small file system). */
static _Noreturn void become_program(const char *dir, const char *const *args,
                                     const swe_fault_limits *limits)
{
    setpgid(0, 0);
    redirect(dir);
    if (limits->environment != NULL) {
        putenv((char *)limits->environment);
    }
    const char *run_dir = dir;
    if (limits->small_filesystem != NULL) {
        run_dir = limits->small_filesystem;
        if (strcmp(swe_fault_small_filesystem_kind(), "tmpfs") == 0) {
            if (mount_tmpfs(run_dir, limits->small_bytes) != 0) {
                _exit(126);
            }
        } else {
            struct rlimit size = {(rlim_t)limits->small_bytes, (rlim_t)limits->small_bytes};
            setrlimit(RLIMIT_FSIZE, &size);
        }
    }
    if (limits->file_size > 0) {
        struct rlimit size = {(rlim_t)limits->file_size, (rlim_t)limits->file_size};
        setrlimit(RLIMIT_FSIZE, &size);
    }
    signal(SIGXFSZ, SIG_IGN); /* writes past the limit fail with EFBIG instead */
    const char *argv[MAX_ARGUMENTS + 2];
    char program_path[4096];
    build_argv(args, argv, program_path, sizeof program_path);
    if (chdir(run_dir) != 0) {
        _exit(127);
    }
    if (limits->small_filesystem == NULL) {
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    /* In the namespace: run the program, then list what it left there. */
    pid_t program = fork();
    if (program == 0) {
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    int status = 0;
    while (waitpid(program, &status, 0) < 0 && errno == EINTR) {
    }
    char listing[4096];
    swe_path_in(listing, sizeof listing, dir, ".listing");
    list_directory(".", listing);
    if (WIFSIGNALED(status)) {
        signal(WTERMSIG(status), SIG_DFL);
        raise(WTERMSIG(status));
    }
    _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 125);
}

static pid_t start(const char *dir, const char *const *args, const swe_fault_limits *limits)
{
    fflush(NULL);
    pid_t child = fork();
    if (child == 0) {
        become_program(dir, args, limits);
    }
    if (child > 0) {
        setpgid(child, child); /* also here: no race with the first kill */
    }
    return child;
}

pid_t swe_fault_start(const char *dir, const char *const *args)
{
    const swe_fault_limits none = {0};
    return start(dir, args, &none);
}

int swe_fault_wait(pid_t pid, double seconds)
{
    double deadline = now() + seconds;
    int status = 0;
    for (;;) {
        pid_t done = waitpid(pid, &status, WNOHANG);
        if (done == pid) {
            break;
        }
        if (done < 0 && errno != EINTR) {
            return -2;
        }
        if (now() > deadline) {
            kill(-pid, SIGKILL);
            waitpid(pid, &status, 0);
            return SWE_FAULT_TIMED_OUT;
        }
        swe_fault_sleep(0.005);
    }
    kill(-pid, SIGKILL); /* any child process it left behind */
    /* A killed child may still finish the system call it was in (a rename
     * that seals a part): wait, up to 2 s, until no process of the group is
     * left, so that what comes next sees the files as the job left them. */
    for (double gone = now() + 2; kill(-pid, 0) == 0 && now() < gone;) {
        swe_fault_sleep(0.005);
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void read_text(const char *dir, const char *name, char *buffer, size_t size)
{
    char path[4096];
    swe_path_in(path, sizeof path, dir, name);
    buffer[0] = '\0';
    FILE *file = fopen(path, "r");
    if (file != NULL) {
        size_t length = fread(buffer, 1, size - 1, file);
        buffer[length] = '\0';
        fclose(file);
    }
    unlink(path);
}

void swe_fault_run(const char *dir, const char *const *args, const swe_fault_limits *limits,
                   swe_program_result *result)
{
    const swe_fault_limits none = {.seconds = 120};
    limits = limits != NULL ? limits : &none;
    pid_t child = start(dir, args, limits);
    int code =
        child > 0 ? swe_fault_wait(child, limits->seconds > 0 ? limits->seconds : 120.0) : -2;
    swe_fault_collect(dir, code, result);
}

void swe_fault_collect(const char *dir, int code, swe_program_result *result)
{
    result->exit_code = code;
    read_text(dir, ".stdout", result->out, sizeof result->out);
    read_text(dir, ".stderr", result->err, sizeof result->err);
}

int swe_fault_one_line(const swe_program_result *result, int code, const char *context)
{
    const char *newline = strchr(result->err, '\n');
    int one_line =
        strncmp(result->err, "shallows: ", 10) == 0 && newline != NULL && newline[1] == '\0';
    int ok = result->exit_code == code && one_line;
    if (!ok) {
        printf("\n    %s: exit %d (expected %d), stderr: %s", context, result->exit_code, code,
               result->err);
    }
    return ok;
}

const char *swe_fault_small_filesystem_kind(void)
{
    /* Probed in a child process, which may unshare what this one cannot. */
    char dir[512];
    int mounted = 0;
    if (swe_make_test_directory(dir, sizeof dir, "probe") == 0) {
        pid_t child = fork();
        if (child == 0) {
            _exit(mount_tmpfs(dir, 65536) == 0 ? 0 : 1);
        }
        int status = 1;
        waitpid(child, &status, 0);
        mounted = child > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
        rmdir(dir);
    }
    return mounted ? "tmpfs" : "RLIMIT_FSIZE";
}
