/* Where the ranks of a triangle run spent their time, for telling load
 * imbalance from transfer: per rank, the seconds of computing (steps less
 * exchanges and reductions) and of waiting (in the halo exchange and in
 * the time step's global minimum), reduced to the smallest and largest
 * over the ranks. A rank that computes less than another waits for it in
 * the next exchange or reduction: max compute - min compute is what
 * imbalance costs, and the wait of the slowest rank is what transfer and
 * latency cost. */
#ifndef SWE_MESH_MPI_TIMING_H
#define SWE_MESH_MPI_TIMING_H

#include "backends/mpi/mesh/mesh_mpi_model.h"

#include <stdio.h>

/* Prints one line "mpi-ranks: ..." on rank 0 (stream): min..max over
 * ranks of each figure, and the slowest rank's (most compute) wait.
 * Collective. */
void swe_mesh_mpi_timing_print(const swe_mesh_mpi_model *model, FILE *stream);

#endif
