/* The GPUs of the node: --list-devices, and their count for placing MPI
 * ranks. */
#include "backends/cuda/cuda_check.h"
#include "backends/cuda/cuda_model.h"

#include <cuda_runtime.h>

extern "C" int swe_cuda_list_devices(FILE *stream, swe_error *err)
{
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
        return swe_fail(err, SWE_ERROR_USAGE, "no CUDA device");
    }
    for (int d = 0; d < devices; ++d) {
        cudaDeviceProp properties;
        CUDA_CHECK(cudaGetDeviceProperties(&properties, d), err);
        fprintf(stream, "cuda %d: %s, %.1f GiB, compute capability %d.%d\n", d, properties.name,
                properties.totalGlobalMem / 1073741824.0, properties.major, properties.minor);
    }
    return SWE_OK;
}

extern "C" int swe_cuda_count_devices(int *count, swe_error *err)
{
    if (count == NULL) {
        return swe_fail(err, SWE_ERROR_USAGE, "internal error: no place for the device count");
    }
    *count = 0;
    cudaError_t code = cudaGetDeviceCount(count);
    if (code != cudaSuccess || *count == 0) {
        *count = 0;
        return swe_fail(err, SWE_ERROR_USAGE, "no CUDA device (%s)",
                        code != cudaSuccess ? cudaGetErrorString(code) : "none found");
    }
    return SWE_OK;
}
