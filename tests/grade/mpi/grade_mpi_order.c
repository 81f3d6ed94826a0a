/* The order case of the MPI case program (exercise 09): which backend
 * verbs an overlapped step calls on every rank, recorded by a backend
 * table that logs each call before passing it to the serial backend. */
#include "backends/mpi/mpi_check.h"
#include "tests/grade/mpi/grade_mpi_job.h"

#include <stdlib.h>

extern const swe_cartesian_backend swe_cartesian_serial_backend;

/* The verbs the layer calls, in order, as letters (grade_mpi_cases.h).
 * Only calls from outside the serial backend count (depth 0). One
 * process per case: static is fine. */
static real *verb_log;
static int verb_count, verb_capacity, verb_depth;

static void log_verb(char verb)
{
    if (verb_depth == 0 && verb_count < verb_capacity) {
        verb_log[verb_count++] = (real)verb;
    }
}

static int recorded_pack(swe_block *block, enum swe_edge edge, real *buffer, swe_error *err)
{
    log_verb('p');
    verb_depth++;
    int status = swe_cartesian_serial_backend.pack_copy_layer(block, edge, buffer, err);
    verb_depth--;
    return status;
}

static int recorded_unpack(swe_block *block, enum swe_edge edge, const real *buffer, swe_error *err)
{
    log_verb('u');
    verb_depth++;
    int status = swe_cartesian_serial_backend.unpack_ghost_layer(block, edge, buffer, err);
    verb_depth--;
    return status;
}

static int recorded_interior(swe_block *block, real dt, swe_error *err)
{
    log_verb('i');
    verb_depth++;
    int status = swe_cartesian_serial_backend.step_interior(block, dt, err);
    verb_depth--;
    return status;
}

static int recorded_ring(swe_block *block, real dt, real *next_speed, swe_error *err)
{
    log_verb('r');
    verb_depth++;
    int status = swe_cartesian_serial_backend.step_ring(block, dt, next_speed, err);
    verb_depth--;
    return status;
}

static int recorded_step(swe_block *block, real dt, real *next_speed, swe_error *err)
{
    log_verb('s');
    verb_depth++;
    int status = swe_cartesian_serial_backend.step(block, dt, next_speed, err);
    verb_depth--;
    return status;
}

int run_order(case_output *out, int nx, int ny, int steps)
{
    const swe_scenario *scenario = swe_scenario_find("radial-dam-break");
    swe_error err = {{0}};
    swe_block_grid grid;
    swe_block part;
    if (scenario == NULL || swe_block_grid_choose(nx, ny, world_size(), &grid, &err) != SWE_OK) {
        swe_mpi_abort("no radial dam break or no split", 2);
    }
    swe_block_extent e = swe_block_grid_extent(&grid, world_rank());
    swe_cartesian_backend recording = swe_cartesian_serial_backend;
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
    verb_capacity = grade_mpi_verb_capacity(steps);
    verb_log = calloc((size_t)verb_capacity, sizeof *verb_log);
    double *dts = calloc((size_t)steps, sizeof *dts);
    if (verb_log == NULL || dts == NULL) {
        swe_mpi_abort("out of memory", 2);
    }
    if (swe_mpi_layer_init(&layer, MPI_COMM_WORLD, &grid, &part, 1, &err) != SWE_OK) {
        swe_mpi_abort(err.message, 2);
    }
    real speed = 0;
    if (grade_mpi_take_steps(&layer.driven, scenario, steps, dts, &speed, &err) != SWE_OK) {
        fail_now("the overlapped run failed", &err);
    }
    gather_fields(out, "verbs", 'r', GRADE_VERBS, verb_log, verb_capacity, 1);
    free(verb_log);
    free(dts);
    swe_mpi_layer_free(&layer);
    part.backend = &swe_cartesian_serial_backend;
    swe_cartesian_serial_backend.finalize(&part);
    swe_block_destroy(&part);
    return 0;
}
