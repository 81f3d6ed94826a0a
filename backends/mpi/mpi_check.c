#include "backends/mpi/mpi_check.h"

#include <stdio.h>
#include <stdlib.h>

static int world_rank(void)
{
    int rank = -1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank); /* unchecked: only used to label a message */
    return rank;
}

void swe_mpi_check(int code, const char *call, const char *file, int line)
{
    if (code == MPI_SUCCESS) {
        return;
    }
    char text[MPI_MAX_ERROR_STRING];
    int length = 0;
    if (MPI_Error_string(code, text, &length) != MPI_SUCCESS) {
        snprintf(text, sizeof text, "MPI error code %d", code);
    }
    fprintf(stderr, "shallows-mpi: rank %d: %s failed at %s:%d: %s\n", world_rank(), call, file,
            line, text);
    fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1); /* MPI_Abort does not return; this keeps _Noreturn callers honest */
}

void swe_mpi_abort(const char *message, int status)
{
    fprintf(stderr, "shallows-mpi: rank %d: %s\n", world_rank(), message);
    fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, status != 0 ? status : 1);
    exit(status != 0 ? status : 1);
}

void swe_mpi_init(int *argc, char ***argv)
{
    int code = MPI_Init(argc, argv);
    if (code != MPI_SUCCESS) {
        fprintf(stderr, "shallows-mpi: MPI_Init failed (start it with mpirun -np N)\n");
        exit(1);
    }
    MPI_CHECK(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
}
