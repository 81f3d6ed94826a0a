/* The slab hooks on every rank count: the ghost exchange (of a host
 * field, and of buffers as a device backend stages them) gives every
 * slab the ghost planes that one process's fill gives the whole domain,
 * bit for bit; the CG's sums over slabs are one process's sums, bit for
 * bit; the distributed preconditioner inverts minus the Laplacian. */
#include "backends/mpi/mpi_check.h"
#include "backends/mpi/ns/ns_mpi_slabs.h"
#include "ns/grid/ns_boundary.h"
#include "ns/grid/ns_ghost.h"
#include "tests/ns/mpi/ns_mpi_tests.h"
#include "tests/test_suites.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A grid of 12 x 10 x nz cells: walls as letters per axis ('p' periodic,
 * 'n' no-slip, 'f' free-slip). */
static ns_grid grid_of(const char walls[NS_AXES], int nz)
{
    ns_wall wall[NS_FACES] = {{0}};
    for (int axis = 0; axis < NS_AXES; ++axis) {
        enum ns_wall_kind kind = walls[axis] == 'n'   ? NS_NO_SLIP
                                 : walls[axis] == 'f' ? NS_FREE_SLIP
                                                      : NS_PERIODIC;
        wall[2 * axis].kind = wall[2 * axis + 1].kind = kind;
    }
    wall[NS_TOP].velocity[0] = 0.5; /* a moving wall where z has walls */
    ns_grid grid;
    swe_error err;
    int n[NS_AXES] = {12, 10, nz};
    double length[NS_AXES] = {1.2, 0.7, 0.1 * nz};
    if (ns_grid_init(&grid, n, length, wall, &err) != SWE_OK) {
        CU_FAIL_FATAL("ns_grid_init");
    }
    return grid;
}

/* A host state of grid with random values everywhere (ghosts too). */
static ns_solver *random_state(const ns_grid *grid, unsigned long seed)
{
    ns_parameters parameters = {.viscosity = 0.01, .density = 1.0};
    ns_solver *solver = NULL;
    swe_error err;
    if (ns_solver_create(grid, &parameters, "serial", &solver, &err) != SWE_OK) {
        CU_FAIL_FATAL("ns_solver_create");
    }
    for (size_t cell = 0; cell < grid->cells; ++cell) {
        seed = seed * 6364136223846793005ul + 1442695040888963407ul;
        real value = (real)((double)(seed >> 11) / 9007199254740992.0 - 0.5);
        for (int c = 0; c < NS_AXES; ++c) {
            solver->velocity[c][cell] = value * (real)(c + 1);
        }
        solver->pressure[cell] = value;
    }
    return solver;
}

/* Every padded plane of the slab (ghosts included) against the planes of
 * whole it stands for. */
static int same_planes(const ns_mpi_slabs *slabs, const real *slab_field, const real *whole_field)
{
    int offset = slabs->hooks.z_offset, nz = slabs->whole.n[2];
    size_t plane = slabs->slab.stride[2];
    for (int k = -NS_GHOST; k < slabs->slab.n[2] + NS_GHOST; ++k) {
        int global = offset + k; /* the whole's ghost planes past its ends */
        if (global < -NS_GHOST || global >= nz + NS_GHOST) {
            return 0;
        }
        if (memcmp(slab_field + (size_t)(k + NS_GHOST) * plane,
                   whole_field + (size_t)(global + NS_GHOST) * plane, plane * sizeof(real)) != 0) {
            return 0;
        }
    }
    return 1;
}

static void check_exchange(const char *walls, int nz)
{
    ns_grid whole_grid = grid_of(walls, nz);
    ns_mpi_slabs slabs;
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(ns_mpi_slabs_create(&slabs, MPI_COMM_WORLD, &whole_grid, &err), SWE_OK);
    ns_solver *whole = random_state(&whole_grid, 11);
    ns_solver *slab = random_state(&slabs.slab, 5);
    slabs.split.scatter(&slabs, whole, slab, &err);
    int same = 1;
    for (int what = 0; what <= NS_FILL_SCALAR; ++what) {
        real *whole_field = what < NS_AXES ? whole->velocity[what] : whole->pressure;
        real *slab_field = what < NS_AXES ? slab->velocity[what] : slab->pressure;
        ns_fill_ghosts(&whole_grid, whole_field, what);
        ns_fill_ghosts(&slabs.slab, slab_field, what);
        slabs.hooks.exchange(&slabs, &slabs.slab, slab_field, sizeof(real), &err);
        same = same && same_planes(&slabs, slab_field, whole_field);
    }
    char what[96];
    snprintf(what, sizeof what, "%s, %d planes: the slab's ghosts are the whole domain's", walls,
             nz);
    NS_MPI_ASSERT_ALL(same, what);
    ns_solver_destroy(whole);
    ns_solver_destroy(slab);
    ns_mpi_slabs_destroy(&slabs);
}

/* The exchange as a device backend calls it: the planes next to each
 * face copied out to buffers of their own, the received ones copied into
 * the ghosts behind neighbour faces; a buffer towards a wall is left as it
 * was (a sentinel). */
static void check_staged_exchange(const char *walls, int nz)
{
    ns_grid whole_grid = grid_of(walls, nz);
    ns_mpi_slabs slabs;
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(ns_mpi_slabs_create(&slabs, MPI_COMM_WORLD, &whole_grid, &err), SWE_OK);
    ns_solver *whole = random_state(&whole_grid, 11);
    ns_solver *slab = random_state(&slabs.slab, 5);
    slabs.split.scatter(&slabs, whole, slab, &err);
    const ns_grid *g = &slabs.slab;
    size_t plane = g->stride[2], bytes = NS_GHOST * plane * sizeof(real);
    size_t n = (size_t)g->n[2];
    int below = g->wall[NS_BOTTOM].kind == NS_NEIGHBOUR,
        above = g->wall[NS_TOP].kind == NS_NEIGHBOUR;
    real *buffer[4];
    for (int b = 0; b < 4; ++b) {
        buffer[b] = malloc(bytes);
        CU_ASSERT_PTR_NOT_NULL_FATAL(buffer[b]);
    }
    int same = 1, untouched = 1;
    for (int what = 0; what <= NS_FILL_SCALAR; ++what) {
        real *whole_field = what < NS_AXES ? whole->velocity[what] : whole->pressure;
        real *slab_field = what < NS_AXES ? slab->velocity[what] : slab->pressure;
        ns_fill_ghosts(&whole_grid, whole_field, what);
        ns_fill_ghosts(g, slab_field, what);
        memcpy(buffer[0], slab_field + NS_GHOST * plane, bytes);
        memcpy(buffer[1], slab_field + n * plane, bytes);
        memset(buffer[2], 0x7f, bytes);
        memset(buffer[3], 0x7f, bytes);
        int status = slabs.hooks.exchange_planes(&slabs, buffer[0], buffer[1], buffer[2], buffer[3],
                                                 bytes, &err);
        same = same && status == SWE_OK;
        for (int side = 0; side < 2; ++side) {
            real *ghosts = side == 0 ? slab_field : slab_field + (n + NS_GHOST) * plane;
            if (side == 0 ? below : above) {
                memcpy(ghosts, buffer[2 + side], bytes);
            } else {
                untouched = untouched && ((unsigned char *)buffer[2 + side])[0] == 0x7f &&
                            ((unsigned char *)buffer[2 + side])[bytes - 1] == 0x7f;
            }
        }
        same = same && same_planes(&slabs, slab_field, whole_field);
    }
    char what[112];
    snprintf(what, sizeof what, "%s, %d planes: the staged ghosts are the whole domain's", walls,
             nz);
    NS_MPI_ASSERT_ALL(same, what);
    NS_MPI_ASSERT_ALL(untouched, "no plane arrives from behind a wall");
    for (int b = 0; b < 4; ++b) {
        free(buffer[b]);
    }
    ns_solver_destroy(whole);
    ns_solver_destroy(slab);
    ns_mpi_slabs_destroy(&slabs);
}

static void test_exchange_is_one_process_fill(void)
{
    check_exchange("ppp", 8);
    check_exchange("pnf", 12);
    check_exchange("fpn", 16);
    check_staged_exchange("ppp", 8);
    check_staged_exchange("pnf", 12);
}

/* The sum over slabs of a device backend's values (one a slab): the ranks'
 * values added in rank order, the same bits on every rank. */
static void test_sum_over_slabs(void)
{
    ns_grid whole_grid = grid_of("ppp", 8);
    ns_mpi_slabs slabs;
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(ns_mpi_slabs_create(&slabs, MPI_COMM_WORLD, &whole_grid, &err), SWE_OK);
    int rank = ns_mpi_test_rank(), size = ns_mpi_test_size();
    double values[2] = {1.0 / (rank + 3.0), rank % 2 == 0 ? 1e16 : 1.0};
    double expected[2] = {0.0, 0.0};
    for (int r = 0; r < size; ++r) {
        expected[0] += 1.0 / (r + 3.0);
        expected[1] += r % 2 == 0 ? 1e16 : 1.0;
    }
    int status = slabs.hooks.sum(&slabs, values, 2, &err);
    NS_MPI_ASSERT_ALL(status == SWE_OK && values[0] == expected[0] && values[1] == expected[1],
                      "the slabs' values added in rank order");
    double all[2] = {values[0], values[0]};
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &all[0], 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD));
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &all[1], 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD));
    NS_MPI_ASSERT_ALL(all[0] == all[1], "the same sum on every rank");
    ns_mpi_slabs_destroy(&slabs);
}

/* A started solver of this rank's slab of whole_grid (serial backend)
 * with random pressure of zero mean, and the slabs under it. */
static ns_solver *started_slab(ns_mpi_slabs *slabs, const ns_grid *whole_grid, ns_solver **whole)
{
    swe_error err;
    CU_ASSERT_EQUAL_FATAL(ns_mpi_slabs_create(slabs, MPI_COMM_WORLD, whole_grid, &err), SWE_OK);
    *whole = random_state(whole_grid, 23);
    double sum = 0.0;
    const ns_grid *g = whole_grid;
    for (int k = 0; k < g->n[2]; ++k) {
        for (int j = 0; j < g->n[1]; ++j) {
            for (int i = 0; i < g->n[0]; ++i) {
                sum += (*whole)->pressure[ns_index(g, i, j, k)];
            }
        }
    }
    for (size_t cell = 0; cell < g->cells; ++cell) {
        (*whole)->pressure[cell] -= (real)(sum / (double)ns_grid_interior_cells(g));
    }
    ns_solver *slab = random_state(&slabs->slab, 5);
    slab->slabs = &slabs->hooks;
    slabs->split.scatter(slabs, *whole, slab, &err);
    CU_ASSERT_EQUAL_FATAL(ns_solver_start(slab, &err), SWE_OK);
    return slab;
}

/* A dot product over the slabs is one process's, bit for bit; the
 * preconditioner inverts minus the Laplacian: |A M b - b| / |b| small. */
static void check_solve(const char *walls, int nz)
{
    ns_grid whole_grid = grid_of(walls, nz);
    ns_mpi_slabs slabs;
    ns_solver *whole = NULL;
    ns_solver *slab = started_slab(&slabs, &whole_grid, &whole);
    const ns_backend *b = slab->backend;
    swe_error err;
    double dot = 0.0, one_process = 0.0;
    b->dot(slab, NS_PRESSURE, NS_PRESSURE, &dot, &err);
    CU_ASSERT_EQUAL_FATAL(ns_solver_start(whole, &err), SWE_OK); /* one process */
    b->dot(whole, NS_PRESSURE, NS_PRESSURE, &one_process, &err);
    NS_MPI_ASSERT_ALL(dot == one_process, "a dot product over slabs is one process's");
    b->precondition(slab, NS_PRESSURE, NS_PRECONDITIONED, &err);
    b->laplacian(slab, NS_PRECONDITIONED, NS_PRODUCT, &err);
    b->axpy(slab, (real)-1, NS_PRESSURE, NS_PRODUCT, &err);
    double residual = 0.0;
    b->dot(slab, NS_PRODUCT, NS_PRODUCT, &residual, &err);
    double error = sqrt(residual / dot);
    if (ns_mpi_test_rank() == 0) {
        printf("\n  %s, %d planes on %d ranks: |A M b - b| / |b| = %.3e", walls, nz,
               ns_mpi_test_size(), error);
    }
    NS_MPI_ASSERT_ALL(error < 1e3 * SWE_TEST_EPSILON, "the preconditioner inverts -Laplacian");
    ns_solver_destroy(slab);
    ns_solver_destroy(whole);
    ns_mpi_slabs_destroy(&slabs);
}

static void test_sums_and_preconditioner(void)
{
    check_solve("ppp", 8);
    check_solve("nnn", 12);
    check_solve("pfn", 16);
}

void register_ns_mpi_slab_tests(void)
{
    CU_pSuite suite = CU_add_suite("ns_mpi_slabs", NULL, NULL);
    if (suite == NULL ||
        CU_add_test(suite, "the ghost exchange is one process's fill",
                    test_exchange_is_one_process_fill) == NULL ||
        CU_add_test(suite, "sums and the distributed preconditioner",
                    test_sums_and_preconditioner) == NULL ||
        CU_add_test(suite, "a device backend's sums over slabs", test_sum_over_slabs) == NULL) {
        swe_mpi_abort("cannot register the ns_mpi_slabs suite", 1);
    }
}
