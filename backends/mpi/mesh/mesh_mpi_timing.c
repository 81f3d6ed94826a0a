#include "backends/mpi/mesh/mesh_mpi_timing.h"

#include "backends/mpi/mpi_check.h"

#include <stdlib.h>

enum { COMPUTE, EXCHANGE, REDUCTION, CELLS, FIGURES };

/* Rank 0: the figures of every rank, FIGURES each; NULL elsewhere. */
static double *gather_figures(const swe_mesh_mpi_model *model)
{
    double own[FIGURES] = {model->step_seconds - model->halo.seconds - model->reduction_seconds,
                           model->halo.seconds, model->reduction_seconds,
                           (double)model->sub.owned_count};
    double *all = NULL;
    int ok = 1;
    if (model->rank == 0) {
        all = malloc((size_t)model->size * FIGURES * sizeof *all);
        ok = all != NULL;
    }
    MPI_CHECK(MPI_Bcast(&ok, 1, MPI_INT, 0, model->comm));
    if (ok) {
        MPI_CHECK(MPI_Gather(own, FIGURES, MPI_DOUBLE, all, FIGURES, MPI_DOUBLE, 0, model->comm));
    }
    return all;
}

void swe_mesh_mpi_timing_print(const swe_mesh_mpi_model *model, FILE *stream)
{
    double *all = gather_figures(model);
    if (all == NULL) {
        return; /* not rank 0, or no memory for a report line */
    }
    double smallest[FIGURES], largest[FIGURES];
    int slowest = 0;
    for (int f = 0; f < FIGURES; ++f) {
        smallest[f] = largest[f] = all[f];
    }
    for (int p = 1; p < model->size; ++p) {
        const double *rank = &all[p * FIGURES];
        for (int f = 0; f < FIGURES; ++f) {
            smallest[f] = rank[f] < smallest[f] ? rank[f] : smallest[f];
            largest[f] = rank[f] > largest[f] ? rank[f] : largest[f];
        }
        slowest = rank[COMPUTE] > all[slowest * FIGURES + COMPUTE] ? p : slowest;
    }
    const double *worst = &all[slowest * FIGURES];
    fprintf(stream,
            "mpi-ranks: compute_seconds=%.3f..%.3f exchange_seconds=%.3f..%.3f "
            "reduction_seconds=%.3f..%.3f owned_cells=%.0f..%.0f slowest_rank=%d "
            "slowest_rank_wait_seconds=%.3f overlap=%s\n",
            smallest[COMPUTE], largest[COMPUTE], smallest[EXCHANGE], largest[EXCHANGE],
            smallest[REDUCTION], largest[REDUCTION], smallest[CELLS], largest[CELLS], slowest,
            worst[EXCHANGE] + worst[REDUCTION],
            model->coupling.finish_exchange != NULL ? "yes" : "no");
    free(all);
}
