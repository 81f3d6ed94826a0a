#include "mpi_checkpoint.h"

#include "grid/state_check.h"
#include "mpi_check.h"
#include "mpi_gather.h"
#include "mpi_run.h"

/* Rank 0: a checkpoint of a state that is not physical would only be
 * continued into nonsense. */
static int write_valid_state(const swe_block *whole, const char *path,
                             const swe_checkpoint_run *run, const swe_checkpoint_position *position,
                             swe_error *err)
{
    int i, j;
    if (swe_state_find_invalid(whole, &i, &j)) {
        char cell[256];
        swe_state_describe_cell(whole, i, j, cell, sizeof cell);
        return swe_fail(err, SWE_ERROR_RUNTIME,
                        "step %ld at t = %.6g s made the state invalid (NaN, infinite or "
                        "negative depth): %s (try a smaller --cfl)",
                        position->clock.steps, position->clock.t, cell);
    }
    return swe_checkpoint_write(path, whole, run, position, err);
}

int swe_mpi_checkpoint_write(swe_mpi_layer *layer, swe_block *whole, const char *path,
                             const swe_checkpoint_run *run, const swe_checkpoint_position *position,
                             swe_error *err)
{
    if (layer == NULL || path == NULL || run == NULL || position == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: an MPI checkpoint needs a layer, a path and a run");
    }
    int status = swe_mpi_gather(layer, whole, err);
    if (status == SWE_OK && layer->rank == 0) {
        status = write_valid_state(whole, path, run, position, err);
    }
    return swe_mpi_agree(layer->comm, status, err);
}

int swe_mpi_checkpoint_restore(swe_mpi_layer *layer, swe_block *whole, const char *path,
                               const swe_checkpoint_run *run, swe_checkpoint_position *position,
                               swe_error *err)
{
    if (layer == NULL || path == NULL || run == NULL || position == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE,
                        "internal error: an MPI restart needs a layer, a path and a run");
    }
    int status = SWE_OK;
    if (layer->rank == 0) {
        status = swe_checkpoint_read(path, whole, run, position, err);
    }
    status = swe_mpi_agree(layer->comm, status, err);
    if (status != SWE_OK) {
        return status;
    }
    /* Every rank has the same machine representation: the position goes
     * as bytes. */
    MPI_CHECK(MPI_Bcast(position, (int)sizeof *position, MPI_BYTE, 0, layer->comm));
    return swe_mpi_scatter(layer, whole, err);
}
