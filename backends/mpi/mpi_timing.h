/* Where each rank's step time goes, for every application over ranks: the
 * figure that says whether the halo hides behind the interior. */
#ifndef SWE_MPI_TIMING_H
#define SWE_MPI_TIMING_H

#include <mpi.h>
#include <stdio.h>

typedef struct swe_mpi_rank_seconds {
    double compute;  /* stepping, the exchange and the waits excluded */
    double exchange; /* packing, posting and unpacking the halos (busy) */
    double wait;     /* blocked: for the halos and in the reductions */
    double cells;    /* the cells (triangles) the rank owns */
} swe_mpi_rank_seconds;

/* Collective. Rank 0 prints one line to stream, min..max over the ranks:
 * "mpi-ranks: ranks=P compute_seconds=a..b exchange_seconds=a..b
 * wait_seconds=a..b cells=a..b slowest_rank=R slowest_rank_wait_share=S
 * overlap=yes|no", the slowest rank being the one with the largest sum of
 * the three times, S its wait over that sum. Nothing when rank 0 has no
 * memory for the figures. */
void swe_mpi_timing_print(MPI_Comm comm, const swe_mpi_rank_seconds *own, int overlap,
                          FILE *stream);

#endif
