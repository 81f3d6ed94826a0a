/* A whole MPI run, from options to the gathered output file and the
 * summary: the counterpart of swe_run for shallows-mpi. Every rank calls it
 * with the same options; failures that one rank sees at set-up or output
 * are shared, so every rank returns the same status and message. */
#ifndef SWE_MPI_RUN_H
#define SWE_MPI_RUN_H

#include "run/options.h"
#include "run/simulation.h"

#include <mpi.h>

typedef struct swe_mpi_run_result {
    swe_run_result run;     /* cells and steps of the whole domain; rank 0's stepping time */
    int blocks_x, blocks_y; /* the split of the domain over the ranks */
    char backend_name[64];  /* "mpi+serial" */
    /* The most seconds any rank spent exchanging halos and reducing the
     * wave speed (waiting for the slowest rank included). */
    double exchange_seconds, reduction_seconds;
} swe_mpi_run_result;

/* Runs the simulation the options describe over all ranks of comm (one
 * block each), writing PATH.nc from rank 0 unless benchmarking.
 * Collective. */
int swe_mpi_run(const swe_options *options, MPI_Comm comm, swe_mpi_run_result *result,
                swe_error *err);

/* Every rank learns the first failure of any rank: returns the status of
 * the lowest rank whose status is not SWE_OK, with its message copied into
 * err on every rank, or SWE_OK. Collective. */
int swe_mpi_agree(MPI_Comm comm, int status, swe_error *err);

#endif
