#include "backends/mpi/mesh/mesh_mpi_halo.h"

#include "backends/mpi/mpi_check.h"

#include <stdlib.h>
#include <string.h>

/* Per rank: how many of this part's halo cells it owns. */
static void count_requests(const swe_mesh_subdomain *sub, int size, int *wanted)
{
    memset(wanted, 0, (size_t)size * sizeof *wanted);
    for (int k = sub->owned_count; k < sub->cell_count; ++k) {
        wanted[sub->owner[k]]++;
    }
}

/* The neighbours: the ranks this part receives from or sends to, in rank
 * order, each with its stretch of the halo's cell lists and values (one
 * block each way, in neighbour order, for packing on a device). */
static int add_neighbours(swe_mesh_mpi_halo *halo, int size, const int *wanted, const int *asked)
{
    if (size < 1) {
        return 0;
    }
    halo->neighbours = calloc((size_t)size, sizeof *halo->neighbours);
    halo->requests = malloc(2 * (size_t)size * sizeof *halo->requests);
    for (int p = 0; p < size; ++p) {
        halo->receive_total += wanted[p];
        halo->send_total += asked[p];
    }
    halo->receive_cells = malloc(((size_t)halo->receive_total + 1) * sizeof(int));
    halo->send_cells = malloc(((size_t)halo->send_total + 1) * sizeof(int));
    halo->receive_values = malloc((3 * (size_t)halo->receive_total + 1) * sizeof(real));
    halo->send_values = malloc((3 * (size_t)halo->send_total + 1) * sizeof(real));
    halo->free_values = free;
    if (!halo->neighbours || !halo->requests || !halo->receive_cells || !halo->send_cells ||
        !halo->receive_values || !halo->send_values) {
        return 0;
    }
    int received = 0, sent = 0;
    for (int p = 0; p < size; ++p) {
        if (wanted[p] == 0 && asked[p] == 0) {
            continue;
        }
        swe_mesh_mpi_neighbour *n = &halo->neighbours[halo->neighbour_count++];
        n->rank = p;
        n->receive_count = wanted[p];
        n->send_count = asked[p];
        n->receive_cells = halo->receive_cells + received;
        n->send_cells = halo->send_cells + sent;
        n->receive_buffer = halo->receive_values + 3 * (size_t)received;
        n->send_buffer = halo->send_values + 3 * (size_t)sent;
        received += wanted[p];
        sent += asked[p];
    }
    return 1;
}

static swe_mesh_mpi_neighbour *neighbour_of(swe_mesh_mpi_halo *halo, int rank)
{
    for (int n = 0; n < halo->neighbour_count; ++n) {
        if (halo->neighbours[n].rank == rank) {
            return &halo->neighbours[n];
        }
    }
    return NULL;
}

/* Receive lists in part order; the whole numbers asked of each owner
 * into request (grouped by owner, offsets from wanted). */
static void list_receives(swe_mesh_mpi_halo *halo, const swe_mesh_subdomain *sub,
                          const int *run_of_part, const int *offsets, int *request)
{
    for (int n = 0; n < halo->neighbour_count; ++n) {
        halo->neighbours[n].receive_count = 0;
    }
    for (int k = sub->owned_count; k < sub->cell_count; ++k) {
        swe_mesh_mpi_neighbour *n = neighbour_of(halo, sub->owner[k]);
        request[offsets[n->rank] + n->receive_count] = sub->whole_cell[k];
        n->receive_cells[n->receive_count++] = run_of_part[k];
    }
}

/* Send lists: the owned cells each neighbour asked for, in its order. */
static int list_sends(swe_mesh_mpi_halo *halo, const swe_mesh_subdomain *sub,
                      const int *run_of_part, int whole_cells, const int *asked_offsets,
                      const int *asked_cells, swe_error *err)
{
    int *part_of_whole = malloc(((size_t)whole_cells + 1) * sizeof *part_of_whole);
    if (part_of_whole == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the halo plan");
    }
    memset(part_of_whole, -1, (size_t)whole_cells * sizeof *part_of_whole);
    for (int k = 0; k < sub->owned_count; ++k) {
        part_of_whole[sub->whole_cell[k]] = k;
    }
    int status = SWE_OK;
    for (int n = 0; n < halo->neighbour_count && status == SWE_OK; ++n) {
        swe_mesh_mpi_neighbour *neighbour = &halo->neighbours[n];
        for (int j = 0; j < neighbour->send_count && status == SWE_OK; ++j) {
            int whole = asked_cells[asked_offsets[neighbour->rank] + j];
            int k = whole >= 0 && whole < whole_cells ? part_of_whole[whole] : -1;
            if (k < 0) {
                status = swe_fail(err, SWE_ERROR_RUNTIME,
                                  "internal error: rank %d asked for triangle %d, not owned here",
                                  neighbour->rank, whole);
            } else {
                neighbour->send_cells[j] = run_of_part[k];
            }
        }
    }
    free(part_of_whole);
    return status;
}

static void prefix_sums(const int *counts, int size, int *offsets)
{
    offsets[0] = 0;
    for (int p = 0; p < size; ++p) {
        offsets[p + 1] = offsets[p] + counts[p];
    }
}

int swe_mesh_mpi_halo_create(MPI_Comm comm, const swe_mesh_subdomain *sub, const int *run_of_part,
                             int whole_cells, swe_mesh_mpi_halo *halo, swe_error *err)
{
    if (sub == NULL || run_of_part == NULL || halo == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no part for a halo plan");
    }
    memset(halo, 0, sizeof *halo);
    halo->comm = comm;
    int size = 0;
    MPI_CHECK(MPI_Comm_size(comm, &size));
    size_t ints = 4 * ((size_t)size + 1) + (size_t)sub->cell_count;
    int *scratch = malloc(ints * sizeof *scratch);
    if (scratch == NULL) {
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the halo plan");
    }
    int *wanted = scratch, *asked = wanted + size, *wanted_offsets = asked + size;
    int *asked_offsets = wanted_offsets + size + 1, *request = asked_offsets + size + 1;
    count_requests(sub, size, wanted);
    MPI_CHECK(MPI_Alltoall(wanted, 1, MPI_INT, asked, 1, MPI_INT, comm));
    prefix_sums(wanted, size, wanted_offsets);
    prefix_sums(asked, size, asked_offsets);
    int *asked_cells = malloc(((size_t)asked_offsets[size] + 1) * sizeof *asked_cells);
    int status = asked_cells != NULL && add_neighbours(halo, size, wanted, asked)
                     ? SWE_OK
                     : swe_fail(err, SWE_ERROR_RUNTIME, "out of memory for the halo plan");
    int ok = status == SWE_OK; /* every rank takes part in the collective below */
    MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, comm));
    if (ok) {
        list_receives(halo, sub, run_of_part, wanted_offsets, request);
        MPI_CHECK(MPI_Alltoallv(request, wanted, wanted_offsets, MPI_INT, asked_cells, asked,
                                asked_offsets, MPI_INT, comm));
        status = list_sends(halo, sub, run_of_part, whole_cells, asked_offsets, asked_cells, err);
    } else if (status == SWE_OK) {
        status = swe_fail(err, SWE_ERROR_RUNTIME, "another rank ran out of memory for its halo");
    }
    free(asked_cells);
    free(scratch);
    if (status != SWE_OK) {
        swe_mesh_mpi_halo_free(halo);
    }
    return status;
}

void swe_mesh_mpi_halo_begin(swe_mesh_mpi_halo *halo, const real *h, const real *hu, const real *hv)
{
    swe_mesh_mpi_halo_pack_host(halo, h, hu, hv);
    swe_mesh_mpi_halo_post(halo);
}

void swe_mesh_mpi_halo_end(swe_mesh_mpi_halo *halo, real *h, real *hu, real *hv)
{
    swe_mesh_mpi_halo_wait(halo);
    swe_mesh_mpi_halo_unpack_host(halo, h, hu, hv);
}

void swe_mesh_mpi_halo_exchange(swe_mesh_mpi_halo *halo, real *h, real *hu, real *hv)
{
    swe_mesh_mpi_halo_begin(halo, h, hu, hv);
    swe_mesh_mpi_halo_end(halo, h, hu, hv);
}

/* The values at send and receive, each neighbour's stretch with them;
 * the earlier buffers freed as they came. */
static void place_values(swe_mesh_mpi_halo *halo, real *send, real *receive,
                         void (*free_values)(void *values))
{
    if (halo->free_values != NULL) {
        halo->free_values(halo->send_values);
        halo->free_values(halo->receive_values);
    }
    for (int k = 0; k < halo->neighbour_count; ++k) {
        swe_mesh_mpi_neighbour *n = &halo->neighbours[k];
        n->send_buffer = send + (n->send_buffer - halo->send_values);
        n->receive_buffer = receive + (n->receive_buffer - halo->receive_values);
    }
    halo->send_values = send;
    halo->receive_values = receive;
    halo->free_values = free_values;
}

int swe_mesh_mpi_halo_stage(swe_mesh_mpi_halo *halo, void *(*alloc)(size_t bytes),
                            void (*release)(void *values), swe_error *err)
{
    if (halo == NULL || alloc == NULL || release == NULL || halo->pending != 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no halo or allocator to stage");
    }
    real *send = alloc((3 * (size_t)halo->send_total + 1) * sizeof(real));
    real *receive = alloc((3 * (size_t)halo->receive_total + 1) * sizeof(real));
    if (send == NULL || receive == NULL) {
        if (send != NULL) {
            release(send);
        }
        if (receive != NULL) {
            release(receive);
        }
        return swe_fail(err, SWE_ERROR_RUNTIME, "out of host memory for the halo's buffers");
    }
    place_values(halo, send, receive, release);
    return SWE_OK;
}

int swe_mesh_mpi_halo_use_device(swe_mesh_mpi_halo *halo, real *send_values, real *receive_values,
                                 swe_error *err)
{
    if (halo == NULL || send_values == NULL || receive_values == NULL || halo->pending != 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no device buffers for the halo");
    }
    place_values(halo, send_values, receive_values, NULL);
    return SWE_OK;
}

void swe_mesh_mpi_halo_free(swe_mesh_mpi_halo *halo)
{
    if (halo == NULL) {
        return;
    }
    free(halo->send_cells);
    free(halo->receive_cells);
    if (halo->free_values != NULL) {
        halo->free_values(halo->send_values);
        halo->free_values(halo->receive_values);
    }
    free(halo->neighbours);
    free(halo->requests);
    memset(halo, 0, sizeof *halo);
}
