/* The halo exchange of a partitioned triangle mesh: each rank receives
 * the state (h, hu, hv) of its halo cells from the ranks that own them
 * and sends its owned cells that other ranks hold as halo, with
 * non-blocking point-to-point messages (one each way per neighbouring
 * rank and exchange). The plan is made once, collectively: every rank
 * asks the owners of its halo cells for them by their whole-mesh
 * numbers, so both sides list the cells of a message in the same order. */
#ifndef SWE_MESH_MPI_HALO_H
#define SWE_MESH_MPI_HALO_H

#include "core/error.h"
#include "core/real.h"
#include "mesh/partition/mesh_subdomain.h"

#include <mpi.h>

typedef struct swe_mesh_mpi_neighbour {
    int rank;
    int send_count, receive_count;      /* cells */
    int *send_cells, *receive_cells;    /* its stretch of the halo's lists */
    real *send_buffer, *receive_buffer; /* and of its values */
} swe_mesh_mpi_neighbour;

typedef struct swe_mesh_mpi_halo {
    MPI_Comm comm;
    int neighbour_count;
    swe_mesh_mpi_neighbour *neighbours;
    /* Every neighbour's cells (the run's numbers) and values (h, hu, hv
     * of each cell in turn), one after the other in neighbour order: what
     * a device backend packs and unpacks in one piece. */
    int send_total, receive_total;
    int *send_cells, *receive_cells;
    real *send_values, *receive_values;
    /* Frees the values: free (malloc's), a model's free_staging, or NULL
     * where they are a device backend's buffers (it frees them). */
    void (*free_values)(void *values);
    MPI_Request *requests; /* 2 per neighbour */
    int pending;           /* requests begun and not yet ended */
    double seconds;        /* wall time in exchanges (begin and end) */
    long exchanges;
} swe_mesh_mpi_halo;

/* The plan of sub (this rank's part) whose cell k the run numbers
 * run_of_part[k]; whole_cells: of the whole mesh. Collective. */
int swe_mesh_mpi_halo_create(MPI_Comm comm, const swe_mesh_subdomain *sub, const int *run_of_part,
                             int whole_cells, swe_mesh_mpi_halo *halo, swe_error *err);

/* Fills the halo cells of h, hu, hv (the run's numbering) from their
 * owners. Collective over the neighbours; a failed MPI call ends the job. */
void swe_mesh_mpi_halo_exchange(swe_mesh_mpi_halo *halo, real *h, real *hu, real *hv);

/* The steps of an exchange: send_values from the host arrays (or from a
 * device: mesh_backend.h's pack_halo), the messages posted, waited for,
 * and receive_values into the host arrays (or a device's). */
void swe_mesh_mpi_halo_pack_host(swe_mesh_mpi_halo *halo, const real *h, const real *hu,
                                 const real *hv);
void swe_mesh_mpi_halo_post(swe_mesh_mpi_halo *halo);
void swe_mesh_mpi_halo_wait(swe_mesh_mpi_halo *halo);
void swe_mesh_mpi_halo_unpack_host(const swe_mesh_mpi_halo *halo, real *h, real *hu, real *hv);

/* The exchange in two halves, for computing while the halo travels:
 * begin packs the owned cells that others need and posts the messages;
 * end waits for them and fills the halo cells. Between the two, h, hu and
 * hv may be read but not written. */
void swe_mesh_mpi_halo_begin(swe_mesh_mpi_halo *halo, const real *h, const real *hu,
                             const real *hv);
void swe_mesh_mpi_halo_end(swe_mesh_mpi_halo *halo, real *h, real *hu, real *hv);

/* The values moved to host memory from alloc (a device model's
 * alloc_staging: pinned pages it copies at full speed), freed by
 * release; the earlier buffers freed. Not between post and wait. */
int swe_mesh_mpi_halo_stage(swe_mesh_mpi_halo *halo, void *(*alloc)(size_t bytes),
                            void (*release)(void *values), swe_error *err);

/* The values in a device backend's buffers (mesh_backend.h's
 * halo_device_buffers: 3 * send_total and 3 * receive_total reals), which
 * the MPI library reads and writes itself (swe_mpi_takes_device_pointers);
 * the host buffers freed, and the device's left to its backend. Only
 * pack_halo and unpack_halo may touch them then. Not between post and
 * wait. */
int swe_mesh_mpi_halo_use_device(swe_mesh_mpi_halo *halo, real *send_values, real *receive_values,
                                 swe_error *err);

/* Frees and zeroes halo; safe on a zeroed one. */
void swe_mesh_mpi_halo_free(swe_mesh_mpi_halo *halo);

#endif
