/* MPI calls checked: MPI_CHECK(MPI_Isend(...)) aborts the whole job with one
 * line naming the call, file, line and MPI's error text, so that a failed
 * rank never leaves the others waiting. Needs MPI_ERRORS_RETURN on the
 * communicators (swe_mpi_init sets it on MPI_COMM_WORLD). */
#ifndef SWE_MPI_CHECK_H
#define SWE_MPI_CHECK_H

#include "core/real.h"

#include <mpi.h>

#ifdef SWE_PRECISION_DOUBLE
#define SWE_MPI_REAL MPI_DOUBLE
#else
#define SWE_MPI_REAL MPI_FLOAT
#endif

#define MPI_CHECK(call) swe_mpi_check((call), #call, __FILE__, __LINE__)

/* Aborts the job unless code is MPI_SUCCESS. */
void swe_mpi_check(int code, const char *call, const char *file, int line);

/* Prints "shallows-mpi: rank R: message" and ends every rank of the job
 * with exit code status (MPI_Abort): for failures that only this rank sees
 * while the others wait for it in a collective or an exchange. */
_Noreturn void swe_mpi_abort(const char *message, int status);

/* MPI_Init with the error handler that MPI_CHECK relies on. */
void swe_mpi_init(int *argc, char ***argv);

#endif
