/* Exercises 08 (exercises/08-mpi-ghost-layers: the halo exchange and the
 * wave-speed reduction of mpi/mpi_exchange.c) and 09
 * (exercises/09-hybrid-mpi-openmp: the overlapped step of
 * mpi/mpi_overlap.c). A case needs several ranks, so each one runs as
 *
 *   timeout LIMIT mpirun --oversubscribe -np N shallows-mpi-grade ...
 *
 * (tests/grade/mpi/grade_mpi_cases.c, built beside shallows-grade), whose
 * rank 0 prints "PASS: ..." or "FAIL: rank R: ...". A case that hangs (a
 * receive whose send never comes, ranks that take different steps) is
 * stopped after its time limit and fails alone. Built only where the MPI
 * layer is (tools/teaching.mk). */
#include "grade_support.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Seconds one case may run: far above what a right solution needs (well
 * under one), short enough that a test of hanging cases ends within the
 * grader's time limit per test (exercises/08-*, 09-*: grade.conf). */
enum { CASE_SECONDS = 8, OUTPUT_SIZE = 4096 };

/* The case program, next to this one. */
static int case_program(char *path, size_t size)
{
    char self[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
    if (length <= 0) {
        return 0;
    }
    self[length] = '\0';
    char *slash = strrchr(self, '/');
    if (slash == NULL) {
        return 0;
    }
    *slash = '\0';
    return snprintf(path, size, "%s/shallows-mpi-grade", self) < (int)size;
}

/* The line of output that starts with prefix, without it, or NULL. */
static const char *line_starting(const char *output, const char *prefix, char *line, size_t size)
{
    for (const char *at = output; at != NULL && *at != '\0';) {
        const char *end = strchr(at, '\n');
        size_t length = end != NULL ? (size_t)(end - at) : strlen(at);
        if (strncmp(at, prefix, strlen(prefix)) == 0) {
            size_t rest = length - strlen(prefix);
            rest = rest < size - 1 ? rest : size - 1;
            memcpy(line, at + strlen(prefix), rest);
            line[rest] = '\0';
            return line;
        }
        at = end != NULL ? end + 1 : NULL;
    }
    return NULL;
}

/* Runs one case on ranks ranks and records it as case k/N. */
static void mpi_case(int case_number, int cases, int ranks, const char *description,
                     const char *arguments, const char *file, int line)
{
    char program[PATH_MAX], command[PATH_MAX + 512], output[OUTPUT_SIZE] = "";
    if (!case_program(program, sizeof program)) {
        grade_record_case(0, case_number, cases, description,
                          "cannot find shallows-mpi-grade next to shallows-grade", file, line);
        return;
    }
    /* Open MPI refuses to start as root without these (CI containers). */
    setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
    setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
    snprintf(command, sizeof command,
             "timeout -k 2 %d mpirun -q --oversubscribe -np %d '%s' %s 2>&1 </dev/null",
             CASE_SECONDS, ranks, program, arguments);
    fflush(NULL);
    FILE *pipe = popen(command, "r");
    if (pipe == NULL) {
        grade_record_case(0, case_number, cases, description, "cannot start mpirun", file, line);
        return;
    }
    size_t length = fread(output, 1, sizeof output - 1, pipe);
    output[length] = '\0';
    char discard[512];
    while (fread(discard, 1, sizeof discard, pipe) > 0) {
    }
    int status = pclose(pipe);
    int exit_code = status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    char found[1024], todo[512], outcome[2048];
    if (line_starting(output, "PASS: ", found, sizeof found) != NULL && exit_code == 0 &&
        strstr(output, "FAIL: ") == NULL) {
        grade_record_case(1, case_number, cases, description, found, file, line);
        return;
    }
    int named_todo = line_starting(output, "TODO not done ", todo, sizeof todo) != NULL;
    if (line_starting(output, "FAIL: ", found, sizeof found) != NULL) {
        snprintf(outcome, sizeof outcome, "%s%s%s", found, named_todo ? "; TODO not done " : "",
                 named_todo ? todo : "");
    } else if (exit_code == 124 || exit_code == 137) {
        snprintf(outcome, sizeof outcome,
                 "timed out after %d s: a rank waits for ever (a receive without its send, a "
                 "wait that never ends, ranks that take different time steps?)",
                 CASE_SECONDS);
    } else if (named_todo) {
        snprintf(outcome, sizeof outcome, "TODO not done %s", todo);
    } else if (line_starting(output, "shallows-mpi: ", found, sizeof found) != NULL) {
        snprintf(outcome, sizeof outcome, "the job ended with exit code %d: %s", exit_code, found);
    } else {
        snprintf(outcome, sizeof outcome, "the job ended with exit code %d: %.600s", exit_code,
                 output);
    }
    grade_record_case(0, case_number, cases, description, outcome, file, line);
}

/* Ranks of case k of a test: 2 and 3, as mpirun --oversubscribe starts
 * them on any laptop, and 4 in every third case, on a 2 x 2 split (see
 * second_side): cuts along x and along y, neighbours across both. */
static int ranks_of(int case_number)
{
    return case_number % 3 == 0 ? 4 : 2 + (case_number + 1) % 2;
}

/* The other side of a domain with side cells along one axis, in
 * low..high (which holds side). With 4 ranks it stays between half and
 * twice side: then 2 x 2 blocks have the shortest cuts, which
 * swe_block_grid_choose takes, rather than 4 x 1. */
static int second_side(grade_rng *rng, int ranks, int side, int low, int high)
{
    if (ranks == 4) {
        low = low > side / 2 + 1 ? low : side / 2 + 1;
        high = high < 2 * side - 1 ? high : 2 * side - 1;
    }
    return grade_integer(rng, low, high);
}

static const char *const solvers[] = {"fwave", "hlle", "rusanov", "augrie"};

typedef struct run_scenario {
    const char *name;
    int min_cells, max_cells; /* per side */
} run_scenario;

/* Scenarios whose waves cross the cuts between the blocks within the
 * steps a case takes; bathymetry and dry cells travel in the halo too. */
static const run_scenario scenarios[] = {
    {"radial-dam-break", 16, 48},
    {"bump-dam-break", 16, 40},
    {"dam-break-1d-dry", 16, 48},
    {"partial-dam-break", 20, 48},
};

static void whole_runs(const char *test_id, int cases, int overlap)
{
    for (int c = 1; c <= cases; ++c) {
        grade_rng rng = grade_case_rng(test_id, c);
        const run_scenario *scenario =
            &scenarios[grade_integer(&rng, 0, (int)(sizeof scenarios / sizeof scenarios[0]) - 1)];
        const char *solver = solvers[grade_integer(&rng, 0, 3)];
        int ranks = ranks_of(c);
        int nx = grade_integer(&rng, scenario->min_cells, scenario->max_cells);
        int ny = second_side(&rng, ranks, nx, scenario->min_cells, scenario->max_cells);
        int steps = grade_integer(&rng, 15, 40);
        char description[160], arguments[160];
        snprintf(description, sizeof description, "%s, %s, %d x %d cells, %d steps, %d ranks%s",
                 scenario->name, solver, nx, ny, steps, ranks, overlap ? ", --overlap" : "");
        snprintf(arguments, sizeof arguments, "run %s %s %d %d %d %d", scenario->name, solver, nx,
                 ny, steps, overlap);
        mpi_case(c, cases, ranks, description, arguments, __FILE__, __LINE__);
    }
}

/* ---- exercise 08 */

enum { HALO_CASES = 6, MAX_CASES = 6, RUN_CASES = 6 };

static void test_halo(void)
{
    for (int c = 1; c <= HALO_CASES; ++c) {
        grade_rng rng = grade_case_rng("halo", c);
        int ranks = ranks_of(c);
        /* Thin domains (one cell across) in some cases: layers of one cell. */
        int nx = c == 2 ? ranks : grade_integer(&rng, 2 * ranks, 40);
        int ny = c == 4 ? 1 : second_side(&rng, ranks, nx, 2 * ranks, 40);
        char description[96], arguments[64];
        snprintf(description, sizeof description, "%d x %d cells, %d ranks", nx, ny, ranks);
        snprintf(arguments, sizeof arguments, "halo %d %d", nx, ny);
        mpi_case(c, HALO_CASES, ranks, description, arguments, __FILE__, __LINE__);
    }
}

static void test_max_speed(void)
{
    static const char *const kinds[] = {"plain", "nan", "ulp"};
    for (int c = 1; c <= MAX_CASES; ++c) {
        grade_rng rng = grade_case_rng("max-speed", c);
        const char *kind = kinds[(c - 1) % 3];
        unsigned long long seed = (unsigned long long)grade_integer(&rng, 0, 1 << 30);
        int ranks = ranks_of(c);
        char description[96], arguments[96];
        snprintf(description, sizeof description, "%s speeds, %d ranks", kind, ranks);
        snprintf(arguments, sizeof arguments, "max %llu %s", seed, kind);
        mpi_case(c, MAX_CASES, ranks, description, arguments, __FILE__, __LINE__);
    }
}

static void test_runs(void)
{
    whole_runs("runs", RUN_CASES, 0);
}

static const grade_test exchange_tests[] = {
    {"halo", "TODO 1-3: the halo exchange fills every ghost cell of a coded pattern", 4, HALO_CASES,
     test_halo},
    {"max-speed", "TODO 4: the wave-speed reduction, exact and keeping NaN", 2, MAX_CASES,
     test_max_speed},
    {"runs", "whole runs: bit for bit the serial run, 2-4 ranks", 4, RUN_CASES, test_runs},
};

const grade_exercise grade_mpi_exchange_exercise = {
    "08-mpi-ghost-layers", exchange_tests, (int)(sizeof exchange_tests / sizeof exchange_tests[0]),
    NULL};

/* ---- exercise 09 */

enum { OVERLAP_RUN_CASES = 6, ORDER_CASES = 4 };

static void test_overlapped_runs(void)
{
    whole_runs("overlap-runs", OVERLAP_RUN_CASES, 1);
}

static void test_order(void)
{
    for (int c = 1; c <= ORDER_CASES; ++c) {
        grade_rng rng = grade_case_rng("overlap-order", c);
        int ranks = ranks_of(c);
        int nx = grade_integer(&rng, 3 * ranks, 40);
        int ny = second_side(&rng, ranks, nx, 3 * ranks, 40);
        int steps = grade_integer(&rng, 2, 6);
        char description[96], arguments[64];
        snprintf(description, sizeof description, "%d x %d cells, %d steps, %d ranks", nx, ny,
                 steps, ranks);
        snprintf(arguments, sizeof arguments, "order %d %d %d", nx, ny, steps);
        mpi_case(c, ORDER_CASES, ranks, description, arguments, __FILE__, __LINE__);
    }
}

static const grade_test overlap_tests[] = {
    {"overlap-runs", "TODO 1: overlapped runs bit for bit the serial run, 2-4 ranks", 4,
     OVERLAP_RUN_CASES, test_overlapped_runs},
    {"overlap-order", "TODO 1: the interior is computed while the halo travels", 2, ORDER_CASES,
     test_order},
};

const grade_exercise grade_mpi_overlap_exercise = {
    "09-hybrid-mpi-openmp", overlap_tests, (int)(sizeof overlap_tests / sizeof overlap_tests[0]),
    NULL};
