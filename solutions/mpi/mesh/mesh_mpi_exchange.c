/* Exercise 17: the halo exchange of a partitioned triangle mesh. Every
 * rank holds its own triangles and layers of halo triangles owned by
 * other ranks (common/mesh/partition/). Before a step each halo triangle
 * must hold the state its owner computed: the owner packs the triangles a
 * neighbour holds as halo into one message, the neighbour unpacks it into
 * its halo cells. The plan (mesh_mpi_halo.c) lists, per neighbouring
 * rank, the cells of both messages in the same order, so no cell number
 * travels. Receives first, all transfers non-blocking, one wait at the
 * end: no pair of ranks can wait on each other in a cycle, whatever the
 * partition's neighbour graph. */
#include "core/timer.h"
#include "mesh/mesh_mpi_halo.h"
#include "mpi_check.h"

/* Tag of the halo state: one message each way per pair of ranks and
 * exchange, so one tag serves them all. */
enum { HALO_TAG = 4711 };

/* The state of the cells n asks for, three values a cell, into its send
 * buffer. */
static void pack(const swe_mesh_mpi_neighbour *n, const real *h, const real *hu, const real *hv)
{
    /* BEGIN SOLUTION: (2a) pack. For every j < n->send_count, cell c = n->send_cells[j] (the run's
     * numbering, as h, hu and hv): its h, hu and hv into n->send_buffer[3 * j], [3 * j + 1] and
     * [3 * j + 2].
     * | stub: SWE_TODO("(2a) pack the cells a neighbour holds as halo"); (void)n; (void)h;
     *   (void)hu; (void)hv; */
    for (int j = 0; j < n->send_count; ++j) {
        int c = n->send_cells[j];
        n->send_buffer[3 * j] = h[c];
        n->send_buffer[3 * j + 1] = hu[c];
        n->send_buffer[3 * j + 2] = hv[c];
    }
    /* END SOLUTION */
}

/* The counterpart of pack: n's receive buffer into its halo cells. */
static void unpack(const swe_mesh_mpi_neighbour *n, real *h, real *hu, real *hv)
{
    /* BEGIN SOLUTION: (3a) unpack. For every j < n->receive_count, the three values at
     * n->receive_buffer[3 * j] into h, hu and hv of cell n->receive_cells[j].
     * | stub: SWE_TODO("(3a) unpack a neighbour's message into the halo cells"); (void)n;
     *   (void)h; (void)hu; (void)hv; */
    for (int j = 0; j < n->receive_count; ++j) {
        int c = n->receive_cells[j];
        h[c] = n->receive_buffer[3 * j];
        hu[c] = n->receive_buffer[3 * j + 1];
        hv[c] = n->receive_buffer[3 * j + 2];
    }
    /* END SOLUTION */
}

void swe_mesh_mpi_halo_exchange(swe_mesh_mpi_halo *halo, real *h, real *hu, real *hv)
{
    double started = swe_wall_seconds();
    int requests = 0;
    /* BEGIN SOLUTION: (1) post the receives. For every neighbour n = &halo->neighbours[k],
     * k < halo->neighbour_count, that sends this rank anything (n->receive_count > 0): MPI_Irecv
     * of 3 * n->receive_count values (SWE_MPI_REAL) into n->receive_buffer from rank n->rank, tag
     * HALO_TAG, communicator halo->comm, inside MPI_CHECK, the request in
     * halo->requests[requests++].
     * | stub: SWE_TODO("(1) post the receives of the halo cells"); (void)requests;
     *   swe_mpi_abort("the triangle halo exchange does not receive yet (TODO 1 in
     *   mpi/mesh/mesh_mpi_exchange.c)", 1); */
    for (int k = 0; k < halo->neighbour_count; ++k) {
        swe_mesh_mpi_neighbour *n = &halo->neighbours[k];
        if (n->receive_count > 0) {
            MPI_CHECK(MPI_Irecv(n->receive_buffer, 3 * n->receive_count, SWE_MPI_REAL, n->rank,
                                HALO_TAG, halo->comm, &halo->requests[requests++]));
        }
    }
    /* END SOLUTION */
    /* BEGIN SOLUTION: (2) pack and send. For every neighbour that asked for cells
     * (n->send_count > 0): pack(n, h, hu, hv), then MPI_Isend of its 3 * n->send_count values to
     * rank n->rank, tag HALO_TAG, inside MPI_CHECK, the request in halo->requests[requests++].
     * Do not wait here, and do not touch a send buffer until the wait below.
     * | stub: SWE_TODO("(2) pack and send the cells every neighbour holds as halo"); (void)pack;
     *   swe_mpi_abort("the triangle halo exchange does not send yet (TODO 2 in
     *   mpi/mesh/mesh_mpi_exchange.c)", 1); */
    for (int k = 0; k < halo->neighbour_count; ++k) {
        swe_mesh_mpi_neighbour *n = &halo->neighbours[k];
        if (n->send_count > 0) {
            pack(n, h, hu, hv);
            MPI_CHECK(MPI_Isend(n->send_buffer, 3 * n->send_count, SWE_MPI_REAL, n->rank, HALO_TAG,
                                halo->comm, &halo->requests[requests++]));
        }
    }
    /* END SOLUTION */
    /* BEGIN SOLUTION: (3) wait, then unpack. MPI_Waitall over the `requests` requests
     * (MPI_STATUSES_IGNORE) inside MPI_CHECK; only then do the receive buffers hold the owners'
     * cells: unpack(&halo->neighbours[k], h, hu, hv) for every neighbour.
     * | stub: SWE_TODO("(3) wait, then unpack every neighbour's message"); (void)unpack;
     *   swe_mpi_abort("the triangle halo exchange does not wait and unpack yet (TODO 3 in
     *   mpi/mesh/mesh_mpi_exchange.c)", 1); */
    MPI_CHECK(MPI_Waitall(requests, halo->requests, MPI_STATUSES_IGNORE));
    for (int k = 0; k < halo->neighbour_count; ++k) {
        unpack(&halo->neighbours[k], h, hu, hv);
    }
    /* END SOLUTION */
    halo->seconds += swe_wall_seconds() - started;
    halo->exchanges++;
}
