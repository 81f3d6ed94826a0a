/* shallows-ns-mpi-tests: mpirun -np N shallows-ns-mpi-tests. Every rank
 * runs every suite; rank 0 prints the report and "mpi-N: P passed, F
 * failed", the line make test counts. */
#include "backends/mpi/mpi_check.h"
#include "backends/mpi/ns/ns_mpi_poisson.h"
#include "tests/ns/mpi/ns_mpi_tests.h"

#include <CUnit/Basic.h>
#include <stdio.h>

int ns_mpi_test_rank(void)
{
    int rank = 0;
    MPI_CHECK(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
    return rank;
}

int ns_mpi_test_size(void)
{
    int size = 0;
    MPI_CHECK(MPI_Comm_size(MPI_COMM_WORLD, &size));
    return size;
}

void ns_mpi_assert_all(int ok, const char *what, const char *file, int line)
{
    int all = ok != 0;
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD));
    if (!ok) {
        fprintf(stderr, "\n    rank %d of %d, line %d: not so here: %s\n", ns_mpi_test_rank(),
                ns_mpi_test_size(), line, what);
    }
    CU_assertImplementation(all, (unsigned)line, what, file, "", CU_FALSE);
}

int main(int argc, char **argv)
{
    ns_mpi_start(&argc, &argv);
    int rank = ns_mpi_test_rank();
    if (CU_initialize_registry() != CUE_SUCCESS) {
        swe_mpi_abort("cannot initialise CUnit", 1);
    }
    register_ns_mpi_slab_tests();
    register_ns_mpi_run_tests();
    register_ns_mpi_transpose_tests();
    register_ns_mpi_slab_fft_tests();
#ifdef SWE_WITH_CUDA
    register_ns_mpi_cuda_tests();
#endif
    CU_basic_set_mode(rank == 0 ? CU_BRM_VERBOSE : CU_BRM_SILENT);
    CU_basic_run_tests();
    unsigned failed = CU_get_number_of_tests_failed(), run = CU_get_number_of_tests_run();
    if (rank == 0) {
        printf("\nmpi-%d: %u passed, %u failed (Navier-Stokes slabs)\n", ns_mpi_test_size(),
               run - failed, failed);
    }
    CU_cleanup_registry();
    ns_mpi_finish();
    return failed > 0 || run == 0 ? 1 : 0;
}
