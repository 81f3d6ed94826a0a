/* shallows-mpi-grade: one case of the graded MPI exercises (08, 09) as an
 * MPI job, the student's side: every rank runs the code under test, rank
 * 0 gathers what they computed and writes it to the grader's pipe
 * (grade_stream.h); tools/teaching/grade.py compares it with the expected outputs
 * of tests/grade/grade_mpi.c. Nothing here decides whether a case passes.
 *
 *   shallows-mpi-grade --output PIPE --case K halo NX NY
 *   shallows-mpi-grade --output PIPE --case K max SEED KIND
 *   shallows-mpi-grade --output PIPE --case K run SCENARIO SOLVER NX NY STEPS OVERLAP
 *   shallows-mpi-grade --output PIPE --case K order NX NY STEPS
 *   shallows-mpi-grade --output PIPE --case K mesh-halo N SEED LAYERS (exercise 17) */
#include "backends/mpi/cartesian/mpi_gather.h"
#include "backends/mpi/mpi_check.h"
#include "cartesian/program/options.h"
#include "tests/grade/grade_interior.h"
#include "tests/grade/mpi/grade_mpi_job.h"
#include "tests/grade/mpi/grade_mpi_traffic.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

extern const swe_cartesian_backend swe_cartesian_serial_backend;

int world_rank(void)
{
    int rank = 0;
    MPI_CHECK(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
    return rank;
}

int world_size(void)
{
    int size = 0;
    MPI_CHECK(MPI_Comm_size(MPI_COMM_WORLD, &size));
    return size;
}

_Noreturn void fail_now(const char *what, const swe_error *err)
{
    fprintf(stderr, "shallows-mpi-grade: rank %d: %s: %s\n", world_rank(), what, err->message);
    fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 3);
    exit(3);
}

/* Rank 0: opens the pipe and writes the case line. */
static void start_case(case_output *out)
{
    out->stream = fopen(out->path, "wb");
    if (out->stream == NULL) {
        fprintf(stderr, "shallows-mpi-grade: cannot write %s: %s\n", out->path, strerror(errno));
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    grade_stream_header(out->stream);
    grade_stream_case(out->stream, out->number, 0, 0, "");
}

void write_field(case_output *out, const char *name, char type, enum grade_layout layout,
                 const void *values, size_t count)
{
    grade_field field = {.type = type, .layout = layout, .values = (void *)values, .count = count};
    snprintf(field.name, sizeof field.name, "%s", name);
    grade_stream_field(out->stream, &field);
}

void gather_fields(case_output *out, const char *name, char type, enum grade_layout layout,
                   const void *mine, int count, int parts)
{
    const int size = type == 'd' ? (int)sizeof(double) : (int)sizeof(real);
    if (world_rank() != 0) {
        MPI_CHECK(MPI_Send(&count, 1, MPI_INT, 0, 1, MPI_COMM_WORLD));
        MPI_CHECK(MPI_Send(mine, count * size, MPI_BYTE, 0, 2, MPI_COMM_WORLD));
        return;
    }
    for (int r = 0; r < world_size(); ++r) {
        int length = count;
        char *values = (char *)mine;
        if (r > 0) {
            MPI_CHECK(MPI_Recv(&length, 1, MPI_INT, r, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
            values = malloc((size_t)(length > 0 ? length : 1) * (size_t)size);
            if (values == NULL) {
                swe_mpi_abort("out of memory gathering a case", 1);
            }
            MPI_CHECK(
                MPI_Recv(values, length * size, MPI_BYTE, r, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
        }
        size_t part = (size_t)length / (size_t)parts;
        for (int p = 0; p < parts; ++p) {
            write_field(out, name, type, layout, values + (size_t)p * part * (size_t)size, part);
        }
        if (r > 0) {
            free(values);
        }
    }
}

/* ---- halo: the coded pattern after each of two exchanges */

static void fill_pattern(swe_block *block, int exchange)
{
    real *fields[GRADE_HALO_FIELDS] = {block->h, block->hu, block->hv, block->b};
    for (int f = 0; f < GRADE_HALO_FIELDS; ++f) {
        for (int j = 0; j <= block->ny + 1; ++j) {
            for (int i = 0; i <= block->nx + 1; ++i) {
                int interior = i >= 1 && i <= block->nx && j >= 1 && j <= block->ny;
                fields[f][SWE_INDEX(block, i, j)] =
                    interior ? grade_halo_code(f, block->first_i + i - 1, block->first_j + j - 1,
                                               exchange)
                             : GRADE_HALO_NEVER_WRITTEN;
            }
        }
    }
}

/* The taint of the halo case (grade_mpi_traffic.h): a mark for this
 * rank's sends in one exchange, a multiple of the pattern's span (4 fields
 * of 20000 codes) from 1 to 20 times, so that the codes stay exact in single
 * precision, drawn from the system's random source: nothing of the case
 * tells it. */
static real fresh_mark(void)
{
    unsigned char byte = 0;
    if (getrandom(&byte, 1, 0) != 1) {
        swe_mpi_abort("no random bytes for the grader's mark", 1);
    }
    return (real)(GRADE_HALO_FIELDS * 20000) * (real)(1 + byte % 20);
}

/* The rank whose part holds global cell (gi, gj), or -1 outside the domain. */
static int owner_of(const swe_block_grid *grid, int nx, int ny, int gi, int gj)
{
    if (gi < 0 || gj < 0 || gi >= nx || gj >= ny) {
        return -1;
    }
    for (int r = 0; r < world_size(); ++r) {
        swe_block_extent e = swe_block_grid_extent(grid, r);
        if (gi >= e.first_i && gi < e.first_i + e.nx && gj >= e.first_j && gj < e.first_j + e.ny) {
            return r;
        }
    }
    return -1;
}

/* After an exchange: the ranks tell each other their marks and take each
 * sender's off the ghost cells it filled, so that a value only comes out
 * as the pattern if it travelled by MPI_Isend. */
static void take_marks_off(swe_block *block, const swe_block_grid *grid, int nx, int ny, real mark)
{
    real marks[64];
    if (world_size() > 64) {
        swe_mpi_abort("the halo case runs on at most 64 ranks", 2);
    }
    MPI_CHECK(MPI_Allgather(&mark, 1, SWE_MPI_REAL, marks, 1, SWE_MPI_REAL, MPI_COMM_WORLD));
    real *fields[GRADE_HALO_FIELDS] = {block->h, block->hu, block->hv, block->b};
    for (int j = 0; j <= block->ny + 1; ++j) {
        for (int i = 0; i <= block->nx + 1; ++i) {
            if (i >= 1 && i <= block->nx && j >= 1 && j <= block->ny) {
                continue;
            }
            int owner = owner_of(grid, nx, ny, block->first_i + i - 1, block->first_j + j - 1);
            for (int f = 0; owner >= 0 && f < GRADE_HALO_FIELDS; ++f) {
                real *value = &fields[f][SWE_INDEX(block, i, j)];
                if (*value != GRADE_HALO_NEVER_WRITTEN) {
                    *value -= marks[owner];
                }
            }
        }
    }
}

static int run_halo(case_output *out, int nx, int ny)
{
    swe_error err = {{0}};
    swe_block_grid grid;
    if (swe_block_grid_choose(nx, ny, world_size(), &grid, &err) != SWE_OK) {
        swe_mpi_abort(err.message, 2);
    }
    swe_block_extent extent = swe_block_grid_extent(&grid, world_rank());
    swe_block block;
    swe_mpi_layer layer;
    if (swe_block_create_part(&block, nx, ny, extent.first_i, extent.first_j, extent.nx, extent.ny,
                              0, 0, 1, 1, &err) != SWE_OK) {
        swe_mpi_abort(err.message, 1);
    }
    block.backend = &swe_cartesian_serial_backend;
    if (swe_mpi_layer_init(&layer, MPI_COMM_WORLD, &grid, &block, 0, &err) != SWE_OK) {
        swe_mpi_abort(err.message, 1);
    }
    size_t cells = swe_block_size(&block);
    real *after = malloc(GRADE_HALO_EXCHANGES * GRADE_HALO_FIELDS * cells * sizeof(real));
    double *counted = malloc(((size_t)world_size() + 1) * sizeof *counted);
    if (after == NULL || counted == NULL) {
        swe_mpi_abort("out of memory", 1);
    }
    /* Twice, with new interior values: the second exchange must pack the
     * new copy layers and start from no pending requests. */
    for (int exchange = 0; exchange < GRADE_HALO_EXCHANGES; ++exchange) {
        fill_pattern(&block, exchange);
        real mark = fresh_mark();
        grade_traffic_start(counted, world_size(), (double)mark);
        int status = swe_mpi_exchange_halo(&layer, &err);
        grade_traffic_stop();
        if (status != SWE_OK) {
            fail_now("the halo exchange failed", &err);
        }
        take_marks_off(&block, &grid, nx, ny, mark);
        const real *fields[GRADE_HALO_FIELDS] = {block.h, block.hu, block.hv, block.b};
        for (int f = 0; f < GRADE_HALO_FIELDS; ++f) {
            memcpy(after + (exchange * GRADE_HALO_FIELDS + f) * cells, fields[f],
                   cells * sizeof(real));
        }
    }
    /* Each rank's two exchanges, rank by rank: the order of the expected fields. */
    gather_fields(out, "halo", 'r', GRADE_HALO, after,
                  (int)(GRADE_HALO_EXCHANGES * GRADE_HALO_FIELDS * cells), GRADE_HALO_EXCHANGES);
    free(counted);
    free(after);
    swe_mpi_layer_free(&layer);
    swe_block_destroy(&block);
    return 0;
}

/* ---- max: what swe_mpi_max_speed gives every rank */

static int run_max(case_output *out, uint64_t seed, const char *kind)
{
    if (strcmp(kind, "plain") != 0 && strcmp(kind, "nan") != 0 && strcmp(kind, "ulp") != 0) {
        swe_mpi_abort("max KIND is plain, nan or ulp", 2);
    }
    real got = swe_mpi_max_speed(MPI_COMM_WORLD,
                                 grade_mpi_speed_of_rank(seed, kind, world_rank(), world_size()));
    real *all = calloc((size_t)world_size(), sizeof(real));
    if (all == NULL) {
        swe_mpi_abort("out of memory", 1);
    }
    MPI_CHECK(MPI_Gather(&got, (int)sizeof(real), MPI_BYTE, all, (int)sizeof(real), MPI_BYTE, 0,
                         MPI_COMM_WORLD));
    if (world_rank() == 0) {
        write_field(out, "max_speed", 'r', GRADE_RANKS, all, (size_t)world_size());
    }
    free(all);
    return 0;
}

/* ---- run: an MPI run of the whole domain, gathered on rank 0 */

int start_serial(swe_block *block, enum swe_solver solver, swe_error *err)
{
    swe_cartesian_backend_config config = {.solver = solver, .model.level = 0};
    block->backend = &swe_cartesian_serial_backend;
    return swe_cartesian_serial_backend.init(block, &config, err);
}

static void write_run(case_output *out, const swe_block *whole, const double *dts, int steps,
                      real speed)
{
    size_t cells = (size_t)whole->nx * (size_t)whole->ny;
    real *h = malloc(3 * cells * sizeof(real));
    if (h == NULL) {
        swe_mpi_abort("out of memory", 1);
    }
    grade_copy_interior(whole, h, h + cells, h + 2 * cells);
    write_field(out, "dt", 'd', GRADE_STEPS, dts, (size_t)steps);
    write_field(out, "h", 'r', GRADE_CELLS, h, cells);
    write_field(out, "hu", 'r', GRADE_CELLS, h + cells, cells);
    write_field(out, "hv", 'r', GRADE_CELLS, h + 2 * cells, cells);
    write_field(out, "wave_speed", 'r', GRADE_LIST, &speed, 1);
    free(h);
}

static int run_run(case_output *out, const char *scenario_name, const char *solver_name, int nx,
                   int ny, int steps, int overlap)
{
    const swe_scenario *scenario = swe_scenario_find(scenario_name);
    enum swe_solver solver = SWE_SOLVER_COUNT;
    for (int s = 0; s < SWE_SOLVER_COUNT; ++s) {
        solver = strcmp(swe_solver_name((enum swe_solver)s), solver_name) == 0 ? (enum swe_solver)s
                                                                               : solver;
    }
    if (scenario == NULL || solver == SWE_SOLVER_COUNT) {
        swe_mpi_abort("unknown scenario or solver", 2);
    }
    swe_error err = {{0}};
    swe_block part, whole = {0};
    swe_block_grid grid;
    swe_mpi_layer layer;
    if (swe_block_grid_choose(nx, ny, world_size(), &grid, &err) != SWE_OK) {
        swe_mpi_abort(err.message, 2);
    }
    swe_block_extent e = swe_block_grid_extent(&grid, world_rank());
    if (swe_scenario_create_part(scenario, nx, ny, e.first_i, e.first_j, e.nx, e.ny, &part, &err) !=
            SWE_OK ||
        start_serial(&part, solver, &err) != SWE_OK ||
        swe_mpi_layer_init(&layer, MPI_COMM_WORLD, &grid, &part, overlap, &err) != SWE_OK ||
        swe_mpi_whole_block_create(&layer, &whole, &err) != SWE_OK) {
        swe_mpi_abort(err.message, 2);
    }
    double *dts = calloc((size_t)steps, sizeof *dts);
    real speed = 0;
    if (dts == NULL) {
        swe_mpi_abort("out of memory", 2);
    }
    /* The layer's own step aborts the job when the code under test fails. */
    if (grade_mpi_take_steps(&layer.driven, scenario, steps, dts, &speed, &err) != SWE_OK) {
        fail_now("the MPI run failed", &err);
    }
    if (swe_mpi_gather(&layer, &whole, &err) != SWE_OK) {
        fail_now("gathering the run failed", &err);
    }
    if (world_rank() == 0) {
        write_run(out, &whole, dts, steps, speed);
        swe_block_destroy(&whole);
    }
    free(dts);
    swe_mpi_layer_free(&layer);
    swe_cartesian_serial_backend.finalize(&part);
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

static int run_case(case_output *out, int argc, char **argv)
{
    int nx, ny, steps, overlap, layers;
    if (argc == 3 && strcmp(argv[0], "halo") == 0 && number(argv[1], 1, 99, &nx) &&
        number(argv[2], 1, 99, &ny)) {
        return run_halo(out, nx, ny);
    }
    if (argc == 3 && strcmp(argv[0], "max") == 0) {
        return run_max(out, strtoull(argv[1], NULL, 10), argv[2]);
    }
    if (argc == 7 && strcmp(argv[0], "run") == 0 && number(argv[3], 1, 4096, &nx) &&
        number(argv[4], 1, 4096, &ny) && number(argv[5], 1, 1000, &steps) &&
        number(argv[6], 0, 1, &overlap)) {
        return run_run(out, argv[1], argv[2], nx, ny, steps, overlap);
    }
    if (argc == 4 && strcmp(argv[0], "mesh-halo") == 0 && number(argv[1], 1, 150, &nx) &&
        number(argv[3], 1, 4, &layers)) {
        return run_mesh_halo(out, nx, strtoull(argv[2], NULL, 10), layers);
    }
    if (argc == 4 && strcmp(argv[0], "order") == 0 && number(argv[1], 1, 4096, &nx) &&
        number(argv[2], 1, 4096, &ny) && number(argv[3], 1, 100, &steps)) {
        return run_order(out, nx, ny, steps);
    }
    return -1;
}

int main(int argc, char **argv)
{
    swe_mpi_init(&argc, &argv);
    case_output out = {0};
    int first = 1;
    while (first + 1 < argc && strncmp(argv[first], "--", 2) == 0) {
        if (strcmp(argv[first], "--output") == 0) {
            out.path = argv[first + 1];
        } else if (strcmp(argv[first], "--case") != 0 ||
                   !number(argv[first + 1], 1, 1000, &out.number)) {
            break;
        }
        first += 2;
    }
    if (out.path == NULL || out.number == 0 || first >= argc) {
        if (world_rank() == 0) {
            fprintf(stderr, "usage: mpirun -np N shallows-mpi-grade --output PIPE --case K (halo "
                            "NX NY | max SEED plain|nan|ulp | run SCENARIO SOLVER NX NY STEPS 0|1 "
                            "| order NX NY STEPS | mesh-halo N SEED LAYERS)\n");
        }
        MPI_CHECK(MPI_Finalize());
        return 2;
    }
    if (world_rank() == 0) {
        start_case(&out);
    }
    int status = run_case(&out, argc - first, argv + first);
    if (status < 0 && world_rank() == 0) {
        fprintf(stderr, "shallows-mpi-grade: unknown case or bad arguments\n");
    }
    if (world_rank() == 0 && fclose(out.stream) != 0) {
        status = 1;
    }
    MPI_CHECK(MPI_Finalize());
    return status < 0 ? 2 : status;
}
