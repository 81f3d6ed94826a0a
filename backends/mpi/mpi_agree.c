#include "mpi_agree.h"

#include "mpi_check.h"

int swe_mpi_agree(MPI_Comm comm, int status, swe_error *err)
{
    int rank, size;
    MPI_CHECK(MPI_Comm_rank(comm, &rank));
    MPI_CHECK(MPI_Comm_size(comm, &size));
    int failed_rank = status != SWE_OK ? rank : size;
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &failed_rank, 1, MPI_INT, MPI_MIN, comm));
    if (failed_rank == size) {
        return SWE_OK;
    }
    swe_error shared = {{0}};
    if (rank == failed_rank && err != NULL) {
        shared = *err;
    }
    MPI_CHECK(MPI_Bcast(&status, 1, MPI_INT, failed_rank, comm));
    MPI_CHECK(MPI_Bcast(shared.message, (int)sizeof shared.message, MPI_CHAR, failed_rank, comm));
    if (err != NULL) {
        *err = shared;
    }
    return status;
}
