#include "backends/mpi/mpi_timing.h"

#include "backends/mpi/mpi_check.h"

#include <stdlib.h>

enum { COMPUTE, EXCHANGE, WAIT, CELLS, FIGURES };

static double total_seconds(const double *figures)
{
    return figures[COMPUTE] + figures[EXCHANGE] + figures[WAIT];
}

/* Rank 0: the figures of every rank, FIGURES each; NULL elsewhere. */
static double *gather_figures(MPI_Comm comm, const swe_mpi_rank_seconds *own, int *size)
{
    const double mine[FIGURES] = {own->compute, own->exchange, own->wait, own->cells};
    int rank = 0;
    MPI_CHECK(MPI_Comm_rank(comm, &rank));
    MPI_CHECK(MPI_Comm_size(comm, size));
    double *all = NULL;
    int ok = 1;
    if (rank == 0) {
        all = malloc((size_t)*size * FIGURES * sizeof *all);
        ok = all != NULL;
    }
    MPI_CHECK(MPI_Bcast(&ok, 1, MPI_INT, 0, comm));
    if (ok) {
        MPI_CHECK(MPI_Gather(mine, FIGURES, MPI_DOUBLE, all, FIGURES, MPI_DOUBLE, 0, comm));
    }
    return all;
}

void swe_mpi_timing_print(MPI_Comm comm, const swe_mpi_rank_seconds *own, int overlap,
                          FILE *stream)
{
    const swe_mpi_rank_seconds none = {0, 0, 0, 0};
    int size = 0;
    double *all = gather_figures(comm, own != NULL ? own : &none, &size);
    if (all == NULL) {
        return; /* not rank 0, or no memory for a report line */
    }
    double smallest[FIGURES], largest[FIGURES];
    int slowest = 0;
    for (int f = 0; f < FIGURES; ++f) {
        smallest[f] = largest[f] = all[f];
    }
    for (int p = 1; p < size; ++p) {
        const double *rank = &all[p * FIGURES];
        for (int f = 0; f < FIGURES; ++f) {
            smallest[f] = rank[f] < smallest[f] ? rank[f] : smallest[f];
            largest[f] = rank[f] > largest[f] ? rank[f] : largest[f];
        }
        slowest = total_seconds(rank) > total_seconds(&all[slowest * FIGURES]) ? p : slowest;
    }
    const double *worst = &all[slowest * FIGURES];
    const double worst_total = total_seconds(worst);
    if (stream != NULL) {
        fprintf(stream,
                "mpi-ranks: ranks=%d compute_seconds=%.3f..%.3f exchange_seconds=%.3f..%.3f "
                "wait_seconds=%.3f..%.3f cells=%.0f..%.0f slowest_rank=%d "
                "slowest_rank_wait_share=%.3f overlap=%s\n",
                size, smallest[COMPUTE], largest[COMPUTE], smallest[EXCHANGE], largest[EXCHANGE],
                smallest[WAIT], largest[WAIT], smallest[CELLS], largest[CELLS], slowest,
                worst_total > 0 ? worst[WAIT] / worst_total : 0.0, overlap ? "yes" : "no");
    }
    free(all);
}
