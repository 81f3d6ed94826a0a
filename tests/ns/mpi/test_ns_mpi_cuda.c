/* mpi+cuda: each rank's slab on its GPU (ranks beyond the node's GPUs
 * share them), the ghost planes through pinned staging or device
 * pointers, the preconditioner one GPU's cuFFT solve distributed over the
 * ranks' GPUs (backends/cuda/ns/ns_cufft_slabs.cu: its all-to-alls
 * through the same staging or device pointers). Its final state against
 * one process's CUDA run within the bounds of a GPU against serial (the
 * ns_agreement suite's, ten times that for the pressure), its CG
 * iterations at most one a step apart from one GPU's (the same operator):
 * the two differ by the rounding of the transforms and of the sums, and by
 * where the two pressure solves stop within the CG tolerance. The cases
 * mirror z (kelvin-helmholtz: walls in z, the columns' even extension)
 * and y (channel-obstacle: walls in y, the slabs' 2D extension). Without a
 * device on every rank the suite says "skipped" and checks only that the
 * ranks refuse to start, with the device's usage error. */
#include "backends/mpi/mpi_check.h"
#include "backends/mpi/ns/ns_mpi_run.h"
#include "tests/ns/mpi/ns_mpi_tests.h"
#include "tests/ns/ns_test_support.h"

#include <stdio.h>
#include <string.h>

static const char *const no_device_options[] = {
    "shallows-ns-mpi-tests", "--case", "cavity", "--resolution", "8", "--backend", "cuda", NULL};

/* ns_mpi_run_create of a small cavity on cuda: its status, err filled. */
static int create_cuda_run(swe_error *err)
{
    ns_options options;
    int status = ns_options_parse(7, (char **)no_device_options, &options, err);
    if (status != SWE_OK) {
        return status;
    }
    ns_mpi_run run;
    status = ns_mpi_run_create(&run, MPI_COMM_WORLD, &options, err);
    ns_mpi_run_destroy(&run);
    return status;
}

static void test_refuses_without_device(void)
{
    swe_error err = {{0}};
    int status = create_cuda_run(&err);
    NS_MPI_ASSERT_ALL(status == SWE_ERROR_USAGE && strstr(err.message, "no CUDA device") != NULL,
                      "the ranks refuse with the device's usage error");
}

static void test_equals_one_gpu(void)
{
    ns_mpi_test_compare_with_one_process("kelvin-helmholtz", 8, 0.2, "cuda",
                                         NS_TEST_DEVICE_AGREEMENT, 10 * NS_TEST_DEVICE_AGREEMENT);
    ns_mpi_test_compare_with_one_process("channel-obstacle", 16, 0.5, "cuda",
                                         NS_TEST_DEVICE_AGREEMENT, 10 * NS_TEST_DEVICE_AGREEMENT);
}

void register_ns_mpi_cuda_tests(void)
{
    swe_error err = {{0}};
    int status = create_cuda_run(&err);
    int available = status == SWE_OK || strstr(err.message, "no CUDA device") == NULL;
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &available, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD));
    CU_pSuite suite = CU_add_suite("ns_mpi_cuda", NULL, NULL);
    if (suite == NULL) {
        swe_mpi_abort("cannot register the ns_mpi_cuda suite", 1);
    }
    CU_pTest test = NULL;
    if (available) {
        test = CU_add_test(suite, "the ranks' GPUs equal one GPU to rounding", test_equals_one_gpu);
    } else {
        if (ns_mpi_test_rank() == 0) {
            printf("ns_mpi_cuda: skipped: no CUDA device (the comparison runs on a GPU machine: "
                   "tools/device/mgpu_ns_check.sh)\n");
        }
        test = CU_add_test(suite, "refuses to start without a device", test_refuses_without_device);
    }
    if (test == NULL) {
        swe_mpi_abort("cannot register the ns_mpi_cuda suite", 1);
    }
}
