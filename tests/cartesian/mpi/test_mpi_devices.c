/* mpi+cuda and mpi+opencl against the same backend on the whole domain,
 * bit for bit, at every level: each rank's part steps on its device with
 * its CONNECT layers moved by the backend's own pack and unpack verbs. The
 * kernels compute each cell from the same neighbours with the same
 * arithmetic whatever the block, so the parts must reproduce the whole
 * exactly; a misplaced or stale ghost cell shows. The same holds for
 * steps that compute the interior while the halo travels (--overlap), at
 * the levels that can. Where a backend has no
 * device its suite is not registered (rank 0 says "skipped", and nothing
 * counts as passed). */
#ifdef SWE_WITH_CUDA
#include "backends/cuda/cartesian/cuda_backend.h"
#include "backends/opencl/opencl_model.h"
#endif
#ifdef SWE_WITH_OPENCL
#include "backends/opencl/cl_device.h"
#endif
#include "backends/mpi/mpi_check.h"
#include "tests/cartesian/mpi/mpi_cartesian_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const swe_mpi_test_case cases[] = {
    {"radial-dam-break", 67, 45, 10.0}, /* not a multiple of any block, warp or tile shape */
    {"bump-dam-break", 29, 31, 0.5},    /* bathymetry in the ghost layers */
    {"dam-break-1d-dry", 61, 1, 10.0},  /* dry cells crossing block edges */
};
enum { CASE_COUNT = sizeof cases / sizeof cases[0] };

/* device_option: the slot of the backend's device choice, -1: none. */
static void test_parts_agree_with_the_whole(const swe_cartesian_backend *backend, int device_option)
{
    for (int level = 1; level <= backend->table.levels; ++level) {
        swe_cartesian_backend_config config = {.solver = SWE_SOLVER_FWAVE, .model.level = level};
        if (device_option >= 0) {
            config.model.option_values[device_option] = getenv("SWE_TEST_CL_DEVICE");
        }
        for (int c = 0; c < CASE_COUNT; ++c) {
            swe_mpi_test_parts_against_whole(&cases[c], backend, &config, 0);
        }
    }
}

/* Overlapped steps (--overlap) on blocks large enough for the device's
 * interior on 2 to 4 ranks (its ring is wider than a host's), besides the
 * cases above, whose small blocks the ring steps whole. */
static const swe_mpi_test_case overlap_cases[] = {
    {"radial-dam-break", 157, 93, 10.0},
    {"bump-dam-break", 131, 67, 0.5},
};
enum { OVERLAP_CASE_COUNT = sizeof overlap_cases / sizeof overlap_cases[0] };

/* Whether backend steps the interior and the ring apart at config's
 * level, asked of a small block set up at it. */
static int level_overlaps(const swe_cartesian_backend *backend,
                          const swe_cartesian_backend_config *config)
{
    if (backend->step_interior == NULL) {
        return 0;
    }
    swe_block block;
    swe_error err = {{0}};
    if (swe_block_create(&block, 4, 4, 0, 0, 1, 1, &err) != SWE_OK) {
        return 0;
    }
    int overlaps = 0;
    if (backend->init(&block, config, &err) == SWE_OK) {
        overlaps = backend->overlaps == NULL || backend->overlaps(&block);
        backend->finalize(&block);
    }
    swe_block_destroy(&block);
    return overlaps;
}

/* The overlapped parts against the whole at every level that overlaps;
 * at least one must. */
static void test_overlapped_parts_agree_with_the_whole(const swe_cartesian_backend *backend)
{
    int levels = 0;
    for (int level = 1; level <= backend->table.levels; ++level) {
        const swe_cartesian_backend_config config = {.solver = SWE_SOLVER_FWAVE,
                                                     .model.level = level};
        if (!level_overlaps(backend, &config)) {
            continue;
        }
        levels++;
        for (int c = 0; c < CASE_COUNT; ++c) {
            swe_mpi_test_parts_against_whole(&cases[c], backend, &config, 1);
        }
        for (int c = 0; c < OVERLAP_CASE_COUNT; ++c) {
            swe_mpi_test_parts_against_whole(&overlap_cases[c], backend, &config, 1);
        }
    }
    SWE_MPI_ASSERT_ALL(levels > 0, "some level computes while the halo travels");
}

/* Registers the suite mpi-<backend> when every rank has a device for it;
 * overlapped: its test of --overlap, NULL when it has none. */
static void register_device_suite(const swe_cartesian_backend *backend, int available,
                                  const char *missing, CU_TestFunc test, CU_TestFunc overlapped)
{
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &available, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD));
    if (!available) {
        if (swe_mpi_test_rank() == 0) {
            printf("mpi-%s: skipped: %s\n", backend->table.model->name, missing);
        }
        return;
    }
    char name[32];
    snprintf(name, sizeof name, "mpi-%s", backend->table.model->name);
    CU_pSuite suite = CU_add_suite(name, NULL, NULL);
    swe_mpi_test_require(suite, name);
    swe_mpi_test_require(
        CU_add_test(suite, "parts equal the whole on the device, every level", test),
        "device test");
    if (overlapped != NULL) {
        swe_mpi_test_require(
            CU_add_test(suite, "overlapped parts equal the whole on the device", overlapped),
            "device test");
    }
}

#ifdef SWE_WITH_CUDA
extern const swe_cartesian_backend swe_cartesian_cuda_backend;

static void test_cuda_parts(void)
{
    test_parts_agree_with_the_whole(&swe_cartesian_cuda_backend, -1);
}

static void test_cuda_overlapped_parts(void)
{
    test_overlapped_parts_agree_with_the_whole(&swe_cartesian_cuda_backend);
}
#endif

#ifdef SWE_WITH_OPENCL
extern const swe_cartesian_backend swe_cartesian_opencl_backend;

static void test_opencl_parts(void)
{
    test_parts_agree_with_the_whole(&swe_cartesian_opencl_backend, SWE_CL_OPTION_DEVICE);
}
#endif

void register_mpi_device_tests(void)
{
#ifdef SWE_WITH_CUDA
    register_device_suite(&swe_cartesian_cuda_backend, swe_cuda_device_available(),
                          "no CUDA device (runs on a GPU machine)", test_cuda_parts,
                          test_cuda_overlapped_parts);
#endif
#ifdef SWE_WITH_OPENCL
    swe_cl_device device;
    swe_error err = {{0}};
    int found = swe_cl_choose_device(getenv("SWE_TEST_CL_DEVICE"), &device, &err) == SWE_OK;
    register_device_suite(&swe_cartesian_opencl_backend, found, err.message, test_opencl_parts,
                          NULL);
#endif
}
