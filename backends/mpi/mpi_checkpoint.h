/* Checkpoints of an MPI run: the whole domain, gathered on rank 0 and
 * written in the checkpoint format of shallows (common/io/checkpoint.h). A run
 * restarts from one on any number of ranks, and shallows and shallows-mpi
 * restart from each other's checkpoints. */
#ifndef SWE_MPI_CHECKPOINT_H
#define SWE_MPI_CHECKPOINT_H

#include "io/checkpoint.h"
#include "mpi_layer.h"

/* Gathers every rank's state into whole on rank 0 (made by
 * swe_mpi_whole_block_create), which refuses a state that is not physical
 * and writes the checkpoint to path through path.tmp. Collective; every
 * rank returns rank 0's status and message. */
int swe_mpi_checkpoint_write(swe_mpi_layer *layer, swe_block *whole, const char *path,
                             const swe_checkpoint_run *run, const swe_checkpoint_position *position,
                             swe_error *err);

/* Rank 0 reads the checkpoint at path into whole, which must hold the
 * run's gathered initial state (the checkpoint's bathymetry is checked
 * against it); then every rank's block takes its part of the state and
 * every rank the position. Collective; a missing, damaged or mismatched
 * checkpoint is SWE_ERROR_USAGE on every rank, with the blocks untouched. */
int swe_mpi_checkpoint_restore(swe_mpi_layer *layer, swe_block *whole, const char *path,
                               const swe_checkpoint_run *run, swe_checkpoint_position *position,
                               swe_error *err);

#endif
