/* Where the ranks of a triangle run compute and where their halo travels,
 * on CPU ranks: each rank's part starts on the device of its node-local
 * rank (a stand-in model with two "devices" shows the round robin that
 * GPUs get), a host model's rank takes no device and keeps its halo in
 * malloc's memory, and each rank's seconds add up to its steps and its
 * owned triangles to the whole mesh. */
#include "backends/mpi/mesh/mesh_mpi_model.h"
#include "backends/mpi/mpi_check.h"
#include "tests/mesh/mesh_test_support.h"
#include "tests/mpi/mpi_test_suites.h"
#include "tests/mpi/mpi_test_support.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const mesh_path = SWE_MESH_GEO "partial_dam_break_coarse.msh";

enum { STAND_IN_DEVICES = 2 };

static int two_devices(int *count, swe_error *err)
{
    (void)err;
    *count = STAND_IN_DEVICES;
    return SWE_OK;
}

/* Ranks on one node (mpirun on this machine) take devices 0, 1, 0, ...
 * in node-local order; the rest of the config goes through unchanged. */
static void test_ranks_take_the_devices_of_their_node_in_turn(void)
{
    const swe_programming_model stand_in = {.name = "stand-in",
                                            .description = "two devices that are not there",
                                            .agreement = SWE_AGREES_TO_ROUNDING,
                                            .needs_device = 1,
                                            .count_devices = two_devices};
    swe_model_config config = {.level = 2, .device = 7};
    config.option_values[1] = "kept";
    swe_mpi_node node;
    memset(&node, 0, sizeof node);
    swe_error err = {{0}};
    int status = swe_mesh_mpi_place(MPI_COMM_WORLD, &stand_in, NULL, &node, &config, &err);
    SWE_MPI_ASSERT_ALL(status == SWE_OK, err.message);
    const int rank = swe_mpi_test_rank(), size = swe_mpi_test_size();
    SWE_MPI_ASSERT_ALL(node.rank == rank && node.size == size, "the rank and size of the job");
    SWE_MPI_ASSERT_ALL(node.local_size == size && node.local_rank == rank,
                       "every rank of the tests on this one node, in rank order");
    SWE_MPI_ASSERT_ALL(node.devices == STAND_IN_DEVICES && node.device == rank % STAND_IN_DEVICES,
                       "the node-local rank's device, round robin over the node's devices");
    SWE_MPI_ASSERT_ALL(config.device == node.device, "the config names the rank's device");
    SWE_MPI_ASSERT_ALL(config.level == 2 && config.option_values[1] != NULL &&
                           strcmp(config.option_values[1], "kept") == 0,
                       "the level and the model's options are the options'");
    status = swe_mesh_mpi_place(MPI_COMM_WORLD, &stand_in, NULL, &node, NULL, &err);
    SWE_MPI_ASSERT_ALL(status == SWE_ERROR_USAGE, "no config to place: refused");
}

/* A triangle run on serial ranks: placed (no device), its halo in host
 * memory, its part started with device 0. */
static swe_mesh_mpi_model *serial_parts(int overlap)
{
    swe_mesh_mpi_options options = {
        .model = swe_mesh_model_defaults(swe_mesh_scenario_find("partial-dam-break"), mesh_path),
        .partitioner = SWE_MESH_PARTITION_RANDOM,
        .partition_seed = 3,
        .overlap = overlap};
    options.model.order = 2;
    options.model.config.device = 5; /* placement replaces it */
    swe_mesh_mpi_model *model = NULL;
    swe_error err = {{0}};
    int status = swe_mesh_mpi_model_create(&options, MPI_COMM_WORLD, &model, &err);
    SWE_MPI_ASSERT_ALL(status == SWE_OK, err.message);
    return status == SWE_OK ? model : NULL;
}

static void test_host_ranks_are_placed_without_a_device(void)
{
    swe_mesh_mpi_model *model = serial_parts(0);
    if (model == NULL) {
        return;
    }
    const int rank = swe_mpi_test_rank(), size = swe_mpi_test_size();
    SWE_MPI_ASSERT_ALL(model->node.local_rank == rank && model->node.local_size == size,
                       "the part knows its node-local rank");
    SWE_MPI_ASSERT_ALL(model->node.devices == 0 && model->node.device == 0 &&
                           model->part_config.device == 0,
                       "a host model: no devices, the part on device 0");
    SWE_MPI_ASSERT_ALL(model->halo_memory == SWE_MESH_MPI_HALO_HOST &&
                           strcmp(swe_mesh_mpi_halo_memory_name(model->halo_memory), "host") == 0,
                       "a host model's halo stays in malloc's memory");
    swe_mesh_mpi_model_free(model);
}

/* After a run, each rank's compute, exchange and wait add up to its
 * steps' seconds, and the ranks' owned triangles to the whole mesh. */
static void test_rank_seconds_add_up(void)
{
    for (int overlap = 0; overlap <= 1; ++overlap) {
        swe_mesh_mpi_model *model = serial_parts(overlap);
        if (model == NULL) {
            return;
        }
        swe_error err = {{0}};
        int status = swe_mesh_model_advance(model->part, 2.0, &err);
        SWE_MPI_ASSERT_ALL(status == SWE_OK, err.message);
        model->step_seconds = 1.0; /* the driver's measure; the model measures the parts */
        const swe_mpi_rank_seconds own = swe_mesh_mpi_model_seconds(model);
        SWE_MPI_ASSERT_ALL(fabs(own.compute + own.exchange + own.wait - 1.0) < 1e-12,
                           "compute, exchange and wait are the steps' seconds");
        SWE_MPI_ASSERT_ALL(own.exchange > 0 && own.wait >= model->reduction_seconds,
                           "the exchanges were timed; the reductions are waits");
        SWE_MPI_ASSERT_ALL(swe_mpi_test_size() == 1 || model->halo.exchanges > 0,
                           "the halo was exchanged");
        double cells = own.cells;
        MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &cells, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD));
        SWE_MPI_ASSERT_ALL(cells == model->whole_cells, "every triangle owned by one rank");
        swe_mesh_mpi_model_free(model);
    }
}

void register_mesh_mpi_placement_tests(void)
{
    static const swe_mesh_test tests[] = {
        {"ranks take the devices of their node in turn",
         test_ranks_take_the_devices_of_their_node_in_turn},
        {"host ranks are placed without a device, halo in host memory",
         test_host_ranks_are_placed_without_a_device},
        {"each rank's compute, exchange and wait add up to its steps", test_rank_seconds_add_up}};
    swe_mesh_test_register("mesh-mpi-placement", tests, (int)(sizeof tests / sizeof tests[0]));
}
