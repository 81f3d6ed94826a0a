/* The state of a partitioned triangle run in and out: gathered to rank 0
 * in the whole mesh's file order, replaced from rank 0's, and the first
 * time step over all ranks. */
#include "backends/mpi/mesh/mesh_mpi_model.h"

#include "backends/mpi/mpi_agree.h"
#include "backends/mpi/mpi_check.h"
#include "mesh/solver/mesh_backend.h"

#include <stdlib.h>

int swe_mesh_mpi_model_gather(swe_mesh_mpi_model *model, real *h, real *hu, real *hv,
                              swe_error *err)
{
    if (model == NULL || (model->rank == 0 && (h == NULL || hu == NULL || hv == NULL))) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: nowhere to gather the state");
    }
    int owned = model->sub.owned_count, ok = 0;
    real *packed = malloc((3 * (size_t)owned + 1) * sizeof *packed);
    real *all = NULL;
    if (model->rank == 0) {
        all = malloc((3 * (size_t)model->whole_cells + 1) * sizeof *all);
    }
    int status = swe_mesh_model_sync(model->part, err);
    ok = status == SWE_OK && packed != NULL && (model->rank != 0 || all != NULL);
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, model->comm));
    if (ok) {
        const swe_mesh_arrays *host = &model->part->run.host;
        for (int k = 0; k < owned; ++k) {
            int c = model->part->run_of_file[k];
            packed[3 * k] = host->h[c];
            packed[3 * k + 1] = host->hu[c];
            packed[3 * k + 2] = host->hv[c];
        }
        MPI_Datatype cell;
        MPI_CHECK(MPI_Type_contiguous(3, SWE_MPI_REAL, &cell));
        MPI_CHECK(MPI_Type_commit(&cell));
        MPI_CHECK(MPI_Gatherv(packed, owned, cell, all, model->gather_counts, model->gather_offsets,
                              cell, 0, model->comm));
        MPI_CHECK(MPI_Type_free(&cell));
    } else if (status == SWE_OK) {
        status = swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for gathering the state");
    }
    for (int j = 0; ok && model->rank == 0 && j < model->whole_cells; ++j) {
        int whole = model->gather_cells[j];
        h[whole] = all[3 * j];
        hu[whole] = all[3 * j + 1];
        hv[whole] = all[3 * j + 2];
    }
    free(packed);
    free(all);
    return swe_mpi_agree(model->comm, status, err);
}

int swe_mesh_mpi_model_restore(swe_mesh_mpi_model *model, double t, long steps, real *h, real *hu,
                               real *hv, swe_error *err)
{
    if (model == NULL || (model->rank == 0 && (h == NULL || hu == NULL || hv == NULL))) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no state to restore");
    }
    size_t whole = (size_t)model->whole_cells, cells = (size_t)model->sub.cell_count;
    real *buffer = malloc((3 * whole + 3 * cells + 1) * sizeof *buffer);
    int ok = buffer != NULL;
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, model->comm));
    if (!ok) {
        free(buffer);
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for restoring the state");
    }
    real *fields[3] = {h, hu, hv};
    for (int f = 0; f < 3; ++f) {
        real *field = model->rank == 0 ? fields[f] : buffer + (size_t)f * whole;
        MPI_CHECK(MPI_Bcast(field, model->whole_cells, SWE_MPI_REAL, 0, model->comm));
        fields[f] = field;
    }
    MPI_CHECK(MPI_Bcast(&t, 1, MPI_DOUBLE, 0, model->comm));
    MPI_CHECK(MPI_Bcast(&steps, 1, MPI_LONG, 0, model->comm));
    real *part = buffer + 3 * whole; /* this rank's cells, halo too, k order */
    for (int f = 0; f < 3; ++f) {
        for (size_t k = 0; k < cells; ++k) {
            part[(size_t)f * cells + k] = fields[f][model->sub.whole_cell[k]];
        }
    }
    int status =
        swe_mesh_model_restore(model->part, t, steps, part, part + cells, part + 2 * cells, err);
    free(buffer);
    return swe_mpi_agree(model->comm, status, err);
}

int swe_mesh_mpi_model_edge_step(swe_mesh_mpi_model *model, real *edge_step, swe_error *err)
{
    if (model == NULL || edge_step == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no run");
    }
    swe_mesh_run *run = &model->part->run;
    int status = run->backend->edge_fluxes(run, (swe_mesh_launch){0, 0, 0, 0, 0}, err);
    if (status == SWE_OK) {
        status = run->backend->min_time_step(run, edge_step, err);
    }
    status = swe_mpi_agree(model->comm, status, err);
    if (status == SWE_OK) {
        status = run->coupling->reduce_time_step(run->coupling->context, edge_step, err);
    }
    return status;
}
