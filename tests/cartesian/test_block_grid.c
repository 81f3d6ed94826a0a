/* The coarse grain without MPI: splitting a domain into blocks, parts of a
 * domain that reproduce the whole block's cells bit for bit, and the copy
 * and ghost layers that neighbouring blocks exchange. */
#include "cartesian/grid/block_grid.h"
#include "cartesian/grid/copy_layer.h"
#include "cartesian/grid/ring_step.h"
#include "cartesian/program/options.h"
#include "cartesian/scenarios/scenario.h"
#include "tests/cartesian/backend_run.h"
#include "tests/test_suites.h"

#include <CUnit/CUnit.h>
#include <stdio.h>
#include <string.h>

static const int grid_sizes[][2] = {{37, 23}, {23, 37}, {1000, 1}, {1, 13}, {5, 5}, {64, 48}};
enum { GRID_SIZE_COUNT = sizeof grid_sizes / sizeof grid_sizes[0], MAX_BLOCKS = 12 };

static void test_blocks_cover_the_domain_once(void)
{
    for (int g = 0; g < GRID_SIZE_COUNT; ++g) {
        const int nx = grid_sizes[g][0], ny = grid_sizes[g][1];
        for (int count = 1; count <= MAX_BLOCKS && count <= nx * ny; ++count) {
            swe_block_grid grid;
            swe_error err;
            if (swe_block_grid_choose(nx, ny, count, &grid, &err) != SWE_OK) {
                /* Only a count without a factorisation that fits may fail. */
                CU_ASSERT(count > nx || count > ny);
                continue;
            }
            CU_ASSERT_EQUAL(swe_block_grid_count(&grid), count);
            static int owner[1000 * 64];
            memset(owner, 0, sizeof owner);
            int min_nx = nx, max_nx = 0, min_ny = ny, max_ny = 0;
            for (int b = 0; b < count; ++b) {
                swe_block_extent e = swe_block_grid_extent(&grid, b);
                CU_ASSERT(e.nx >= 1 && e.ny >= 1);
                min_nx = e.nx < min_nx ? e.nx : min_nx;
                max_nx = e.nx > max_nx ? e.nx : max_nx;
                min_ny = e.ny < min_ny ? e.ny : min_ny;
                max_ny = e.ny > max_ny ? e.ny : max_ny;
                for (int j = e.first_j; j < e.first_j + e.ny; ++j) {
                    for (int i = e.first_i; i < e.first_i + e.nx; ++i) {
                        CU_ASSERT_FATAL(i >= 0 && i < nx && j >= 0 && j < ny);
                        owner[j * nx + i] += 1;
                    }
                }
            }
            for (int c = 0; c < nx * ny; ++c) {
                CU_ASSERT_EQUAL(owner[c], 1);
            }
            CU_ASSERT(max_nx - min_nx <= 1 && max_ny - min_ny <= 1);
        }
    }
}

static void test_split_follows_the_aspect_ratio(void)
{
    swe_block_grid grid;
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_block_grid_choose(1000, 1, 4, &grid, &err), SWE_OK);
    CU_ASSERT(grid.blocks_x == 4 && grid.blocks_y == 1);
    CU_ASSERT_EQUAL_FATAL(swe_block_grid_choose(1, 1000, 4, &grid, &err), SWE_OK);
    CU_ASSERT(grid.blocks_x == 1 && grid.blocks_y == 4);
    CU_ASSERT_EQUAL_FATAL(swe_block_grid_choose(100, 100, 4, &grid, &err), SWE_OK);
    CU_ASSERT(grid.blocks_x == 2 && grid.blocks_y == 2);
    CU_ASSERT_EQUAL_FATAL(swe_block_grid_choose(37, 23, 6, &grid, &err), SWE_OK);
    CU_ASSERT(grid.blocks_x == 3 && grid.blocks_y == 2);
    CU_ASSERT_EQUAL_FATAL(swe_block_grid_choose(37, 23, 7, &grid, &err), SWE_OK);
    CU_ASSERT(grid.blocks_x == 7 && grid.blocks_y == 1); /* a prime: strips */
    CU_ASSERT_EQUAL(swe_block_grid_choose(2, 1, 3, &grid, &err), SWE_ERROR_USAGE);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "3 ranks cannot share a grid of 2 x 1 cells"));
    CU_ASSERT_EQUAL(swe_block_grid_choose(5, 5, 0, &grid, &err), SWE_ERROR_USAGE);
}

static void test_neighbours_are_mutual(void)
{
    swe_block_grid grid;
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_block_grid_choose(37, 23, 6, &grid, &err), SWE_OK);
    for (int b = 0; b < 6; ++b) {
        swe_block_extent e = swe_block_grid_extent(&grid, b);
        for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
            int n = swe_block_grid_neighbour(&grid, b, edge);
            int on_boundary = (edge == SWE_EDGE_LEFT && e.first_i == 0) ||
                              (edge == SWE_EDGE_RIGHT && e.first_i + e.nx == 37) ||
                              (edge == SWE_EDGE_BOTTOM && e.first_j == 0) ||
                              (edge == SWE_EDGE_TOP && e.first_j + e.ny == 23);
            CU_ASSERT_EQUAL(n < 0, on_boundary);
            if (n >= 0) {
                CU_ASSERT_EQUAL(swe_block_grid_neighbour(&grid, n, swe_opposite_edge(edge)), b);
            }
        }
    }
}

static int same_bits(real a, real b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

/* A part of a scenario holds the whole block's values, cell for cell. */
static void test_part_reproduces_the_whole_block(void)
{
    const swe_scenario *scenario = swe_scenario_find("bump-dam-break");
    CU_ASSERT_PTR_NOT_NULL_FATAL(scenario);
    swe_block whole, part;
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_scenario_create_block(scenario, 37, 23, &whole, &err), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(swe_scenario_create_part(scenario, 37, 23, 12, 7, 13, 8, &part, &err),
                          SWE_OK);
    CU_ASSERT(same_bits(part.dx, whole.dx) && same_bits(part.dy, whole.dy));
    int differing = 0;
    for (int j = 1; j <= part.ny; ++j) {
        CU_ASSERT(swe_block_cell_y(&part, j) == swe_block_cell_y(&whole, 7 + j));
        for (int i = 1; i <= part.nx; ++i) {
            size_t p = SWE_INDEX(&part, i, j), w = SWE_INDEX(&whole, 12 + i, 7 + j);
            differing += !same_bits(part.h[p], whole.h[w]) || !same_bits(part.b[p], whole.b[w]);
            CU_ASSERT(swe_block_cell_x(&part, i) == swe_block_cell_x(&whole, 12 + i));
        }
    }
    CU_ASSERT_EQUAL(differing, 0);
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        CU_ASSERT_EQUAL(part.boundary[edge], SWE_BOUNDARY_CONNECT); /* all inside */
    }
    swe_block corner;
    CU_ASSERT_EQUAL_FATAL(swe_scenario_create_part(scenario, 37, 23, 0, 15, 5, 8, &corner, &err),
                          SWE_OK);
    CU_ASSERT_EQUAL(corner.boundary[SWE_EDGE_LEFT], scenario->boundary[SWE_EDGE_LEFT]);
    CU_ASSERT_EQUAL(corner.boundary[SWE_EDGE_TOP], scenario->boundary[SWE_EDGE_TOP]);
    CU_ASSERT_EQUAL(corner.boundary[SWE_EDGE_RIGHT], SWE_BOUNDARY_CONNECT);
    CU_ASSERT_EQUAL(corner.boundary[SWE_EDGE_BOTTOM], SWE_BOUNDARY_CONNECT);
    swe_block_destroy(&corner);
    swe_block_destroy(&part);
    swe_block outside;
    CU_ASSERT_EQUAL(swe_scenario_create_part(scenario, 37, 23, 30, 0, 8, 5, &outside, &err),
                    SWE_ERROR_USAGE); /* sticks out on the right */
    swe_block_destroy(&whole);
}

/* The value a cell (i, j) of field f holds in the layer tests. */
static real code(int f, int i, int j)
{
    return (real)(f * 100000 + j * 100 + i);
}

static void test_copy_layers_pack_and_unpack(void)
{
    swe_block block;
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_block_create(&block, 5, 3, 0, 0, 5, 3, &err), SWE_OK);
    real *fields[SWE_COPY_LAYER_FIELDS] = {block.h, block.hu, block.hv, block.b};
    for (int f = 0; f < SWE_COPY_LAYER_FIELDS; ++f) {
        for (int j = 0; j <= block.ny + 1; ++j) {
            for (int i = 0; i <= block.nx + 1; ++i) {
                fields[f][SWE_INDEX(&block, i, j)] = code(f, i, j);
            }
        }
    }
    CU_ASSERT_EQUAL(swe_copy_layer_length(&block, SWE_EDGE_LEFT), 3);
    CU_ASSERT_EQUAL(swe_copy_layer_length(&block, SWE_EDGE_TOP), 5);
    real buffer[SWE_COPY_LAYER_FIELDS * 5];
    /* The copy layer of each edge: the interior layer next to it, in order. */
    const int copy_i[SWE_EDGE_COUNT] = {1, 5, -1, -1}, copy_j[SWE_EDGE_COUNT] = {-1, -1, 1, 3};
    const int ghost_i[SWE_EDGE_COUNT] = {0, 6, -1, -1}, ghost_j[SWE_EDGE_COUNT] = {-1, -1, 0, 4};
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        int length = swe_copy_layer_length(&block, edge);
        CU_ASSERT_EQUAL_FATAL(swe_host_pack_copy_layer(&block, edge, buffer, &err), SWE_OK);
        for (int f = 0; f < SWE_COPY_LAYER_FIELDS; ++f) {
            for (int c = 0; c < length; ++c) {
                int i = copy_i[edge] >= 0 ? copy_i[edge] : c + 1;
                int j = copy_j[edge] >= 0 ? copy_j[edge] : c + 1;
                CU_ASSERT_EQUAL(buffer[f * length + c], code(f, i, j));
                buffer[f * length + c] = -code(f, i, j);
            }
        }
        CU_ASSERT_EQUAL_FATAL(swe_host_unpack_ghost_layer(&block, edge, buffer, &err), SWE_OK);
        for (int f = 0; f < SWE_COPY_LAYER_FIELDS; ++f) {
            for (int c = 0; c < length; ++c) {
                int i = copy_i[edge] >= 0 ? copy_i[edge] : c + 1;
                int j = copy_j[edge] >= 0 ? copy_j[edge] : c + 1;
                int gi = ghost_i[edge] >= 0 ? ghost_i[edge] : c + 1;
                int gj = ghost_j[edge] >= 0 ? ghost_j[edge] : c + 1;
                CU_ASSERT_EQUAL(fields[f][SWE_INDEX(&block, gi, gj)], -code(f, i, j));
            }
        }
    }
    /* Corners belong to no layer. */
    const int corners[4][2] = {{0, 0}, {6, 0}, {0, 4}, {6, 4}};
    for (int c = 0; c < 4; ++c) {
        CU_ASSERT_EQUAL(block.h[SWE_INDEX(&block, corners[c][0], corners[c][1])],
                        code(0, corners[c][0], corners[c][1]));
    }
    CU_ASSERT_EQUAL(swe_host_pack_copy_layer(&block, SWE_EDGE_COUNT, buffer, &err),
                    SWE_ERROR_USAGE);
    CU_ASSERT_EQUAL(swe_host_unpack_ghost_layer(NULL, SWE_EDGE_LEFT, buffer, &err),
                    SWE_ERROR_USAGE);
    swe_block_destroy(&block);
}

extern const swe_cartesian_backend swe_cartesian_serial_backend;

/* A block of the bump dam break (bathymetry, walls) ready to step. */
static void start_bump(swe_test_run *run, int nx, int ny, enum swe_solver solver)
{
    const swe_test_case bump = {"bump-dam-break", nx, ny, solver, 0, 0};
    swe_test_start(run, &swe_cartesian_serial_backend, &bump);
}

/* step_interior then step_ring equal step, for blocks of every thinness. */
static void test_interior_and_ring_equal_one_step(void)
{
    static const int sizes[][2] = {{1, 1}, {1, 5}, {5, 1}, {2, 2}, {2, 7}, {3, 3}, {37, 23}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
        for (int solver = 0; solver < SWE_SOLVER_COUNT; ++solver) {
            swe_test_run whole_run, split_run;
            start_bump(&whole_run, sizes[s][0], sizes[s][1], solver);
            start_bump(&split_run, sizes[s][0], sizes[s][1], solver);
            swe_block *whole = &whole_run.block, *split = &split_run.block;
            swe_error err;
            long differing = 0;
            int speeds_differ = 0;
            for (int step = 0; step < 20; ++step) {
                const real dt = (real)0.02;
                real whole_speed = -1, split_speed = -2;
                CU_ASSERT_EQUAL_FATAL(
                    swe_cartesian_serial_backend.step(whole, dt, &whole_speed, &err), SWE_OK);
                CU_ASSERT_EQUAL_FATAL(swe_cartesian_serial_backend.step_interior(split, dt, &err),
                                      SWE_OK);
                CU_ASSERT_EQUAL_FATAL(
                    swe_cartesian_serial_backend.step_ring(split, dt, &split_speed, &err), SWE_OK);
                speeds_differ += !same_bits(whole_speed, split_speed);
            }
            const real *a[] = {whole->h, whole->hu, whole->hv},
                       *b[] = {split->h, split->hu, split->hv};
            for (int f = 0; f < 3; ++f) {
                for (int j = 1; j <= whole->ny; ++j) {
                    for (int i = 1; i <= whole->nx; ++i) {
                        size_t c = SWE_INDEX(whole, i, j);
                        differing += !same_bits(a[f][c], b[f][c]);
                    }
                }
            }
            CU_ASSERT_EQUAL(differing, 0);
            CU_ASSERT_EQUAL(speeds_differ, 0);
            if (differing != 0 || speeds_differ != 0) {
                fprintf(stderr, "\n    %d x %d, %s: %ld values, %d speeds differ", sizes[s][0],
                        sizes[s][1], swe_solver_name(solver), differing, speeds_differ);
            }
            swe_test_stop(&whole_run);
            swe_test_stop(&split_run);
        }
    }
}

/* The comparison that restart, gather and backend tests rely on: equal
 * copies compare equal whatever their ghost cells hold; one changed bit of
 * any field, or another shape, does not. */
static void test_interiors_compare_bit_for_bit(void)
{
    const swe_scenario *scenario = swe_scenario_find("bump-dam-break");
    swe_block a, b, narrower;
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(swe_scenario_create_block(scenario, 9, 7, &a, &err), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(swe_scenario_create_block(scenario, 9, 7, &b, &err), SWE_OK);
    CU_ASSERT_EQUAL_FATAL(swe_scenario_create_block(scenario, 8, 7, &narrower, &err), SWE_OK);
    CU_ASSERT(swe_block_interiors_equal(&a, &b));
    b.h[0] += 1; /* a ghost cell */
    CU_ASSERT(swe_block_interiors_equal(&a, &b));
    real *fields[] = {b.h, b.hu, b.hv, b.b};
    for (int f = 0; f < 4; ++f) {
        size_t cell = SWE_INDEX(&b, 9, 7);
        real kept = fields[f][cell];
        fields[f][cell] = kept + (real)1.0e-3;
        CU_ASSERT_FALSE(swe_block_interiors_equal(&a, &b));
        fields[f][cell] = kept;
    }
    CU_ASSERT_FALSE(swe_block_interiors_equal(&a, &narrower));
    swe_block_destroy(&a);
    swe_block_destroy(&b);
    swe_block_destroy(&narrower);
}

void register_block_grid_tests(void)
{
    CU_pSuite suite = CU_add_suite("block-grid", NULL, NULL);
    swe_test_require_registered(suite, "suite block-grid");
    swe_test_require_registered(
        CU_add_test(suite, "blocks cover the domain once", test_blocks_cover_the_domain_once),
        "test");
    swe_test_require_registered(
        CU_add_test(suite, "split follows the aspect ratio", test_split_follows_the_aspect_ratio),
        "test");
    swe_test_require_registered(
        CU_add_test(suite, "neighbours are mutual", test_neighbours_are_mutual), "test");
    swe_test_require_registered(
        CU_add_test(suite, "part reproduces the whole block", test_part_reproduces_the_whole_block),
        "test");
    swe_test_require_registered(
        CU_add_test(suite, "copy layers pack and unpack", test_copy_layers_pack_and_unpack),
        "test");
    swe_test_require_registered(
        CU_add_test(suite, "interiors compare bit for bit", test_interiors_compare_bit_for_bit),
        "test");
    swe_test_require_registered(CU_add_test(suite, "interior and ring equal one step",
                                            test_interior_and_ring_equal_one_step),
                                "test");
}
