/* The halo of a partitioned triangle mesh on a CUDA rank (shallows-mpi
 * --mesh): the owned cells that other ranks need gathered into one
 * compact device buffer, copied to the host, and the received values
 * copied back and scattered into the halo cells, so that per step only
 * the halo's bytes cross PCIe instead of the whole state; none do where
 * the MPI library reads and writes the device buffers itself. */
#ifndef SWE_MESH_CUDA_HALO_H
#define SWE_MESH_CUDA_HALO_H

#include "backends/cuda/cuda_check.h"

extern "C" {
#include "mesh/numerics/mesh_arrays.h"
}

typedef struct swe_mesh_cuda_halo {
    int *send_cells, *receive_cells; /* device: the run's cell numbers */
    int send_count, receive_count;
    /* device: h, hu, hv of each cell in turn; apart, so that a CUDA-aware
     * MPI library may send one while it receives into the other */
    real *send_values, *receive_values;
} swe_mesh_cuda_halo;

/* Copies the lists to the device (replacing earlier ones). */
int swe_mesh_cuda_halo_set(swe_mesh_cuda_halo *halo, const int *send_cells, int send_count,
                           const int *receive_cells, int receive_count, cudaStream_t stream,
                           swe_error *err);

/* h, hu, hv of the send cells into send_values (host, 3 per cell; or
 * halo->send_values itself: no copy), written when it returns. */
int swe_mesh_cuda_halo_pack(const swe_mesh_cuda_halo *halo, const swe_mesh_arrays &device,
                            cudaStream_t stream, real *send_values, swe_error *err);

/* receive_values (host, 3 per cell; or halo->receive_values itself: no
 * copy) into the receive cells' h, hu, hv. */
int swe_mesh_cuda_halo_unpack(const swe_mesh_cuda_halo *halo, const swe_mesh_arrays &device,
                              cudaStream_t stream, const real *receive_values, swe_error *err);

/* Frees and zeroes; safe on a zeroed one. */
void swe_mesh_cuda_halo_release(swe_mesh_cuda_halo *halo);

#endif
