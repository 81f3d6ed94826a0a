/* shallows-mpi as a user runs it through mpirun: bad input refused with
 * one line from rank 0, and a run on several ranks writing the same file,
 * bit for bit, as shallows. Built only where MPI is (SWE_WITH_MPI). */
#include "cartesian/io/netcdf_output.h"
#include "core/real.h"
#include "tests/program_runner.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char work_dir[256];

static int make_work_dir(void)
{
    snprintf(work_dir, sizeof work_dir, "/tmp/shallows-mpi-cli-XXXXXX");
    return mkdtemp(work_dir) == NULL;
}

static int remove_work_dir(void)
{
    char command[512];
    snprintf(command, sizeof command, "rm -rf '%s'", work_dir);
    return system(command) == 0 ? 0 : 1;
}

static void read_file(const char *name, char *buffer, size_t size)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", work_dir, name);
    buffer[0] = '\0';
    FILE *file = fopen(path, "r");
    if (file != NULL) {
        buffer[fread(buffer, 1, size - 1, file)] = '\0';
        fclose(file);
    }
}

/* Runs `mpirun -q -np ranks PROGRAM args` (or PROGRAM alone when ranks is
 * 0) in the work directory; returns its exit code (124: it hung), its
 * output in out/err. */
static int run(int ranks, const char *program, const char *args, char *out, char *err, size_t size)
{
    char launcher[64] = "";
    if (ranks > 0) {
        /* A job that hangs ends with exit code 124 instead of stalling the suite. */
        snprintf(launcher, sizeof launcher, "timeout 60 mpirun -q --oversubscribe -np %d ", ranks);
    }
    char command[8192];
    snprintf(command, sizeof command,
             "cd '%s' && OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 "
             "%s'%s' %s >stdout.txt 2>stderr.txt",
             work_dir, launcher, program, args);
    int status = system(command);
    read_file("stdout.txt", out, size);
    read_file("stderr.txt", err, size);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The program paths must be absolute: run() changes directory. */
enum { PATH_SIZE = 1100 };

static void program_paths(char serial[PATH_SIZE], char mpi[PATH_SIZE + 8])
{
    char cwd[512];
    CU_ASSERT_PTR_NOT_NULL_FATAL(getcwd(cwd, sizeof cwd));
    const char *program = swe_test_program();
    snprintf(serial, PATH_SIZE, "%s%s%s", program[0] == '/' ? "" : cwd,
             program[0] == '/' ? "" : "/", program);
    snprintf(mpi, PATH_SIZE + 8, "%s-mpi", serial);
}

static int exists(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", work_dir, name);
    struct stat info;
    return stat(path, &info) == 0;
}

static void expect_refusal(int ranks, const char *args, const char *message)
{
    char serial[PATH_SIZE], mpi[PATH_SIZE + 8], out[4096], err[4096];
    program_paths(serial, mpi);
    int code = run(ranks, mpi, args, out, err, sizeof out);
    CU_ASSERT_EQUAL(code, 2);
    CU_ASSERT(strncmp(err, "shallows-mpi: ", 14) == 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, message));
    char *newline = strchr(err, '\n');
    CU_ASSERT(newline != NULL && newline[1] == '\0'); /* one line: only rank 0 prints */
    CU_ASSERT_FALSE(exists("refused.nc") || exists("refused.nc.tmp"));
    if (code != 2 || strstr(err, message) == NULL) {
        fprintf(stderr, "\n    expected '%s', got exit %d: %s", message, code, err);
    }
}

static void test_refuses_bad_input_on_every_rank(void)
{
    expect_refusal(3, "--output refused --nx 0", "--nx must be between 1 and 65536, got 0");
    expect_refusal(2, "--output refused --backend cobol", "backend 'cobol' is not built");
    expect_refusal(3, "--output refused --nx 2 --ny 1",
                   "3 ranks cannot share a grid of 2 x 1 cells");
    expect_refusal(2, "--output no-such-dir/refused --nx 8 --ny 8",
                   "the folder 'no-such-dir' of --output 'no-such-dir/refused' does not exist");
    expect_refusal(3, "--output refused --format netcdf,vtk --restart missing.checkpoint.nc",
                   "checkpoint 'missing.checkpoint.nc' cannot be read");
}

/* A checkpoint of another run is refused by every rank with one line. */
static void test_refuses_a_checkpoint_of_another_grid(void)
{
    char serial[PATH_SIZE], mpi[PATH_SIZE + 8], out[4096], err[4096];
    program_paths(serial, mpi);
    const char *checkpointed = "--nx 20 --ny 10 --t-end 2 --outputs 2 --quiet --output small "
                               "--checkpoint-every 1";
    CU_ASSERT_EQUAL_FATAL(run(2, mpi, checkpointed, out, err, sizeof out), 0);
    CU_ASSERT_FATAL(exists("small.checkpoint.nc"));
    expect_refusal(3,
                   "--nx 21 --ny 10 --t-end 2 --outputs 2 --output refused --restart "
                   "small.checkpoint.nc",
                   "holds a 20 x 10 grid, this run has 21 x 10");
    /* The same checkpoint with the options of its run is taken. */
    CU_ASSERT_EQUAL(run(3, mpi,
                        "--nx 20 --ny 10 --t-end 2 --outputs 2 --quiet --output continued "
                        "--restart small.checkpoint.nc",
                        out, err, sizeof out),
                    0);
    CU_ASSERT(exists("continued.nc"));
}

static void test_version_names_the_output_mode(void)
{
    char serial[PATH_SIZE], mpi[PATH_SIZE + 8], out[4096], err[4096];
    program_paths(serial, mpi);
    CU_ASSERT_EQUAL(run(2, mpi, "--version", out, err, sizeof out), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "gathered by rank 0"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "mpi: "));
    CU_ASSERT_PTR_NULL(strstr(strstr(out, "gathered") + 1, "gathered")); /* printed once */
}

/* Every snapshot of the two files holds the same bits. */
static void assert_same_snapshots(const char *serial_file, const char *mpi_file, int nx, int ny)
{
    swe_error err;
    int count = swe_netcdf_snapshot_count(serial_file, &err);
    CU_ASSERT(count > 1);
    CU_ASSERT_EQUAL(swe_netcdf_snapshot_count(mpi_file, &err), count);
    swe_block a, b;
    CU_ASSERT_EQUAL_FATAL(swe_block_create(&a, nx, ny, 0, 0, 1, 1, &err), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(swe_block_create(&b, nx, ny, 0, 0, 1, 1, &err), SWE_OK);
    for (int s = 0; s < count; ++s) {
        double time_a = -1, time_b = -2;
        CU_ASSERT_EQUAL(swe_netcdf_read(serial_file, s, &a, &time_a, &err), SWE_OK);
        CU_ASSERT_EQUAL(swe_netcdf_read(mpi_file, s, &b, &time_b, &err), SWE_OK);
        CU_ASSERT(time_a == time_b);
        CU_ASSERT(swe_block_interiors_equal(&a, &b));
    }
    swe_block_destroy(&a);
    swe_block_destroy(&b);
}

/* The files, and the final state's checksum of the summary line, bit for
 * bit as shallows'. */
static void test_gathered_file_equals_serial_file(void)
{
    char serial[PATH_SIZE], mpi[PATH_SIZE + 8], out[4096], err[4096];
    char serial_checksum[256], mpi_checksum[256];
    program_paths(serial, mpi);
    const char *common = "--scenario bump-dam-break --nx 37 --ny 23 --t-end 0.2 --outputs 3 "
                         "--quiet";
    char args[512];
    snprintf(args, sizeof args, "%s --output serial", common);
    CU_ASSERT_EQUAL_FATAL(run(0, serial, args, out, err, sizeof out), 0);
    CU_ASSERT(swe_summary_checksum(out, serial_checksum, sizeof serial_checksum));
    snprintf(args, sizeof args, "%s --output gathered", common);
    CU_ASSERT_EQUAL_FATAL(run(3, mpi, args, out, err, sizeof out), 0);
    CU_ASSERT(swe_summary_checksum(out, mpi_checksum, sizeof mpi_checksum));
    CU_ASSERT_STRING_EQUAL(mpi_checksum, serial_checksum);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "summary: backend=mpi+serial"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "mpi: ranks=3 blocks=3x1"));
    CU_ASSERT_FALSE(exists("gathered.nc.tmp"));
    char serial_file[512], mpi_file[512];
    snprintf(serial_file, sizeof serial_file, "%s/serial.nc", work_dir);
    snprintf(mpi_file, sizeof mpi_file, "%s/gathered.nc", work_dir);
    assert_same_snapshots(serial_file, mpi_file, 37, 23);
    /* The same with the halo travelling while the interior is computed. */
    snprintf(args, sizeof args, "%s --overlap --output overlapped", common);
    CU_ASSERT_EQUAL_FATAL(run(4, mpi, args, out, err, sizeof out), 0);
    snprintf(mpi_file, sizeof mpi_file, "%s/overlapped.nc", work_dir);
    assert_same_snapshots(serial_file, mpi_file, 37, 23);
    /* Bed friction reaches every rank's backend (serial applies it, so a
     * rank that dropped it would differ). */
    snprintf(args, sizeof args, "%s --manning 0.05 --output serial-friction", common);
    CU_ASSERT_EQUAL_FATAL(run(0, serial, args, out, err, sizeof out), 0);
    snprintf(args, sizeof args, "%s --manning 0.05 --output gathered-friction", common);
    CU_ASSERT_EQUAL_FATAL(run(2, mpi, args, out, err, sizeof out), 0);
    snprintf(serial_file, sizeof serial_file, "%s/serial-friction.nc", work_dir);
    snprintf(mpi_file, sizeof mpi_file, "%s/gathered-friction.nc", work_dir);
    assert_same_snapshots(serial_file, mpi_file, 37, 23);
}

/* Starts `mpirun -q --oversubscribe -np ranks program args...` (args: a
 * NULL-terminated list) in the work directory without waiting; returns
 * mpirun's process id, -1 on failure. */
static pid_t start_mpirun(int ranks, const char *program, const char *const *args)
{
    char rank_count[16];
    snprintf(rank_count, sizeof rank_count, "%d", ranks);
    const char *argv[40] = {"mpirun", "-q", "--oversubscribe", "-np", rank_count, program};
    int count = 6;
    for (int k = 0; args[k] != NULL && count < 39; ++k) {
        argv[count++] = args[k];
    }
    argv[count] = NULL;
    pid_t child = fork();
    if (child == 0) {
        int sink = open("/dev/null", O_WRONLY);
        if (chdir(work_dir) != 0 || sink < 0 || dup2(sink, STDOUT_FILENO) < 0 ||
            dup2(sink, STDERR_FILENO) < 0) {
            _exit(127);
        }
        setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
        setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
        execvp("mpirun", (char *const *)argv);
        _exit(127);
    }
    return child;
}

/* A job stopped between checkpoints (mpirun ends its ranks on SIGTERM)
 * restarts from the last checkpoint it completed, on another number of
 * ranks and into another --output, and ends bit for bit as a run that
 * never stopped, every snapshot in its file (the earlier ones taken over
 * from the parts the stopped job left). */
static void test_stopped_job_restarts_from_its_last_checkpoint(void)
{
    char serial[PATH_SIZE], mpi[PATH_SIZE + 8], out[4096], err[4096];
    program_paths(serial, mpi);
    const char *const job[] = {"--nx",    "300",      "--ny",      "300",
                               "--t-end", "40",       "--outputs", "4",
                               "--quiet", "--output", "stopped",   "--checkpoint-every",
                               "1",       NULL};
    pid_t child = start_mpirun(2, mpi, job);
    CU_ASSERT_FATAL(child > 0);
    /* Wait for the first checkpoint, let the job go on into the next ones,
     * then stop it. */
    char checkpoint[512];
    swe_path_in(checkpoint, sizeof checkpoint, work_dir, "stopped.checkpoint.nc");
    int status = swe_program_stop_after_file(child, checkpoint, 0.05, SIGTERM);
    CU_ASSERT(!WIFEXITED(status) || WEXITSTATUS(status) != 0); /* stopped before it finished */
    CU_ASSERT_FATAL(exists("stopped.checkpoint.nc"));

    const char *common = "--nx 300 --ny 300 --t-end 40 --outputs 4 --quiet";
    char args[512];
    snprintf(args, sizeof args, "%s --output restarted --restart stopped.checkpoint.nc", common);
    CU_ASSERT_EQUAL_FATAL(run(3, mpi, args, out, err, sizeof out), 0);
    long restarted_steps = swe_summary_last_step(out);
    snprintf(args, sizeof args, "%s --output uninterrupted", common);
    CU_ASSERT_EQUAL_FATAL(run(0, serial, args, out, err, sizeof out), 0);
    CU_ASSERT(restarted_steps > 0 && restarted_steps == swe_summary_last_step(out));

    char restarted[512], uninterrupted[512];
    snprintf(restarted, sizeof restarted, "%s/restarted.nc", work_dir);
    snprintf(uninterrupted, sizeof uninterrupted, "%s/uninterrupted.nc", work_dir);
    swe_error error;
    int snapshots = swe_netcdf_snapshot_count(restarted, &error);
    CU_ASSERT_EQUAL(snapshots, 5);
    swe_block a, b;
    CU_ASSERT_EQUAL_FATAL(swe_block_create(&a, 300, 300, 0, 0, 1, 1, &error), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(swe_block_create(&b, 300, 300, 0, 0, 1, 1, &error), SWE_OK);
    for (int k = 0; k < snapshots; ++k) {
        double time_a = -1, time_b = -2;
        CU_ASSERT_EQUAL(swe_netcdf_read(restarted, k, &a, &time_a, &error), SWE_OK);
        CU_ASSERT_EQUAL(swe_netcdf_read(uninterrupted, 5 - snapshots + k, &b, &time_b, &error),
                        SWE_OK);
        CU_ASSERT(time_a == time_b);
        CU_ASSERT(swe_block_interiors_equal(&a, &b));
    }
    swe_block_destroy(&a);
    swe_block_destroy(&b);
}

/* An unstable run (Rusanov at CFL 1 on the bump dam break) ends on every
 * rank with exit code 1 and rank 0's one line naming the invalid state,
 * never with a signal: each rank writes its own exit code to a file. */
static void test_unstable_run_exits_1_on_every_rank(void)
{
    char serial[PATH_SIZE], mpi[PATH_SIZE + 8], out[4096], err[4096];
    program_paths(serial, mpi);
    enum { RANKS = 3 };
    char command[2 * PATH_SIZE];
    snprintf(command, sizeof command,
             "cd '%s' && OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 timeout 60 "
             "mpirun -q --oversubscribe -np %d sh -c \"'%s' --scenario bump-dam-break --solver "
             "rusanov --cfl 1 --nx 64 --ny 64 --quiet --output unstable; echo \\$? "
             ">exit_\\$OMPI_COMM_WORLD_RANK.txt\" >stdout.txt 2>stderr.txt",
             work_dir, RANKS, mpi);
    CU_ASSERT_NOT_EQUAL(system(command), -1);
    read_file("stderr.txt", err, sizeof err);
    read_file("stdout.txt", out, sizeof out);
    for (int rank = 0; rank < RANKS; ++rank) {
        char name[32], code[16];
        snprintf(name, sizeof name, "exit_%d.txt", rank);
        read_file(name, code, sizeof code);
        CU_ASSERT_STRING_EQUAL(code, "1\n");
        if (strcmp(code, "1\n") != 0) {
            fprintf(stderr, "\n    rank %d exited with '%s': %s", rank, code, err);
        }
    }
    /* Rank 0's warning about --cfl 1, then its one line of the failure. */
    static const char warning[] = "shallows-mpi: warning: --cfl 1 is above 0.5";
    CU_ASSERT(strncmp(err, warning, sizeof warning - 1) == 0);
    const char *failure = strchr(err, '\n') != NULL ? strchr(err, '\n') + 1 : err;
    CU_ASSERT(strncmp(failure, "shallows-mpi: step ", 19) == 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(failure, "(try a smaller --cfl)"));
    const char *newline = strchr(failure, '\n');
    CU_ASSERT(newline != NULL && newline[1] == '\0'); /* only rank 0 prints */
    CU_ASSERT_PTR_NULL(strstr(out, "summary:"));
}

/* A rank whose backend fails ends the whole job with its message; the
 * others do not hang (timeout gives exit code 124 if they do). */
static void test_failing_rank_ends_the_job(void)
{
    char serial[PATH_SIZE], mpi[PATH_SIZE + 8], out[4096], err[4096];
    program_paths(serial, mpi);
    char tests[PATH_SIZE + 16];
    snprintf(tests, sizeof tests, "%s-tests", mpi);
    int code = run(3, tests, "--fail-on-rank 1", out, err, sizeof out);
    CU_ASSERT(code != 0 && code != 124);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "shallows-mpi: rank 1: the device fell off the bus"));
    if (code == 0 || code == 124) {
        fprintf(stderr, "\n    exit %d: %s", code, err);
    }
}

/* One rank unlike the others (mpirun's MPMD form, "A : B"): another
 * option, or too little memory for its part. The job ends within its
 * time limit with exit code 2 and one line from rank 0, never hanging. */
static void test_one_bad_rank_ends_the_job(void)
{
    char serial[PATH_SIZE], mpi[PATH_SIZE + 8], out[4096], err[4096];
    program_paths(serial, mpi);
    const char *good = "--nx 40 --ny 30 --t-end 1 --output one-bad --quiet";
    const struct {
        const char *odd_rank; /* what the third rank gets instead */
        const char *message;
    } cases[] = {
        {"--nx 41 --ny 30 --t-end 1 --output one-bad --quiet",
         "rank 2 was started with other options than rank 0"},
        {"--nx 40 --ny 30 --t-end 1 --output one-bad --quiet --bogus",
         "rank 2 was started with other options than rank 0"},
        {"--nx 40 --ny 30 --t-end 1 --output one-bad --quiet --restart missing.nc",
         "rank 2 was started with other options than rank 0"},
        {"-x SWE_MEMORY_AVAILABLE_BYTES=1000 '@MPI@' --nx 40 --ny 30 --t-end 1 --output one-bad "
         "--quiet",
         "of memory, more than the 1 kB available"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        char args[3000], odd[1400];
        const char *marker = strstr(cases[c].odd_rank, "'@MPI@'");
        if (marker != NULL) { /* an option of mpirun before the program */
            snprintf(odd, sizeof odd, "%.*s'%s'%s", (int)(marker - cases[c].odd_rank),
                     cases[c].odd_rank, mpi, marker + 7);
        } else {
            snprintf(odd, sizeof odd, "'%s' %s", mpi, cases[c].odd_rank);
        }
        snprintf(args, sizeof args, "%s : -np 1 %s", good, odd);
        int code = run(2, mpi, args, out, err, sizeof out);
        CU_ASSERT_EQUAL(code, 2); /* 124 when the job hangs */
        CU_ASSERT(strncmp(err, "shallows-mpi: ", 14) == 0);
        CU_ASSERT_PTR_NOT_NULL(strstr(err, cases[c].message));
        const char *newline = strchr(err, '\n');
        CU_ASSERT(newline != NULL && newline[1] == '\0');
        if (code != 2 || strstr(err, cases[c].message) == NULL) {
            fprintf(stderr, "\n    case %zu: exit %d: %s", c, code, err);
        }
    }
}

/* Every rank's steps split into compute, exchange and wait, one line from
 * rank 0 (the figures of three blocks of 20 x 40 cells). */
static void test_timing_line_splits_every_rank(void)
{
    char serial[PATH_SIZE], mpi[PATH_SIZE + 8], out[4096], err[4096];
    program_paths(serial, mpi);
    const char *common = "--nx 60 --ny 40 --steps 20 --benchmark";
    CU_ASSERT_EQUAL_FATAL(run(3, mpi, common, out, err, sizeof out), 0);
    const char *line = strstr(out, "mpi-ranks: ranks=3 compute_seconds=");
    CU_ASSERT_PTR_NOT_NULL_FATAL(line);
    CU_ASSERT_PTR_NULL(strstr(line + 1, "mpi-ranks:")); /* rank 0 alone */
    double compute = -1, exchange = -1, wait = -1, share = -1;
    CU_ASSERT_EQUAL(sscanf(line,
                           "mpi-ranks: ranks=3 compute_seconds=%*f..%lf exchange_seconds=%*f..%lf "
                           "wait_seconds=%*f..%lf cells=800..800 slowest_rank=%*d "
                           "slowest_rank_wait_share=%lf",
                           &compute, &exchange, &wait, &share),
                    4);
    CU_ASSERT(compute >= 0 && exchange >= 0 && wait >= 0 && share >= 0 && share <= 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(line, "overlap=no\n"));
    char args[256];
    snprintf(args, sizeof args, "%s --overlap", common);
    CU_ASSERT_EQUAL_FATAL(run(2, mpi, args, out, err, sizeof out), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "mpi-ranks: ranks=2 "));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, " cells=1200..1200 "));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "overlap=yes\n"));
}

/* --list-devices says where each rank runs, after the models' devices. */
static void test_list_devices_shows_every_rank(void)
{
    char serial[PATH_SIZE], mpi[PATH_SIZE + 8], out[8192], err[4096];
    program_paths(serial, mpi);
    CU_ASSERT_EQUAL(run(2, mpi, "--list-devices", out, err, sizeof out), 0);
    const char *first = strstr(out, "rank 0: node ");
    CU_ASSERT_PTR_NOT_NULL_FATAL(first);
    CU_ASSERT_PTR_NOT_NULL(strstr(first, ", local rank 0 of 2, "));
    CU_ASSERT_PTR_NOT_NULL(strstr(first, "rank 1: node "));
    CU_ASSERT_PTR_NOT_NULL(strstr(first, ", local rank 1 of 2, "));
}

/* tools/scaling/scale_gpus.py on 1 and 2 CPU ranks of a tiny case: a row
 * per run of the weak and the strong series, each with its timing split,
 * and the 2-rank runs with the same bits as their problem on one rank. */
static void test_scaling_script_on_cpu_ranks(void)
{
    char serial[PATH_SIZE], mpi[PATH_SIZE + 8], out[8192], err[4096], cwd[512];
    program_paths(serial, mpi);
    CU_ASSERT_PTR_NOT_NULL_FATAL(getcwd(cwd, sizeof cwd));
    char build[PATH_SIZE];
    snprintf(build, sizeof build, "%s", serial);
    *strrchr(build, '/') = '\0';
    char args[4096];
    snprintf(args, sizeof args,
             "120 python3 '%s/tools/scaling/scale_gpus.py' --builds '%s' --backend serial "
             "--ranks 1,2 --size tiny --apps cartesian --timeout 60 "
             "--launcher-args '-q --oversubscribe' --out table.md",
             cwd, build);
    int code = run(0, "timeout", args, out, err, sizeof out);
    CU_ASSERT_EQUAL(code, 0);
    char table[8192];
    read_file("table.md", table, sizeof table);
    static const char *rows[] = {"weak | 1 | 1024 |", "weak | 2 | 2048 |", "strong | 1 | 2304 |",
                                 "strong | 2 | 2304 |"};
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; ++r) {
        char row[128];
        snprintf(row, sizeof row, "| cartesian | %s | %s", SWE_PRECISION_NAME, rows[r]);
        const char *found = strstr(table, row);
        const char *end = found != NULL ? strchr(found, '\n') : NULL;
        CU_ASSERT_PTR_NOT_NULL(end);
        if (end == NULL) {
            fprintf(stderr, "\n    no row '%s' (exit %d): %s%s", row, code, table, err);
            continue;
        }
        /* the one-rank runs are the references of the others */
        const char *verdict = strstr(
            found, strstr(rows[r], "| 1 |") != NULL ? "| no | reference |" : "| no | same bits |");
        CU_ASSERT(verdict != NULL && verdict < end);
    }
    CU_ASSERT_PTR_NULL(strstr(table, "FAILED"));
}

void register_mpi_cli_tests(void)
{
    CU_pSuite suite = CU_add_suite("mpi-cli", make_work_dir, remove_work_dir);
    swe_test_require_registered(suite, "suite mpi-cli");
    swe_test_require_registered(
        CU_add_test(suite, "refuses bad input on every rank", test_refuses_bad_input_on_every_rank),
        "test");
    swe_test_require_registered(CU_add_test(suite, "refuses a checkpoint of another grid",
                                            test_refuses_a_checkpoint_of_another_grid),
                                "test");
    swe_test_require_registered(
        CU_add_test(suite, "version names the output mode", test_version_names_the_output_mode),
        "test");
    swe_test_require_registered(
        CU_add_test(suite, "failing rank ends the job", test_failing_rank_ends_the_job), "test");
    swe_test_require_registered(
        CU_add_test(suite, "one bad rank ends the job", test_one_bad_rank_ends_the_job), "test");
    swe_test_require_registered(CU_add_test(suite, "unstable run exits 1 on every rank",
                                            test_unstable_run_exits_1_on_every_rank),
                                "test");
    swe_test_require_registered(CU_add_test(suite, "gathered file equals serial file",
                                            test_gathered_file_equals_serial_file),
                                "test");
    swe_test_require_registered(
        CU_add_test(suite, "timing line splits every rank", test_timing_line_splits_every_rank),
        "test");
    swe_test_require_registered(
        CU_add_test(suite, "list-devices shows every rank", test_list_devices_shows_every_rank),
        "test");
    swe_test_require_registered(
        CU_add_test(suite, "scaling script on CPU ranks", test_scaling_script_on_cpu_ranks),
        "test");
    swe_test_require_registered(CU_add_test(suite, "stopped job restarts from its last checkpoint",
                                            test_stopped_job_restarts_from_its_last_checkpoint),
                                "test");
}
