/* A triangle run over the ranks of a communicator: the mesh partitioned
 * (METIS, or at random for comparison), each rank running its part with
 * its halo as a model of its own (mesh/solver/mesh_model.h) on any
 * backend, coupled to the others through the stepper's hooks: the halo
 * exchange before every step and the global minimum of the time step.
 *
 * Halo depth: one layer for first order; four for second order, so that
 * one exchange per step serves both stages (the second stage's gradients
 * of the cells next to the owned ones need the first stage's state of a
 * second layer, whose fluxes need the gradients of a third, which read a
 * fourth). A CPU backend exchanges through its host arrays;
 * a device backend with the halo verbs (mesh_backend.h) packs its halo on
 * the device, one without them downloads and uploads its whole state.
 * Every CPU backend gives the bits of one process on any number of ranks.
 *
 * Each rank takes the device of its node-local rank (backends/mpi/
 * mpi_node.h: one rank per GPU, shared round robin where there are more
 * ranks). The halo's values travel in the device's own buffers where the
 * MPI library reads device memory (swe_mpi_takes_device_pointers) and the
 * backend hands them out, else in the model's staging memory (CUDA:
 * pinned pages), else in malloc's.
 *
 * Each part is numbered by the ordering asked for, then split: the cells
 * and edges whose first-stage work reads no halo cell first. With overlap
 * the exchange is posted, that work done, the exchange finished and the
 * rest done (backends with the span verbs: serial, OpenMP, CUDA,
 * OpenCL); the bits are the same as without. */
#ifndef SWE_MESH_MPI_MODEL_H
#define SWE_MESH_MPI_MODEL_H

#include "backends/mpi/mesh/mesh_mpi_halo.h"
#include "backends/mpi/mpi_node.h"
#include "backends/mpi/mpi_timing.h"
#include "mesh/partition/mesh_partition.h"
#include "mesh/partition/mesh_subdomain.h"
#include "mesh/solver/mesh_model.h"

#include <mpi.h>
#include <stdio.h>

typedef struct swe_mesh_mpi_options {
    swe_mesh_model_options model; /* as for one process; its ordering numbers each part */
    enum swe_mesh_partitioner partitioner;
    unsigned long long partition_seed;
    int overlap; /* compute what reads no halo cell while the halo travels */
    FILE *notes; /* rank 0 says there when ranks share a device; NULL: silent */
} swe_mesh_mpi_options;

/* Where the halo's values travel between the backend and MPI. */
enum swe_mesh_mpi_halo_memory {
    SWE_MESH_MPI_HALO_HOST = 0, /* malloc's memory (CPU models, or no staging allocator) */
    SWE_MESH_MPI_HALO_PINNED,   /* the model's staging memory, which its device copies fast */
    SWE_MESH_MPI_HALO_DEVICE    /* the device's own buffers, which the MPI library reads */
};

typedef struct swe_mesh_mpi_model {
    MPI_Comm comm;
    int rank, size;
    swe_mpi_node node;            /* this rank's node and device (device 0 on host models) */
    swe_model_config part_config; /* the options' config with that device */
    enum swe_mesh_mpi_halo_memory halo_memory;
    swe_mesh_model *part; /* this rank's cells and halo; its "file order" is sub's k */
    swe_mesh_subdomain sub;
    int whole_cells;
    swe_mesh_mpi_halo halo;
    swe_mesh_coupling coupling; /* with the spans of the part's inner and outer work */
    enum swe_mesh_partitioner partitioner;
    swe_mesh_partition_quality quality;        /* of the partition used */
    swe_mesh_partition_quality random_quality; /* of a random one, for comparison */
    double reduction_seconds;                  /* in the time step's global minimum */
    double exchange_seconds;                   /* packing, posting and unpacking the halo (busy) */
    double wait_seconds;                       /* blocked until the halo arrived */
    double step_seconds;                       /* in steps, exchanges and reductions included */
    int *gather_counts, *gather_offsets, *gather_cells; /* rank 0: who sends which cells */
} swe_mesh_mpi_model;

/* Reads, partitions and sets up every rank's part at the initial state.
 * Collective; every rank returns the same status (the first failure's
 * message). */
int swe_mesh_mpi_model_create(const swe_mesh_mpi_options *options, MPI_Comm comm,
                              swe_mesh_mpi_model **model, swe_error *err);

/* The owned cells of every rank, in the whole mesh's file order, into
 * h, hu, hv on rank 0 (whole_cells values each; NULL elsewhere).
 * Collective. */
int swe_mesh_mpi_model_gather(swe_mesh_mpi_model *model, real *h, real *hu, real *hv,
                              swe_error *err);

/* Replaces the state with rank 0's h, hu, hv (file order) and the clock.
 * Collective. */
int swe_mesh_mpi_model_restore(swe_mesh_mpi_model *model, double t, long steps, real *h, real *hu,
                               real *hv, swe_error *err);

/* The smallest edge time step of the current state over all ranks, as
 * the first step will see it (for the driver's first wave speed). */
int swe_mesh_mpi_model_edge_step(swe_mesh_mpi_model *model, real *edge_step, swe_error *err);

/* This rank's node and device for programming model (NULL or a host
 * model: device 0), through swe_mpi_node_place, and that device in
 * config, which the part's backend starts on (an explicit device option
 * of the model, --cuda-device, still wins). Collective; the same status on
 * every rank. */
int swe_mesh_mpi_place(MPI_Comm comm, const swe_programming_model *model, FILE *notes,
                       swe_mpi_node *node, swe_model_config *config, swe_error *err);

/* "host", "pinned" or "device", as the setup line says it. */
const char *swe_mesh_mpi_halo_memory_name(enum swe_mesh_mpi_halo_memory memory);

/* SWE_OK when backend has the span verbs that --overlap needs, else
 * SWE_ERROR_USAGE with a message naming --overlap and the backend. */
int swe_mesh_mpi_check_overlap(const struct swe_mesh_backend *backend, swe_error *err);

/* This rank's seconds so far for the mpi-ranks line
 * (backends/mpi/mpi_timing.h): compute (steps less exchanges, waits and
 * reductions), exchange (packing, posting, unpacking, and a device's whole
 * state moved where it cannot pack), wait (for the halo and in the
 * reductions), and its owned cells. */
swe_mpi_rank_seconds swe_mesh_mpi_model_seconds(const swe_mesh_mpi_model *model);

/* Frees; safe with NULL. Not collective. */
void swe_mesh_mpi_model_free(swe_mesh_mpi_model *model);

#endif
