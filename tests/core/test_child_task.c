/* The pieces that make hostile files harmless, one by one: work in a
 * child process (a crash, a hang, a result larger than the memory
 * available each become one line; a child ends with its parent), the
 * classic NetCDF header judged against the file's size, and the memory
 * budget asked of the OS (cgroups read from a fake tree). */
#include "core/memory_budget.h"
#include "core/printable.h"
#include "io/child_task.h"
#include "io/classic_header.h"
#include "io/domain_extent.h"
#include "io/output_guard.h"
#include "io/untrusted_file.h"
#include "tests/program_runner.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* count numbers in two sends: one of one number, one of the rest. */
static int send_numbers(void *context, swe_child_pipe *pipe, swe_error *err)
{
    const int *count = context;
    double *values = malloc((size_t)*count * sizeof *values);
    if (values == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory");
    }
    for (int k = 0; k < *count; ++k) {
        values[k] = k * 0.5;
    }
    int status = swe_child_announce(pipe, (double)*count * sizeof(double), err);
    if (status == SWE_OK) {
        status = swe_child_send(pipe, values, sizeof(double), err);
    }
    if (status == SWE_OK) {
        status = swe_child_send(pipe, values + 1, (size_t)(*count - 1) * sizeof(double), err);
    }
    free(values);
    return status;
}

static int crash(void *context, swe_child_pipe *pipe, swe_error *err)
{
    (void)context;
    (void)pipe;
    (void)err;
    raise(SIGSEGV);
    return SWE_OK;
}

static int hang(void *context, swe_child_pipe *pipe, swe_error *err)
{
    (void)context;
    (void)pipe;
    (void)err;
    for (;;) {
        pause();
    }
    return SWE_OK; /* never reached: the parent kills it */
}

static int announce_too_much(void *context, swe_child_pipe *pipe, swe_error *err)
{
    (void)context;
    return swe_child_announce(pipe, 1.0e18, err);
}

static int refuse(void *context, swe_child_pipe *pipe, swe_error *err)
{
    (void)context;
    (void)pipe;
    return swe_fail(err, SWE_ERROR_USAGE, "the file says no");
}

static int send_short(void *context, swe_child_pipe *pipe, swe_error *err)
{
    (void)context;
    int status = swe_child_announce(pipe, 16, err);
    return status == SWE_OK ? swe_child_send(pipe, "eight by", 8, err) : status;
}

static const swe_child_task task = {.what = "reading test file 't.nc'",
                                    .fix = "give another",
                                    .failure_status = SWE_ERROR_USAGE,
                                    .seconds = 2.0};

static void test_child_results_and_failures(void)
{
    void *result = NULL;
    size_t size = 0;
    swe_error err = {{0}};
    int count = 300000; /* more than a pipe holds at once */
    CU_ASSERT_EQUAL(swe_child_run(&task, send_numbers, &count, &result, &size, &err), SWE_OK);
    CU_ASSERT_EQUAL(size, count * sizeof(double));
    CU_ASSERT(result != NULL && ((double *)result)[count - 1] == (count - 1) * 0.5);
    free(result);

    CU_ASSERT_EQUAL(swe_child_run(&task, crash, NULL, &result, &size, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "reading test file 't.nc' failed: its process "
                                               "crashed (Segmentation fault) (give another)"));
    CU_ASSERT_PTR_NULL(result);

    CU_ASSERT_EQUAL(swe_child_run(&task, hang, NULL, &result, &size, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "it took longer than 2 s"));

    CU_ASSERT_EQUAL(swe_child_run(&task, announce_too_much, NULL, &result, &size, &err),
                    SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "needs 1 EB of memory, more than the"));

    CU_ASSERT_EQUAL(swe_child_run(&task, refuse, NULL, &result, &size, &err), SWE_ERROR_USAGE);
    CU_ASSERT_STRING_EQUAL(err.message, "the file says no");

    CU_ASSERT_EQUAL(swe_child_run(&task, send_short, NULL, &result, &size, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "sent 8 of 16 bytes"));
}

/* Writes its process id to the pipe in context, then blocks (a write
 * that waits on a slow disk). */
static int tell_and_block(void *context, swe_child_pipe *pipe, swe_error *err)
{
    (void)pipe;
    const int *fd = context;
    pid_t self = getpid();
    if (write(*fd, &self, sizeof self) != (ssize_t)sizeof self) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "cannot tell the test my process id");
    }
    for (;;) {
        pause();
    }
    return SWE_OK; /* never reached: it dies with its parent */
}

static void sleep_seconds(double seconds)
{
    struct timespec pause_time = {(time_t)seconds, (long)((seconds - (time_t)seconds) * 1e9)};
    nanosleep(&pause_time, NULL);
}

/* The guard knows every application's names, one list: a folder in the
 * way of any of them is refused before the run, a temporary file that a
 * killed run of any of them left is removed. */
static void test_guard_knows_every_application(void)
{
    static const char *const names[] = {
        "run.nc",        "run.checkpoint.nc",  "run.checkpoint",    "run.xmf2",
        "run.pvd",       "run_gauges.nc",      "run.nc.part-0003",  "run_0002.vtr",
        "run_0002.vtu",  "run_0002.vti",       "run_0002.png",      "run_0002.pvtr",
        "run_0002.pvtu", "run_0002_p0001.vtr", "run_0002_p0001.vtu"};
    static const char *const others[] = {"run.vtu",       "run_02.vti",         "other.nc",
                                         "run.nc.part-3", "run_0002_p0001.vti", "run.checkpointx"};
    char dir[512], stem[1024], path[1024], temporary[1100];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(dir, sizeof dir, "guard-names"), 0);
    swe_path_in(stem, sizeof stem, dir, "run");
    for (size_t k = 0; k < sizeof names / sizeof names[0]; ++k) {
        snprintf(temporary, sizeof temporary, "%s.tmp.a1B2c3", names[k]);
        CU_ASSERT(swe_output_name_matches(names[k], "run", 0));
        CU_ASSERT(swe_output_name_matches(temporary, "run", 1));
        swe_path_in(path, sizeof path, dir, names[k]);
        CU_ASSERT_EQUAL_FATAL(mkdir(path, 0700), 0);
        swe_output_guard guard = {.lock_fd = -1};
        swe_error err = {{0}};
        CU_ASSERT_EQUAL(swe_output_guard_acquire(&guard, stem, &err), SWE_ERROR_USAGE);
        CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "is a directory in the way"));
        swe_output_guard_release(&guard);
        rmdir(path);
        swe_path_in(path, sizeof path, dir, temporary);
        FILE *left = fopen(path, "w");
        CU_ASSERT_PTR_NOT_NULL_FATAL(left);
        fclose(left);
        CU_ASSERT_EQUAL(swe_output_guard_acquire(&guard, stem, &err), SWE_OK);
        CU_ASSERT_NOT_EQUAL(access(path, F_OK), 0); /* swept */
        swe_output_guard_release(&guard);
    }
    for (size_t k = 0; k < sizeof others / sizeof others[0]; ++k) {
        snprintf(temporary, sizeof temporary, "%s.tmp.a1B2c3", others[k]);
        CU_ASSERT_FALSE(swe_output_name_matches(others[k], "run", 0));
        CU_ASSERT_FALSE(swe_output_name_matches(temporary, "run", 1));
    }
    swe_remove_test_directory(dir);
}

/* A run killed with SIGKILL while its child writes: the child must not
 * outlive it, holding the lock of --output (flock, shared with the child)
 * so that no run could ever write there again. */
static void test_child_dies_with_its_parent(void)
{
    char dir[512], stem[1024], lock[1024];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(dir, sizeof dir, "child-task"), 0);
    swe_path_in(stem, sizeof stem, dir, "run");
    swe_path_in(lock, sizeof lock, dir, "run.lock");
    int fds[2];
    CU_ASSERT_EQUAL_FATAL(pipe(fds), 0);
    fflush(NULL);
    pid_t parent = fork();
    CU_ASSERT_FATAL(parent >= 0);
    if (parent == 0) {
        close(fds[0]);
        swe_output_guard guard;
        swe_error err;
        static const swe_child_task blocked = {.what = "writing 'run.nc'",
                                               .fix = "none",
                                               .failure_status = SWE_ERROR_RUNTIME,
                                               .finishes_on_stop = 1};
        void *result = NULL;
        size_t size = 0;
        if (swe_output_guard_acquire(&guard, stem, &err) == SWE_OK) {
            swe_child_run(&blocked, tell_and_block, &fds[1], &result, &size, &err);
        }
        _exit(1);
    }
    close(fds[1]);
    pid_t child = -1;
    struct pollfd told = {.fd = fds[0], .events = POLLIN};
    if (poll(&told, 1, 10000) != 1 || read(fds[0], &child, sizeof child) != sizeof child) {
        child = -1;
    }
    close(fds[0]);
    kill(parent, SIGKILL);
    waitpid(parent, NULL, 0);
    CU_ASSERT(child > 0);
    int fd = open(lock, O_RDWR);
    int taken = 0;
    for (int wait = 0; fd >= 0 && wait < 300 && !taken; ++wait) {
        taken = flock(fd, LOCK_EX | LOCK_NB) == 0;
        if (!taken) {
            sleep_seconds(0.01);
        }
    }
    CU_ASSERT(taken); /* within 3 s */
    if (!taken && child > 0) {
        kill(child, SIGKILL); /* the orphan this test made */
    }
    if (fd >= 0) {
        close(fd);
    }
    swe_remove_test_directory(dir);
}

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

#if !defined(SWE_WITHOUT_NETCDF) && !defined(UNDER_ASAN)
/* valgrind's path in $PATH into path; 0 when it is not installed. */
static int find_valgrind(char *path, size_t size)
{
    const char *search = getenv("PATH");
    for (const char *folder = search; folder != NULL && *folder != '\0';) {
        size_t length = strcspn(folder, ":");
        snprintf(path, size, "%.*s/valgrind", (int)length, folder);
        if (access(path, X_OK) == 0) {
            return 1;
        }
        folder += length + (folder[length] == ':');
    }
    return 0;
}

/* The program under valgrind, which ends with code 9 on an error it
 * finds in any of the run's processes. */
static void run_under_valgrind(const char *dir, const char *const *args, swe_program_result *result)
{
    char valgrind[1024];
    find_valgrind(valgrind, sizeof valgrind);
    const char *argv[40] = {valgrind, "-q", "--error-exitcode=9", swe_test_program()};
    for (size_t a = 0; args[a] != NULL && a + 5 < sizeof argv / sizeof argv[0]; ++a) {
        argv[a + 4] = args[a];
    }
    swe_command_run(dir, argv, result);
    if (result->exit_code != 0) {
        /* The run's own line, after valgrind's report. */
        size_t length = strlen(result->err);
        while (length > 0 && result->err[length - 1] == '\n') {
            result->err[--length] = '\0';
        }
        const char *last = strrchr(result->err, '\n');
        printf("\n    under valgrind: exit %d: %s", result->exit_code,
               last != NULL ? last + 1 : result->err);
    }
}

/* Every byte a child process sends is one it set: the padding of a
 * record's header once went down the pipe uninitialised, and under
 * valgrind every read in a child failed ("its process ended with code
 * 9"). A run with checkpoints, then its restart, which reads the
 * checkpoint in a child. */
static void test_children_send_only_set_bytes(void)
{
    char dir[512], stem[1024], checkpoint[1024];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(dir, sizeof dir, "valgrind"), 0);
    swe_path_in(stem, sizeof stem, dir, "run");
    swe_path_in(checkpoint, sizeof checkpoint, dir, "run.checkpoint.nc");
    const char *const first[] = {"--nx",
                                 "8",
                                 "--ny",
                                 "8",
                                 "--t-end",
                                 "0.5",
                                 "--outputs",
                                 "2",
                                 "--output",
                                 stem,
                                 "--checkpoint-every",
                                 "0.2",
                                 "--quiet",
                                 NULL};
    swe_program_result result;
    run_under_valgrind(dir, first, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    const char *const restart[] = {"--nx",      "8",         "--ny",    "8",        "--t-end",
                                   "0.5",       "--outputs", "2",       "--output", stem,
                                   "--restart", checkpoint,  "--quiet", NULL};
    run_under_valgrind(dir, restart, &result);
    CU_ASSERT_EQUAL(result.exit_code, 0);
    swe_remove_test_directory(dir);
}
#endif

/* Writes text to root/relative, making its folders. */
static void plant(const char *root, const char *relative, const char *text)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", root, relative);
    for (char *slash = strchr(path + strlen(root) + 1, '/'); slash != NULL;
         slash = strchr(slash + 1, '/')) {
        *slash = '\0';
        mkdir(path, 0700);
        *slash = '/';
    }
    FILE *file = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    fputs(text, file);
    fclose(file);
}

/* The room found in a fake tree of files {path, text, ...}, NULL-ended. */
static double room_in_tree(const char *const *files)
{
    char root[512];
    CU_ASSERT_EQUAL_FATAL(swe_make_test_directory(root, sizeof root, "cgroup"), 0);
    for (size_t f = 0; files[f] != NULL; f += 2) {
        plant(root, files[f], files[f + 1]);
    }
    double room = swe_memory_cgroup_room(root);
    const char *const remove[] = {"/bin/rm", "-rf", root, NULL};
    swe_program_result result;
    swe_command_run("/", remove, &result);
    return room;
}

/* The cgroup of the process itself, as Slurm and systemd make them (a
 * job's step in a job), not the mount's root alone; every group up to the
 * root counts, v1's "no limit" and v2's "max" mean none. */
static void test_memory_budget_reads_own_cgroup(void)
{
    const char *const v2_higher[] = {"proc/self/cgroup",
                                     "0::/job/step\n",
                                     "sys/fs/cgroup/job/memory.max",
                                     "1000000000\n",
                                     "sys/fs/cgroup/job/memory.current",
                                     "400000000\n",
                                     "sys/fs/cgroup/job/step/memory.max",
                                     "max\n",
                                     "sys/fs/cgroup/job/step/memory.current",
                                     "100000000\n",
                                     NULL};
    CU_ASSERT_DOUBLE_EQUAL(room_in_tree(v2_higher), 6e8, 1);
    const char *const v2_deeper[] = {"proc/self/cgroup",
                                     "0::/job/step\n",
                                     "sys/fs/cgroup/memory.max",
                                     "max\n",
                                     "sys/fs/cgroup/memory.current",
                                     "900000000\n",
                                     "sys/fs/cgroup/job/memory.max",
                                     "4000000000\n",
                                     "sys/fs/cgroup/job/memory.current",
                                     "1000000000\n",
                                     "sys/fs/cgroup/job/step/memory.max",
                                     "1000000000\n",
                                     "sys/fs/cgroup/job/step/memory.current",
                                     "200000000\n",
                                     NULL};
    CU_ASSERT_DOUBLE_EQUAL(room_in_tree(v2_deeper), 8e8, 1);
    const char *const v2_none[] = {"proc/self/cgroup",
                                   "0::/job\n",
                                   "sys/fs/cgroup/job/memory.max",
                                   "max\n",
                                   "sys/fs/cgroup/job/memory.current",
                                   "100000000\n",
                                   NULL};
    CU_ASSERT(isnan(room_in_tree(v2_none)));
    /* A container's own group at the mount's root (a cgroup namespace). */
    const char *const v2_container[] = {"proc/self/cgroup",
                                        "0::/\n",
                                        "sys/fs/cgroup/memory.max",
                                        "2000000000\n",
                                        "sys/fs/cgroup/memory.current",
                                        "500000000\n",
                                        NULL};
    CU_ASSERT_DOUBLE_EQUAL(room_in_tree(v2_container), 1.5e9, 1);
    /* v1, the memory controller among others, beside v2's empty line. */
    const char *const v1_deeper[] = {
        "proc/self/cgroup",
        "12:cpu,memory:/slurm/uid_0/job_7\n3:name=systemd:/user\n0::/\n",
        "sys/fs/cgroup/memory/memory.limit_in_bytes",
        "9223372036854771712\n",
        "sys/fs/cgroup/memory/memory.usage_in_bytes",
        "8000000000\n",
        "sys/fs/cgroup/memory/slurm/uid_0/job_7/memory.limit_in_bytes",
        "2000000000\n",
        "sys/fs/cgroup/memory/slurm/uid_0/job_7/memory.usage_in_bytes",
        "500000000\n",
        NULL};
    CU_ASSERT_DOUBLE_EQUAL(room_in_tree(v1_deeper), 1.5e9, 1);
    const char *const v1_higher[] = {"proc/self/cgroup",
                                     "4:memory:/slurm/job_7\n",
                                     "sys/fs/cgroup/memory/slurm/memory.limit_in_bytes",
                                     "1000000000\n",
                                     "sys/fs/cgroup/memory/slurm/memory.usage_in_bytes",
                                     "900000000\n",
                                     "sys/fs/cgroup/memory/slurm/job_7/memory.limit_in_bytes",
                                     "9223372036854771712\n",
                                     "sys/fs/cgroup/memory/slurm/job_7/memory.usage_in_bytes",
                                     "300000000\n",
                                     NULL};
    CU_ASSERT_DOUBLE_EQUAL(room_in_tree(v1_higher), 1e8, 1);
    /* A group of another namespace is not under the mount: its root's. */
    const char *const v1_elsewhere[] = {"proc/self/cgroup",
                                        "4:memory:/../host/job\n",
                                        "sys/fs/cgroup/memory/memory.limit_in_bytes",
                                        "3000000000\n",
                                        "sys/fs/cgroup/memory/memory.usage_in_bytes",
                                        "1000000000\n",
                                        NULL};
    CU_ASSERT_DOUBLE_EQUAL(room_in_tree(v1_elsewhere), 2e9, 1);
    CU_ASSERT(isnan(swe_memory_cgroup_room(NULL)));
}

/* Big-endian words of a classic header. */
static size_t put_word(unsigned char *at, unsigned value)
{
    at[0] = (unsigned char)(value >> 24);
    at[1] = (unsigned char)(value >> 16);
    at[2] = (unsigned char)(value >> 8);
    at[3] = (unsigned char)value;
    return 4;
}

/* CDF-1 with dimension x of `length` and one float variable over it whose
 * data begins at `begin`; the header's size. */
static size_t classic_file(unsigned char *data, unsigned length, unsigned begin, unsigned numrecs)
{
    size_t n = 0;
    memcpy(data, "CDF\x01", 4);
    n += 4;
    n += put_word(data + n, numrecs);
    n += put_word(data + n, 0x0A); /* dimensions: one, "x" */
    n += put_word(data + n, 1);
    n += put_word(data + n, 1);
    memcpy(data + n, "x\0\0\0", 4);
    n += 4;
    n += put_word(data + n, length);
    n += put_word(data + n, 0); /* no global attributes */
    n += put_word(data + n, 0);
    n += put_word(data + n, 0x0B); /* variables: one, "b" over x */
    n += put_word(data + n, 1);
    n += put_word(data + n, 1);
    memcpy(data + n, "b\0\0\0", 4);
    n += 4;
    n += put_word(data + n, 1);
    n += put_word(data + n, 0);
    n += put_word(data + n, 0); /* no attributes */
    n += put_word(data + n, 0);
    n += put_word(data + n, 5); /* NC_FLOAT */
    n += put_word(data + n, length * 4);
    n += put_word(data + n, begin);
    return n;
}

static void test_classic_header_judged(void)
{
    unsigned char data[4096] = {0};
    char problem[256];
    size_t header = classic_file(data, 10, 128, 0);
    CU_ASSERT_EQUAL(swe_classic_judge(data, 168, 168, problem, sizeof problem),
                    SWE_CLASSIC_COMPLETE);
    CU_ASSERT_EQUAL(swe_classic_judge(data, 167, 167, problem, sizeof problem),
                    SWE_CLASSIC_TRUNCATED);
    CU_ASSERT_PTR_NOT_NULL(strstr(problem, "variable 'b' needs 168 bytes, the file has 167"));
    /* 4e9 values declared in a file of a few hundred bytes. */
    classic_file(data, 0xEE6B2800u, 128, 0);
    CU_ASSERT_EQUAL(swe_classic_judge(data, 400, 400, problem, sizeof problem),
                    SWE_CLASSIC_TRUNCATED);
    /* A header cut inside itself, counts beyond the bytes there are. */
    CU_ASSERT_EQUAL(swe_classic_judge(data, header - 3, header - 3, problem, sizeof problem),
                    SWE_CLASSIC_DAMAGED_HEADER);
    put_word(data + 12, 0x7fffffff); /* a billion dimensions */
    CU_ASSERT_EQUAL(swe_classic_judge(data, 400, 400, problem, sizeof problem),
                    SWE_CLASSIC_DAMAGED_HEADER);
    CU_ASSERT_EQUAL(
        swe_classic_judge((const unsigned char *)"\x89HDF\r\n", 6, 6, problem, sizeof problem),
        SWE_CLASSIC_NOT_CLASSIC);
    CU_ASSERT_EQUAL(swe_classic_judge(data, 2, 2, problem, sizeof problem),
                    SWE_CLASSIC_NOT_CLASSIC);
}

static void test_memory_budget(void)
{
    double available = swe_memory_available();
    CU_ASSERT(available > 0);
    swe_error err;
    CU_ASSERT_EQUAL(swe_memory_check("a small grid", 1024.0, "fix", &err), SWE_OK);
    CU_ASSERT_EQUAL(swe_memory_check("a grid of 65536 x 65536 cells", 1.0e20, "fix", &err),
                    SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "a grid of 65536 x 65536 cells needs 100 EB"));
    CU_ASSERT_EQUAL(swe_memory_check("NaN bytes", NAN, "fix", &err), SWE_ERROR_USAGE);
    char text[32];
    swe_format_bytes(16.2e9, text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, "16.2 GB");
    swe_format_bytes(512, text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, "512 bytes");
}

/* Bytes of a file quoted in a message: printable ASCII as it is, the rest
 * (ESC, BEL, bytes above 126) and the backslash escaped; too long, cut
 * with "...", never past the buffer. */
static void test_file_bytes_quoted_printable(void)
{
    char text[64];
    const char hostile[] = "\x1b]0;owned\x07 a\\b \xff";
    swe_printable(hostile, sizeof hostile - 1, text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, "\\x1b]0;owned\\x07 a\\\\b \\xff");
    swe_printable("abcdefghij", 10, text, 8);
    CU_ASSERT_STRING_EQUAL(text, "abcd...");
    swe_printable("\x01\x02\x03", 3, text, 9);
    CU_ASSERT_STRING_EQUAL(text, "\\x01...");
    swe_printable("abc", 3, text, 4);
    CU_ASSERT_STRING_EQUAL(text, "abc");
    swe_printable(NULL, 3, text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, "");
}

/* The domain limits shared by every reader of coordinates. */
static void test_domain_extents(void)
{
    swe_error err;
    CU_ASSERT_EQUAL(swe_domain_extent_check("the mesh 'm'", "x", -500, 500, "fix", &err), SWE_OK);
    CU_ASSERT_EQUAL(swe_domain_extent_check("the mesh 'm'", "x", 0, 1e-3, "fix", &err), SWE_OK);
    const double bad[][2] = {{0, 1e150}, {0, 1e-150}, {2e9, 2e9 + 1}, {0, NAN}, {0, INFINITY}};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k) {
        CU_ASSERT_EQUAL(
            swe_domain_extent_check("the mesh 'm'", "y", bad[k][0], bad[k][1], "fix", &err),
            SWE_ERROR_USAGE);
        CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "the mesh 'm' spans y = "));
        CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "not a domain of 1 mm to 100 000 km (fix)"));
    }
}

/* An untrusted file opened for reading is the file that was checked; what
 * is no regular file is refused as by the check. */
static void test_untrusted_file_opened(void)
{
    double bytes = 0;
    swe_error err;
    FILE *file = swe_untrusted_file_open("mesh", "tests/mesh/data/unit_square_22_ascii.msh", "fix",
                                         &bytes, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(file);
    char start[12] = {0};
    CU_ASSERT_EQUAL(fread(start, 1, 11, file), 11);
    CU_ASSERT_STRING_EQUAL(start, "$MeshFormat");
    CU_ASSERT(bytes > 11);
    fclose(file);
    CU_ASSERT_PTR_NULL(swe_untrusted_file_open("mesh", "/dev/null", "fix", &bytes, &err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "mesh '/dev/null' is a character device, not a "
                                               "regular file (fix)"));
    CU_ASSERT_PTR_NULL(swe_untrusted_file_open("mesh", "tests", "fix", &bytes, &err));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "is a directory"));
    CU_ASSERT_PTR_NULL(swe_untrusted_file_open(NULL, "tests", "fix", &bytes, &err));
}

void register_child_task_tests(void)
{
    CU_pSuite suite = CU_add_suite("child-task", NULL, NULL);
    swe_test_require_registered(suite, "suite child-task");
    const struct {
        const char *name;
        CU_TestFunc function;
    } tests[] = {
        {"work in a child: results, crashes, hangs, too much memory",
         test_child_results_and_failures},
        {"classic headers judged against the file size", test_classic_header_judged},
        {"the output guard knows every application's names", test_guard_knows_every_application},
        {"a child task dies with its parent, freeing the lock of --output",
         test_child_dies_with_its_parent},
        {"the memory budget refuses with the figures", test_memory_budget},
        {"the memory budget reads the cgroup of the process, every level up",
         test_memory_budget_reads_own_cgroup},
        {"bytes of a file quoted printable", test_file_bytes_quoted_printable},
        {"the domain limits of input coordinates", test_domain_extents},
        {"untrusted files opened as checked", test_untrusted_file_opened},
    };
    for (unsigned t = 0; t < sizeof tests / sizeof tests[0]; ++t) {
        swe_test_require_registered(CU_add_test(suite, tests[t].name, tests[t].function),
                                    tests[t].name);
    }
#if defined(SWE_WITHOUT_NETCDF)
    printf("child-task: valgrind check skipped: no NetCDF checkpoints in this build\n");
#elif defined(UNDER_ASAN)
    printf("child-task: valgrind check skipped: valgrind and AddressSanitizer do not mix\n");
#else
    char valgrind[1024];
    if (find_valgrind(valgrind, sizeof valgrind)) {
        const char *name = "a run and its restart under valgrind: children send set bytes only";
        swe_test_require_registered(CU_add_test(suite, name, test_children_send_only_set_bytes),
                                    name);
    } else {
        printf("child-task: valgrind check skipped: valgrind is not installed\n");
    }
#endif
}
