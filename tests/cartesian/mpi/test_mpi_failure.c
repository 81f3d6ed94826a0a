/* A rank whose backend fails mid-run, for `shallows-mpi-tests
 * --fail-on-rank R` (run by the mpi-cli suite of shallows-tests): the
 * layer must end the whole job with that rank's message, while the other
 * ranks wait for a step that never comes. */
#include "backends/mpi/cartesian/mpi_layer.h"
#include "backends/mpi/mpi_check.h"
#include "cartesian/grid/stepping.h"
#include "cartesian/program/options.h"
#include "tests/cartesian/mpi/mpi_cartesian_support.h"

extern const swe_cartesian_backend swe_cartesian_serial_backend;

static int failing_step(swe_block *block, real dt, real *next_speed, swe_error *err)
{
    (void)block;
    (void)dt;
    (void)next_speed;
    return swe_fail(err, SWE_ERROR_RUNTIME, "the device fell off the bus (a test failure)");
}

void swe_mpi_test_fail_on_rank(int failing_rank)
{
    swe_cartesian_backend failing = swe_cartesian_serial_backend;
    failing.step = failing_step;
    const swe_scenario *scenario = swe_scenario_find("radial-dam-break");
    swe_block_grid grid;
    swe_block block;
    swe_error err;
    if (scenario == NULL ||
        swe_block_grid_choose(16, 16, swe_mpi_test_size(), &grid, &err) != SWE_OK) {
        swe_mpi_abort("cannot set up the failure test", 1);
    }
    swe_block_extent e = swe_block_grid_extent(&grid, swe_mpi_test_rank());
    swe_cartesian_backend_config config = {.solver = SWE_SOLVER_FWAVE};
    swe_mpi_layer layer;
    if (swe_scenario_create_part(scenario, 16, 16, e.first_i, e.first_j, e.nx, e.ny, &block,
                                 &err) != SWE_OK ||
        swe_cartesian_serial_backend.init(&block, &config, &err) != SWE_OK) {
        swe_mpi_abort(err.message, 1);
    }
    block.backend = swe_mpi_test_rank() == failing_rank ? &failing : &swe_cartesian_serial_backend;
    if (swe_mpi_layer_init(&layer, MPI_COMM_WORLD, &grid, &block, 0, &err) != SWE_OK) {
        swe_mpi_abort(err.message, 1);
    }
    swe_clock clock = {.cfl = 0.5, .wave_speed = 1};
    swe_advance(&layer.driven, &clock, 1.0e6, &err);
    swe_mpi_layer_free(&layer);
    swe_cartesian_serial_backend.finalize(&block);
    swe_block_destroy(&block);
}
