/* The coarse grain: this rank's block of the domain, stepped by any
 * fine-grain backend, with its CONNECT ghost layers filled from the
 * neighbouring ranks' copy layers and the wave speed reduced over all ranks.
 *
 * The layer shows itself as a complete backend around the fine-grain one
 * (layer->driven, common/cartesian/grid/backend.h), so an MPI run takes its time
 * steps through the same code (common/cartesian/grid/stepping.h), with the same one
 * time-step rule, as a serial run: each step
 * exchanges the halo, lets the fine-grain backend step the block, and
 * returns the max wave speed over all ranks. Every rank then computes the
 * same dt as a serial run of the whole domain. */
#ifndef SWE_MPI_LAYER_H
#define SWE_MPI_LAYER_H

#include "cartesian/grid/backend.h"
#include "cartesian/grid/block_grid.h"

#include <mpi.h>

/* Where the halo buffers live (backends/mpi/cartesian/mpi_halo_buffers.h). */
enum swe_mpi_buffers {
    SWE_MPI_BUFFERS_HOST,    /* malloc */
    SWE_MPI_BUFFERS_STAGING, /* the model's staging memory (pinned pages) */
    SWE_MPI_BUFFERS_DEVICE   /* the backend's layer buffers, sent as they are */
};

typedef struct swe_mpi_layer {
    MPI_Comm comm;
    int rank;
    swe_block_grid grid;
    swe_block *block;              /* this rank's part, owned by the caller */
    int neighbour[SWE_EDGE_COUNT]; /* rank beyond each edge, -1 on the domain boundary */
    real *send[SWE_EDGE_COUNT];    /* packed copy layers, one per CONNECT edge */
    real *receive[SWE_EDGE_COUNT]; /* packed ghost layers as they arrive */
    enum swe_mpi_buffers buffers;  /* where send and receive are */
    swe_block driven;              /* the part as the steps see it: backend = the layer */
    /* Nonzero: each step computes the block's interior while the halo
     * travels (the backend's step_interior and step_ring). */
    int overlap;
    MPI_Request requests[2 * SWE_EDGE_COUNT]; /* of the exchange under way */
    int request_count;
    /* Wall time this rank spent in the halo exchange (packing and waiting
     * included) and in the wave-speed reduction (which also waits for the
     * slowest rank): what the coarse grain costs on top of the steps. Of
     * the exchange, layers_seconds packed and unpacked (the rest posted and
     * waited); compute_seconds stepped the block. */
    double exchange_seconds, reduction_seconds;
    double layers_seconds, compute_seconds;
} swe_mpi_layer;

/* Sets up the exchange for block, which must be block index rank of grid
 * (made by swe_scenario_create_part) with its fine-grain backend already
 * initialised; overlap asks for the halo to travel while the interior is
 * computed. Local: SWE_ERROR_RUNTIME when out of memory, SWE_ERROR_USAGE
 * when the block's backend table breaks the contract, or overlap is asked
 * of a backend without step_interior/step_ring or without the packing
 * verbs, or of a block they do not serve (overlaps). The layer is zeroed first, so
 * swe_mpi_layer_free is safe after a failure. */
int swe_mpi_layer_init(swe_mpi_layer *layer, MPI_Comm comm, const swe_block_grid *grid,
                       swe_block *block, int overlap, swe_error *err);
void swe_mpi_layer_free(swe_mpi_layer *layer);

/* Fills the ghost layers of all CONNECT edges from the neighbours: packs
 * the copy layers, posts non-blocking receives and sends, waits, unpacks.
 * Collective over the layer's communicator. */
int swe_mpi_exchange_halo(swe_mpi_layer *layer, swe_error *err);

/* The copy layers of every CONNECT edge into layer->send, through the
 * backend's packing verb (then one sync_layers for them all) or from the
 * host arrays, brought up to date first; and layer->receive into the
 * ghost layers, the counterpart. The exchange's plumbing
 * (mpi_halo_buffers.c), which swe_mpi_exchange_start and
 * swe_mpi_exchange_finish call. */
int swe_mpi_pack_copy_layers(swe_mpi_layer *layer, swe_error *err);
int swe_mpi_unpack_ghost_layers(swe_mpi_layer *layer, swe_error *err);

/* The two halves of swe_mpi_exchange_halo, for work in between: start
 * posts the receives and sends the packed copy layers; finish waits and
 * unpacks the ghost layers. */
int swe_mpi_exchange_start(swe_mpi_layer *layer, swe_error *err);
int swe_mpi_exchange_finish(swe_mpi_layer *layer, swe_error *err);

/* One step of layer->block with the halo exchange under way meanwhile:
 * starts the exchange, steps the interior (backend->step_interior),
 * finishes the exchange, steps the ring (backend->step_ring, which gives
 * the block's max wave speed in *local_speed). Bit for bit an exchange
 * followed by a whole step. Collective; the layer must allow overlap. */
int swe_mpi_step_overlapped(swe_mpi_layer *layer, real dt, real *local_speed, swe_error *err);

/* The max of speed over all ranks, exact (the bits of non-negative IEEE
 * numbers order like unsigned integers) and keeping any NaN. Collective. */
real swe_mpi_max_speed(MPI_Comm comm, real speed);

#endif
