/* A whole MPI run: the Cartesian model (common/cartesian/model/block_model.h) on this
 * rank's part of the domain, stepped through the MPI layer, its files
 * written through a split of gathers, scatters and VTK pieces, and driven
 * by the one run driver with the ranks as its team. Every rank calls it
 * with the same options; every rank returns the same status and message. */
#ifndef SWE_MPI_SPLIT_H
#define SWE_MPI_SPLIT_H

#include "backends/mpi/mpi_timing.h"
#include "cartesian/model/run.h"

#include <mpi.h>

/* shallows-mpi's own option, --overlap (its value in
 * options->run.program_option_values[SWE_MPI_OPTION_OVERLAP]). */
enum { SWE_MPI_OPTION_OVERLAP = 0 };
extern const swe_program_options swe_mpi_program_options;

typedef struct swe_mpi_run_result {
    swe_run_result run;     /* "mpi+NAME"; cells and steps of the whole domain; rank 0's
                               stepping time */
    int blocks_x, blocks_y; /* the split of the domain over the ranks */
    /* The most seconds any rank spent exchanging halos and reducing the
     * wave speed (waiting for the slowest rank included). */
    double exchange_seconds, reduction_seconds;
    /* This rank's steps split into compute, exchange and wait, for
     * swe_mpi_timing_print; whether the halo travelled during the interior. */
    swe_mpi_rank_seconds rank_seconds;
    int overlap;
} swe_mpi_run_result;

/* Runs the simulation the options describe over all ranks of comm (one
 * block each), writing PATH.nc from rank 0 unless benchmarking.
 * Collective. */
int swe_mpi_run(const swe_options *options, MPI_Comm comm, swe_mpi_run_result *result,
                swe_error *err);

#endif
