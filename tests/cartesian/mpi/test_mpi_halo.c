/* The halo exchange on a pattern that reveals any misplaced cell: every
 * cell holds a value encoding its global (i, j) and field, so a ghost cell
 * filled from the wrong neighbour, row, column, field or offset shows. */
#include "backends/mpi/cartesian/mpi_layer.h"
#include "cartesian/grid/copy_layer.h"
#include "tests/cartesian/mpi/mpi_cartesian_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const swe_cartesian_backend swe_cartesian_serial_backend;

/* Exactly representable in single precision for grids up to 99 x 99. */
static real code(int field, int global_i, int global_j)
{
    return (real)(field * 20000 + global_j * 100 + global_i) + (real)0.5;
}

static const real untouched = (real)-7.25;

static const int halo_grids[][2] = {{37, 23}, {23, 37}, {13, 1}, {1, 13}, {16, 16}, {7, 6}};
enum { HALO_GRID_COUNT = sizeof halo_grids / sizeof halo_grids[0] };

/* A part of grid for this rank: interior cells coded, ghost cells marked. */
static int create_coded_part(const swe_block_grid *grid, swe_block *block)
{
    swe_error err;
    swe_block_extent e = swe_block_grid_extent(grid, swe_mpi_test_rank());
    if (swe_block_create_part(block, grid->nx, grid->ny, e.first_i, e.first_j, e.nx, e.ny, 0, 0, 1,
                              1, &err) != SWE_OK) {
        return 0;
    }
    real *fields[SWE_COPY_LAYER_FIELDS] = {block->h, block->hu, block->hv, block->b};
    for (int f = 0; f < SWE_COPY_LAYER_FIELDS; ++f) {
        for (int j = 0; j <= block->ny + 1; ++j) {
            for (int i = 0; i <= block->nx + 1; ++i) {
                int interior = i >= 1 && i <= block->nx && j >= 1 && j <= block->ny;
                fields[f][SWE_INDEX(block, i, j)] =
                    interior ? code(f, e.first_i + i - 1, e.first_j + j - 1) : untouched;
            }
        }
    }
    return 1;
}

/* What cell (i, j) of the part must hold after the exchange: its own code
 * inside, the neighbour's code in a ghost cell of a CONNECT edge, the mark
 * elsewhere (other edges, corners). */
static real expected(const swe_block *block, int f, int i, int j)
{
    int inside_x = i >= 1 && i <= block->nx, inside_y = j >= 1 && j <= block->ny;
    int connect_x = (i == 0 && block->boundary[SWE_EDGE_LEFT] == SWE_BOUNDARY_CONNECT) ||
                    (i == block->nx + 1 && block->boundary[SWE_EDGE_RIGHT] == SWE_BOUNDARY_CONNECT);
    int connect_y = (j == 0 && block->boundary[SWE_EDGE_BOTTOM] == SWE_BOUNDARY_CONNECT) ||
                    (j == block->ny + 1 && block->boundary[SWE_EDGE_TOP] == SWE_BOUNDARY_CONNECT);
    if ((inside_x && inside_y) || (inside_y && connect_x) || (inside_x && connect_y)) {
        return code(f, block->first_i + i - 1, block->first_j + j - 1);
    }
    return untouched;
}

/* Counts the cells (ghosts included) that differ from what they must hold. */
static long misplaced_cells(const swe_block *block)
{
    const real *fields[SWE_COPY_LAYER_FIELDS] = {block->h, block->hu, block->hv, block->b};
    long wrong = 0;
    for (int f = 0; f < SWE_COPY_LAYER_FIELDS; ++f) {
        for (int j = 0; j <= block->ny + 1; ++j) {
            for (int i = 0; i <= block->nx + 1; ++i) {
                real want = expected(block, f, i, j), have = fields[f][SWE_INDEX(block, i, j)];
                if (memcmp(&want, &have, sizeof want) != 0) {
                    if (wrong < 3) {
                        fprintf(stderr, "\n    rank %d: field %d cell (%d, %d): %g, not %g",
                                swe_mpi_test_rank(), f, i, j, (double)have, (double)want);
                    }
                    wrong++;
                }
            }
        }
    }
    return wrong;
}

/* Exchanges the halo of a coded part of each grid with backend's verbs. */
static void exchange_coded_parts(const swe_cartesian_backend *backend)
{
    for (int g = 0; g < HALO_GRID_COUNT; ++g) {
        swe_block_grid grid;
        swe_error err;
        int size = swe_mpi_test_size();
        if (size > halo_grids[g][0] * halo_grids[g][1]) {
            continue; /* the same decision on every rank */
        }
        int chosen = swe_block_grid_choose(halo_grids[g][0], halo_grids[g][1], size, &grid, &err);
        if (chosen != SWE_OK) {
            continue; /* e.g. 6 ranks on 7 x 6 fit, 5 on 1 x 13 fit: only impossible splits */
        }
        swe_block block;
        int ok = create_coded_part(&grid, &block);
        SWE_MPI_ASSERT_ALL(ok, "a coded part is created");
        if (!ok) {
            continue;
        }
        block.backend = backend;
        swe_mpi_layer layer;
        ok = swe_mpi_layer_init(&layer, MPI_COMM_WORLD, &grid, &block, 0, &err) == SWE_OK;
        SWE_MPI_ASSERT_ALL(ok, "the layer is set up");
        if (ok) {
            ok = swe_mpi_exchange_halo(&layer, &err) == SWE_OK;
            SWE_MPI_ASSERT_ALL(ok, "the exchange succeeds");
            char what[128];
            snprintf(what, sizeof what, "every cell of a %d x %d grid on %d ranks in place",
                     grid.nx, grid.ny, size);
            SWE_MPI_ASSERT_ALL(misplaced_cells(&block) == 0, what);
            swe_mpi_layer_free(&layer);
        }
        swe_block_destroy(&block);
    }
}

static void test_exchange_fills_every_ghost_cell(void)
{
    exchange_coded_parts(&swe_cartesian_serial_backend);
}

/* A backend without the packing verbs: the layer goes through the host
 * arrays around its sync calls, which must be called. */
static int sync_calls;

static int counting_sync(swe_block *block, swe_error *err)
{
    (void)block;
    (void)err;
    sync_calls++;
    return SWE_OK;
}

static void test_exchange_without_packing_verbs(void)
{
    swe_cartesian_backend host_only = swe_cartesian_serial_backend;
    host_only.pack_copy_layer = NULL;
    host_only.unpack_ghost_layer = NULL;
    host_only.sync_before_read = counting_sync;
    host_only.sync_after_write = counting_sync;
    sync_calls = 0;
    exchange_coded_parts(&host_only);
    /* One device -> host before packing, one host -> device after. */
    SWE_MPI_ASSERT_ALL(swe_mpi_test_size() == 1 || sync_calls > 0,
                       "the fallback brings the host arrays up to date");
    /* Overlap needs the packing verbs (the fallback's host -> device copy
     * would undo the interior computed meanwhile) and the two halves. */
    swe_block block;
    swe_block_grid grid = {4, 4, 1, 1};
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_block_create(&block, 4, 4, 0, 0, 1, 1, &err), SWE_OK);
    block.backend = &host_only;
    swe_mpi_layer layer;
    int status = swe_mpi_layer_init(&layer, MPI_COMM_SELF, &grid, &block, 1, &err);
    SWE_MPI_ASSERT_ALL(status == SWE_ERROR_USAGE && strstr(err.message, "--overlap") != NULL,
                       "overlap is refused for a backend without packing verbs");
    swe_cartesian_backend no_halves = swe_cartesian_serial_backend;
    no_halves.step_interior = NULL;
    no_halves.step_ring = NULL; /* the contract: both or neither */
    block.backend = &no_halves;
    status = swe_mpi_layer_init(&layer, MPI_COMM_SELF, &grid, &block, 1, &err);
    SWE_MPI_ASSERT_ALL(status == SWE_ERROR_USAGE && strstr(err.message, "--overlap") != NULL,
                       "overlap is refused for a backend without step_interior");
    swe_block_destroy(&block);
}

/* A host model with staging memory and a backend that queues its layer
 * copies: the layer's buffers come from the model (and go back to it), and
 * the exchange syncs once for all the edges it packed, not after each. */
static int layer_syncs;

static int counting_sync_layers(swe_block *block, swe_error *err)
{
    (void)block;
    (void)err;
    layer_syncs++;
    return SWE_OK;
}

static void test_halo_buffers_come_from_the_model_staging(void)
{
    swe_programming_model staging_model = *swe_cartesian_serial_backend.table.model;
    staging_model.alloc_staging = swe_mpi_test_counted_alloc_staging;
    staging_model.free_staging = swe_mpi_test_counted_free_staging;
    swe_cartesian_backend staging = swe_cartesian_serial_backend;
    staging.table.model = &staging_model;
    staging.sync_layers = counting_sync_layers;
    swe_mpi_test_staged_allocations = swe_mpi_test_staged_releases = layer_syncs = 0;
    exchange_coded_parts(&staging);
    SWE_MPI_ASSERT_ALL(swe_mpi_test_staged_allocations == swe_mpi_test_staged_releases,
                       "every staging buffer is given back to the model");
    /* On more than one rank every part has a neighbour: two buffers an
     * edge from the staging memory. */
    SWE_MPI_ASSERT_ALL(swe_mpi_test_size() == 1 || swe_mpi_test_staged_allocations >= 2,
                       "the halo buffers come from the model's staging memory");
    /* One sync per exchange: the packs of all its edges, at once. */
    int exchanges = 0;
    for (int g = 0; g < HALO_GRID_COUNT; ++g) {
        swe_block_grid grid;
        swe_error err;
        exchanges += swe_mpi_test_size() <= halo_grids[g][0] * halo_grids[g][1] &&
                     swe_block_grid_choose(halo_grids[g][0], halo_grids[g][1], swe_mpi_test_size(),
                                           &grid, &err) == SWE_OK;
    }
    SWE_MPI_ASSERT_ALL(layer_syncs == exchanges, "one sync_layers an exchange, for all its edges");
    swe_block block;
    swe_block_grid grid = {4, 4, 1, 1};
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_block_create(&block, 4, 4, 0, 0, 1, 1, &err), SWE_OK);
    block.backend = &staging;
    swe_mpi_layer layer;
    CU_ASSERT_EQUAL_FATAL(swe_mpi_layer_init(&layer, MPI_COMM_SELF, &grid, &block, 0, &err),
                          SWE_OK);
    CU_ASSERT_EQUAL(layer.buffers, SWE_MPI_BUFFERS_STAGING);
    swe_mpi_layer_free(&layer);
    block.backend = &swe_cartesian_serial_backend;
    CU_ASSERT_EQUAL_FATAL(swe_mpi_layer_init(&layer, MPI_COMM_SELF, &grid, &block, 0, &err),
                          SWE_OK);
    CU_ASSERT_EQUAL(layer.buffers, SWE_MPI_BUFFERS_HOST);
    swe_mpi_layer_free(&layer);
    swe_block_destroy(&block);
}

/* Overlap is refused, with --overlap named, for a block whose level the
 * backend's interior and ring do not serve. */
static int no_block(const swe_block *block)
{
    (void)block;
    return 0;
}

static void test_overlap_refused_where_the_level_has_none(void)
{
    swe_cartesian_backend some_levels = swe_cartesian_serial_backend;
    some_levels.overlaps = no_block;
    swe_block block;
    swe_block_grid grid = {4, 4, 1, 1};
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_block_create(&block, 4, 4, 0, 0, 1, 1, &err), SWE_OK);
    block.backend = &some_levels;
    swe_mpi_layer layer;
    int status = swe_mpi_layer_init(&layer, MPI_COMM_SELF, &grid, &block, 1, &err);
    SWE_MPI_ASSERT_ALL(status == SWE_ERROR_USAGE && strstr(err.message, "--overlap") != NULL,
                       "overlap is refused at a level without it");
    status = swe_mpi_layer_init(&layer, MPI_COMM_SELF, &grid, &block, 0, &err);
    SWE_MPI_ASSERT_ALL(status == SWE_OK, "the same block runs without overlap");
    swe_mpi_layer_free(&layer);
    swe_block_destroy(&block);
}

static void test_max_speed_is_global_and_keeps_nan(void)
{
    int rank = swe_mpi_test_rank(), size = swe_mpi_test_size();
    real fastest = swe_mpi_max_speed(MPI_COMM_WORLD, (real)(rank + 1) * (real)0.75);
    SWE_MPI_ASSERT_ALL(fastest == (real)size * (real)0.75, "the max speed is the fastest rank's");
    real speed = rank == size - 1 ? (real)NAN : (real)1.0e30;
    real reduced = swe_mpi_max_speed(MPI_COMM_WORLD, speed);
    SWE_MPI_ASSERT_ALL(reduced != reduced, "a NaN on one rank reaches every rank");
}

void register_mpi_halo_tests(void)
{
    CU_pSuite suite = CU_add_suite("mpi-halo", NULL, NULL);
    swe_mpi_test_require(suite, "suite mpi-halo");
    swe_mpi_test_require(
        CU_add_test(suite, "exchange fills every ghost cell", test_exchange_fills_every_ghost_cell),
        "test");
    swe_mpi_test_require(
        CU_add_test(suite, "exchange without packing verbs", test_exchange_without_packing_verbs),
        "test");
    swe_mpi_test_require(CU_add_test(suite, "halo buffers come from the model's staging",
                                     test_halo_buffers_come_from_the_model_staging),
                         "test");
    swe_mpi_test_require(CU_add_test(suite, "overlap refused where the level has none",
                                     test_overlap_refused_where_the_level_has_none),
                         "test");
    swe_mpi_test_require(CU_add_test(suite, "max speed is global and keeps NaN",
                                     test_max_speed_is_global_and_keeps_nan),
                         "test");
}
