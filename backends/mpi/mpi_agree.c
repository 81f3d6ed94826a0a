#include "backends/mpi/mpi_agree.h"

#include "backends/mpi/mpi_check.h"

#include <stdint.h>
#include <string.h>

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

/* FNV-1a over the arguments (each with its end) and the build. */
static uint64_t command_hash(int argc, char **argv)
{
    uint64_t hash = UINT64_C(0xcbf29ce484222325);
    const char *build = SWE_PRECISION_NAME;
    for (int a = 0; a <= argc; ++a) {
        const char *text = a < argc ? argv[a] : build;
        size_t length = a == 0 ? 0 : strlen(text) + 1; /* argv[0]: the path may differ */
        for (size_t k = 0; k < length; ++k) {
            hash = (hash ^ (unsigned char)text[k]) * UINT64_C(0x100000001b3);
        }
    }
    return hash;
}

int swe_mpi_agree_on_command(MPI_Comm comm, int argc, char **argv, swe_error *err)
{
    int rank, size;
    MPI_CHECK(MPI_Comm_rank(comm, &rank));
    MPI_CHECK(MPI_Comm_size(comm, &size));
    uint64_t own = command_hash(argc, argv), first = own;
    MPI_CHECK(MPI_Bcast(&first, 1, MPI_UINT64_T, 0, comm));
    int differing = own != first ? rank : size;
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &differing, 1, MPI_INT, MPI_MIN, comm));
    if (differing == size) {
        return SWE_OK;
    }
    return swe_fail(err, SWE_ERROR_USAGE,
                    "rank %d was started with other options than rank 0 (give every rank the same "
                    "command line)",
                    differing);
}
