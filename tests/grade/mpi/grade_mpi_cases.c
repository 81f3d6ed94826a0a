/* shallows-mpi-grade: one case of the graded MPI exercises (08, 09) on the
 * ranks of mpirun. tests/grade/grade_mpi.c starts it under a time limit
 * for every case and reads the one line that rank 0 prints:
 * "PASS: <what was checked>" or "FAIL: rank R: <what is wrong>".
 *
 *   shallows-mpi-grade halo NX NY            the coded-pattern exchange, twice
 *   shallows-mpi-grade max SEED KIND         the wave-speed reduction (KIND: plain, nan, ulp)
 *   shallows-mpi-grade run SCENARIO SOLVER NX NY STEPS OVERLAP
 *                                            an MPI run against a serial run, bit for bit
 *   shallows-mpi-grade order NX NY STEPS     the order of the verbs in an overlapped step
 *
 * Expected values need no reference kernels: the halo's from the pattern,
 * the reduction's from every rank's known speed, a run's from the serial
 * backend on the whole domain in the same process. */
#include "grid/block_grid.h"
#include "grid/copy_layer.h"
#include "grid/stepping.h"
#include "mpi_check.h"
#include "mpi_layer.h"
#include "numerics/speed_bits.h"
#include "run/options.h"
#include "scenarios/scenario.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const swe_backend swe_serial_backend;

enum { PROBLEM_SIZE = 512 };

/* What this rank found wrong; empty when nothing. */
typedef struct verdict {
    char problem[PROBLEM_SIZE];
} verdict;

static int world_rank(void)
{
    int rank = 0;
    MPI_CHECK(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
    return rank;
}

static int world_size(void)
{
    int size = 0;
    MPI_CHECK(MPI_Comm_size(MPI_COMM_WORLD, &size));
    return size;
}

/* Rank 0 prints the lowest rank's problem, or PASS. Collective. */
static void report(const verdict *mine, const char *checked)
{
    int rank = world_rank(), size = world_size();
    char *all = rank == 0 ? calloc((size_t)size, PROBLEM_SIZE) : NULL;
    if (rank == 0 && all == NULL) {
        swe_mpi_abort("out of memory for the verdicts", 1);
    }
    MPI_CHECK(MPI_Gather(mine->problem, PROBLEM_SIZE, MPI_CHAR, all, PROBLEM_SIZE, MPI_CHAR, 0,
                         MPI_COMM_WORLD));
    if (rank == 0) {
        int failed = -1;
        for (int r = 0; r < size && failed < 0; ++r) {
            failed = all[(size_t)r * PROBLEM_SIZE] != '\0' ? r : -1;
        }
        if (failed >= 0) {
            printf("FAIL: rank %d: %s\n", failed, all + (size_t)failed * PROBLEM_SIZE);
        } else {
            printf("PASS: %s\n", checked);
        }
        fflush(stdout);
        free(all);
    }
}

/* A failure of the code under test that leaves the ranks out of step
 * (e.g. receives still pending): say it and end the job. */
_Noreturn static void fail_now(const char *what, const swe_error *err)
{
    printf("FAIL: rank %d: %s: %s\n", world_rank(), what, err->message);
    fflush(stdout);
    MPI_Abort(MPI_COMM_WORLD, 3);
    exit(3);
}

/* ---- halo: every ghost cell of a CONNECT edge holds its neighbour's cell */

static const char *const field_names[SWE_COPY_LAYER_FIELDS] = {"h", "hu", "hv", "b"};
static const real never_written = (real)-7.25;

/* Exact in single precision for domains up to 99 x 99 cells; round
 * shifts the value of every interior cell between two exchanges. */
static real code(int field, int global_i, int global_j, int round)
{
    return (real)(field * 20000 + global_j * 100 + global_i) + (real)0.5 + (real)0.25 * round;
}

/* Says what a value of the pattern is: "hu of global cell (4, 7)". */
static void describe_value(real value, int round, char *text, size_t size)
{
    if (memcmp(&value, &never_written, sizeof value) == 0) {
        snprintf(text, size, "nothing (never written)");
        return;
    }
    long number = lround((double)value - 0.5 - 0.25 * round);
    if ((double)value != (double)code(0, 0, 0, round) + (double)number || number < 0 ||
        number / 20000 >= SWE_COPY_LAYER_FIELDS) {
        snprintf(text, size, "%g, which no cell holds in this exchange", (double)value);
        return;
    }
    snprintf(text, size, "%s of global cell (%ld, %ld)", field_names[number / 20000], number % 100,
             (number % 20000) / 100);
}

static const char *layer_name(const swe_block *block, int i, int j)
{
    return i == 0               ? "left ghost layer"
           : i == block->nx + 1 ? "right ghost layer"
           : j == 0             ? "bottom ghost layer"
           : j == block->ny + 1 ? "top ghost layer"
                                : "interior";
}

static void fill_pattern(swe_block *block, int round)
{
    real *fields[SWE_COPY_LAYER_FIELDS] = {block->h, block->hu, block->hv, block->b};
    for (int f = 0; f < SWE_COPY_LAYER_FIELDS; ++f) {
        for (int j = 0; j <= block->ny + 1; ++j) {
            for (int i = 0; i <= block->nx + 1; ++i) {
                int interior = i >= 1 && i <= block->nx && j >= 1 && j <= block->ny;
                fields[f][SWE_INDEX(block, i, j)] =
                    interior ? code(f, block->first_i + i - 1, block->first_j + j - 1, round)
                             : never_written;
            }
        }
    }
}

/* The first cell that does not hold what it must after the exchange:
 * interior cells their own value, ghost cells of an edge with a neighbour
 * the neighbour's cell, every other ghost cell (domain boundary, corners)
 * nothing. */
static void check_pattern(const swe_block *block, const int neighbour[SWE_EDGE_COUNT], int round,
                          verdict *mine)
{
    const real *fields[SWE_COPY_LAYER_FIELDS] = {block->h, block->hu, block->hv, block->b};
    for (int f = 0; f < SWE_COPY_LAYER_FIELDS; ++f) {
        for (int j = 0; j <= block->ny + 1; ++j) {
            for (int i = 0; i <= block->nx + 1; ++i) {
                int inside_x = i >= 1 && i <= block->nx, inside_y = j >= 1 && j <= block->ny;
                int from_x = (i == 0 && neighbour[SWE_EDGE_LEFT] >= 0) ||
                             (i == block->nx + 1 && neighbour[SWE_EDGE_RIGHT] >= 0);
                int from_y = (j == 0 && neighbour[SWE_EDGE_BOTTOM] >= 0) ||
                             (j == block->ny + 1 && neighbour[SWE_EDGE_TOP] >= 0);
                int owned = (inside_x && inside_y) || (inside_y && from_x) || (inside_x && from_y);
                real want = owned ? code(f, block->first_i + i - 1, block->first_j + j - 1, round)
                                  : never_written;
                real have = fields[f][SWE_INDEX(block, i, j)];
                if (memcmp(&want, &have, sizeof want) == 0) {
                    continue;
                }
                char has[96], wanted[96];
                describe_value(have, round, has, sizeof has);
                describe_value(want, round, wanted, sizeof wanted);
                snprintf(mine->problem, PROBLEM_SIZE,
                         "exchange %d: %s of local cell (%d, %d) in the %s (block of %d x %d "
                         "cells at global (%d, %d)) holds %s, but must hold %s",
                         round + 1, field_names[f], i, j, layer_name(block, i, j), block->nx,
                         block->ny, block->first_i, block->first_j, has, wanted);
                return;
            }
        }
    }
}

static int check_halo(int nx, int ny)
{
    swe_error err = {{0}};
    swe_block_grid grid;
    if (swe_block_grid_choose(nx, ny, world_size(), &grid, &err) != SWE_OK) {
        fprintf(stderr, "shallows-mpi-grade: %s\n", err.message);
        return 2;
    }
    swe_block_extent extent = swe_block_grid_extent(&grid, world_rank());
    swe_block block;
    if (swe_block_create_part(&block, nx, ny, extent.first_i, extent.first_j, extent.nx, extent.ny,
                              0, 0, 1, 1, &err) != SWE_OK) {
        swe_mpi_abort(err.message, 1);
    }
    block.backend = &swe_serial_backend;
    swe_mpi_layer layer;
    if (swe_mpi_layer_init(&layer, MPI_COMM_WORLD, &grid, &block, 0, &err) != SWE_OK) {
        swe_mpi_abort(err.message, 1);
    }
    verdict mine = {{0}};
    /* Twice, with new interior values: the second exchange must pack the
     * new copy layers and start from no pending requests. */
    for (int round = 0; round < 2 && mine.problem[0] == '\0'; ++round) {
        fill_pattern(&block, round);
        if (swe_mpi_exchange_halo(&layer, &err) != SWE_OK) {
            fail_now("the halo exchange failed", &err);
        }
        check_pattern(&block, layer.neighbour, round, &mine);
    }
    char checked[128];
    snprintf(checked, sizeof checked, "every cell of a %d x %d domain on %d x %d blocks", nx, ny,
             grid.blocks_x, grid.blocks_y);
    report(&mine, checked);
    swe_mpi_layer_free(&layer);
    swe_block_destroy(&block);
    return 0;
}

/* ---- max: the wave-speed reduction */

static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* Rank r's speed in a case: random in [0, 40); with kind "ulp" all ranks
 * share one speed, the fastest being one unit in the last place above it;
 * with kind "nan" one rank has become unstable. */
static real speed_of_rank(uint64_t seed, const char *kind, int r, int size)
{
    int chosen = (int)(mix(seed ^ 0x5eedULL) % (uint64_t)size);
    real speed = (real)(40.0 * (double)(mix(seed + (uint64_t)r) >> 11) * 0x1.0p-53);
    if (strcmp(kind, "ulp") == 0) {
        real shared = (real)(40.0 * (double)(mix(seed) >> 11) * 0x1.0p-53);
        /* The next number above shared: its bits plus one. */
        return r == chosen ? swe_speed_from_bits(swe_speed_to_bits(shared) + 1) : shared;
    }
    if (strcmp(kind, "nan") == 0 && r == chosen) {
        return (real)NAN;
    }
    return speed;
}

static int check_max(uint64_t seed, const char *kind)
{
    if (strcmp(kind, "plain") != 0 && strcmp(kind, "nan") != 0 && strcmp(kind, "ulp") != 0) {
        fprintf(stderr, "shallows-mpi-grade: max KIND is plain, nan or ulp, not '%s'\n", kind);
        return 2;
    }
    int rank = world_rank(), size = world_size();
    swe_speed_bits want = 0;
    for (int r = 0; r < size; ++r) {
        swe_speed_bits bits = swe_speed_to_bits(speed_of_rank(seed, kind, r, size));
        want = want > bits ? want : bits;
    }
    real mine_speed = speed_of_rank(seed, kind, rank, size);
    real got = swe_mpi_max_speed(MPI_COMM_WORLD, mine_speed);
    verdict mine = {{0}};
    if (swe_speed_to_bits(got) != want) {
        snprintf(mine.problem, PROBLEM_SIZE,
                 "swe_mpi_max_speed gave %.9g with this rank's speed %.9g, but the max over the "
                 "%d ranks is %.9g%s",
                 (double)got, (double)mine_speed, size, (double)swe_speed_from_bits(want),
                 strcmp(kind, "ulp") == 0
                     ? " (the speeds differ in their last bit only: is the reduction exact?)"
                 : strcmp(kind, "nan") == 0 ? " (one rank's NaN must reach every rank)"
                                            : "");
    }
    char checked[96];
    snprintf(checked, sizeof checked, "the max of %d speeds (%s)", size, kind);
    report(&mine, checked);
    return 0;
}

/* ---- run: an MPI run against the serial run of the whole domain */

static int start_serial(swe_block *block, enum swe_solver solver, swe_error *err)
{
    swe_backend_config config = {.solver = solver, .level = 0};
    block->backend = &swe_serial_backend;
    return swe_serial_backend.init(block, &config, err);
}

/* Steps a block steps times with the one time-step rule; dts[s] gets each
 * step's size. */
static int take_steps(swe_block *block, const swe_scenario *scenario, int steps, double *dts,
                      real *speed, swe_error *err)
{
    swe_clock clock = {.cfl = scenario->default_cfl};
    int status = block->backend->max_wave_speed(block, &clock.wave_speed, err);
    for (int s = 0; status == SWE_OK && s < steps; ++s) {
        dts[s] = swe_time_step(&clock, block->dx, block->dy, 1.0e30);
        status = block->backend->step(block, (real)dts[s], &clock.wave_speed, err);
    }
    *speed = clock.wave_speed;
    return status;
}

/* The first value of the part that differs from the whole block's. */
static void compare_part(const swe_block *part, const swe_block *whole, verdict *mine)
{
    const real *part_fields[] = {part->h, part->hu, part->hv};
    const real *whole_fields[] = {whole->h, whole->hu, whole->hv};
    for (int f = 0; f < 3; ++f) {
        for (int j = 1; j <= part->ny; ++j) {
            for (int i = 1; i <= part->nx; ++i) {
                real have = part_fields[f][SWE_INDEX(part, i, j)];
                real want = whole_fields[f][SWE_INDEX(whole, part->first_i + i, part->first_j + j)];
                if (memcmp(&have, &want, sizeof have) != 0) {
                    snprintf(mine->problem, PROBLEM_SIZE,
                             "%s of global cell (%d, %d) is %.9g, but the serial run gives %.9g "
                             "(bit for bit required)",
                             field_names[f], part->first_i + i - 1, part->first_j + j - 1,
                             (double)have, (double)want);
                    return;
                }
            }
        }
    }
}

static int check_run(const char *scenario_name, const char *solver_name, int nx, int ny, int steps,
                     int overlap)
{
    const swe_scenario *scenario = swe_scenario_find(scenario_name);
    enum swe_solver solver = SWE_SOLVER_COUNT;
    for (int s = 0; s < SWE_SOLVER_COUNT; ++s) {
        solver = strcmp(swe_solver_name((enum swe_solver)s), solver_name) == 0 ? (enum swe_solver)s
                                                                               : solver;
    }
    if (scenario == NULL || solver == SWE_SOLVER_COUNT || steps < 1 || steps > 1000) {
        fprintf(stderr, "shallows-mpi-grade: unknown scenario or solver, or steps not 1..1000\n");
        return 2;
    }
    swe_error err = {{0}};
    swe_block whole, part, initial;
    swe_block_grid grid;
    if (swe_scenario_create_block(scenario, nx, ny, &whole, &err) != SWE_OK ||
        swe_scenario_create_block(scenario, nx, ny, &initial, &err) != SWE_OK ||
        start_serial(&whole, solver, &err) != SWE_OK ||
        swe_block_grid_choose(nx, ny, world_size(), &grid, &err) != SWE_OK) {
        swe_mpi_abort(err.message, 2);
    }
    swe_block_extent e = swe_block_grid_extent(&grid, world_rank());
    swe_mpi_layer layer;
    if (swe_scenario_create_part(scenario, nx, ny, e.first_i, e.first_j, e.nx, e.ny, &part, &err) !=
            SWE_OK ||
        start_serial(&part, solver, &err) != SWE_OK ||
        swe_mpi_layer_init(&layer, MPI_COMM_WORLD, &grid, &part, overlap, &err) != SWE_OK) {
        swe_mpi_abort(err.message, 2);
    }
    double *dts = calloc(2 * (size_t)steps, sizeof *dts);
    if (dts == NULL) {
        swe_mpi_abort("out of memory", 2);
    }
    real serial_speed = 0, mpi_speed = 0;
    if (take_steps(&whole, scenario, steps, dts, &serial_speed, &err) != SWE_OK) {
        swe_mpi_abort(err.message, 2);
    }
    /* The layer's own step aborts the job when the code under test fails. */
    if (take_steps(&layer.driven, scenario, steps, dts + steps, &mpi_speed, &err) != SWE_OK) {
        fail_now("the MPI run failed", &err);
    }
    verdict mine = {{0}};
    size_t bytes = swe_block_size(&whole) * sizeof(real);
    if (memcmp(whole.h, initial.h, bytes) == 0 && memcmp(whole.hu, initial.hu, bytes) == 0) {
        snprintf(mine.problem, PROBLEM_SIZE,
                 "the serial run of this build leaves the state unchanged, so agreeing with it "
                 "proves nothing: finish exercise 01 (serial/serial_kernels.c) first");
    }
    for (int s = 0; s < steps && mine.problem[0] == '\0'; ++s) {
        if (memcmp(&dts[s], &dts[steps + s], sizeof(double)) != 0) {
            snprintf(mine.problem, PROBLEM_SIZE,
                     "step %d has dt = %.9g s, the serial run %.9g s: either the state differs "
                     "already (ghost layers?) or the ranks do not share the max wave speed",
                     s + 1, dts[steps + s], dts[s]);
        }
    }
    if (mine.problem[0] == '\0') {
        compare_part(&part, &whole, &mine);
    }
    if (mine.problem[0] == '\0' &&
        swe_speed_to_bits(serial_speed) != swe_speed_to_bits(mpi_speed)) {
        snprintf(mine.problem, PROBLEM_SIZE,
                 "the wave speed after the last step is %.9g, the serial run's %.9g",
                 (double)mpi_speed, (double)serial_speed);
    }
    char checked[160];
    snprintf(checked, sizeof checked, "%d steps of %s with %s on %d x %d cells, %d x %d blocks%s",
             steps, scenario_name, solver_name, nx, ny, grid.blocks_x, grid.blocks_y,
             overlap ? ", overlapped" : "");
    report(&mine, checked);
    free(dts);
    swe_mpi_layer_free(&layer);
    swe_serial_backend.finalize(&part);
    swe_serial_backend.finalize(&whole);
    swe_block_destroy(&part);
    swe_block_destroy(&whole);
    swe_block_destroy(&initial);
    return 0;
}

/* ---- order: what the backend sees during an overlapped step */

/* The verbs the layer calls, in order, as letters: p(ack) i(nterior)
 * u(npack) r(ing) s(tep) m(ax wave speed). Only calls from outside the
 * serial backend count (depth 0). One process per case: static is fine. */
enum { LOG_SIZE = 4096 };
static char verb_log[LOG_SIZE];
static size_t verb_count;
static int verb_depth;

static void log_verb(char verb)
{
    if (verb_depth == 0 && verb_count + 1 < LOG_SIZE) {
        verb_log[verb_count++] = verb;
    }
}

static int recorded_pack(swe_block *block, enum swe_edge edge, real *buffer, swe_error *err)
{
    log_verb('p');
    verb_depth++;
    int status = swe_serial_backend.pack_copy_layer(block, edge, buffer, err);
    verb_depth--;
    return status;
}

static int recorded_unpack(swe_block *block, enum swe_edge edge, const real *buffer, swe_error *err)
{
    log_verb('u');
    verb_depth++;
    int status = swe_serial_backend.unpack_ghost_layer(block, edge, buffer, err);
    verb_depth--;
    return status;
}

static int recorded_interior(swe_block *block, real dt, swe_error *err)
{
    log_verb('i');
    verb_depth++;
    int status = swe_serial_backend.step_interior(block, dt, err);
    verb_depth--;
    return status;
}

static int recorded_ring(swe_block *block, real dt, real *next_speed, swe_error *err)
{
    log_verb('r');
    verb_depth++;
    int status = swe_serial_backend.step_ring(block, dt, next_speed, err);
    verb_depth--;
    return status;
}

static int recorded_step(swe_block *block, real dt, real *next_speed, swe_error *err)
{
    log_verb('s');
    verb_depth++;
    int status = swe_serial_backend.step(block, dt, next_speed, err);
    verb_depth--;
    return status;
}

static const char *verb_name(char verb)
{
    switch (verb) {
    case 'p':
        return "pack_copy_layer";
    case 'u':
        return "unpack_ghost_layer";
    case 'i':
        return "step_interior";
    case 'r':
        return "step_ring";
    case 's':
        return "step (whole block)";
    default:
        return "?";
    }
}

/* One step's verbs must be: p (one per neighbour), i, u (one per
 * neighbour), r. */
static void check_order(int neighbours, int steps, verdict *mine)
{
    size_t at = 0;
    for (int s = 0; s < steps; ++s) {
        char want[16];
        int n = 0;
        for (int k = 0; k < neighbours; ++k) {
            want[n++] = 'p';
        }
        want[n++] = 'i';
        for (int k = 0; k < neighbours; ++k) {
            want[n++] = 'u';
        }
        want[n++] = 'r';
        if (at + (size_t)n <= verb_count && memcmp(verb_log + at, want, (size_t)n) == 0) {
            at += (size_t)n;
            continue;
        }
        char seen[256] = "";
        for (size_t v = at; v < verb_count && v < at + (size_t)n; ++v) {
            strncat(seen, v > at ? ", " : "", sizeof seen - strlen(seen) - 1);
            strncat(seen, verb_name(verb_log[v]), sizeof seen - strlen(seen) - 1);
        }
        snprintf(mine->problem, PROBLEM_SIZE,
                 "step %d called %s; it must pack the copy layers (start the exchange), then "
                 "step_interior while the halo travels, then unpack (finish the exchange), then "
                 "step_ring",
                 s + 1, seen[0] != '\0' ? seen : "none of the backend's verbs");
        return;
    }
}

static int check_overlap_order(int nx, int ny, int steps)
{
    const swe_scenario *scenario = swe_scenario_find("radial-dam-break");
    swe_error err = {{0}};
    swe_block_grid grid;
    swe_block part;
    if (scenario == NULL || steps < 1 || steps > 100 ||
        swe_block_grid_choose(nx, ny, world_size(), &grid, &err) != SWE_OK) {
        fprintf(stderr, "shallows-mpi-grade: no radial dam break, steps not 1..100 or no split\n");
        return 2;
    }
    swe_block_extent e = swe_block_grid_extent(&grid, world_rank());
    swe_backend recording = swe_serial_backend;
    recording.pack_copy_layer = recorded_pack;
    recording.unpack_ghost_layer = recorded_unpack;
    recording.step_interior = recorded_interior;
    recording.step_ring = recorded_ring;
    recording.step = recorded_step;
    swe_mpi_layer layer;
    if (swe_scenario_create_part(scenario, nx, ny, e.first_i, e.first_j, e.nx, e.ny, &part, &err) !=
            SWE_OK ||
        start_serial(&part, SWE_SOLVER_FWAVE, &err) != SWE_OK) {
        swe_mpi_abort(err.message, 2);
    }
    part.backend = &recording;
    if (swe_mpi_layer_init(&layer, MPI_COMM_WORLD, &grid, &part, 1, &err) != SWE_OK) {
        swe_mpi_abort(err.message, 2);
    }
    double dts[100];
    real speed = 0;
    if (take_steps(&layer.driven, scenario, steps, dts, &speed, &err) != SWE_OK) {
        fail_now("the overlapped run failed", &err);
    }
    int neighbours = 0;
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        neighbours += layer.neighbour[edge] >= 0;
    }
    verdict mine = {{0}};
    check_order(neighbours, steps, &mine);
    if (mine.problem[0] == '\0' && verb_count != (size_t)steps * (2 * (size_t)neighbours + 2)) {
        snprintf(mine.problem, PROBLEM_SIZE,
                 "%d steps called the backend's verbs %zu times, not %zu: one exchange and one "
                 "interior and ring per step",
                 steps, verb_count, (size_t)steps * (2 * (size_t)neighbours + 2));
    }
    char checked[128];
    snprintf(checked, sizeof checked, "the verbs of %d overlapped steps on %d x %d blocks", steps,
             grid.blocks_x, grid.blocks_y);
    report(&mine, checked);
    swe_mpi_layer_free(&layer);
    part.backend = &swe_serial_backend;
    swe_serial_backend.finalize(&part);
    swe_block_destroy(&part);
    return 0;
}

/* ---- the command line */

static int number(const char *text, int low, int high, int *value)
{
    char *end;
    long parsed = strtol(text, &end, 10);
    *value = (int)parsed;
    return end != text && *end == '\0' && parsed >= low && parsed <= high;
}

static int run_case(int argc, char **argv)
{
    int nx, ny, steps, overlap;
    if (argc == 4 && strcmp(argv[1], "halo") == 0 && number(argv[2], 1, 99, &nx) &&
        number(argv[3], 1, 99, &ny)) {
        return check_halo(nx, ny);
    }
    if (argc == 4 && strcmp(argv[1], "max") == 0) {
        return check_max(strtoull(argv[2], NULL, 10), argv[3]);
    }
    if (argc == 8 && strcmp(argv[1], "run") == 0 && number(argv[4], 1, 4096, &nx) &&
        number(argv[5], 1, 4096, &ny) && number(argv[6], 1, 1000, &steps) &&
        number(argv[7], 0, 1, &overlap)) {
        return check_run(argv[2], argv[3], nx, ny, steps, overlap);
    }
    if (argc == 5 && strcmp(argv[1], "order") == 0 && number(argv[2], 1, 4096, &nx) &&
        number(argv[3], 1, 4096, &ny) && number(argv[4], 1, 100, &steps)) {
        return check_overlap_order(nx, ny, steps);
    }
    if (world_rank() == 0) {
        fprintf(stderr, "usage: mpirun -np N shallows-mpi-grade halo NX NY | max SEED "
                        "plain|nan|ulp | run SCENARIO SOLVER NX NY STEPS 0|1 | order NX NY "
                        "STEPS\n");
    }
    return 2;
}

int main(int argc, char **argv)
{
    swe_mpi_init(&argc, &argv);
    int status = run_case(argc, argv);
    MPI_CHECK(MPI_Finalize());
    return status;
}
