/* Where each rank runs: its node, its place among the node's ranks and
 * the device it takes there. One rank per GPU is the plan; more ranks than
 * GPUs on a node share them round the node-local ranks, and say so. */
#ifndef SWE_MPI_NODE_H
#define SWE_MPI_NODE_H

#include "core/error.h"
#include "run/models.h"

#include <mpi.h>
#include <stdio.h>

typedef struct swe_mpi_node {
    int rank, size;             /* in the communicator */
    int local_rank, local_size; /* among the ranks of this rank's node */
    int device;                 /* the device this rank takes; 0 on a host model */
    int devices;                /* the node's devices of the model; 0 on a host model */
} swe_mpi_node;

/* The device of the local_rank-th rank of a node with devices devices
 * (devices > 0): the ranks go round the devices. */
int swe_mpi_device_of(int local_rank, int devices);

/* Collective. Finds the rank's node and device for model (NULL or a host
 * model: no device). Rank 0 prints one line to notes (NULL: none) for
 * each node that has more ranks than devices. Fails on every rank, with
 * the first failing rank's message, when a rank finds no device. */
int swe_mpi_node_place(MPI_Comm comm, const swe_programming_model *model, FILE *notes,
                       swe_mpi_node *node, swe_error *err);

/* Collective: --list-devices over ranks. Rank 0 prints one line a rank to
 * stream: its node, its local rank and the device it takes. */
int swe_mpi_node_print_placement(MPI_Comm comm, const swe_programming_model *model, FILE *stream,
                                 swe_error *err);

/* Collective: --list-devices over the ranks of a program, after rank 0
 * listed the models' devices. For each model of models that counts
 * devices, rank 0 prints a line "ranks on MODEL devices:" and then the
 * placement, or "  none: REASON" where the node has none of them; when no
 * model has devices here, "ranks on the host:" and the host placement. */
int swe_mpi_node_print_placements(MPI_Comm comm, const swe_model_registry *models, FILE *stream,
                                  swe_error *err);

/* 1 when the MPI library takes CUDA device pointers itself, asked at run
 * time where the library can answer (Open MPI's MPIX_Query_cuda_support);
 * 0 otherwise, and when SWE_MPI_DEVICE_POINTERS=0 is set: then halos go
 * through the model's staging buffers. */
int swe_mpi_takes_device_pointers(void);

#endif
