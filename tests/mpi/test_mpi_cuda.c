/* mpi+cuda against cuda on the whole domain, bit for bit, at every level:
 * each rank's part steps on the GPU with its CONNECT layers packed and
 * unpacked on the device. The kernels compute each cell from the same
 * neighbours with the same arithmetic whatever the block, so the parts
 * must reproduce the whole exactly; a misplaced or stale ghost cell shows.
 * On a machine without a usable GPU the suite is not registered (rank 0
 * says "skipped: no CUDA device", and nothing counts as passed). */
#include "cuda_backend.h"
#include "mpi_check.h"
#include "mpi_layer.h"
#include "mpi_test_suites.h"
#include "simulation.h"

#include <stdio.h>
#include <string.h>

extern const swe_backend swe_cuda_backend;

typedef struct cuda_case {
    const char *scenario;
    int nx, ny;
    double t_end;
} cuda_case;

static const cuda_case cases[] = {
    {"radial-dam-break", 333, 517, 2.0}, /* not a multiple of any block or warp shape */
    {"bump-dam-break", 29, 31, 0.5},     /* bathymetry in the ghost layers */
    {"dam-break-1d-dry", 61, 1, 10.0},   /* dry cells crossing block edges */
};
enum { CASE_COUNT = sizeof cases / sizeof cases[0], CUDA_LEVELS = 4 };

static int start_block(swe_block *block, int level, swe_clock *clock, const swe_scenario *scenario)
{
    swe_error err;
    swe_backend_config config = {.solver = SWE_SOLVER_FWAVE, .level = level};
    block->backend = &swe_cuda_backend;
    *clock = (swe_clock){.cfl = scenario->default_cfl};
    return swe_cuda_backend.init(block, &config, &err) == SWE_OK &&
           swe_cuda_backend.sync_after_write(block, &err) == SWE_OK;
}

static void run_case(const cuda_case *c, int level)
{
    const swe_scenario *scenario = swe_scenario_find(c->scenario);
    swe_error err;
    swe_block whole = {0}, part = {0};
    swe_clock whole_clock, part_clock;
    int ok = scenario != NULL &&
             swe_scenario_create_block(scenario, c->nx, c->ny, &whole, &err) == SWE_OK &&
             start_block(&whole, level, &whole_clock, scenario);
    swe_block_grid grid;
    ok = ok && swe_block_grid_choose(c->nx, c->ny, swe_mpi_test_size(), &grid, &err) == SWE_OK;
    swe_block_extent e = swe_block_grid_extent(&grid, swe_mpi_test_rank());
    ok = ok &&
         swe_scenario_create_part(scenario, c->nx, c->ny, e.first_i, e.first_j, e.nx, e.ny, &part,
                                  &err) == SWE_OK &&
         start_block(&part, level, &part_clock, scenario);
    swe_mpi_layer layer;
    ok = ok && swe_mpi_layer_init(&layer, MPI_COMM_WORLD, &grid, &part, 0, &err) == SWE_OK;
    SWE_MPI_ASSERT_ALL(ok, "the cuda blocks start");
    if (!ok) {
        return; /* a set-up failure here is a bug that the report already shows */
    }
    /* Both one step at a time, so that both take dt from the host. */
    ok = swe_cuda_backend.max_wave_speed(&whole, &whole_clock.wave_speed, &err) == SWE_OK &&
         swe_advance_by_steps(&whole, &whole_clock, c->t_end, &err) == SWE_OK &&
         swe_cuda_backend.sync_before_read(&whole, &err) == SWE_OK;
    ok = ok &&
         layer.driven.backend->max_wave_speed(&layer.driven, &part_clock.wave_speed, &err) ==
             SWE_OK &&
         swe_advance_by_steps(&layer.driven, &part_clock, c->t_end, &err) == SWE_OK &&
         swe_cuda_backend.sync_before_read(&part, &err) == SWE_OK;
    if (!ok) {
        fprintf(stderr, "\n    rank %d: %s", swe_mpi_test_rank(), err.message);
    }
    SWE_MPI_ASSERT_ALL(ok, "both cuda runs reach t_end");
    char what[160];
    snprintf(what, sizeof what, "%s on %d x %d, cuda level %d: same steps as cuda on the whole",
             c->scenario, c->nx, c->ny, level);
    SWE_MPI_ASSERT_ALL(whole_clock.steps == part_clock.steps && whole_clock.steps > 5 &&
                           memcmp(&whole_clock.t, &part_clock.t, sizeof(double)) == 0,
                       what);
    long differing = swe_mpi_test_differing_values(&part, &whole, 0);
    if (differing != 0) {
        fprintf(stderr, "\n    rank %d: %ld values differ", swe_mpi_test_rank(), differing);
    }
    snprintf(what, sizeof what, "%s on %d x %d, cuda level %d: every cell bit for bit", c->scenario,
             c->nx, c->ny, level);
    SWE_MPI_ASSERT_ALL(differing == 0, what);
    swe_mpi_layer_free(&layer);
    swe_cuda_backend.finalize(&part);
    swe_cuda_backend.finalize(&whole);
    swe_block_destroy(&part);
    swe_block_destroy(&whole);
}

static void test_parts_agree_with_the_whole(void)
{
    for (int level = 1; level <= CUDA_LEVELS; ++level) {
        for (int c = 0; c < CASE_COUNT; ++c) {
            run_case(&cases[c], level);
        }
    }
}

void register_mpi_cuda_tests(void)
{
    int available = swe_cuda_device_available();
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &available, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD));
    if (!available) {
        if (swe_mpi_test_rank() == 0) {
            printf("mpi-cuda: skipped: no CUDA device (runs on a GPU machine)\n");
        }
        return;
    }
    CU_pSuite suite = CU_add_suite("mpi-cuda", NULL, NULL);
    swe_mpi_test_require(suite, "suite mpi-cuda");
    swe_mpi_test_require(CU_add_test(suite, "mpi+cuda parts equal cuda on the whole, every level",
                                     test_parts_agree_with_the_whole),
                         "mpi-cuda test");
}
