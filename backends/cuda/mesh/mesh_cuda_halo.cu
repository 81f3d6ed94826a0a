#include "backends/cuda/mesh/mesh_cuda_halo.h"
#include "backends/cuda/mesh/mesh_cuda_kernels.h"

#include <stdio.h>

/* One thread per halo cell: its state into (or from) its record. */
__global__ static void gather_cells(swe_mesh_arrays arrays, const int *cells, int count,
                                    real *values)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < count) {
        int c = cells[j];
        values[3 * j] = arrays.h[SWE_MESH_AT(c)];
        values[3 * j + 1] = arrays.hu[SWE_MESH_AT(c)];
        values[3 * j + 2] = arrays.hv[SWE_MESH_AT(c)];
    }
}

__global__ static void scatter_cells(swe_mesh_arrays arrays, const int *cells, int count,
                                     const real *values)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < count) {
        int c = cells[j];
        arrays.h[SWE_MESH_AT(c)] = values[3 * j];
        arrays.hu[SWE_MESH_AT(c)] = values[3 * j + 1];
        arrays.hv[SWE_MESH_AT(c)] = values[3 * j + 2];
    }
}

static int blocks_for(int count)
{
    return (count + SWE_MESH_CUDA_BLOCK - 1) / SWE_MESH_CUDA_BLOCK;
}

int swe_mesh_cuda_halo_set(swe_mesh_cuda_halo *halo, const int *send_cells, int send_count,
                           const int *receive_cells, int receive_count, cudaStream_t stream,
                           swe_error *err)
{
    if (halo == NULL || send_count < 0 || receive_count < 0 ||
        (send_count > 0 && send_cells == NULL) || (receive_count > 0 && receive_cells == NULL)) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no halo lists for the device");
    }
    swe_mesh_cuda_halo_release(halo);
    CUDA_CHECK(cudaMalloc((void **)&halo->send_cells, ((size_t)send_count + 1) * sizeof(int)), err);
    CUDA_CHECK(cudaMalloc((void **)&halo->receive_cells, ((size_t)receive_count + 1) * sizeof(int)),
               err);
    CUDA_CHECK(cudaMalloc((void **)&halo->send_values, (3 * (size_t)send_count + 1) * sizeof(real)),
               err);
    CUDA_CHECK(
        cudaMalloc((void **)&halo->receive_values, (3 * (size_t)receive_count + 1) * sizeof(real)),
        err);
    halo->send_count = send_count;
    halo->receive_count = receive_count;
    if (send_count > 0) {
        CUDA_CHECK(cudaMemcpyAsync(halo->send_cells, send_cells, (size_t)send_count * sizeof(int),
                                   cudaMemcpyHostToDevice, stream),
                   err);
    }
    if (receive_count > 0) {
        CUDA_CHECK(cudaMemcpyAsync(halo->receive_cells, receive_cells,
                                   (size_t)receive_count * sizeof(int), cudaMemcpyHostToDevice,
                                   stream),
                   err);
    }
    CUDA_CHECK(cudaStreamSynchronize(stream), err);
    return SWE_OK;
}

int swe_mesh_cuda_halo_pack(const swe_mesh_cuda_halo *halo, const swe_mesh_arrays &device,
                            cudaStream_t stream, real *send_values, swe_error *err)
{
    if (halo->send_count == 0) {
        return SWE_OK;
    }
    gather_cells<<<blocks_for(halo->send_count), SWE_MESH_CUDA_BLOCK, 0, stream>>>(
        device, halo->send_cells, halo->send_count, halo->send_values);
    CUDA_CHECK(cudaGetLastError(), err);
    if (send_values != halo->send_values) {
        CUDA_CHECK(cudaMemcpyAsync(send_values, halo->send_values,
                                   3 * (size_t)halo->send_count * sizeof(real),
                                   cudaMemcpyDeviceToHost, stream),
                   err);
    }
    /* MPI reads the values once this returns, on the host or the device */
    CUDA_CHECK(cudaStreamSynchronize(stream), err);
    return SWE_OK;
}

int swe_mesh_cuda_halo_unpack(const swe_mesh_cuda_halo *halo, const swe_mesh_arrays &device,
                              cudaStream_t stream, const real *receive_values, swe_error *err)
{
    if (halo->receive_count == 0) {
        return SWE_OK;
    }
    if (receive_values != halo->receive_values) {
        CUDA_CHECK(cudaMemcpyAsync(halo->receive_values, receive_values,
                                   3 * (size_t)halo->receive_count * sizeof(real),
                                   cudaMemcpyHostToDevice, stream),
                   err);
    }
    scatter_cells<<<blocks_for(halo->receive_count), SWE_MESH_CUDA_BLOCK, 0, stream>>>(
        device, halo->receive_cells, halo->receive_count, halo->receive_values);
    CUDA_CHECK(cudaGetLastError(), err);
    /* receive_values is reused by the next exchange: the copy must be done */
    CUDA_CHECK(cudaStreamSynchronize(stream), err);
    return SWE_OK;
}

void swe_mesh_cuda_halo_release(swe_mesh_cuda_halo *halo)
{
    if (halo == NULL) {
        return;
    }
    CUDA_CHECK_WARN(cudaFree(halo->send_cells));
    CUDA_CHECK_WARN(cudaFree(halo->receive_cells));
    CUDA_CHECK_WARN(cudaFree(halo->send_values));
    CUDA_CHECK_WARN(cudaFree(halo->receive_values));
    halo->send_cells = halo->receive_cells = NULL;
    halo->send_values = halo->receive_values = NULL;
    halo->send_count = halo->receive_count = 0;
}
