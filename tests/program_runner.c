#include "tests/program_runner.h"

#include "tests/test_suites.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { MAX_ARGUMENTS = 40 };

/* The program under test, then args. */
static void build_argv(const char *const *args, const char **argv)
{
    argv[0] = swe_test_program();
    int argc = 1;
    for (; args[argc - 1] != NULL && argc < MAX_ARGUMENTS + 1; ++argc) {
        argv[argc] = args[argc - 1];
    }
    argv[argc] = NULL;
}

static void read_text(const char *path, char *buffer, size_t size)
{
    buffer[0] = '\0';
    FILE *file = fopen(path, "r");
    if (file == NULL) {
        return;
    }
    size_t length = fread(buffer, 1, size - 1, file);
    buffer[length] = '\0';
    fclose(file);
}

static pid_t start_with_output(const char *const *argv, const char *out_path, const char *err_path)
{
    pid_t child = fork();
    if (child == 0) {
        int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (out < 0 || err < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) {
            _exit(127);
        }
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    return child;
}

void swe_command_run(const char *dir, const char *const *argv, swe_program_result *result)
{
    char out_path[4096], err_path[4096];
    swe_path_in(out_path, sizeof out_path, dir, ".stdout");
    swe_path_in(err_path, sizeof err_path, dir, ".stderr");
    result->exit_code = -2;
    result->out[0] = result->err[0] = '\0';
    pid_t child = start_with_output(argv, out_path, err_path);
    if (child < 0) {
        return;
    }
    int status = 0;
    waitpid(child, &status, 0);
    result->exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    read_text(out_path, result->out, sizeof result->out);
    read_text(err_path, result->err, sizeof result->err);
    unlink(out_path);
    unlink(err_path);
}

void swe_program_run(const char *dir, const char *const *args, swe_program_result *result)
{
    const char *argv[MAX_ARGUMENTS + 2];
    build_argv(args, argv);
    swe_command_run(dir, argv, result);
}

int swe_summary_checksum(const char *out, char *checksum, size_t size)
{
    const char *line = strstr(out, "summary: ");
    const char *from = line != NULL ? strstr(line, " mass=") : NULL;
    int found =
        from != NULL && strstr(from, " h_l2=") != NULL && strstr(from, " momentum_l2=") != NULL;
    snprintf(checksum, size, "%.*s", found ? (int)strcspn(from + 1, "\n") : 0,
             found ? from + 1 : "");
    return found;
}

pid_t swe_program_start(const char *const *args)
{
    const char *argv[MAX_ARGUMENTS + 2];
    build_argv(args, argv);
    return start_with_output(argv, "/dev/null", "/dev/null");
}

void swe_path_in(char *path, size_t size, const char *dir, const char *name)
{
    snprintf(path, size, "%s/%s", dir, name);
}

int swe_file_exists(const char *path)
{
    struct stat info;
    return stat(path, &info) == 0;
}

static void sleep_seconds(double seconds)
{
    struct timespec pause = {(time_t)seconds, (long)((seconds - (time_t)seconds) * 1e9)};
    nanosleep(&pause, NULL);
}

int swe_program_stop_after_file(pid_t child, const char *path, double more, int signal)
{
    for (int wait = 0; wait < 60000 && !swe_file_exists(path); ++wait) {
        sleep_seconds(0.001);
    }
    sleep_seconds(more);
    kill(child, signal);
    int status = 0;
    waitpid(child, &status, 0);
    return status;
}

char *swe_read_file(const char *path, size_t *size)
{
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        return NULL;
    }
    size_t capacity = 1 << 16, length = 0;
    char *data = malloc(capacity + 1);
    size_t got;
    while (data != NULL && (got = fread(data + length, 1, capacity - length, file)) > 0) {
        length += got;
        if (length == capacity) {
            capacity *= 2;
            char *grown = realloc(data, capacity + 1);
            if (grown == NULL) {
                free(data);
            }
            data = grown;
        }
    }
    fclose(file);
    if (data != NULL) {
        data[length] = '\0';
        *size = length;
    }
    return data;
}

int swe_write_file(const char *path, const void *bytes, size_t size)
{
    if (path == NULL || (bytes == NULL && size > 0)) {
        return -1;
    }
    FILE *file = fopen(path, "wb");
    if (file == NULL) {
        return -1;
    }
    int written = fwrite(bytes, 1, size, file) == size;
    return fclose(file) == 0 && written ? 0 : -1;
}

void swe_reseal_checkpoint(unsigned char *bytes, size_t size)
{
    if (bytes == NULL || size < sizeof(uint64_t)) {
        return;
    }
    uint64_t hash = UINT64_C(0xcbf29ce484222325);
    for (size_t k = 0; k + sizeof hash < size; ++k) {
        hash = (hash ^ bytes[k]) * UINT64_C(0x100000001b3);
    }
    memcpy(bytes + size - sizeof hash, &hash, sizeof hash);
}

int swe_make_test_directory(char *dir, size_t size, const char *name)
{
    const char *base = getenv("TMPDIR");
    snprintf(dir, size, "%s/shallows-%s-XXXXXX", base != NULL && base[0] != '\0' ? base : "/tmp",
             name);
    return mkdtemp(dir) == NULL ? -1 : 0;
}

int swe_remove_test_directory(const char *dir)
{
    DIR *directory = opendir(dir);
    if (directory == NULL) {
        return -1;
    }
    struct dirent *entry;
    while ((entry = readdir(directory)) != NULL) {
        if (strcmp(entry->d_name, ".") != 0 && strcmp(entry->d_name, "..") != 0) {
            char path[4096];
            swe_path_in(path, sizeof path, dir, entry->d_name);
            remove(path);
        }
    }
    closedir(directory);
    return rmdir(dir);
}

long swe_summary_figure(const char *out, const char *name)
{
    char key[64];
    snprintf(key, sizeof key, " %s=", name);
    const char *line = out != NULL ? strstr(out, "summary: ") : NULL;
    const char *end = line != NULL ? strchr(line, '\n') : NULL;
    const char *found = line != NULL ? strstr(line, key) : NULL;
    if (line == NULL) {
        return -1;
    }
    return found != NULL && (end == NULL || found < end) ? strtol(found + strlen(key), NULL, 10)
                                                         : 0;
}

long swe_summary_last_step(const char *out)
{
    long own = swe_summary_figure(out, "steps");
    return own < 0 ? -1 : own + swe_summary_figure(out, "restarted_at_step");
}

int swe_count_entries_with(const char *dir, const char *part)
{
    DIR *directory = opendir(dir);
    if (directory == NULL) {
        return -1;
    }
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir(directory)) != NULL) {
        count += strstr(entry->d_name, part) != NULL;
    }
    closedir(directory);
    return count;
}
