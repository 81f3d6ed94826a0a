/* Exercise 08: the halo exchange between the ranks and the wave speed over
 * all of them. Each rank owns one block; a CONNECT edge faces the
 * block of another rank. Before a step, the ghost layer along such an edge
 * must hold the neighbour's copy layer (its interior row or column next to
 * the shared edge). Receives are posted first, so that every message finds
 * its buffer waiting; all transfers are non-blocking, so no pair of ranks
 * can wait on each other in a cycle; the wait comes last, so that the
 * caller may compute in between (exercise 09). The max wave speed is
 * reduced over all ranks, so that every rank takes the same time step. */
#include "backends/mpi/cartesian/mpi_layer.h"
#include "backends/mpi/mpi_check.h"
#include "cartesian/grid/copy_layer.h"
#include "shallow_water/speed_bits.h"

/* Each message is tagged with the edge it leaves its sender through, so
 * that the two layers two ranks swap never match the wrong receive. */
enum { HALO_TAG_BASE = 100 };

#ifdef SWE_PRECISION_DOUBLE
#define SWE_MPI_SPEED_BITS MPI_UINT64_T
#else
#define SWE_MPI_SPEED_BITS MPI_UINT32_T
#endif

real swe_mpi_max_speed(MPI_Comm comm, real speed)
{
    /* BEGIN SOLUTION: (4) the wave-speed reduction. Every rank must use the max of `speed` over
     * all ranks of comm, bit for bit: turn it into its bits with swe_speed_to_bits (they order
     * like the speeds, and a NaN lies above infinity, so an unstable rank stops every rank), and
     * reduce them in place with MPI_Allreduce(MPI_IN_PLACE, &bits, 1, SWE_MPI_SPEED_BITS,
     * MPI_MAX, comm) inside MPI_CHECK; return swe_speed_from_bits(bits).
     * | stub: SWE_TODO("(4) the wave-speed reduction"); (void)comm; (void)speed;
     *   swe_mpi_abort("the wave-speed reduction is not written (TODO 4 in
     * mpi/cartesian/mpi_exchange.c)", 1); */
    swe_speed_bits bits = swe_speed_to_bits(speed);
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &bits, 1, SWE_MPI_SPEED_BITS, MPI_MAX, comm));
    return swe_speed_from_bits(bits);
    /* END SOLUTION */
}

int swe_mpi_exchange_start(swe_mpi_layer *layer, swe_error *err)
{
    if (layer == NULL || layer->block == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: halo exchange without a layer");
    }
    layer->request_count = 0;
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        if (layer->neighbour[edge] < 0) {
            continue; /* the domain's boundary: no neighbour, no message */
        }
        int count = SWE_COPY_LAYER_FIELDS * swe_copy_layer_length(layer->block, edge);
        /* BEGIN SOLUTION: (1) post the receive of the ghost layer along `edge`. Its count values
         * arrive in layer->receive[edge] from rank layer->neighbour[edge], which sends them
         * through its opposite edge: tag HALO_TAG_BASE + swe_opposite_edge(edge). Post it with
         * MPI_Irecv (type SWE_MPI_REAL, communicator layer->comm) inside MPI_CHECK, its request
         * in layer->requests[layer->request_count++].
         * | stub: SWE_TODO("(1) post the receive of the ghost layer along an edge"); (void)count;
         *   return swe_fail(err, SWE_ERROR_RUNTIME, "the halo exchange does not receive yet (TODO
         *   1 in mpi/cartesian/mpi_exchange.c)"); */
        int tag = HALO_TAG_BASE + (int)swe_opposite_edge(edge);
        MPI_CHECK(MPI_Irecv(layer->receive[edge], count, SWE_MPI_REAL, layer->neighbour[edge], tag,
                            layer->comm, &layer->requests[layer->request_count++]));
        /* END SOLUTION */
    }
    int status = swe_mpi_pack_copy_layers(layer, err);
    if (status != SWE_OK) {
        return status;
    }
    for (int edge = 0; edge < SWE_EDGE_COUNT; ++edge) {
        if (layer->neighbour[edge] < 0) {
            continue;
        }
        int count = SWE_COPY_LAYER_FIELDS * swe_copy_layer_length(layer->block, edge);
        /* BEGIN SOLUTION: (2) send the copy layer along `edge`. swe_mpi_pack_copy_layers has put
         * its count values into layer->send[edge]; send them to rank layer->neighbour[edge] with
         * MPI_Isend, tagged with the edge they leave through, HALO_TAG_BASE + edge, inside
         * MPI_CHECK, the request in layer->requests[layer->request_count++]. Do not wait here:
         * the buffer stays untouched until swe_mpi_exchange_finish has waited.
         * | stub: SWE_TODO("(2) send the copy layer along an edge"); (void)count;
         *   return swe_fail(err, SWE_ERROR_RUNTIME, "the halo exchange does not send yet (TODO 2
         *   in mpi/cartesian/mpi_exchange.c)"); */
        MPI_CHECK(MPI_Isend(layer->send[edge], count, SWE_MPI_REAL, layer->neighbour[edge],
                            HALO_TAG_BASE + edge, layer->comm,
                            &layer->requests[layer->request_count++]));
        /* END SOLUTION */
    }
    return SWE_OK;
}

int swe_mpi_exchange_finish(swe_mpi_layer *layer, swe_error *err)
{
    if (layer == NULL || layer->block == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: halo exchange without a layer");
    }
    /* BEGIN SOLUTION: (3) wait, then unpack. Wait for all layer->request_count requests of
     * swe_mpi_exchange_start with MPI_Waitall (MPI_STATUSES_IGNORE) inside MPI_CHECK and set
     * request_count back to 0; only then do the receive buffers hold the neighbours' layers
     * (and may the send buffers be reused). Return swe_mpi_unpack_ghost_layers(layer, err),
     * which writes them into the ghost layers.
     * | stub: SWE_TODO("(3) wait, then unpack"); return swe_fail(err, SWE_ERROR_RUNTIME, "the
     *   halo exchange does not wait and unpack yet (TODO 3 in mpi/cartesian/mpi_exchange.c)"); */
    MPI_CHECK(MPI_Waitall(layer->request_count, layer->requests, MPI_STATUSES_IGNORE));
    layer->request_count = 0;
    return swe_mpi_unpack_ghost_layers(layer, err);
    /* END SOLUTION */
}

int swe_mpi_exchange_halo(swe_mpi_layer *layer, swe_error *err)
{
    int status = swe_mpi_exchange_start(layer, err);
    return status != SWE_OK ? status : swe_mpi_exchange_finish(layer, err);
}
