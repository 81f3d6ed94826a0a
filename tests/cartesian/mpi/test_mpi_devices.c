/* mpi+cuda and mpi+opencl against the same backend on the whole domain,
 * bit for bit, at every level: each rank's part steps on its device with
 * its CONNECT layers moved by the backend's own pack and unpack verbs. The
 * kernels compute each cell from the same neighbours with the same
 * arithmetic whatever the block, so the parts must reproduce the whole
 * exactly; a misplaced or stale ghost cell shows. Where a backend has no
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

/* Registers the suite mpi-<backend> when every rank has a device for it. */
static void register_device_suite(const swe_cartesian_backend *backend, int available,
                                  const char *missing, CU_TestFunc test)
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
}

#ifdef SWE_WITH_CUDA
extern const swe_cartesian_backend swe_cartesian_cuda_backend;

static void test_cuda_parts(void)
{
    test_parts_agree_with_the_whole(&swe_cartesian_cuda_backend, -1);
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
                          "no CUDA device (runs on a GPU machine)", test_cuda_parts);
#endif
#ifdef SWE_WITH_OPENCL
    swe_cl_device device;
    swe_error err = {{0}};
    int found = swe_cl_choose_device(getenv("SWE_TEST_CL_DEVICE"), &device, &err) == SWE_OK;
    register_device_suite(&swe_cartesian_opencl_backend, found, err.message, test_opencl_parts);
#endif
}
