/* Exercise 17: the halo exchange of a partitioned triangle mesh. Every
 * rank holds its own triangles and layers of halo triangles owned by
 * other ranks (common/mesh/partition/). Before a step each halo triangle
 * must hold the state its owner computed: the owner packs the triangles a
 * neighbour holds as halo into one message, the neighbour unpacks it into
 * its halo cells. The plan (mesh_mpi_halo.c) lists, per neighbouring
 * rank, the cells of both messages in the same order, so no cell number
 * travels. Receives first, all transfers non-blocking, one wait at the
 * end: no pair of ranks can wait on each other in a cycle, whatever the
 * partition's neighbour graph. The exchange comes in four steps (pack,
 * post, wait, unpack) so that a run can compute between post and wait
 * (--overlap) and a GPU rank can pack on its device instead of here;
 * swe_mesh_mpi_halo_exchange (mesh_mpi_halo.c) runs them in turn. */
#include "backends/mpi/mesh/mesh_mpi_halo.h"
#include "backends/mpi/mpi_check.h"
#include "core/timer.h"

/* Tag of the halo state: one message each way per pair of ranks and
 * exchange, so one tag serves them all. */
enum { HALO_TAG = 4711 };

void swe_mesh_mpi_halo_pack_host(swe_mesh_mpi_halo *halo, const real *h, const real *hu,
                                 const real *hv)
{
    /* BEGIN SOLUTION: (2a) pack. For every j < halo->send_total, cell c = halo->send_cells[j]
     * (the run's numbering, as h, hu and hv): its h, hu and hv into halo->send_values[3 * j],
     * [3 * j + 1] and [3 * j + 2]. Each neighbour's send buffer is its stretch of send_values.
     * | stub: SWE_TODO("(2a) pack the cells the neighbours hold as halo"); (void)halo; (void)h;
     *   (void)hu; (void)hv; */
    for (int j = 0; j < halo->send_total; ++j) {
        int c = halo->send_cells[j];
        halo->send_values[3 * j] = h[c];
        halo->send_values[3 * j + 1] = hu[c];
        halo->send_values[3 * j + 2] = hv[c];
    }
    /* END SOLUTION */
}

void swe_mesh_mpi_halo_unpack_host(const swe_mesh_mpi_halo *halo, real *h, real *hu, real *hv)
{
    /* BEGIN SOLUTION: (3a) unpack. For every j < halo->receive_total, the three values at
     * halo->receive_values[3 * j] into h, hu and hv of cell halo->receive_cells[j].
     * | stub: SWE_TODO("(3a) unpack the neighbours' messages into the halo cells"); (void)halo;
     *   (void)h; (void)hu; (void)hv; */
    for (int j = 0; j < halo->receive_total; ++j) {
        int c = halo->receive_cells[j];
        h[c] = halo->receive_values[3 * j];
        hu[c] = halo->receive_values[3 * j + 1];
        hv[c] = halo->receive_values[3 * j + 2];
    }
    /* END SOLUTION */
}

void swe_mesh_mpi_halo_post(swe_mesh_mpi_halo *halo)
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
    /* BEGIN SOLUTION: (2) send. For every neighbour that asked for cells (n->send_count > 0):
     * MPI_Isend of the 3 * n->send_count packed values of n->send_buffer to rank n->rank, tag
     * HALO_TAG, inside MPI_CHECK, the request in halo->requests[requests++]. Do not wait here, and
     * do not touch a send buffer until the wait.
     * | stub: SWE_TODO("(2) send the packed cells to every neighbour that holds them as halo");
     *   swe_mpi_abort("the triangle halo exchange does not send yet (TODO 2 in
     *   mpi/mesh/mesh_mpi_exchange.c)", 1); */
    for (int k = 0; k < halo->neighbour_count; ++k) {
        swe_mesh_mpi_neighbour *n = &halo->neighbours[k];
        if (n->send_count > 0) {
            MPI_CHECK(MPI_Isend(n->send_buffer, 3 * n->send_count, SWE_MPI_REAL, n->rank, HALO_TAG,
                                halo->comm, &halo->requests[requests++]));
        }
    }
    /* END SOLUTION */
    halo->pending = requests;
    halo->seconds += swe_wall_seconds() - started;
}

void swe_mesh_mpi_halo_wait(swe_mesh_mpi_halo *halo)
{
    double started = swe_wall_seconds();
    /* BEGIN SOLUTION: (3) wait. MPI_Waitall over the halo->pending requests of
     * halo->requests (MPI_STATUSES_IGNORE) inside MPI_CHECK, then halo->pending = 0: only now do
     * the receive buffers hold the owners' cells (unpacked after this returns).
     * | stub: SWE_TODO("(3) wait for every message of the exchange");
     *   swe_mpi_abort("the triangle halo exchange does not wait yet (TODO 3 in
     *   mpi/mesh/mesh_mpi_exchange.c)", 1); */
    MPI_CHECK(MPI_Waitall(halo->pending, halo->requests, MPI_STATUSES_IGNORE));
    halo->pending = 0;
    /* END SOLUTION */
    halo->seconds += swe_wall_seconds() - started;
    halo->exchanges++;
}
