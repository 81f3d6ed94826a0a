/* Agreement on failures: a failure that one rank sees (a file it cannot
 * write, a device it cannot find) reaches every rank with its message, so
 * that all ranks take the same path and none waits for the others. */
#ifndef SWE_MPI_AGREE_H
#define SWE_MPI_AGREE_H

#include "core/error.h"

#include <mpi.h>

/* Every rank learns the first failure of any rank: returns the status of
 * the lowest rank whose status is not SWE_OK, with its message copied into
 * err on every rank, or SWE_OK. Collective. */
int swe_mpi_agree(MPI_Comm comm, int status, swe_error *err);

/* Whether every rank was started with the same command line (mpirun's
 * MPMD form can give each its own): the options then parse alike on
 * every rank, so that a rank never refuses alone and leaves the others
 * waiting. SWE_ERROR_USAGE on every rank, naming the first rank that
 * differs from rank 0, when they do not. Collective; the first one. */
int swe_mpi_agree_on_command(MPI_Comm comm, int argc, char **argv, swe_error *err);

#endif
