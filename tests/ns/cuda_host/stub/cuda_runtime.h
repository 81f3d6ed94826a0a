/* A stand-in for <cuda_runtime.h> in the host emulation of the CUDA
 * momentum kernels (tests/ns/cuda_host/): the kernel sources
 * compile as C++, every thread of a block a POSIX thread (ns_cuda_host.h),
 * __syncthreads a barrier of the block's threads. Only what the kernels
 * use is here; the launchers (under NS_CUDA_HOST_EMULATION) are left out. */
#ifndef NS_CUDA_HOST_STUB_RUNTIME_H
#define NS_CUDA_HOST_STUB_RUNTIME_H

#include <algorithm>
#include <cmath>
#include <cstddef>

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __align__(n) alignas(n)
/* Blocks run one after the other: one static array is every block's. */
#define __shared__ static

struct dim3 {
    unsigned x, y, z;
    dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_)
    {
    }
};

extern thread_local dim3 threadIdx, blockIdx, blockDim, gridDim;
void __syncthreads();

typedef void *cudaStream_t;
typedef int cudaError_t;
enum { cudaSuccess = 0 };

using std::fma;
using std::max;
using std::min;

#endif
