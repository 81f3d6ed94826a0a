/* shallows-mpi-tests: mpirun -np N shallows-mpi-tests. Every rank runs all
 * suites; rank 0 prints the report and "mpi-N: P passed, F failed".
 * `shallows-mpi-tests --fail-on-rank R` instead steps a block whose backend
 * fails on rank R only, for the mpi-cli suite to check that the job ends
 * with that rank's message instead of hanging. */
#include "tests/mpi/mpi_test_support.h"

#include "backends/mpi/mpi_check.h"
#include "tests/mpi/mpi_test_suites.h"

#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int swe_mpi_test_rank(void)
{
    int rank = 0;
    MPI_CHECK(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
    return rank;
}

int swe_mpi_test_size(void)
{
    int size = 0;
    MPI_CHECK(MPI_Comm_size(MPI_COMM_WORLD, &size));
    return size;
}

void swe_mpi_test_assert_all(int local_ok, const char *what, const char *file, int line)
{
    int all_ok = local_ok != 0;
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD));
    if (!local_ok) {
        fprintf(stderr, "\n    rank %d of %d, line %d: not so here: %s\n", swe_mpi_test_rank(),
                swe_mpi_test_size(), line, what);
    }
    CU_assertImplementation(all_ok, (unsigned)line, what, file, "", CU_FALSE);
}

void swe_mpi_test_directory(char *path, size_t size)
{
    snprintf(path, size, "/tmp/shallows-mpi-tests-XXXXXX");
    int made = 1;
    if (swe_mpi_test_rank() == 0) {
        made = mkdtemp(path) != NULL;
    }
    MPI_CHECK(MPI_Bcast(&made, 1, MPI_INT, 0, MPI_COMM_WORLD));
    MPI_CHECK(MPI_Bcast(path, (int)size, MPI_CHAR, 0, MPI_COMM_WORLD));
    SWE_MPI_ASSERT_ALL(made, "a directory for the output files");
}

void swe_mpi_test_remove_directory(const char *path)
{
    /* Every rank is done with the files before rank 0 removes them. */
    MPI_CHECK(MPI_Barrier(MPI_COMM_WORLD));
    if (swe_mpi_test_rank() == 0) {
        char command[512];
        snprintf(command, sizeof command, "rm -rf '%s'", path);
        if (system(command) != 0) {
            fprintf(stderr, "\n    cannot remove %s\n", path);
        }
    }
}

int swe_mpi_test_staged_allocations, swe_mpi_test_staged_releases;

void *swe_mpi_test_counted_alloc_staging(size_t bytes)
{
    swe_mpi_test_staged_allocations++;
    return malloc(bytes);
}

void swe_mpi_test_counted_free_staging(void *buffer)
{
    swe_mpi_test_staged_releases++;
    free(buffer);
}

void swe_mpi_test_require(const void *pointer, const char *what)
{
    if (pointer == NULL) {
        fprintf(stderr, "cannot register %s: %s\n", what, CU_get_error_msg());
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
}

int main(int argc, char **argv)
{
    swe_mpi_init(&argc, &argv);
    const int rank = swe_mpi_test_rank(), size = swe_mpi_test_size();
    if (argc == 3 && strcmp(argv[1], "--fail-on-rank") == 0) {
        swe_mpi_test_fail_on_rank(atoi(argv[2]));
        MPI_CHECK(MPI_Finalize());
        return 0; /* reached only if the failure did not end the job */
    }
    if (CU_initialize_registry() != CUE_SUCCESS) {
        swe_mpi_abort("cannot initialise CUnit", 1);
    }
    register_mpi_node_tests();
    register_mpi_halo_tests();
    register_mpi_agreement_tests();
    register_mpi_checkpoint_tests();
    register_mpi_vtk_tests();
    register_mpi_device_tests();
    register_mpi_invalid_state_tests();
    register_mesh_partition_tests();
    register_mesh_mpi_agreement_tests();
    register_mesh_mpi_placement_tests();
    CU_basic_set_mode(rank == 0 ? CU_BRM_VERBOSE : CU_BRM_SILENT);
    if (rank == 0) {
        printf("== shallows-mpi-tests on %d ranks\n", size);
    }
    CU_ErrorCode run_status = CU_basic_run_tests();
    unsigned failed = CU_get_number_of_tests_failed();
    unsigned run = CU_get_number_of_tests_run();
    /* Results agree over ranks by construction; take the worst anyway. */
    unsigned counts[2] = {failed, run_status != CUE_SUCCESS || run == 0};
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, counts, 2, MPI_UNSIGNED, MPI_MAX, MPI_COMM_WORLD));
    if (rank == 0) {
        printf("\nmpi-%d: %u passed, %u failed\n", size, run - counts[0], counts[0]);
    }
    CU_cleanup_registry();
    int exit_code = counts[0] > 0 || counts[1] > 0 ? 1 : 0;
    MPI_CHECK(MPI_Finalize());
    return exit_code;
}
