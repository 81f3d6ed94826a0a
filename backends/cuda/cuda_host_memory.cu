/* The pinned host memory that MPI's halo buffers are staged in: the GPU
 * copies it at full speed, without a detour through a driver buffer. */
#include "backends/cuda/cuda_model.h"

#include <cuda_runtime.h>

extern "C" void *swe_cuda_alloc_staging(size_t bytes)
{
    void *buffer = NULL;
    if (bytes == 0 || cudaHostAlloc(&buffer, bytes, cudaHostAllocPortable) != cudaSuccess) {
        return NULL;
    }
    return buffer;
}

extern "C" void swe_cuda_free_staging(void *buffer)
{
    if (buffer != NULL) {
        (void)cudaFreeHost(buffer); /* nothing to do about a failure at release */
    }
}
