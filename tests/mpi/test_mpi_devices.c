/* mpi+cuda and mpi+opencl against the same backend on the whole domain,
 * bit for bit, at every level: each rank's part steps on its device with
 * its CONNECT layers moved by the backend's own pack and unpack verbs. The
 * kernels compute each cell from the same neighbours with the same
 * arithmetic whatever the block, so the parts must reproduce the whole
 * exactly; a misplaced or stale ghost cell shows. Where a backend has no
 * device its suite is not registered (rank 0 says "skipped", and nothing
 * counts as passed). */
#ifdef SWE_WITH_CUDA
#include "cuda_backend.h"
#endif
#ifdef SWE_WITH_OPENCL
#include "cl_device.h"
#endif
#include "mpi_check.h"
#include "mpi_layer.h"
#include "mpi_test_suites.h"
#include "simulation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct device_case {
    const char *scenario;
    int nx, ny;
    double t_end;
} device_case;

static const device_case cases[] = {
    {"radial-dam-break", 67, 45, 10.0}, /* not a multiple of any block, warp or tile shape */
    {"bump-dam-break", 29, 31, 0.5},    /* bathymetry in the ghost layers */
    {"dam-break-1d-dry", 61, 1, 10.0},  /* dry cells crossing block edges */
};
enum { CASE_COUNT = sizeof cases / sizeof cases[0] };

/* The backend of the suite being run (CUnit tests take no arguments). */
static const swe_backend *tested;

static int start_block(swe_block *block, int level, swe_clock *clock, const swe_scenario *scenario)
{
    swe_error err;
    swe_backend_config config = {
        .solver = SWE_SOLVER_FWAVE, .level = level, .cl_device = getenv("SWE_TEST_CL_DEVICE")};
    block->backend = tested;
    *clock = (swe_clock){.cfl = scenario->default_cfl};
    return tested->init(block, &config, &err) == SWE_OK &&
           tested->sync_after_write(block, &err) == SWE_OK;
}

static void run_case(const device_case *c, int level)
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
    SWE_MPI_ASSERT_ALL(ok, "the blocks start on the device");
    if (!ok) {
        return; /* a set-up failure here is a bug that the report already shows */
    }
    /* Both one step at a time, so that both take dt from the host. */
    ok = tested->max_wave_speed(&whole, &whole_clock.wave_speed, &err) == SWE_OK &&
         swe_advance_by_steps(&whole, &whole_clock, c->t_end, &err) == SWE_OK &&
         tested->sync_before_read(&whole, &err) == SWE_OK;
    ok = ok &&
         layer.driven.backend->max_wave_speed(&layer.driven, &part_clock.wave_speed, &err) ==
             SWE_OK &&
         swe_advance_by_steps(&layer.driven, &part_clock, c->t_end, &err) == SWE_OK &&
         tested->sync_before_read(&part, &err) == SWE_OK;
    if (!ok) {
        fprintf(stderr, "\n    rank %d: %s", swe_mpi_test_rank(), err.message);
    }
    SWE_MPI_ASSERT_ALL(ok, "both runs reach t_end");
    char what[160];
    snprintf(what, sizeof what, "%s on %d x %d, %s level %d: same steps as on the whole",
             c->scenario, c->nx, c->ny, tested->name, level);
    SWE_MPI_ASSERT_ALL(whole_clock.steps == part_clock.steps && whole_clock.steps > 5 &&
                           memcmp(&whole_clock.t, &part_clock.t, sizeof(double)) == 0,
                       what);
    long differing = swe_mpi_test_differing_values(&part, &whole, 0);
    if (differing != 0) {
        fprintf(stderr, "\n    rank %d: %ld values differ", swe_mpi_test_rank(), differing);
    }
    snprintf(what, sizeof what, "%s on %d x %d, %s level %d: every cell bit for bit", c->scenario,
             c->nx, c->ny, tested->name, level);
    SWE_MPI_ASSERT_ALL(differing == 0, what);
    swe_mpi_layer_free(&layer);
    tested->finalize(&part);
    tested->finalize(&whole);
    swe_block_destroy(&part);
    swe_block_destroy(&whole);
}

static void test_parts_agree_with_the_whole(void)
{
    for (int level = 1; level <= tested->levels; ++level) {
        for (int c = 0; c < CASE_COUNT; ++c) {
            run_case(&cases[c], level);
        }
    }
}

/* Registers the suite mpi-<backend> when every rank has a device for it. */
static void register_device_suite(const swe_backend *backend, int available, const char *missing,
                                  CU_TestFunc test)
{
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &available, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD));
    if (!available) {
        if (swe_mpi_test_rank() == 0) {
            printf("mpi-%s: skipped: %s\n", backend->name, missing);
        }
        return;
    }
    char name[32];
    snprintf(name, sizeof name, "mpi-%s", backend->name);
    CU_pSuite suite = CU_add_suite(name, NULL, NULL);
    swe_mpi_test_require(suite, name);
    swe_mpi_test_require(
        CU_add_test(suite, "parts equal the whole on the device, every level", test),
        "device test");
}

#ifdef SWE_WITH_CUDA
extern const swe_backend swe_cuda_backend;

static void test_cuda_parts(void)
{
    tested = &swe_cuda_backend;
    test_parts_agree_with_the_whole();
}
#endif

#ifdef SWE_WITH_OPENCL
extern const swe_backend swe_opencl_backend;

static void test_opencl_parts(void)
{
    tested = &swe_opencl_backend;
    test_parts_agree_with_the_whole();
}
#endif

void register_mpi_device_tests(void)
{
#ifdef SWE_WITH_CUDA
    register_device_suite(&swe_cuda_backend, swe_cuda_device_available(),
                          "no CUDA device (runs on a GPU machine)", test_cuda_parts);
#endif
#ifdef SWE_WITH_OPENCL
    swe_cl_device device;
    swe_error err = {{0}};
    int found = swe_cl_choose_device(getenv("SWE_TEST_CL_DEVICE"), &device, &err) == SWE_OK;
    register_device_suite(&swe_opencl_backend, found, err.message, test_opencl_parts);
#endif
}
