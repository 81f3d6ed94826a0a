/* The divide in Fourier space of the cuFFT preconditioner, from its
 * source (solutions/cuda/ns/ns_cuda_kernels.cu), on the
 * emulation's blocks (ns_cuda_host.h), as ns_cuda_spectral_divide
 * launches it. */
#include <cuda_runtime.h>

#include "tests/ns/cuda_host/ns_cuda_host.h"

#define NS_CUDA_HOST_EMULATION
#include "cuda/ns/ns_cuda_kernels.cu"

namespace
{

struct complex_value {
    real x, y;
};

struct divide_launch {
    extension e;
    const double *eigenvalues;
    complex_value *spectrum;
    double scale;
};

void divide(void *context)
{
    divide_launch *d = static_cast<divide_launch *>(context);
    spectral_divide(d->e, d->eigenvalues, d->spectrum, d->scale);
}

} // namespace

extern "C" void ns_cuda_host_spectral_divide(const int n_extended[NS_AXES],
                                             const double *eigenvalues, real *spectrum,
                                             double scale)
{
    divide_launch d = {};
    for (int axis = 0; axis < NS_AXES; ++axis) {
        d.e.n[axis] = n_extended[axis];
    }
    d.eigenvalues = eigenvalues;
    d.spectrum = reinterpret_cast<complex_value *>(spectrum);
    d.scale = scale;
    long modes = (long)(d.e.n[0] / 2 + 1) * d.e.n[1] * d.e.n[2];
    ns_cuda_host_launch(dim3(blocks_for(modes)), dim3(NS_CUDA_REDUCE), 0, divide, &d);
}
