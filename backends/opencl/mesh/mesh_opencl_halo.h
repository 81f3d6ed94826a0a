/* The halo of a partitioned triangle mesh on an OpenCL rank (shallows-mpi
 * --mesh): the cells other ranks need gathered on the device into one
 * compact buffer and read back, the received values written and
 * scattered into the halo cells, so that only the halo's bytes cross to
 * the host each step. Two copy kernels of their own small program. */
#ifndef SWE_MESH_OPENCL_HALO_H
#define SWE_MESH_OPENCL_HALO_H

#include "core/error.h"
#include "core/real.h"

#include <CL/cl.h>

typedef struct swe_mesh_opencl_halo {
    cl_program program;
    cl_kernel gather, scatter;
    cl_mem send_cells, receive_cells, values; /* values: 3 per cell of the longer list */
    int send_count, receive_count;
} swe_mesh_opencl_halo;

/* Builds the kernels and copies the lists (the run's cell numbers). */
int swe_mesh_opencl_halo_set(swe_mesh_opencl_halo *halo, cl_context context, cl_device_id device,
                             cl_command_queue queue, const int *send_cells, int send_count,
                             const int *receive_cells, int receive_count, swe_error *err);

/* h, hu, hv (device buffers) of the send cells into send_values (host). */
int swe_mesh_opencl_halo_pack(const swe_mesh_opencl_halo *halo, cl_command_queue queue,
                              const cl_mem state[3], real *send_values, swe_error *err);

/* receive_values (host) into the receive cells of h, hu, hv. */
int swe_mesh_opencl_halo_unpack(const swe_mesh_opencl_halo *halo, cl_command_queue queue,
                                const cl_mem state[3], const real *receive_values, swe_error *err);

/* Releases and zeroes; safe on a zeroed one. */
void swe_mesh_opencl_halo_release(swe_mesh_opencl_halo *halo);

#endif
